/**
 * The Lanka API client: one method per operation, computed in-process with the core registry
 * where the operation is local, sent to the server otherwise.
 *
 * @module
 */
import { ApiError as CoreApiError, isApiError as isCoreApiError } from "../core/errors.ts";
import { chosenFormat, parseParams } from "../core/execute.ts";
import type { AnyOperation, Operation } from "../core/operation.ts";
import { fd as fdOp, type FdParams, type FdResult } from "../core/ops/fd.ts";
import { land as landOp, type LandParams, type LandResult } from "../core/ops/land.ts";
import { loan as loanOp, type LoanParams, type LoanResult } from "../core/ops/loan.ts";
import { paye as payeOp, type PayeParams, type PayeResult } from "../core/ops/paye.ts";
import { vat as vatOp, type VatParams, type VatResult } from "../core/ops/vat.ts";
import { news as newsOp, type NewsList, type NewsParams, type NewsPost } from "../core/ops/news.ts";
import { findOperation } from "../core/registry.ts";
import { type CacheEntry, type CacheStore, MemoryCache } from "./cache.ts";
import { ApiError, errorFromResponse, LankaError, NetworkError, TimeoutError } from "./errors.ts";
import { ApiPromise } from "./promise.ts";
import { target, toEntries } from "./_request.ts";
import { type RetryOptions, send, type TransportSettings } from "./transport.ts";
import type {
  ApiResponse,
  FetchLike,
  Input,
  Meta,
  Mode,
  ParamValue,
  RequestOptions,
} from "./types.ts";

/** Options of {@linkcode createClient}. Every option is optional. */
export interface ClientOptions {
  /**
   * Where the server is, without `/api/v1`. Also the base of `meta.page_url` and of links in
   * local answers.
   *
   * @default {"http://localhost:8000"}
   */
  baseUrl?: string;
  /**
   * API key, sent as `Authorization: Bearer <key>`. Raises the daily limit and unlocks voice.
   *
   * @default {undefined} (anonymous)
   */
  apiKey?: string;
  /**
   * The `fetch` to use (a mock in tests, an instrumented one, or `app.fetch` of an in-process
   * server).
   *
   * @default {globalThis.fetch}
   */
  fetch?: FetchLike;
  /**
   * Where operations run:
   * - `"auto"`: local operations (calculators, decoders, calendars, reference data) are computed
   *   in-process with the same core code the server runs; news, store and voice go to the server.
   * - `"local"`: everything in-process; server-only operations reject with a {@linkcode LankaError}
   *   and nothing is ever sent over the network.
   * - `"remote"`: everything goes to the server.
   *
   * @default {"auto"}
   */
  mode?: Mode;
  /**
   * Timeout of each HTTP attempt, including reading the body, ms; 0 disables it. A call that
   * times out rejects with a {@linkcode TimeoutError}.
   *
   * @default {10000}
   */
  timeoutMs?: number;
  /**
   * Retries on 429, 502, 503, 504, network errors and timeouts: a number of retries, or
   * `{ limit, backoffMs, maxDelayMs }`. Waits `Retry-After` when the server sends it, else
   * `backoffMs` doubled each retry (with jitter); a `Retry-After` longer than `maxDelayMs` (a
   * daily limit resetting at midnight) is not waited out. POST requests (voice, which may already
   * have been charged) are retried only on 429. `0` disables retries.
   *
   * @default {{ limit: 2, backoffMs: 500, maxDelayMs: 30000 }}
   */
  retries?: number | RetryOptions;
  /**
   * Where the last good answer of each server-only read (news, store) is kept, served with
   * `stale: true` when the network fails. `false` disables it. See `DenoKvCache` and
   * `LocalStorageCache` for persistent stores.
   *
   * @default {new MemoryCache()} (100 entries)
   */
  cache?: CacheStore | false;
  /**
   * The clock, epoch ms. Local operations take "today" (Asia/Colombo) from it, as the server
   * does from its own clock.
   *
   * @default {Date.now}
   */
  now?: () => number;
}

