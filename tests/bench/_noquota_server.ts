/**
 * Bench helper: the same app as `server/main.ts` (same KV file, so the same keys), but with a
 * quota store that counts nothing and touches no KV, and the same request lines on stdout (the
 * default `LOG_LEVEL`, batched as `server/main.ts` does). Comparing it with the real server
 * isolates what keys and quotas cost. Usage: `deno run -A _noquota_server.ts <port> <kv path>`.
 *
 * @module
 */
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { BatchedLines, createLogger } from "../../server/log.ts";
import type { QuotaStore } from "../../server/quota/store.ts";

const [port, kvPath] = Deno.args;
const kv = await Deno.openKv(kvPath);
const config = loadConfig({ KEY_DAILY_LIMIT: "1000000000" });
const reset = Math.floor(Date.now() / 86_400_000 + 1) * 86_400;
const noQuota: QuotaStore = {
  consume: (_id, limit) => Promise.resolve({ allowed: true, limit, remaining: limit, reset }),
  peek: (_id, limit) => Promise.resolve({ limit, remaining: limit, reset }),
  close: () => Promise.resolve(),
};
const app = buildApp({
  kv,
  config,
  quota: noQuota,
  logger: createLogger(config.logLevel, new BatchedLines()),
});
Deno.serve(
  { port: Number(port), hostname: "127.0.0.1", onListen() {} },
  (request, info) => app.fetch(request, info),
);
