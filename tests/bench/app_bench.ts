/**
 * In-process cost of one request through the whole app (middleware, routing, parsing, envelope)
 * against a bare Hono app answering the same JSON, in the same run. The load benchmark
 * (`http_load.ts`) measures the same path over HTTP with wrk.
 *
 * Run: npx -y deno@2.9.6 bench --allow-all tests/bench/app_bench.ts
 */
import { Hono } from "hono";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";

const kv = await Deno.openKv(":memory:");
const app = buildApp({
  kv,
  config: loadConfig({ ANON_DAILY_LIMIT: "1000000000", LOG_LEVEL: "warn" }),
});
const info = { remoteAddr: { hostname: "127.0.0.1", port: 1, transport: "tcp" } };
const body = {
  ok: true,
  data: { mode: "add", rate: 18, base: 1000, vat: 180, total: 1180, currency: "LKR" },
};
const bare = new Hono();
bare.get("/api/v1/vat", (c) => c.json(body));

Deno.bench(
  "bare Hono, constant JSON (baseline)",
  { group: "request", baseline: true },
  async () => {
    await (await bare.fetch(new Request("http://x/api/v1/vat?amount=1000"), info)).text();
  },
);
Deno.bench("full app, GET /api/v1/vat", { group: "request" }, async () => {
  await (await app.fetch(new Request("http://x/api/v1/vat?amount=1000"), info)).text();
});
Deno.bench("full app, GET /api/v1/nic/{number}", { group: "request" }, async () => {
  await (await app.fetch(new Request("http://x/api/v1/nic/199012345678"), info)).text();
});