/** Sri Lanka has kept UTC+05:30 without daylight saving since 2006. */
const COLOMBO_OFFSET_MS = 19_800_000;

/**
 * Creates a client.
 *
 * @param options Base URL, key, fetch, mode, timeout, retries, cache, clock.
 * @returns The client.
 *
 * @example Usage
 * ```ts
 * import { createClient } from "../mod.ts";
 * const client = createClient();
 * const tax = await client.paye({ monthly: 250000, date: "2026-01-01" });
 * console.log(tax.monthlyTax); // 8000
 * ```
 */
export function createClient(options: ClientOptions = {}): LankaClient {
  return new LankaClient(options);
}

/** The news methods of the client (server only: they reject in `"local"` mode). */
export interface NewsMethods {
  /**
   * Published posts, newest first (`GET /news`).
   *
   * @param params Optionally `q` (search), `category`, `limit` (1-100, default 20), `offset`.
   * @param options Signal and timeout.
   * @returns A page of post summaries.
   */
  list(
    params?: Partial<Omit<NewsParams, "slug">>,
    options?: RequestOptions,
  ): ApiPromise<NewsList>;
  /**
   * One published post with its body, sanitised HTML and sources (`GET /news?slug=`).
   *
   * @param slug The post's slug.
   * @param options Signal and timeout.
   * @returns The post; rejects with a 404 `not_found` ApiError for an unknown slug.
   */
  get(slug: string, options?: RequestOptions): ApiPromise<NewsPost>;
}

/** The client; create it with {@linkcode createClient}. */
export class LankaClient {
  /** The server's base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** Where operations run. */
  readonly mode: Mode;
  readonly #settings: TransportSettings;
  readonly #timeoutMs: number;
  readonly #cache: CacheStore | undefined;
  readonly #now: () => number;
  #today = { date: "", from: 0, to: 0 };

