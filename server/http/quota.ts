import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../core/errors.ts";
import type { Clock } from "../clock.ts";
import type { QuotaStore } from "../quota/memory.ts";
import type { AppEnv, QuotaState } from "./types.ts";

function setRateLimitHeaders(headers: Headers, state: QuotaState): void {
  headers.set("X-RateLimit-Limit", String(state.limit));
  headers.set("X-RateLimit-Remaining", String(state.remaining));
  headers.set("X-RateLimit-Reset", String(state.reset));
}

/**
 * Puts the caller's `X-RateLimit-*` headers on every response: the state after counting when a
 * counted route ran, else the current state without counting (preflight, index, OpenAPI,
 * errors before routing).
 *
 * @param store The counters.
 * @param clock The clock.
 * @returns The middleware.
 */
export function rateLimitHeaders(store: QuotaStore, clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const caller = c.get("caller");
    const state = c.get("quota") ??
      (caller ? store.peek(caller.id, caller.limit, clock.now()) : undefined);
    if (state) setRateLimitHeaders(c.res.headers, state);
  };
}

/**
 * Counts the request against the caller's daily limit; over the limit, answers 429
 * `rate_limited` with `Retry-After` (seconds to the reset).
 *
 * @param store The counters.
 * @param clock The clock.
 * @returns The middleware, for routes that consume quota.
 */
export function consumeQuota(store: QuotaStore, clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get("caller");
    const now = clock.now();
    const decision = store.consume(caller.id, caller.limit, now);
    const state = { limit: decision.limit, remaining: decision.remaining, reset: decision.reset };
    c.set("quota", state);
    if (!decision.allowed) {
      const retryAfter = Math.max(decision.reset - Math.floor(now / 1000), 1);
      throw new ApiError(
        429,
        "rate_limited",
        `Daily limit of ${decision.limit} requests reached: resets at 00:00 UTC`,
        {
          extra: { limit: decision.limit, remaining: 0, reset: decision.reset },
          headers: { "Retry-After": String(retryAfter) },
        },
      );
    }
    await next();
  };
}
