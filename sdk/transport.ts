/**
 * HTTP for the client: one request with a timeout and the caller's `AbortSignal`, retried with
 * backoff on 429, 502, 503 and 504 (honouring `Retry-After`), turned into typed errors.
 *
 * @module
 */
import {
  AbortError,
  type ErrorBody,
  errorFromResponse,
  LankaError,
  NetworkError,
  parseRetryAfter,
  TimeoutError,
} from "./errors.ts";
import type { FetchLike, Meta, RateLimit } from "./types.ts";

/** Retry policy; see {@linkcode ClientOptions.retries}. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  limit?: number | undefined;
  /** First backoff delay without `Retry-After`, doubled each retry, ms (default 500). */
  backoffMs?: number | undefined;
  /** Longest wait before a retry, ms (default 30,000). A longer `Retry-After` is not waited out. */
  maxDelayMs?: number | undefined;
}

/** The transport's settings, resolved from the client options. */
export interface TransportSettings {
  fetch: FetchLike;
  timeoutMs: number;
  retry: { limit: number; backoffMs: number; maxDelayMs: number };
  headers: Record<string, string>;
}

/** One request. */
export interface HttpRequest {
  method: string;
  url: string;
  /** JSON body, for POST operations. */
  body?: string | undefined;
  /** Whether repeating it is harmless. Non-idempotent requests are retried only on 429. */
  idempotent: boolean;
  /** Whether the success body is bytes (voice) rather than the JSON envelope. */
  binary: boolean;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
}

