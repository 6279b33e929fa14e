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
import { apitTableOn, computePaye, createClient } from "../../mod.ts";

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
for (let i = 0; i < 20_000; i++) await local.paye(params); // warm-up (JIT)
for (let i = 0; i < 20_000; i++) computePaye({ monthly: params.monthly, table });
const pure = await median(60, 5_000, () => computePaye({ monthly: params.monthly, table }));
const inProcess = await median(60, 2_000, () => local.paye(params));

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

console.log(`
| measurement | median |
| --- | --- |
| computePaye() (pure function, no validation) | ${pure.toFixed(2)} µs |
| client.paye() local (string params validated by the core, awaited) | ${inProcess.toFixed(2)} µs |
| client.paye() remote over HTTP to a local server | ${http.toFixed(1)} µs |
| HTTP / local ratio | ${(http / inProcess).toFixed(0)}x |

| bundle (esbuild, minified, browser) | minified | gzip |
| --- | --- | --- |
| whole client, every local operation and its data | ${kb(sizes.client.minified)} | ${
  kb(sizes.client.gzip)
} |
| computeVat alone (tree-shaken) | ${kb(sizes.vat.minified)} | ${kb(sizes.vat.gzip)} |
`);
