import type { Hono } from "hono";
import { ApiError } from "../../core/errors.ts";
import type { Metrics } from "../observe/metrics.ts";
import { constantTimeEqual } from "../accounts/secrets.ts";
import type { AppEnv } from "./types.ts";

/** A named readiness check: resolves true when the dependency works. */
export type ReadinessCheck = () => Promise<boolean>;

/** Options of {@linkcode mountHealth}. */
export interface HealthOptions {
  /** Readiness checks by name (for example `kv`, `voice`). */
  checks: Record<string, ReadinessCheck>;
  metrics: Metrics;
  /**
   * When set, `/metrics` needs `Authorization: Bearer <token>`; when not, it answers only callers
   * on the loopback interface that came through no proxy.
   */
  metricsToken?: string | undefined;
  /** Longest a readiness check may take before it counts as failed. */
  checkTimeoutMs?: number;
}

async function withTimeout(check: ReadinessCheck, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Mounts `GET /healthz` (liveness: the process answers), `GET /readyz` (every check passes,
 * else 503 naming only the failing ones) and `GET /metrics` (Prometheus text: with the operator
 * token, or else to loopback callers only). None consumes quota. The health answers say up or
 * down and nothing else (no versions, timings or dependency details).
 *
 * @param app The app.
 * @param options Checks, metrics and the optional operator token.
 */
export function mountHealth(app: Hono<AppEnv>, options: HealthOptions): void {
  const timeoutMs = options.checkTimeoutMs ?? 2000;
  app.get("/healthz", (c) => c.json({ ok: true, status: "alive" }));
  app.get("/readyz", async (c) => {
    const names = Object.keys(options.checks);
    const results = await Promise.all(
      names.map((name) => withTimeout(options.checks[name]!, timeoutMs)),
    );
    const failing = names.filter((_, i) => !results[i]);
    if (failing.length === 0) return c.json({ ok: true, status: "ready" });
    const checks = Object.fromEntries(failing.map((name) => [name, "failing"]));
    return c.json({ ok: false, status: "not ready", checks }, 503);
  });
  app.get("/metrics", (c) => {
    if (options.metricsToken) {
      const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!constantTimeEqual(presented, options.metricsToken)) {
        throw new ApiError(
          401,
          "invalid_key",
          "Metrics need the operator token: Authorization: Bearer <METRICS_TOKEN>",
          {
            headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
          },
        );
      }
    } else if (!c.get("client")?.local) {
      throw new ApiError(
        403,
        "forbidden",
        "Metrics answer only on this machine (loopback) unless METRICS_TOKEN is set",
      );
    }
    c.header("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    return c.body(options.metrics.render());
  });
}
