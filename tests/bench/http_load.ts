/**
 * Load benchmark for issue 2: the full server answering GET /api/v1/vat (no KV in the path:
 * `:memory:` KV, in-memory counters) against a bare Deno.serve returning constant JSON, both
 * loaded by wrk with 50 connections in the same run. Prints requests/s, p50, p99 and the ratio.
 *
 * Two more servers show where the gap lies, without being targets: a replay of the server's own
 * answer (same status, headers and body, captured at start) from a bare `Deno.serve` doing no
 * work, which is the most any server sending that answer can reach here; and the same replay
 * through a bare Hono app.
 *
 * Run: npx -y deno@2.9.6 task bench http_load   (or: deno run -A tests/bench/http_load.ts)
 */
import {
  captureResponse,
  ensureWrk,
  freePort,
  startReplay,
  startServer,
  stopServer,
  wrk,
  type WrkResult,
} from "./_wrk.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 6);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const TARGET = 0.7;

await ensureWrk();
const basePort = freePort();
const appPort = freePort();
const baseline = await startServer(
  "tests/bench/_baseline_server.ts",
  { PORT: String(basePort) },
  `http://127.0.0.1:${basePort}/`,
);
const app = await startServer("server/main.ts", {
  PORT: String(appPort),
  HOSTNAME: "127.0.0.1",
  KV_PATH: ":memory:",
  ANON_DAILY_LIMIT: "1000000000",
  LOG_LEVEL: "warn",
}, `http://127.0.0.1:${appPort}/api/v1`);
const vatUrl = `http://127.0.0.1:${appPort}/api/v1/vat?amount=1000`;
const answer = await captureResponse(vatUrl);
const baseAnswer = await captureResponse(`http://127.0.0.1:${basePort}/`);
const replayPort = freePort();
const honoPort = freePort();
const replay = await startReplay(answer, replayPort);
const hono = await startReplay(answer, honoPort, true);

const targets = {
  baseline: `http://127.0.0.1:${basePort}/`,
  replay: `http://127.0.0.1:${replayPort}/api/v1/vat?amount=1000`,
  hono: `http://127.0.0.1:${honoPort}/api/v1/vat?amount=1000`,
  vat: vatUrl,
};
type Name = keyof typeof targets;
const results: Record<Name, WrkResult[]> = { baseline: [], replay: [], hono: [], vat: [] };
try {
  for (const url of Object.values(targets)) await wrk(url, { seconds: 2 }); // warm up
  // Interleaved rounds, so a disturbance from another process hits every target alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(targets) as [Name, string][]) {
      results[name].push(await wrk(url, { seconds: SECONDS }));
    }
  }
} finally {
  for (const child of [app, replay, hono, baseline]) await stopServer(child);
}

for (const [name, runs] of Object.entries(results)) {
  if (runs.some((r) => r.non2xx > 0)) {
    throw new Error(`non-2xx responses from ${name}: the figures are void`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The median over rounds of a target's requests/s divided by the baseline's in the same round. */
const ratio = (name: Name) =>
  median(results[name].map((r, i) => r.requestsPerSecond / results.baseline[i]!.requestsPerSecond));
const mid = (name: Name) => {
  const runs = results[name];
  const rps = median(runs.map((r) => r.requestsPerSecond));
  return runs.find((r) => r.requestsPerSecond === rps)!;
};
const bytes = (c: { headers: [string, string][]; body: string }) =>
  new TextEncoder().encode(c.body).length +
  c.headers.reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
console.log(
  `HTTP load, wrk -t1 -c50 -d${SECONDS}s, ${ROUNDS} interleaved rounds (medians), ` +
    `${navigator.hardwareConcurrency} CPUs, load average ${Deno.loadavg()[0]!.toFixed(1)}`,
);
console.log(`| target | req/s | p50 ms | p99 ms | ratio to baseline |`);
console.log(`|---|---|---|---|---|`);
const rows: [string, Name][] = [
  ["bare `Deno.serve` constant JSON (baseline)", "baseline"],
  ["replay of the server's answer, no work (ceiling)", "replay"],
  ["the same replay through bare Hono", "hono"],
  ["`GET /api/v1/vat` (the server)", "vat"],
];
for (const [label, name] of rows) {
  const r = mid(name);
  console.log(
    `| ${label} | ${Math.round(r.requestsPerSecond).toLocaleString("en")} | ${
      r.p50Ms.toFixed(2)
    } | ${r.p99Ms.toFixed(2)} | ${ratio(name).toFixed(2)} |`,
  );
}
console.log(
  `answer: ${bytes(answer)} bytes of body and headers (before date and content-length); ` +
    `the baseline's: ${bytes(baseAnswer)}`,
);
const vat = ratio("vat");
console.log(
  `ratio vat/baseline ${vat.toFixed(2)} (target >= ${TARGET}): ${vat >= TARGET ? "PASS" : "MISS"}` +
    (ratio("replay") < TARGET
      ? `; the ceiling itself is ${ratio("replay").toFixed(2)}, below the target`
      : ""),
);
