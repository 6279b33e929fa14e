/**
 * HTTP for the client: one request with a timeout and the caller's `AbortSignal`, retried with
 * backoff on 429, 502, 503 and 504 (honouring `Retry-After`), turned into typed errors.
 *
 * @module
 */
import {
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
  limit?: number;
  /** First backoff delay without `Retry-After`, doubled each retry, ms (default 500). */
  backoffMs?: number;
  /** Longest wait before a retry, ms (default 30,000). A longer `Retry-After` is not waited out. */
  maxDelayMs?: number;
}

/** The transport's settings, resolved from the client options. */
export interface TransportSettings {
  fetch: FetchLike;
  timeoutMs: number;
  retry: Required<RetryOptions>;
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
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Sends a request, retrying as the policy allows.
 *
 * @param request The request.
 * @param settings Fetch, retry policy and headers.
 * @returns The answer's data, meta, rate-limit headers and request id.
 * @throws {ApiError} (or a subclass) for an error answer.
 * @throws {NetworkError} When no answer arrived.
 * @throws {TimeoutError} When the answer did not arrive within the timeout.
 */
export async function send(request: HttpRequest, settings: TransportSettings): Promise<HttpResult> {
  const { limit, backoffMs, maxDelayMs } = settings.retry;
  for (let attempt = 0;; attempt++) {
    const canRetry = attempt < limit;
    const backoff = Math.min(backoffMs * 2 ** attempt, maxDelayMs) * (0.75 + Math.random() / 4);
    let outcome: Outcome;
    try {
      outcome = await attemptOnce(request, settings);
    } catch (error) {
      const transient = error instanceof NetworkError || error instanceof TimeoutError;
      if (!(transient && request.idempotent && canRetry)) throw error;
      await sleep(backoff, request.signal);
      continue;
    }
    if ("result" in outcome) return outcome.result;
    const { error } = outcome;
    if (
      canRetry && RETRY_STATUSES.has(error.status) && (request.idempotent || error.status === 429)
    ) {
      const retryAfter = parseRetryAfter(error.headers.get("retry-after"), Date.now());
      const delay = retryAfter !== undefined ? retryAfter * 1000 : backoff;
      if (delay <= maxDelayMs) {
        await sleep(delay, request.signal);
        continue;
      }
    }
    throw error;
  }
}

type Outcome = { result: HttpResult } | { error: ReturnType<typeof errorFromResponse> };

/** One attempt: fetch and read the body under one timeout. */
async function attemptOnce(request: HttpRequest, settings: TransportSettings): Promise<Outcome> {
  const { signal } = request;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const timeout = new TimeoutError(
    `Request timed out after ${request.timeoutMs} ms: ${request.method} ${request.url}`,
    request.timeoutMs,
  );
  const timer = request.timeoutMs > 0
    ? setTimeout(() => controller.abort(timeout), request.timeoutMs)
    : undefined;
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", forward, { once: true });
  try {
    const headers: Record<string, string> = { accept: "application/json", ...settings.headers };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const response = await settings.fetch(request.url, {
      method: request.method,
      headers,
      body: request.body ?? null,
      signal: controller.signal,
    });
    if (!response.ok) {
      const body = await readErrorBody(response);
      return { error: errorFromResponse(response.status, body, response.headers) };
    }
    return { result: await readSuccess(request, response) };
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof LankaError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new NetworkError(`Cannot reach ${request.url}: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forward);
  }
}

async function readSuccess(request: HttpRequest, response: Response): Promise<HttpResult> {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  const rateLimit = readRateLimit(response.headers);
  if (request.binary) {
    const data = new Uint8Array(await response.arrayBuffer());
    return { data, meta: undefined, rateLimit, requestId };
  }
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  // Another representation than the envelope (e.g. text/calendar for format=ics): the text.
  if (!/json/i.test(type) && /^text\//i.test(type)) {
    return { data: text, meta: undefined, rateLimit, requestId };
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
  return { data: envelope.data, meta: envelope.meta, rateLimit, requestId };
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
