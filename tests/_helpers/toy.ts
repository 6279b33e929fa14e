/**
 * Serves a few toy operations through the real request pipeline (route table, errors, standard
 * headers), without the rest of the app: for tests of what every operation gets.
 */
import type { AnyOperation } from "../../core/operation.ts";
import { loadConfig } from "../../server/config.ts";
import { noKeys } from "../../server/http/caller.ts";
import { createPipeline } from "../../server/http/pipeline.ts";
import { compileRoutes } from "../../server/http/routes.ts";
import { createLogger } from "../../server/log.ts";
import { Metrics } from "../../server/observe/metrics.ts";
import type { QuotaStore } from "../../server/quota/store.ts";
import { fixedClock } from "./app.ts";

/** Counts nothing: every caller has its whole limit left. */
const unlimited: QuotaStore = {
  consume: (_id, limit) => ({ allowed: true, limit, remaining: limit, reset: 0 }),
  peek: (_id, limit) => ({ limit, remaining: limit, reset: 0 }),
  close: () => Promise.resolve(),
};

/**
 * The toy operations compiled into a route table behind the pipeline, for anonymous callers
 * with a limit of 10; other paths answer a plain 404.
 *
 * @param ops The operations.
 * @returns `request(path, init)`, as `app.request` does.
 */
export function toyApp(ops: AnyOperation[]): {
  request(path: string, init?: RequestInit): Promise<Response>;
} {
  const routes = compileRoutes(ops, {
    baseUrl: "http://toy",
    context: () => ({ today: "2026-01-01", baseUrl: "http://toy" }),
    steps: () => [],
    handlers: {},
  });
  const serve = createPipeline({
    config: loadConfig({ ANON_DAILY_LIMIT: "10" }),
    keys: noKeys,
    quota: unlimited,
    clock: fixedClock(),
    logger: createLogger("error", () => {}),
    metrics: new Metrics(),
    routes,
    fallback: () => new Response("No toy here", { status: 404 }),
  });
  const peer = { remoteAddr: { hostname: "203.0.113.7", port: 40000, transport: "tcp" } };
  return {
    request: async (path, init) => await serve(new Request(`http://toy${path}`, init), peer),
  };
}
