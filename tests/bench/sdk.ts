/**
 * SDK benchmarks (`deno task bench:sdk`): a local `paye()` call against the same call over HTTP
 * to a local server measured in the same run, and the gzipped size of browser bundles of the npm
 * build (the whole client with every local operation and its data, and `computeVat` alone).
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
  perCall.sort((a, b) => a - b);
  return perCall[Math.floor(perCall.length / 2)]!;
}

const local = createClient({ mode: "local" });
const table = apitTableOn(params.date)!;
const pureCall = () => computePaye({ monthly: params.monthly, date: params.date });
for (let i = 0; i < 20_000; i++) await local.paye(params); // warm-up (JIT)
for (let i = 0; i < 20_000; i++) pureCall();

/**
 * The pure function and the client measured in alternating batches, so that both see the same
 * machine load; the ratio is taken per pair of batches and its median reported (the machine is
 * shared: absolute times move with the load, the ratio much less).
 */
async function paired(samples: number): Promise<{ pure: number; client: number; ratio: number }> {
  const pure: number[] = [];
  const client: number[] = [];
  const ratio: number[] = [];
  for (let s = 0; s < samples; s++) {
    let start = performance.now();
    for (let i = 0; i < 5_000; i++) pureCall();
    const p = ((performance.now() - start) * 1000) / 5_000;
    start = performance.now();
    for (let i = 0; i < 5_000; i++) await local.paye(params);
    const c = ((performance.now() - start) * 1000) / 5_000;
    pure.push(p);
    client.push(c);
    ratio.push(c / p);
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { pure: mid(pure), client: mid(client), ratio: mid(ratio) };
}
const tableOnly = await median(30, 5_000, () => computePaye({ monthly: params.monthly, table }));
const { pure, client: inProcess, ratio } = await paired(60);
const load = Deno.loadavg()[0]!.toFixed(1);

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

const initial = sizes.client.initial;
console.log(`
Load average (1 min) at the end of the paired runs: ${load} on ${navigator.hardwareConcurrency} cores.

| measurement | median |
| --- | --- |
| computePaye({ monthly, table }) (pure, table given) | ${tableOnly.toFixed(2)} µs |
| computePaye({ monthly, date }) (pure, table looked up by date) | ${pure.toFixed(2)} µs |
| client.paye() local (parameters written as strings and validated by the core, awaited) | ${
  inProcess.toFixed(2)
} µs |
| client / pure, per pair of batches (target: client at most 1.5 µs where pure is 0.9 µs, 1.7x) | ${
  ratio.toFixed(2)
}x |
| client.paye() remote over HTTP to a local server | ${http.toFixed(1)} µs |
| HTTP / local ratio | ${(http / inProcess).toFixed(0)}x |

| bundle (esbuild, minified, browser) | minified | gzip |
| --- | --- | --- |
| createClient(), initial load (code splitting) | ${kb(initial.minified)} | ${kb(initial.gzip)} |
| the chunks it loads on first use of a dataset operation | ${kb(sizes.client.lazy.minified)} | ${
  kb(sizes.client.lazy.gzip)
} |

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
