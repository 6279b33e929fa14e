/**
 * The promise every client method returns: await it for `data`, or call `withResponse()` for
 * `meta`, rate-limit headers, request id and staleness (one request either way).
 *
 * It is a native `Promise` of the data with one method more, so that `await` takes the engine's
 * own path (a thenable object costs a local call about 0.07 µs more: `docs/performance.md`).
 *
 * @module
 */
import type { ApiResponse, Meta } from "./types.ts";

/**
 * A promise of an operation's `data` that can also give the whole answer.
 *
 * @typeParam T The data type.
 * @typeParam M The type of `meta` in `withResponse()`: present on JSON answers.
 *
 * @example Usage
 * ```ts
 * import { createClient } from "../mod.ts";
 * const client = createClient({ mode: "local" });
 * const { data, meta } = await client.vat({ amount: 1000, rate: 18 }).withResponse();
 * console.log(data.total, meta.endpoint); // 1180 "vat"
 * ```
 */
export interface ApiPromise<T, M extends Meta | undefined = Meta> extends Promise<T> {
  /**
   * The whole answer: data, meta, rate-limit headers, request id, source and staleness. The
   * call is made once, however the answer is read.
   *
   * @returns The answer.
   */
  withResponse(): Promise<ApiResponse<T, M>>;
}

/** What the promise's `withResponse()` reads: the answer's meta, or the promise of the answer. */
const ANSWER: unique symbol = Symbol("answer");

interface Carrier {
  [ANSWER]: Meta | undefined | Promise<ApiResponse<unknown, Meta | undefined>>;
}

function noop(): void {}

/**
 * `withResponse()` of a local answer: the whole answer is made when it is asked for, from the
 * data and the meta (most callers only await the data).
 */
function withLocal(
  this: Promise<unknown> & Carrier,
): Promise<ApiResponse<unknown, Meta | undefined>> {
  const meta = this[ANSWER] as Meta | undefined;
  return this.then((data) => localResponse(data, meta));
}

/**
 * `withResponse()` of an answer still coming: the data promise counts as handled once the whole
 * answer is asked for (its rejection is the caller's to handle there), and a new promise is given,
 * so that an answer nobody handles is still reported.
 */
function withPending(
  this: Promise<unknown> & Carrier,
): Promise<ApiResponse<unknown, Meta | undefined>> {
  this.catch(noop);
  return (this[ANSWER] as Promise<ApiResponse<unknown, Meta | undefined>>).then();
}

/**
 * A local answer (`source: "local"`): no rate limit, request id or headers.
 *
 * @typeParam T The data type.
 * @typeParam M The meta type.
 * @param data The data.
 * @param meta The meta (undefined for a rendered format).
 * @returns The answer.
 */
export function localResponse<T, M extends Meta | undefined>(data: T, meta: M): ApiResponse<T, M> {
  return {
    data,
    meta,
    rateLimit: undefined,
    requestId: undefined,
    headers: undefined,
    voice: undefined,
    source: "local",
    stale: false,
    age: 0,
  };
}

/**
 * The promise of a local answer, computed at once.
 *
 * @typeParam T The data type.
 * @typeParam M The meta type.
 * @param data The data.
 * @param meta The meta (undefined for a rendered format).
 * @returns The promise.
 */
export function answered<T, M extends Meta | undefined>(data: T, meta: M): ApiPromise<T, M> {
  const promise = Promise.resolve(data) as ApiPromise<T, M> & Carrier;
  promise[ANSWER] = meta;
  promise.withResponse = withLocal as () => Promise<ApiResponse<T, M>>;
  return promise;
}

/**
 * The promise of an answer still coming (a server's, or a local one waiting for a module).
 *
 * @typeParam T The data type.
 * @typeParam M The meta type.
 * @param response The promise of the answer.
 * @returns The promise.
 */
export function pending<T, M extends Meta | undefined>(
  response: Promise<ApiResponse<T, M>>,
): ApiPromise<T, M> {
  const promise = response.then(dataOf) as ApiPromise<T, M> & Carrier;
  promise[ANSWER] = response;
  promise.withResponse = withPending as () => Promise<ApiResponse<T, M>>;
  return promise;
}

/**
 * The promise of a call that failed before it started (invalid parameters, a mode that forbids
 * it): both the data and the whole answer reject with the error.
 *
 * @typeParam T The data type.
 * @typeParam M The meta type.
 * @param error The error.
 * @returns The promise.
 */
export function failed<T, M extends Meta | undefined>(error: unknown): ApiPromise<T, M> {
  return pending(Promise.reject(error));
}

function dataOf<T>(response: ApiResponse<T, Meta | undefined>): T {
  return response.data;
}
