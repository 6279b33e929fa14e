/**
 * The promise every client method returns: await it for `data`, or call `withResponse()` for
 * `meta`, rate-limit headers, request id and staleness (one request either way).
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
export class ApiPromise<T, M extends Meta | undefined = Meta> implements PromiseLike<T> {
  readonly #response: Promise<ApiResponse<T, M>> | ApiResponse<T, M>;

  /**
   * Wraps the promise of a whole answer, or an answer already at hand (a local computation).
   *
   * @param response The answer.
   */
  constructor(response: Promise<ApiResponse<T, M>> | ApiResponse<T, M>) {
    this.#response = response;
  }

  /**
   * The whole answer: data, meta, rate-limit headers, request id, source and staleness.
   *
   * @returns The answer.
   */
  withResponse(): Promise<ApiResponse<T, M>> {
    return Promise.resolve(this.#response);
  }

  /**
   * Resolves with `data`.
   *
   * @param onfulfilled Called with the data.
   * @param onrejected Called with the error.
   * @returns A promise of the callbacks' result.
   */
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const response = this.#response;
    // An answer at hand costs one promise, not two.
    if (!(response instanceof Promise)) {
      return Promise.resolve(response.data).then(onfulfilled, onrejected);
    }
    return response.then((answer) => answer.data).then(onfulfilled, onrejected);
  }

  /**
   * Handles a failure.
   *
   * @param onrejected Called with the error.
   * @returns A promise of the data or the callback's result.
   */
  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  /**
   * Runs a callback when settled.
   *
   * @param onfinally The callback.
   * @returns A promise of the data.
   */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  /** `"ApiPromise"`. */
  get [Symbol.toStringTag](): string {
    return "ApiPromise";
  }
}
