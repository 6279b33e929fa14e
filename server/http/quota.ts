import { ApiError } from "../../core/errors.ts";
import { isLang, type Lang, message, negotiateLang } from "../../core/i18n.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { resourceId } from "../oauth/metadata.ts";
import type { QuotaDecision, QuotaStore } from "../quota/store.ts";
import type { Call } from "./call.ts";
import { requestHeader } from "./request_header.ts";
import type { Caller, QuotaState } from "./types.ts";

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
 * @param text The message, when it is not the plain one (the daily data quota's, see
 *   {@linkcode dailyLimitText}).
 * @returns The error to throw.
 */
export function rateLimited(
  decision: QuotaDecision,
  nowMs: number,
  what = "requests",
  text?: string,
): ApiError {
  const retryAfter = Math.max(decision.reset - Math.floor(nowMs / 1000), 1);
  return new ApiError(
    429,
    "rate_limited",
    text ?? `Daily limit of ${decision.limit} ${what} reached: resets at 00:00 UTC`,
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
 * The language a request asks its answer in: its `lang` parameter when that is en, si or ta,
 * else the language `Accept-Language` prefers among them, else English.
 *
 * @param request The request.
 * @returns The language.
 */
export function requestLang(request: Request): Lang {
  const url = request.url;
  const asked = url.includes("lang=") ? new URL(url).searchParams.get("lang") : null;
  if (isLang(asked)) return asked;
  return negotiateLang(requestHeader(request, "accept-language")) ?? "en";
}

/**
 * The message of a 429 of the daily data quota, in the request's language: when it resets and,
 * for an anonymous caller (whose address others may share: a hosted assistant's, an office's),
 * how to get more: a free API key from the dashboard, or authorizing the MCP client.
 *
 * @param config The public URL and the keyed limit.
 * @returns The message for a caller and its limit.
 */
export function dailyLimitText(
  config: Pick<Config, "publicBaseUrl" | "keyDailyLimit">,
): (lang: Lang, caller: Caller, limit: number) => string {
  const dashboard = `${config.publicBaseUrl}/developers`;
  const mcp = resourceId(config.publicBaseUrl);
  const keyLimit = config.keyDailyLimit.toLocaleString("en");
  return (lang, caller, limit) =>
    caller.tier === "anonymous"
      ? message(lang, "quota.limit.anonymous", { limit, keyLimit, dashboard, mcp })
      : message(lang, "quota.limit.key", { limit });
}

/**
 * Counts the request against the caller's daily limit and keeps the result on the call; over the
 * limit, throws 429 `rate_limited` with `Retry-After` (seconds to the reset).
 *
 * @param store The counters.
 * @param clock The clock.
 * @param text The message of a refusal (see {@linkcode dailyLimitText}; default: the plain one).
 * @returns The step, for routes that consume quota: synchronous while the caller's counter is
 *   loaded (no microtask hop on the hot path).
 */
export function consumeQuota(
  store: QuotaStore,
  clock: Clock,
  text?: (lang: Lang, caller: Caller, limit: number) => string,
): (call: Call) => void | Promise<void> {
  const apply = (call: Call, decision: QuotaDecision, now: number): void => {
    // The decision is the state after counting (its `allowed` is read by no one downstream).
    call.quota = decision;
    if (!decision.allowed) {
      const said = text?.(requestLang(call.request), call.caller!, decision.limit);
      throw rateLimited(decision, now, "requests", said);
    }
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
