/**
 * What `/mcp` costs the rest of the server under abuse (issue 41), measured on the server as
 * deployed (`server/main.ts` with the `deno task start` flags, file-backed KV) over real sockets:
 *
 * 1. **Slow readers.** `readers` clients (150 by default) each open a connection, POST a
 *    `tools/list` (the largest answer one message can ask for; plain, then gzipped) or a
 *    100-message batch, and never read a byte of the answer. The server's resident memory is read from `/proc` before they
 *    connect and while they hang on; `/healthz` is timed meanwhile.
 * 2. **Batch flood.** 8 loops POST the review's 100 × `tools/list` batch as fast as the server
 *    answers, for 8 s, while `/healthz` is timed one request after another.
 * 3. **List flood.** The same with single `tools/list` messages (the cached answer).
 *
 * Every figure is set against one measured in the same run: memory against the idle server's,
 * `/healthz` p99 against its own p99 on the idle server and against the 50 ms ceiling the issue
 * sets. The anonymous quota is raised (`ANON_DAILY_LIMIT`) so that every request gets its full
 * answer rather than a short 429: the worst case for memory and time.
 *
 * Usage: `deno task bench mcp_flood [readers]`. Prints one JSON line per phase; record the
 * figures, the command and the load average in docs/performance.md.
 *
 * @module
 */
import { startServer } from "../_helpers/server.ts";
import { residentBytes } from "../_helpers/socket.ts";

const readers = Number(Deno.args.find((arg) => /^\d+$/.test(arg)) ?? 150);
const MB = 1024 * 1024;

const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
const BATCH = JSON.stringify(Array.from({ length: 100 }, (_, i) => list(i + 1)));
const HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** Times `/healthz` one request after another until `running()` is false. */
async function probe(url: string, running: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (running()) {
    const start = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.body?.cancel();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

/** `/healthz` for `ms` milliseconds on the server as it is. */
async function healthFor(url: string, ms: number): Promise<number[]> {
  const end = Date.now() + ms;
  return await probe(url, () => Date.now() < end);
}

/** A client that sends a request and never reads the answer. */
async function slowReader(
  url: string,
  body: string,
  extra: Record<string, string>,
): Promise<Deno.Conn> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const bytes = new TextEncoder().encode(body);
  const head = [
    "POST /mcp HTTP/1.1",
    `Host: ${hostname}:${port}`,
    ...Object.entries({ ...HEADERS, ...extra }).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${bytes.length}`,
    "",
    "",
  ].join("\r\n");
  await conn.write(new TextEncoder().encode(head));
  await conn.write(bytes);
  return conn;
}

async function slowReaders(
  url: string,
  pid: number,
  body: string,
  label: string,
  extra: Record<string, string> = {},
) {
  const idle = await residentBytes(pid);
  const idleHealth = await healthFor(url, 2_000);
  const conns: Deno.Conn[] = [];
  for (let i = 0; i < readers; i++) conns.push(await slowReader(url, body, extra));
  let peak = 0;
  const health: number[] = [];
  const end = Date.now() + 6_000;
  const probing = probe(url, () => Date.now() < end).then((times) => health.push(...times));
  while (Date.now() < end) {
    peak = Math.max(peak, await residentBytes(pid));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await probing;
  for (const conn of conns) {
    try {
      conn.close();
    } catch { /* closed */ }
  }
  return {
    phase: `slow readers: ${label}`,
    readers,
    idleMB: +(idle / MB).toFixed(1),
    peakMB: +(peak / MB).toFixed(1),
    growthMB: +((peak - idle) / MB).toFixed(1),
    peakOverIdle: +(peak / idle).toFixed(2),
    healthzP99Ms: +percentile(health, 0.99).toFixed(1),
    idleHealthzP99Ms: +percentile(idleHealth, 0.99).toFixed(1),
  };
}

async function flood(url: string, body: () => string, label: string) {
  const idleHealth = await healthFor(url, 2_000);
  let running = true;
  let answered = 0;
  let bytes = 0;
  const statuses = new Map<number, number>();
  const loops = Array.from({ length: 8 }, async () => {
    while (running) {
      const res = await fetch(`${url}/mcp`, { method: "POST", headers: HEADERS, body: body() });
      const size = (await res.arrayBuffer()).byteLength;
      bytes += size;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      answered++;
    }
  });
  const start = performance.now();
  const health = await healthFor(url, 8_000);
  running = false;
  await Promise.all(loops);
  const seconds = (performance.now() - start) / 1000;
  return {
    phase: `flood: ${label}`,
    requestsPerSecond: Math.round(answered / seconds),
    answerBytes: Math.round(bytes / Math.max(answered, 1)),
    statuses: Object.fromEntries(statuses),
    healthzP50Ms: +percentile(health, 0.5).toFixed(1),
    healthzP99Ms: +percentile(health, 0.99).toFixed(1),
    idleHealthzP99Ms: +percentile(idleHealth, 0.99).toFixed(1),
    healthzSamples: health.length,
    ceilingMs: 50,
  };
}

const load = Deno.loadavg();
console.log(JSON.stringify({ readers, loadAverage: load, cpus: navigator.hardwareConcurrency }));
const dir = await Deno.makeTempDir({ prefix: "lanka-mcp-bench-" });
const server = await startServer({
  KV_PATH: `${dir}/kv.sqlite3`,
  LOG_LEVEL: "error",
  ACCESS_LOG: "0",
  ANON_DAILY_LIMIT: "1000000000",
});
try {
  const pid = server.process.pid;
  // Warm up: the list, a batch, health.
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: HEADERS,
      body: JSON.stringify(list(i)),
    });
    await res.arrayBuffer();
  }
  await healthFor(server.url, 500);
  console.log(
    JSON.stringify(await slowReaders(server.url, pid, JSON.stringify(list(1)), "tools/list")),
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(JSON.stringify(
    await slowReaders(server.url, pid, JSON.stringify(list(1)), "tools/list, gzip", {
      "Accept-Encoding": "gzip",
    }),
  ));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(JSON.stringify(await slowReaders(server.url, pid, BATCH, "100-message batch")));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(JSON.stringify(await flood(server.url, () => BATCH, "100-message batches")));
  let n = 0;
  console.log(
    JSON.stringify(await flood(server.url, () => JSON.stringify(list(++n)), "tools/list")),
  );
  // After all that, the list is still whole (its cached bytes are sent as they are, never copied).
  const check = await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify(list(1)),
  });
  const tools = check.status === 200 ? (await check.json()).result?.tools?.length : 0;
  console.log(JSON.stringify({ listAfterwards: check.status, tools }));
} finally {
  await server.stop("SIGKILL");
  await Deno.remove(dir, { recursive: true });
  console.log(JSON.stringify({ loadAverageAfter: Deno.loadavg() }));
}