  /**
   * Creates a client (same as {@linkcode createClient}).
   *
   * @param options See {@linkcode ClientOptions}.
   */
  constructor(options: ClientOptions = {}) {
    const baseUrl = options.baseUrl ?? "http://localhost:8000";
    try {
      new URL(baseUrl);
    } catch {
      throw new TypeError(
        `Cannot create client: baseUrl must be a URL: got ${JSON.stringify(baseUrl)}`,
      );
    }
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.mode = options.mode ?? "auto";
    if (!["auto", "local", "remote"].includes(this.mode)) {
      throw new TypeError(
        `Cannot create client: mode must be "auto", "local" or "remote": got ${
          JSON.stringify(this.mode)
        }`,
      );
    }
    const retries = typeof options.retries === "number"
      ? { limit: options.retries }
      : options.retries;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#settings = {
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: this.#timeoutMs,
      retry: { limit: 2, backoffMs: 500, maxDelayMs: 30_000, ...retries },
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    };
    this.#cache = options.cache === false ? undefined : options.cache ?? new MemoryCache();
    this.#now = options.now ?? Date.now;
  }

  /**
   * Monthly APIT/PAYE on a gross monthly salary (`GET /tax/paye`).
   *
   * @param params `monthly`, and optionally `date` or `year` to pick the table.
   * @param options Signal and timeout.
   * @returns The tax breakdown.
   */
  paye(params: Input<PayeParams>, options?: RequestOptions): ApiPromise<PayeResult> {
    return this.call(payeOp, params, options);
  }

  /**
   * Adds or removes VAT (`GET /vat`).
   *
   * @param params `amount`, and optionally `rate` (default: the standard rate today) and `mode`.
   * @param options Signal and timeout.
   * @returns Base, VAT and total.
   */
  vat(params: Input<VatParams, "mode">, options?: RequestOptions): ApiPromise<VatResult> {
    return this.call(vatOp, params, options);
  }

  /** News: published posts and one post (see {@linkcode NewsMethods}). */
  readonly news: NewsMethods = {
    list: (params = {}, options) =>
      this.call(newsOp as Operation<unknown, NewsList>, params, options),
    get: (slug, options) => this.call(newsOp as Operation<unknown, NewsPost>, { slug }, options),
  };

  /**
   * Loan instalment (EMI) and totals, optionally the schedule (`GET /loan`).
   *
   * @param params `principal`, `rate`, `months`, and optionally `schedule`.
   * @param options Signal and timeout.
   * @returns The loan figures.
   */
  loan(params: Input<LoanParams, "schedule">, options?: RequestOptions): ApiPromise<LoanResult> {
    return this.call(loanOp, params, options);
  }

  /**
   * Fixed deposit maturity, yield and withholding tax (`GET /fd`).
   *
   * @param params `principal`, `rate`, `months`, and optionally `payout`, `wht`, `whtRate`.
   * @param options Signal and timeout.
   * @returns The deposit figures.
   */
  fd(params: Input<FdParams, "payout" | "wht">, options?: RequestOptions): ApiPromise<FdResult> {
    return this.call(fdOp, params, options);
  }

  /**
   * Converts a land extent between units and deed notation (`GET /convert/land`).
   *
   * @param params `value` and `from`, or `deed`.
   * @param options Signal and timeout.
   * @returns The extent in every unit.
   */
  convertLand(params: Input<LandParams>, options?: RequestOptions): ApiPromise<LandResult> {
    return this.call(landOp, params, options);
  }

  /**
   * Calls any operation of the registry, by name or definition: the generic form behind every
   * method, for operations newer than the typed methods.
   *
   * @param operation The operation name (`meta.endpoint`) or its definition.
   * @param params Its parameters (typed values; each becomes the string the server would see).
   * @param options Signal and timeout.
   * @returns The data, with `withResponse()` for the whole answer.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient({ mode: "local" });
   * const data = await client.call("vat", { amount: 100, rate: 18 });
   * console.log(data); // { mode: "add", rate: 18, base: 100, vat: 18, total: 118, currency: "LKR" }
   * ```
   */
  call<R = unknown>(
    // deno-lint-ignore no-explicit-any
    operation: string | Operation<any, R>,
    params?: object | Record<string, ParamValue | undefined>,
    options: RequestOptions = {},
  ): ApiPromise<R> {
    const op = typeof operation === "string" ? findOperation(operation) : operation;
    if (!op) {
      return rejected(new LankaError(`Cannot call "${operation}": no such operation`));
    }
    if (op.run && this.mode !== "remote") {
      try {
        return new ApiPromise(Promise.resolve(this.#local(op, params) as ApiResponse<R>));
      } catch (error) {
        return rejected(error);
      }
    }
    if (this.mode === "local") {
      return rejected(
        new LankaError(
          `Cannot call "${op.name}" in local mode: it is answered by the server only; create the client with mode "auto" or "remote"`,
        ),
      );
    }
    return new ApiPromise(this.#remote(op, params, options) as Promise<ApiResponse<R>>);
  }

  #local(op: AnyOperation, params: object | undefined): ApiResponse<unknown> {
    let data: unknown;
    let rendered = false;
    if (op.path.includes("{")) {
      // A path parameter no URL can carry ("", ".", "..") is refused as the remote call is.
      const { missing } = target(op, params);
      if (missing.length) throw missingPathParams(op, params, missing);
    }
    try {
      const parsed = parseParams(op, toEntries(params));
      data = op.run!(parsed, { today: this.#colomboDate(), baseUrl: this.baseUrl });
      // Another representation (e.g. format=ics) is the rendered text, as the server sends it.
      const format = chosenFormat(op, parsed);
      if (format) {
        data = format.render(data, parsed);
        rendered = true;
      }
    } catch (error) {
      throw isCoreApiError(error) ? fromCoreError(error) : error;
    }
    // A rendered representation has no envelope, so no meta: as from the server.
    if (rendered) return local(data, undefined);
    const meta: Meta = { tier: "local", endpoint: op.name };
    if (op.provenance) {
      if (op.page) meta.page_url = `${this.baseUrl}/tools/${op.page}`;
      meta.source_url = op.provenance.sourceUrl;
      meta.last_verified = op.provenance.lastVerified;
    }
    return local(data, meta);
  }

  /** Today in Asia/Colombo, recomputed only when the clock leaves the cached day. */
  #colomboDate(): string {
    const now = this.#now();
    if (now < this.#today.from || now >= this.#today.to) {
      const from = Math.floor((now + COLOMBO_OFFSET_MS) / 86_400_000) * 86_400_000 -
        COLOMBO_OFFSET_MS;
      const date = new Date(from + COLOMBO_OFFSET_MS).toISOString().slice(0, 10);
      this.#today = { date, from, to: from + 86_400_000 };
    }
    return this.#today.date;
  }

  async #remote(
    op: AnyOperation,
    params: object | undefined,
    options: RequestOptions,
  ): Promise<ApiResponse<unknown>> {
    const { path, body, missing } = target(op, params);
    if (missing.length) throw missingPathParams(op, params, missing);
    const url = this.baseUrl + path;
    const cache = op.method === "GET" && !op.run && !op.produces ? this.#cache : undefined;
    const key = `GET ${url}`;
    try {
      const result = await send({
        method: op.method,
        url,
        body,
        idempotent: op.method === "GET",
        binary: Boolean(op.produces),
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? this.#timeoutMs,
      }, this.#settings);
      if (cache) await bestEffort(() => cache.set(key, { savedAt: this.#now(), ...result }));
      return { ...result, source: "remote", stale: false, age: 0 };
    } catch (error) {
      const entry = cache && isOffline(error) ? await bestEffort(() => cache.get(key)) : undefined;
      if (!entry) throw error;
      return fromCache(entry, this.#now());
    }
  }
}

function local(data: unknown, meta: Meta | undefined): ApiResponse<unknown> {
  return {
    data,
    meta,
    rateLimit: undefined,
    requestId: undefined,
    source: "local",
    stale: false,
    age: 0,
  };
}

function fromCache(entry: CacheEntry, now: number): ApiResponse<unknown> {
  return {
    data: entry.data,
    meta: entry.meta,
    rateLimit: entry.rateLimit,
    requestId: entry.requestId,
    source: "cache",
    stale: true,
    age: Math.max(Math.floor((now - entry.savedAt) / 1000), 0),
  };
}

function rejected<R>(error: unknown): ApiPromise<R> {
  return new ApiPromise(Promise.reject(error));
}

/** The SDK error the server would have answered for a core error (same body, same class). */
function fromCoreError(error: CoreApiError): ApiError {
  const body = {
    ok: false as const,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
    ...error.extra,
  };
  return errorFromResponse(error.status, body, new Headers(error.headers));
}

/** A path parameter is missing: the core's own validation names it, as the server's would. */
function missingPathParams(op: AnyOperation, params: object | undefined, missing: string[]): Error {
  try {
    parseParams(op, toEntries(params));
  } catch (error) {
    if (isCoreApiError(error)) return fromCoreError(error);
  }
  return fromCoreError(
    CoreApiError.invalidParams(
      missing.map((param) => ({ param, message: `Parameter "${param}" is required` })),
    ),
  );
}

/** Failures that mean "the server cannot be reached right now". */
function isOffline(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError ||
    (error instanceof ApiError && [502, 503, 504].includes(error.status));
}

/** Runs a cache call; a failing cache never fails the request. */
async function bestEffort<T>(action: () => Promise<T> | T): Promise<T | undefined> {
  try {
    return await action();
  } catch {
    return undefined;
  }
}
