/**
 * SDK benchmarks (`deno task bench:sdk`, or `deno task bench sdk`): a local `client.paye()` call
 * against `computePaye()` itself, 200,000 calls each, in the same run, several runs (issue 44:
 * the call at most 1 µs and at most 5 times the function); the same call over HTTP to a local
 * server; and the gzipped size of browser bundles of the npm build (`createClient()`'s initial
 * load, what each module imported on demand adds, what a first call loads, each pure function
 * alone).
 *
 * @module
 */
import { buildNpm } from "../../npm/build.ts";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/log.ts";
import { createClient } from "../../mod.ts";
import { apitTableOn, computePaye } from "../../sdk/calc.ts";

const params = { monthly: 250000, date: "2026-01-01" };

/** Median time per call in microseconds over `samples` batches of `batch` calls. */
async function median(samples: number, batch: number, call: () => unknown): Promise<number> {
  const perCall: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) await call();
    perCall.push(((performance.now() - start) * 1000) / batch);
  }
  return mid(perCall);
}

function mid(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

// `client.paye({ monthly })` in local mode (today's table: the client reads the clock) against
// `computePaye({ monthly, date })`, 200,000 calls each in each run, several runs; the client's
// call is awaited, as an app awaits it.
const CALLS = 200_000;
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 7);
const local = createClient({ mode: "local" });
const today = new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);
const monthly = { monthly: params.monthly };
const pureCall = () => computePaye({ monthly: params.monthly, date: today });
await local.paye(monthly); // loads the operation and the local runtime
for (let i = 0; i < 50_000; i++) await local.paye(monthly); // warm-up (JIT)
for (let i = 0; i < 50_000; i++) pureCall();

/** Microseconds a call of each kind, over 200,000 calls of each, in alternating batches. */
async function run(): Promise<{ pure: number; client: number; dated: number; paired: number }> {
  const BATCH = 5_000;
  let pure = 0, client = 0, dated = 0;
  const ratios: number[] = [];
  // Alternating batches of 5,000: the machine is shared, so each kind sees the same load.
  for (let done = 0; done < CALLS; done += BATCH) {
    let start = performance.now();
    for (let i = 0; i < BATCH; i++) pureCall();
    const pureBatch = performance.now() - start;
    pure += pureBatch;
    start = performance.now();
    for (let i = 0; i < BATCH; i++) await local.paye(monthly);
    const clientBatch = performance.now() - start;
    client += clientBatch;
    ratios.push(clientBatch / pureBatch);
    start = performance.now();
    for (let i = 0; i < BATCH; i++) await local.paye(params);
    dated += performance.now() - start;
  }
  const us = (ms: number) => (ms * 1000) / CALLS;
  // The ratio of each pair of batches, whose median a load spike in one batch does not move.
  return { pure: us(pure), client: us(client), dated: us(dated), paired: mid(ratios) };
}

const runs: { pure: number; client: number; dated: number; paired: number }[] = [];
for (let r = 0; r < RUNS; r++) runs.push(await run());
const load = Deno.loadavg()[0]!.toFixed(1);
const pure = mid(runs.map((run) => run.pure));
const inProcess = mid(runs.map((run) => run.client));
const ratio = mid(runs.map((run) => run.client / run.pure));
const table = apitTableOn(params.date)!;
const tableOnly = await median(30, 5_000, () => computePaye({ monthly: params.monthly, table }));

using kv = await Deno.openKv(":memory:");
const config = loadConfig({ ANON_DAILY_LIMIT: "100000000", KEY_DAILY_LIMIT: "100000000" });
const app = buildApp({ kv, config, logger: createLogger("error") });
await using server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
const remote = createClient({ baseUrl: `http://127.0.0.1:${server.addr.port}`, mode: "remote" });
for (let i = 0; i < 500; i++) await remote.paye(params);
const http = await median(30, 100, () => remote.paye(params));

await buildNpm();
const sizeRun = await new Deno.Command("node", {
  args: ["test/bundle_size.mjs"],
  cwd: new URL("../../npm/", import.meta.url),
  stderr: "inherit",
}).output();
const sizes = JSON.parse(new TextDecoder().decode(sizeRun.stdout));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
type Size = { files: number; minified: number; gzip: number; data: string[] };

const initial = sizes.client.initial;
console.log(`
Load average (1 min) at the end of the local runs: ${load} on ${navigator.hardwareConcurrency} cores.

| run | computePaye({ monthly, date }) | client.paye({ monthly }), awaited | client / pure | median of the 40 batch pairs' ratios | client.paye({ monthly, date }) |
| --- | --- | --- | --- | --- | --- |
${
  runs.map((run, i) =>
    `| ${i + 1} | ${run.pure.toFixed(3)} µs | ${run.client.toFixed(3)} µs | ${
      (run.client / run.pure).toFixed(2)
    }x | ${run.paired.toFixed(2)}x | ${run.dated.toFixed(3)} µs |`
  ).join("\n")
}
| median | ${pure.toFixed(3)} µs | ${inProcess.toFixed(3)} µs (target at most 1 µs) | ${
  ratio.toFixed(2)
}x (target at most 5x) | ${mid(runs.map((run) => run.paired)).toFixed(2)}x | ${
  mid(runs.map((run) => run.dated)).toFixed(3)
} µs |

| measurement | median |
| --- | --- |
| computePaye({ monthly, table }) (pure, table given) | ${tableOnly.toFixed(3)} µs |
| client.paye() remote over HTTP to a local server | ${http.toFixed(1)} µs |
| HTTP / local ratio | ${(http / inProcess).toFixed(0)}x |

| bundle (esbuild, minified, browser) | minified | gzip |
| --- | --- | --- |
| createClient(), initial load (code splitting: ${initial.modules.join(", ")}) | ${
  kb(initial.minified)
} | ${kb(initial.gzip)} (${initial.gzip} bytes) |
| every chunk loaded on demand | ${kb(sizes.client.lazy.minified)} | ${kb(sizes.client.lazy.gzip)} |

| module imported on demand | what it adds to the initial load: chunks, gzip | data files |
| --- | --- | --- |
${
  Object.entries(sizes.client.onDemand as Record<string, Size>)
    .filter(([module]) => !module.includes("/messages/"))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, size]) =>
      `| ${module} | ${size.files}, ${kb(size.gzip)} | ${size.data.join(", ")} |`
    )
    .join("\n")
}

| first call, everything it loads (initial load included) | chunks | gzip | data files |
| --- | --- | --- | --- |
${
  Object.entries(sizes.firstCall as Record<string, { files: number; gzip: number; data: string[] }>)
    .map(([call, size]) =>
      `| ${call} | ${size.files} | ${kb(size.gzip)} | ${size.data.join(", ")} |`
    ).join("\n")
}

| bundle (esbuild, minified, browser) | minified | gzip |
| --- | --- | --- |
${
  Object.entries(sizes.pure as Record<string, { minified: number; gzip: number }>).map((
    [name, size],
  ) => `| ${name} alone (tree-shaken) | ${kb(size.minified)} | ${kb(size.gzip)} |`).join("\n")
}
`);