/** A successful answer. */
export interface HttpResult {
  data: unknown;
  meta: Meta | undefined;
  rateLimit: RateLimit | undefined;
  requestId: string | undefined;
  /** The answer's headers. */
  headers: Headers;
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Sends a request, retrying as the policy allows, all within `timeoutMs`: the timeout is the
 * whole call's (every attempt, body included, and the waits between them), so a server that
 * never answers costs `timeoutMs` and no more.
 *
 * @param request The request.
 * @param settings Fetch, retry policy and headers.
 * @returns The answer's data, meta, rate-limit headers, request id and headers.
 * @throws {ApiError} (or a subclass) for an error answer.
 * @throws {NetworkError} When no answer arrived.
 * @throws {TimeoutError} When the answer did not arrive within the timeout (also when the
 *   caller's signal is an `AbortSignal.timeout()`).
 * @throws {AbortError} When the caller's signal aborted.
 */
export async function send(request: HttpRequest, settings: TransportSettings): Promise<HttpResult> {
  const { limit, backoffMs, maxDelayMs } = settings.retry;
  const started = Date.now();
  const deadline = request.timeoutMs > 0 ? started + request.timeoutMs : Infinity;
  const call = new AbortController();
  const { signal } = request;
  const timer = request.timeoutMs > 0
    ? setTimeout(
      () =>
        call.abort(
          new TimeoutError(
            `Request timed out after ${request.timeoutMs} ms: ${request.method} ${request.url}`,
            request.timeoutMs,
          ),
        ),
      request.timeoutMs,
    )
    : undefined;
  const forward = () => call.abort(callerAbort(signal?.reason, request, started));
  if (signal?.aborted) forward();
  else signal?.addEventListener("abort", forward, { once: true });
  try {
    for (let attempt = 0;; attempt++) {
      const canRetry = attempt < limit;
      const backoff = Math.min(backoffMs * 2 ** attempt, maxDelayMs) *
        (0.75 + Math.random() / 4);
      let outcome: Outcome;
      try {
        outcome = await attemptOnce(request, settings, call.signal);
      } catch (error) {
        if (!(error instanceof NetworkError && request.idempotent && canRetry)) throw error;
        if (Date.now() + backoff >= deadline) throw error;
        await sleep(backoff, call.signal);
        continue;
      }
      if ("result" in outcome) return outcome.result;
      const { error } = outcome;
      if (
        canRetry && RETRY_STATUSES.has(error.status) &&
        (request.idempotent || error.status === 429)
      ) {
        const retryAfter = parseRetryAfter(error.headers.get("retry-after"), Date.now());
        const delay = retryAfter !== undefined ? retryAfter * 1000 : backoff;
        // A wait longer than the policy allows, or past the call's timeout, is not waited out.
        if (delay <= maxDelayMs && Date.now() + delay < deadline) {
          await sleep(delay, call.signal);
          continue;
        }
      }
      throw error;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forward);
  }
}

/**
 * The error for the caller's own signal: a {@linkcode TimeoutError} for `AbortSignal.timeout()`
 * (its `timeoutMs` measured from the start of the call, since a signal does not tell its delay),
 * else an {@linkcode AbortError} carrying the reason.
 */
function callerAbort(reason: unknown, request: HttpRequest, started: number): LankaError {
  const what = `${request.method} ${request.url}`;
  if (isNamed(reason, "TimeoutError")) {
    const elapsed = Math.max(Date.now() - started, 0);
    return new TimeoutError(
      `Request timed out after ${elapsed} ms (the caller's signal): ${what}`,
      elapsed,
    );
  }
  const said = reason instanceof Error
    ? reason.message
    : reason === undefined
    ? ""
    : String(reason);
  return new AbortError(`Request aborted by the caller${said ? `: ${said}` : ""}: ${what}`, reason);
}

function isNamed(value: unknown, name: string): boolean {
  return typeof value === "object" && value !== null && (value as { name?: unknown }).name === name;
}

type Outcome = { result: HttpResult } | { error: ReturnType<typeof errorFromResponse> };

/** One HTTP attempt; `signal` is the call's (its timeout, or the caller's abort). */
async function attemptOnce(
  request: HttpRequest,
  settings: TransportSettings,
  signal: AbortSignal,
): Promise<Outcome> {
  if (signal.aborted) throw signal.reason;
  try {
    const headers: Record<string, string> = { accept: "application/json", ...settings.headers };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const response = await settings.fetch(request.url, {
      method: request.method,
      headers,
      body: request.body ?? null,
      signal,
    });
    if (!response.ok) {
      const body = await readErrorBody(response);
      return { error: errorFromResponse(response.status, body, response.headers) };
    }
    return { result: await readSuccess(request, response) };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof LankaError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new NetworkError(`Cannot reach ${request.url}: ${reason}`, { cause: error });
  }
}

async function readSuccess(request: HttpRequest, response: Response): Promise<HttpResult> {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  const rateLimit = readRateLimit(response.headers);
  if (request.binary) {
    const data = new Uint8Array(await response.arrayBuffer());
    return { data, meta: undefined, rateLimit, requestId, headers: response.headers };
  }
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  // Another representation than the envelope (e.g. text/calendar for format=ics): the text.
  if (!/json/i.test(type) && /^text\//i.test(type)) {
    return { data: text, meta: undefined, rateLimit, requestId, headers: response.headers };
  }
  let envelope: { ok?: unknown; data?: unknown; meta?: Meta };
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new LankaError(
      `Cannot read the answer to ${request.method} ${request.url}: it is not JSON (status ${response.status})`,
    );
  }
  if (envelope?.ok !== true || !("data" in envelope)) {
    throw new LankaError(
      `Cannot read the answer to ${request.method} ${request.url}: it is not a success envelope`,
    );
  }
  return {
    data: envelope.data,
    meta: envelope.meta,
    rateLimit,
    requestId,
    headers: response.headers,
  };
}

async function readErrorBody(response: Response): Promise<ErrorBody | undefined> {
  try {
    const body = JSON.parse(await response.text());
    return body && typeof body === "object" && typeof body.error === "string" ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the `X-RateLimit-*` headers.
 *
 * @param headers Response headers.
 * @returns The three figures, or undefined unless all are present and numeric.
 */
export function readRateLimit(headers: Headers): RateLimit | undefined {
  const [limit, remaining, reset] = ["limit", "remaining", "reset"].map((name) =>
    Number(headers.get(`x-ratelimit-${name}`) ?? NaN)
  ) as [number, number, number];
  return [limit, remaining, reset].every(Number.isFinite) ? { limit, remaining, reset } : undefined;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
