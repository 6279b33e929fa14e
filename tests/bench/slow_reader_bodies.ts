/**
 * What a client that never reads costs a `Deno.serve` server, by how the answer's body is made
 * (the choice behind `server/mcp/cached_list.ts`). A child process serves one answer of `size`
 * bytes (the same bytes for every request, plus a few of its own) in one of four ways; 150 raw
 * connections each ask for it and never read; the child's resident memory is read from `/proc`
 * before and while they hang on:
 *
 * - `small`: a 2-byte answer (what a connection costs by itself);
 * - `text`: the cached text joined with the request's own (`new Response(string)`);
 * - `whole`: a new buffer per request holding the whole answer (`new Response(bytes)`);
 * - `pieces`: a stream copying out 16 KiB of the cached bytes at a time;
 * - `shared`: a stream handing over the cached buffer itself, then the request's own bytes.
 *
 * Usage: `deno task bench slow_reader_bodies` (sizes 4,000,000, 129,000 and 33,000: the MCP tool
 * list plain and gzipped), or `deno run --allow-all tests/bench/slow_reader_bodies.ts <size>...`.
 * Prints one JSON line per way and size.
 *
 * @module
 */
import { residentBytes } from "../_helpers/socket.ts";

const READERS = 150;
const MB = 1024 * 1024;
const sizes = Deno.args.length ? Deno.args.map(Number) : [4_000_000, 129_000, 33_000];

/** The child: serves `/x` in the given way. */
const SERVER = `
const [mode, sizeText] = Deno.args;
const cached = new Uint8Array(Number(sizeText)).fill(97);
const cachedText = "a".repeat(Number(sizeText));
Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log(port) }, () => {
  const own = new TextEncoder().encode(String(Math.random()) + "}");
  if (mode === "small") return new Response("{}");
  if (mode === "text") return new Response(cachedText + String(Math.random()) + "}");
  if (mode === "whole") {
    const all = new Uint8Array(cached.length + own.length);
    all.set(cached);
    all.set(own, cached.length);
    return new Response(all);
  }
  const parts = [cached, own];
  let part = 0, offset = 0;
  return new Response(new ReadableStream({
    pull(controller) {
      const bytes = parts[part];
      const end = mode === "pieces" ? Math.min(offset + 16384, bytes.length) : bytes.length;
      controller.enqueue(mode === "pieces" ? bytes.slice(offset, end) : bytes);
      offset = end;
      if (offset === bytes.length) { part++; offset = 0; if (part === parts.length) controller.close(); }
    },
  }, { highWaterMark: 0 }));
});
`;

async function measure(mode: string, size: number) {
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(file, SERVER);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net", "--v8-flags=--max-semi-space-size=2", file, mode, String(size)],
    stdout: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
  try {
    for (let i = 0; i < 20; i++) await (await fetch(`http://127.0.0.1:${port}/x`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = await residentBytes(child.pid);
    const conns: Deno.Conn[] = [];
    for (let i = 0; i < READERS; i++) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      await conn.write(new TextEncoder().encode("GET /x HTTP/1.1\r\nHost: x\r\n\r\n"));
      conns.push(conn);
    }
    let peak = 0;
    for (let i = 0; i < 12; i++) {
      peak = Math.max(peak, await residentBytes(child.pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const whole = new Uint8Array(await (await fetch(`http://127.0.0.1:${port}/x`)).arrayBuffer());
    for (const conn of conns) conn.close();
    return {
      mode,
      size,
      readers: READERS,
      idleMB: +(idle / MB).toFixed(1),
      growthMB: +((peak - idle) / MB).toFixed(1),
      perReaderKB: Math.round((peak - idle) / READERS / 1024),
      // The cached bytes are still what they were after being handed to 150 connections.
      intactAfterwards: mode === "small"
        ? null
        : whole.length > size && whole[0] === 97 && whole[size - 1] === 97,
    };
  } finally {
    child.kill();
    await child.status;
    await Deno.remove(file);
  }
}

console.log(JSON.stringify({ loadAverage: Deno.loadavg(), cpus: navigator.hardwareConcurrency }));
for (const size of sizes) {
  for (const mode of ["small", "text", "whole", "pieces", "shared"]) {
    console.log(JSON.stringify(await measure(mode, size)));
  }
}
console.log(JSON.stringify({ loadAverageAfter: Deno.loadavg() }));
