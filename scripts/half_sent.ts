/**
 * `deno run --allow-all scripts/half_sent.ts [seconds]`: measures what the server (and so
 * `Deno.serve`) does with half-sent requests. Starts `server/main.ts` on a free loopback port, opens
 * raw TCP connections that send part of a request and then wait or trickle, and prints for each
 * when the first byte of an answer came and whether the connection was still open after `seconds`
 * (default 130). The figures in docs/deployment.md ("Half-sent requests") come from it.
 *
 * @module
 */
import { startServer } from "../tests/_helpers/server.ts";

const seconds = Number(Deno.args[0] ?? 130);
const dir = await Deno.makeTempDir();
const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
const port = Number(new URL(server.url).port);
const encoder = new TextEncoder();
const form = "Origin: http://x\r\nContent-Type: application/x-www-form-urlencoded\r\n";

async function scenario(name: string, first: string, trickle: string | null, every = 2000) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const start = performance.now();
  await conn.write(encoder.encode(first));
  const timer = trickle === null
    ? undefined
    : setInterval(() => conn.write(encoder.encode(trickle)).catch(() => {}), every);
  const buffer = new Uint8Array(4096);
  let answer = "";
  let firstByte: number | undefined;
  let outcome = `still open after ${seconds} s`;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<"wait">((r) => (giveUp = setTimeout(() => r("wait"), seconds * 1000)));
  try {
    for (;;) {
      const n = await Promise.race([conn.read(buffer), waited]);
      if (n === "wait") break;
      if (n === null) {
        outcome = `closed by the server at ${Math.round(performance.now() - start)} ms`;
        break;
      }
      firstByte ??= Math.round(performance.now() - start);
      answer += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch (error) {
    outcome = `reset at ${Math.round(performance.now() - start)} ms (${error})`;
  }
  clearInterval(timer);
  clearTimeout(giveUp);
  try {
    conn.close();
  } catch { /* closed */ }
  const status = /^HTTP\/1\.1 (\d{3}[^\r]*)/.exec(answer)?.[1];
  console.log(
    `${name}: ${status ? `"${status}" after ${firstByte} ms` : "no answer"}; ${outcome}`,
  );
}

await Promise.all([
  scenario("request line and one header, then nothing", "GET / HTTP/1.1\r\nHost: x\r\n", null),
  scenario("headers trickled a byte every 2 s", "GET / HTTP/1.1\r\nHost: x\r\nX-A: ", "a"),
  scenario("idle keep-alive after one answer", "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", null),
  scenario(
    "form post whose body stops after 10 of 100 bytes",
    `POST /developers/login HTTP/1.1\r\nHost: x\r\n${form}Content-Length: 100\r\n\r\nemail=a%40`,
    null,
  ),
  scenario(
    "chunked form post trickled a byte every 2 s",
    `POST /developers/login HTTP/1.1\r\nHost: x\r\n${form}Transfer-Encoding: chunked\r\n\r\n`,
    "1\r\na\r\n",
  ),
]);
await server.stop();
await Deno.remove(dir, { recursive: true });
