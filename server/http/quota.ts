import { ApiError } from "../../core/errors.ts";
import type { Clock } from "../clock.ts";
import type { QuotaDecision, QuotaStore } from "../quota/store.ts";
import type { Call } from "./call.ts";
import type { QuotaState } from "./types.ts";

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
 * The 429 `rate_limited` error for a refused decision, with `Retry-After` in seconds and the
 * `X-RateLimit-*` headers and `limit`, `remaining`, `reset` body fields of the limit that refused
 * it (the pipeline keeps them rather than the caller's daily data quota).
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
      headers: {
        "Retry-After": String(retryAfter),
        "X-RateLimit-Limit": String(decision.limit),
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": String(decision.reset),
      },
    },
  );
}

/**
 * Counts the request against the caller's daily limit and keeps the result on the call; over the
 * limit, throws 429 `rate_limited` with `Retry-After` (seconds to the reset).
 *
 * @param store The counters.
 * @param clock The clock.
 * @returns The step, for routes that consume quota: synchronous while the caller's counter is
 *   loaded (no microtask hop on the hot path).
 */
export function consumeQuota(
  store: QuotaStore,
  clock: Clock,
): (call: Call) => void | Promise<void> {
  const apply = (call: Call, decision: QuotaDecision, now: number): void => {
    // The decision is the state after counting (its `allowed` is read by no one downstream).
    call.quota = decision;
    if (!decision.allowed) throw rateLimited(decision, now);
  };
  return (call) => {
    const caller = call.caller!;
    const now = clock.now();
    const counted = store.consume(caller.id, caller.limit, now, caller.usedBy);
    if (counted instanceof Promise) return counted.then((decision) => apply(call, decision, now));
    apply(call, counted, now);
  };
}

/**
 * Reads the caller's quota without counting, so `meta` and the headers agree on routes that do
 * not consume it (the account API).
 *
 * @param store The counters.
 * @param clock The clock.
 * @returns The step.
 */
export function peekQuota(store: QuotaStore, clock: Clock): (call: Call) => void | Promise<void> {
  return (call) => {
    const caller = call.caller!;
    const state = store.peek(caller.id, caller.limit, clock.now());
    if (state instanceof Promise) return state.then((value) => void (call.quota = value));
    call.quota = state;
  };
}

/**
 * The counter id of an account's voice calls (per account, like the data quota: a new key gets no
 * fresh allowance).
 *
 * @param accountId The account (or, for a caller without one, its caller id).
 * @returns The counter id.
 */
export function voiceCallerId(accountId: string): string {
  return `voice:${accountId}`;
}
