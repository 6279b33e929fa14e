/**
 * Load benchmark for issue 2: the full server answering GET /api/v1/vat (no KV in the path:
 * `:memory:` KV, in-memory counters) against a bare Deno.serve returning constant JSON, both
 * loaded by wrk with 50 connections in the same run. Prints requests/s, p50, p99 and the ratio.
 *
 * Run: npx -y deno@2.9.6 task bench   (or: deno run -A tests/bench/http_load.ts)
 */
import { ensureWrk, freePort, startServer, stopServer, wrk, type WrkResult } from "./_wrk.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 8);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 2);

await ensureWrk();
const basePort = freePort();
const appPort = freePort();
const honoPort = freePort();
// Not a target: a bare Hono app answering the same JSON, to show where the gap lies.
const hono = await startServer(
  "tests/bench/_hono_server.ts",
  { PORT: String(honoPort) },
  `http://127.0.0.1:${honoPort}/api/v1/vat`,
);
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

const targets = {
  baseline: `http://127.0.0.1:${basePort}/`,
  hono: `http://127.0.0.1:${honoPort}/api/v1/vat`,
  vat: `http://127.0.0.1:${appPort}/api/v1/vat?amount=1000`,
};
const results: Record<string, WrkResult[]> = { baseline: [], hono: [], vat: [] };
try {
  for (const url of Object.values(targets)) await wrk(url, { seconds: 2 }); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(targets)) {
      results[name]!.push(await wrk(url, { seconds: SECONDS }));
    }
  }
} finally {
  await stopServer(app);
  await stopServer(hono);
  await stopServer(baseline);
}

const best = (runs: WrkResult[]) =>
  runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
const base = best(results.baseline!);
const bareHono = best(results.hono!);
const vat = best(results.vat!);
if (vat.non2xx > 0) {
  throw new Error(`${vat.non2xx} non-2xx responses from /api/v1/vat: the figures are void`);
}
const ratio = vat.requestsPerSecond / base.requestsPerSecond;
console.log(`HTTP load, wrk -t1 -c50 -d${SECONDS}s, best of ${ROUNDS} rounds`);
console.log(`| target | req/s | p50 ms | p99 ms |`);
console.log(`|---|---|---|---|`);
const rows = [
  ["bare Deno.serve constant JSON (baseline)", base],
  ["bare Hono, same JSON (for comparison)", bareHono],
  ["GET /api/v1/vat (the server)", vat],
] as const;
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms.toFixed(2)} | ${
      r.p99Ms.toFixed(2)
    } |`,
  );
}
console.log(
  `ratio vat/baseline: ${ratio.toFixed(2)} (target >= 0.70) ${ratio >= 0.7 ? "PASS" : "MISS"}; ` +
    `bare Hono/baseline: ${(bareHono.requestsPerSecond / base.requestsPerSecond).toFixed(2)}`,
);
