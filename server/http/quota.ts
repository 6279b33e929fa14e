import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../core/errors.ts";
import type { Clock } from "../clock.ts";
import type { QuotaDecision, QuotaStore } from "../quota/store.ts";
import type { AppEnv, QuotaState } from "./types.ts";

/**
 * Puts a caller's quota on a response as `X-RateLimit-Limit`, `-Remaining` and `-Reset` (epoch
 * seconds).
 *
 * @param headers The response headers.
 * @param state The caller's quota.
 */
export function setRateLimitHeaders(headers: Headers, state: QuotaState): void {
  headers.set("X-RateLimit-Limit", String(state.limit));
  headers.set("X-RateLimit-Remaining", String(state.remaining));
  headers.set("X-RateLimit-Reset", String(state.reset));
}

/**
 * The 429 `rate_limited` error for a refused decision, with `Retry-After` in seconds.
 *
 * @param decision The refused decision.
 * @param nowMs The current time.
 * @param what What ran out, for the message.
 * @returns The error to throw.
 */
export function rateLimited(decision: QuotaDecision, nowMs: number, what = "requests"): ApiError {
  const retryAfter = Math.max(decision.reset - Math.floor(nowMs / 1000), 1);
  return new ApiError(
    429,
    "rate_limited",
    `Daily limit of ${decision.limit} ${what} reached: resets at 00:00 UTC`,
    {
      extra: { limit: decision.limit, remaining: 0, reset: decision.reset },
      headers: { "Retry-After": String(retryAfter) },
    },
  );
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
    const counted = store.consume(caller.id, caller.limit, now);
    // Loaded counters answer synchronously: no microtask hop on the hot path.
    const decision = counted instanceof Promise ? await counted : counted;
    c.set("quota", { limit: decision.limit, remaining: decision.remaining, reset: decision.reset });
    if (!decision.allowed) throw rateLimited(decision, now);
    await next();
  };
}

/**
 * Reads the caller's quota without counting, so `meta` and the headers agree on routes that do
 * not consume it (the account API).
 *
 * @param store The counters.
 * @param clock The clock.
 * @returns The middleware.
 */
export function peekQuota(store: QuotaStore, clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get("caller");
    c.set("quota", await store.peek(caller.id, caller.limit, clock.now()));
    await next();
  };
}

/** The counter id of a key's voice calls. */
export function voiceCallerId(keyId: string): string {
  return `voice:${keyId}`;
}
