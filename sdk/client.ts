/**
 * The Lanka API client: one method per operation, computed in-process with the core registry
 * where the operation is local, sent to the server otherwise.
 *
 * @module
 */
import type { AnyOperation, Operation, OperationContext } from "../core/operation.ts";
import type { DistrictsParams, DistrictsResult } from "../core/ops/districts.ts";
import type { ElectricityBill, ElectricityParams } from "../core/ops/electricity.ts";
import type { PhoneResult } from "../core/ops/phone.ts";
import type {
  Division,
  DivisionsResult,
  ListDivisionsParams,
  PlacesParams,
  PlacesResult,
  PostcodeResult,
} from "../core/ops/places.ts";
import type { FdParams, FdResult } from "../core/ops/fd.ts";
import type { ApitParams, ApitResult } from "../core/ops/apit.ts";
import type { GratuityResult } from "../core/ops/gratuity.ts";
import type { HolidayOnDate, HolidaysParams, HolidaysResult } from "../core/ops/holidays.ts";
import type { LongWeekendsParams, LongWeekendsResult } from "../core/ops/long_weekends.ts";
import type { AddWorkingDaysResult, WorkingDaysAddParams } from "../core/ops/working_days_add.ts";
import type { WhtParams, WhtResult } from "../core/ops/wht.ts";
import type { SsclParams, SsclResult } from "../core/ops/sscl.ts";
import type { MinimumWage, MinimumWageParams } from "../core/ops/minimum_wage.ts";
import type { PayslipResult } from "../core/ops/payslip.ts";
import type { EpfProjectionResult } from "../core/ops/epf_projection.ts";
import type { MaternityResult } from "../core/ops/labour_maternity.ts";
import type { LeaveResult } from "../core/ops/labour_leave.ts";
import type { OvertimeResult } from "../core/ops/labour_overtime.ts";
import type { NoPayResult } from "../core/ops/labour_no_pay.ts";
import type { HolidayPayResult } from "../core/ops/labour_holiday_pay.ts";
import type { TerminationResult } from "../core/ops/labour_termination.ts";
import type { InjuryResult } from "../core/ops/labour_injury.ts";
import type { LandParams, LandResult } from "../core/ops/land.ts";
import type { LoanParams, LoanResult } from "../core/ops/loan.ts";
import type { NicResult } from "../core/ops/nic.ts";
import type { PayeParams, PayeResult } from "../core/ops/paye.ts";
import type { PlateResult } from "../core/ops/plate.ts";
import type { ScholarshipParams, ScholarshipResult } from "../core/ops/scholarship.ts";
import type { StoreListing, StoreParams, StoreProduct } from "../core/ops/store.ts";
import type { ToolsParams, ToolsResult } from "../core/ops/tools.ts";
import type { VatParams, VatResult } from "../core/ops/vat.ts";
import type { VoiceRequest } from "../core/ops/voice.ts";
import type { WordsParams, WordsResult } from "../core/ops/words.ts";
import type { WorkingDaysParams, WorkingDaysResult } from "../core/ops/working_days.ts";
import type { ZScoreParams, ZScoreResult } from "../core/ops/z_score.ts";
import type { AlCombinationParams, AlCombinationResult } from "../core/ops/al_combination.ts";
import type { NewsList, NewsParams, NewsPost } from "../core/ops/news.ts";
import type { Lang } from "../core/i18n.ts";
import {
  loadOperation,
  loadRuntime,
  type LocalRuntime,
  readyOperation,
  readyRuntime,
} from "./_operations.ts";
import type { OperationMap, OperationName } from "./operations.ts";
import { type CacheStore, MemoryCache } from "./cache.ts";
import { LankaError } from "./errors.ts";
import { answered, type ApiPromise, failed, localResponse, pending } from "./promise.ts";
import type * as Remote from "./_remote.ts";
import type { Runner } from "./_local.ts";
import type { RemoteClient } from "./_remote.ts";
import type { RetryOptions, TransportSettings } from "./transport.ts";
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
   * @default {the environment's `LANKA_API_BASE_URL`, else "http://localhost:8000"}
   */
  baseUrl?: string | undefined;
  /**
   * API key, sent as `Authorization: Bearer <key>`. Raises the daily limit and unlocks voice.
   *
   * @default {the environment's `LANKA_API_KEY`, else undefined (anonymous)}
   */
  apiKey?: string | undefined;
  /**
   * Whether `baseUrl` and `apiKey`, when not given, are read from the environment variables
   * `LANKA_API_BASE_URL` and `LANKA_API_KEY` where the runtime has an environment: Node and Bun
   * (`process.env`), Deno (`Deno.env`, only when the `env` permission is already granted: it
   * never prompts and never throws). In a browser there is none and nothing is read.
   *
   * @default {true}
   */
  env?: boolean | undefined;
  /**
   * The `fetch` to use (a mock in tests, an instrumented one, or `app.fetch` of an in-process
   * server).
   *
   * @default {globalThis.fetch}
   */
  fetch?: FetchLike | undefined;
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
  mode?: Mode | undefined;
  /**
   * Timeout of the whole call, ms: every HTTP attempt (body included) and the waits between
   * retries, so a server that never answers costs this long and no more; 0 disables it. A call
   * that times out rejects with a {@linkcode TimeoutError} stating it.
   *
   * @default {10000}
   */
  timeoutMs?: number | undefined;
  /**
   * Retries on 429, 502, 503, 504 and network errors, within `timeoutMs`: a number of retries,
   * or `{ limit, backoffMs, maxDelayMs }`. Waits `Retry-After` when the server sends it, else
   * `backoffMs` doubled each retry (with jitter); a `Retry-After` longer than `maxDelayMs` (a
   * daily limit resetting at midnight) or past the timeout is not waited out. POST requests (voice, which may already
   * have been charged) are retried only on 429. `0` disables retries.
   *
   * @default {{ limit: 2, backoffMs: 500, maxDelayMs: 30000 }}
   */
  retries?: number | RetryOptions | undefined;
  /**
   * Where the last good answer of each server-only read (news, store) is kept, served with
   * `stale: true` when the network fails. `false` disables it. See `DenoKvCache` and
   * `LocalStorageCache` for persistent stores.
   *
   * @default {new MemoryCache()} (100 entries)
   */
  cache?: CacheStore | false | undefined;
  /**
   * The clock, epoch ms. Local operations take "today" (Asia/Colombo) from it, as the server
   * does from its own clock.
   *
   * @default {Date.now}
   */
  now?: (() => number) | undefined;
  /**
   * Language of the text for people (reasons, labels, names) in every answer of an operation
   * that takes `lang`, locally and from the server alike; a call's own `lang` wins. Codes and
   * field names do not change with it. Locally, the Sinhala or Tamil catalogue is loaded on the
   * first call that needs it (a chunk of its own in bundles).
   *
   * @default {undefined} (English)
   */
  lang?: Lang | undefined;
}

/** Parameters of {@linkcode StoreMethods.list}: filters and paging (`slug` is `get()`'s). */
export type StoreListInput = Input<Omit<StoreParams, "slug">, "limit" | "offset">;

/** Options of {@linkcode StoreMethods.get}: the request's options and the answer's language. */
export interface StoreGetOptions extends RequestOptions {
  /**
   * Language of the product's text for people (its `answer`): `en`, `si` or `ta`. Codes and
   * names do not change with it.
   *
   * @default {the client's `lang`, else English}
   */
  lang?: Lang | undefined;
}

/** The body of {@linkcode VoiceMethods.synthesize}: `text`, the rest with server defaults. */
export type VoiceInput = Input<
  VoiceRequest,
  "voice" | "language" | "codec" | "sample_rate" | "text_normalization"
>;

/** The exam voucher catalogue (`GET /store`), answered by the server only. */
export interface StoreMethods {
  /**
   * A page of the catalogue, with facets and pricing (`GET /store`). Server only: rejects with a
   * {@linkcode LankaError} in local mode; the last good copy is served (`stale: true`) when the
   * network fails.
   *
   * @param params Optionally `vendor`, `topic`, `q`, `limit` (default 200), `offset` and `lang`
   *   (`en`, `si` or `ta`: topic labels and each product's `answer`; default the client's `lang`).
   * @param options Signal and timeout.
   * @returns The listing.
   *
   * @example Usage
   * ```ts ignore
   * import { createClient } from "../mod.ts";
   * const client = createClient({ baseUrl: "https://lanka.example" });
   * const page = await client.store.list({ vendor: "aws", q: "architect" });
   * console.log(page.total, page.products[0]?.price.formatted);
   * ```
   */
  list(params?: StoreListInput, options?: RequestOptions): ApiPromise<StoreListing>;
  /**
   * One product by slug (`GET /store?slug=`). Server only, as {@linkcode StoreMethods.list}.
   *
   * @param slug The product's slug, as in `products[].slug`.
   * @param options Signal, timeout and `lang` (the language of its `answer`; default the
   *   client's `lang`).
   * @returns The product; a {@linkcode NotFoundError} when no product has that slug.
   *
   * @example Usage
   * ```ts ignore
   * import { createClient } from "../mod.ts";
   * const client = createClient({ baseUrl: "https://lanka.example" });
   * const product = await client.store.get("aws-solutions-architect-associate-saa-c03");
   * console.log(product.examCode, product.price.amount);
   * const sinhala = await client.store.get("isc2-cissp", { lang: "si" });
   * console.log(sinhala.answer);
   * ```
   */
  get(slug: string, options?: StoreGetOptions): ApiPromise<StoreProduct>;
}

/** Text to speech (`POST /voice`), answered by the server only and only with an API key. */
export interface VoiceMethods {
  /**
   * Speaks a text (`POST /voice`): the audio bytes, MP3 or WAV as `codec` asks. Server only:
   * rejects with a {@linkcode LankaError} in local mode. Needs `apiKey`. A voice request is never
   * retried (it may have been charged) unless the server answered 429.
   *
   * @param body `text`, and optionally `voice`, `language`, `codec`, `sample_rate`, `bit_rate`,
   *   `text_normalization`.
   * @param options Signal and timeout.
   * @returns The audio file's bytes.
   *
   * @example Usage
   * ```ts ignore
   * import { createClient } from "../mod.ts";
   * const client = createClient({ baseUrl: "https://lanka.example", apiKey: "lk_..." });
   * const audio = await client.voice.synthesize({ text: "Ayubowan", codec: "wav" });
   * await Deno.writeFile("hello.wav", audio);
   * ```
   */
  synthesize(body: VoiceInput, options?: RequestOptions): ApiPromise<Uint8Array, undefined>;
}

/** The module that calls the server, once a remote call has loaded it (with the local runtime). */
let remoteModule: typeof Remote | undefined;

/**
 * The languages of `lang` (the core's `LANGS`, spelled out: importing the catalogue module here
 * would put its tables in the client's initial load).
 */
const LANG_CODES: readonly Lang[] = ["en", "si", "ta"] satisfies Lang[];

/** A local operation ready to run at once: its runner and the meta of its answers. */
interface Ready {
  op: AnyOperation;
  run: Runner;
  meta: Meta;
  runtime: LocalRuntime;
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
  readonly #remote: RemoteClient;
  readonly #now: () => number;
  readonly #lang: Lang | undefined;
  /** Today's context, reused until the clock leaves the day [#from, #to). */
  #todayFrom = 0;
  #todayTo = 0;
  #todayContext: OperationContext = { today: "", baseUrl: "" };
  readonly #metas = new WeakMap<AnyOperation, Meta>();
  /** Local operations ready to run at once, by id, with their runner and meta. */
  readonly #ready = new Map<string, Ready>();

  /** The exam voucher catalogue: `list()` and `get(slug)` (server only). */
  readonly store: StoreMethods = {
    list: (params, options) => this.call("store", params, options) as ApiPromise<StoreListing>,
    get: (slug, options = {}) => {
      const { lang, ...request } = options;
      const params = lang === undefined ? { slug } : { slug, lang };
      return this.call("store", params, request) as ApiPromise<StoreProduct>;
    },
  };

  /** Text to speech: `synthesize(body)` (server only, with an API key). */
  readonly voice: VoiceMethods = {
    synthesize: (body, options) => this.call("voice", body, options),
  };

  /**
   * Creates a client (same as {@linkcode createClient}).
   *
   * @param options See {@linkcode ClientOptions}.
   */
  constructor(options: ClientOptions = {}) {
    const fromEnv = options.env === false ? () => undefined : readEnv;
    const baseUrl = options.baseUrl ?? fromEnv("LANKA_API_BASE_URL") ?? "http://localhost:8000";
    const apiKey = options.apiKey ?? fromEnv("LANKA_API_KEY");
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
    const timeoutMs = options.timeoutMs ?? 10_000;
    const settings: TransportSettings = {
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs,
      retry: {
        limit: retries?.limit ?? 2,
        backoffMs: retries?.backoffMs ?? 500,
        maxDelayMs: retries?.maxDelayMs ?? 30_000,
      },
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    };
    this.#now = options.now ?? Date.now;
    this.#remote = {
      baseUrl: this.baseUrl,
      settings,
      timeoutMs,
      cache: options.cache === false ? undefined : options.cache ?? new MemoryCache(),
      now: this.#now,
    };
    if (options.lang !== undefined && !LANG_CODES.includes(options.lang)) {
      throw new TypeError(
        `Cannot create client: lang must be "en", "si" or "ta": got ${
          JSON.stringify(options.lang)
        }`,
      );
    }
    this.#lang = options.lang;
  }

  /**
   * Monthly APIT/PAYE on a gross monthly salary (`GET /tax/paye`).
   *
   * @param params `monthly`, and optionally `date` or `year` to pick the table.
   * @param options Signal and timeout.
   * @returns The tax breakdown.
   */
  paye(params: Input<PayeParams, "rounding">, options?: RequestOptions): ApiPromise<PayeResult> {
    return this.call("paye", params, options);
  }

  /**
   * Adds or removes VAT (`GET /vat`).
   *
   * @param params `amount`, and optionally `rate` (default: the standard rate today) and `mode`.
   * @param options Signal and timeout.
   * @returns Base, VAT and total.
   */
  vat(params: Input<VatParams, "mode">, options?: RequestOptions): ApiPromise<VatResult> {
    return this.call("vat", params, options);
  }

  /**
   * A rupee amount in words, as on a cheque (`GET /words`), computed locally.
   *
   * @param params `amount`, and optionally `lang` (en, si, ta), `style` (international, lakh)
   *   and `only`.
   * @param options Signal and timeout.
   * @returns The words, with the rupees and cents they spell.
   */
  words(
    params: Input<WordsParams, "only">,
    options?: RequestOptions,
  ): ApiPromise<WordsResult> {
    return this.call("words", params, options);
  }

  /** News: published posts and one post (see {@linkcode NewsMethods}). */
  readonly news: NewsMethods = {
    list: (params = {}, options) => this.call("news", params, options) as ApiPromise<NewsList>,
    get: (slug, options) => this.call("news", { slug }, options) as ApiPromise<NewsPost>,
  };

  /**
   * Loan instalment (EMI) and totals, optionally the schedule (`GET /loan`).
   *
   * @param params `principal`, `rate`, `months`, and optionally `schedule`.
   * @param options Signal and timeout.
   * @returns The loan figures.
   */
  loan(params: Input<LoanParams, "schedule">, options?: RequestOptions): ApiPromise<LoanResult> {
    return this.call("loan", params, options);
  }

  /**
   * Fixed deposit maturity, yield and withholding tax (`GET /fd`).
   *
   * @param params `principal`, `rate`, `months`, and optionally `payout`, `wht`, `whtRate`.
   * @param options Signal and timeout.
   * @returns The deposit figures.
   */
  fd(params: Input<FdParams, "payout" | "wht">, options?: RequestOptions): ApiPromise<FdResult> {
    return this.call("fd", params, options);
  }

  /**
   * Converts a land extent between units and deed notation (`GET /convert/land`).
   *
   * @param params `value` and `from`, or `deed`.
   * @param options Signal and timeout.
   * @returns The extent in every unit.
   */
  convertLand(params: Input<LandParams>, options?: RequestOptions): ApiPromise<LandResult> {
    return this.call("land", params, options);
  }

  /**
   * Decodes a National Identity Card number, old or new form (`GET /nic/{number}`).
   *
   * @param number The NIC number, for example `913014146V` or `199130104146`.
   * @param options Signal and timeout.
   * @returns Validity, date of birth, gender and both forms of the number.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const card = await client.nic("913014146V");
   * console.log(card.dateOfBirth, card.gender); // "1991-10-27" "Male"
   * ```
   */
  nic(number: string, options?: RequestOptions): ApiPromise<NicResult> {
    return this.call("nic", { number }, options);
  }

  /**
   * Reads a vehicle number plate: province, vehicle class and era (`GET /plate/{plate}`).
   *
   * @param plate The plate, for example `WP-CAB-1234`.
   * @param options Signal and timeout.
   * @returns The decoded plate.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const reading = await client.plate("WP-CAB-1234");
   * console.log(reading.province?.name); // "Western"
   * ```
   */
  plate(plate: string, options?: RequestOptions): ApiPromise<PlateResult> {
    return this.call("plate", { plate }, options);
  }

  /**
   * One month's payslip (`GET /payroll/payslip`): EPF, ETF, APIT on salary and bonus, net pay
   * and employer cost; with `net` instead of `basic`, the basic pay that nets it.
   *
   * @param params `basic` (or `net`), and the optional allowances, bonus, date and year to date.
   * @param options Signal and timeout.
   * @returns Every line of the payslip.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const slip = await client.payslip({ basic: 170000, bonus: 600000, date: "2025-04-25" });
   * console.log(slip.deductions.apitLumpSum?.amount); // 36000
   * ```
   */
  payslip(
    params: OperationMap["payslip"]["params"],
    options?: RequestOptions,
  ): ApiPromise<PayslipResult> {
    return this.call("payslip", params, options);
  }

  /**
   * Gratuity under the Payment of Gratuity Act No. 12 of 1983 (`GET /payroll/gratuity`).
   *
   * @param params `salary` (last drawn, monthly), `start` and `end` of service.
   * @param options Signal and timeout.
   * @returns Completed years, eligibility with its reason, and the amount.
   */
  gratuity(
    params: OperationMap["gratuity"]["params"],
    options?: RequestOptions,
  ): ApiPromise<GratuityResult> {
    return this.call("gratuity", params, options);
  }

  /**
   * The national minimum wage in force on a date (`GET /payroll/minimum-wage`).
   *
   * @param params Optionally `date` (default today).
   * @param options Signal and timeout.
   * @returns The monthly and daily minima and the Act.
   */
  minimumWage(params: MinimumWageParams = {}, options?: RequestOptions): ApiPromise<MinimumWage> {
    return this.call("minimum-wage", params, options);
  }

  /**
   * An electricity bill under the PUCSL tariff decision in force on a date
   * (`GET /electricity/bill`).
   *
   * @param params `units`, and optionally `category` (default D-1), `date` (default today) and
   *   `days` (default 30).
   * @param options Signal and timeout.
   * @returns The energy charge by block, the fixed charge, SSCL and the total, with the decision.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const bill = await client.electricityBill({ units: 69, date: "2026-06-01" });
   * console.log(bill.charge); // 1420: 60 x 14 + 9 x 20 + 400 fixed (May 2026 tariff)
   * ```
   */
  electricityBill(
    params: ElectricityParams,
    options?: RequestOptions,
  ): ApiPromise<ElectricityBill> {
    return this.call("electricity-bill", params, options);
  }

  /**
   * Checks a Sri Lankan phone number as typed (`GET /phone/{number}`): validity, E.164 and
   * national forms, mobile or fixed, the operator of a mobile prefix or the area of a code.
   *
   * @param number The number, for example `077 123 4567` or `+94112345678`.
   * @param options Signal and timeout.
   * @returns The answer; a number that is not valid has `valid: false` and a reason.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const found = await client.phone("077 123 4567");
   * console.log(found.e164, found.operator?.name); // "+94771234567" "Dialog"
   * ```
   */
  phone(number: string, options?: RequestOptions): ApiPromise<PhoneResult> {
    return this.call("phone", { number }, options);
  }

  /**
   * EPF and ETF balances by the declared rates (`GET /payroll/epf-projection`).
   *
   * @param params `monthly` earnings, `from` and `to` years, opening balances, `crediting`.
   * @param options Signal and timeout.
   * @returns Each year's contributions, interest and balances.
   */
  epfProjection(
    params: OperationMap["epf-projection"]["params"],
    options?: RequestOptions,
  ): ApiPromise<EpfProjectionResult> {
    return this.call("epf-projection", params, options);
  }

  /**
   * Maternity leave for a confinement (`GET /labour/maternity`).
   *
   * @param params `confinement` date, `live`, `scheme` (`shop-office` or `ordinance`).
   * @param options Signal and timeout.
   * @returns The days, the dates and the nursing intervals.
   */
  maternity(
    params: OperationMap["maternity"]["params"],
    options?: RequestOptions,
  ): ApiPromise<MaternityResult> {
    return this.call("maternity", params, options);
  }

  /**
   * Annual and casual leave due in a calendar year (`GET /labour/leave`).
   *
   * @param params `joined`, `year`, `firstYearCasual`.
   * @param options Signal and timeout.
   * @returns `annual` and `casual` days.
   */
  leave(
    params: OperationMap["leave"]["params"],
    options?: RequestOptions,
  ): ApiPromise<LeaveResult> {
    return this.call("leave", params, options);
  }

  /**
   * Overtime pay (`GET /labour/overtime`).
   *
   * @param params `monthly`, `hours`, `divisor` (240, 200 or 208).
   * @param options Signal and timeout.
   * @returns The amount and the rates.
   */
  overtime(
    params: OperationMap["overtime"]["params"],
    options?: RequestOptions,
  ): ApiPromise<OvertimeResult> {
    return this.call("overtime", params, options);
  }

  /**
   * The no-pay deduction (`GET /labour/no-pay`).
   *
   * @param params `monthly`, `days`, `hours`, `divisor`.
   * @param options Signal and timeout.
   * @returns The deduction and the rates.
   */
  noPay(
    params: OperationMap["no-pay"]["params"],
    options?: RequestOptions,
  ): ApiPromise<NoPayResult> {
    return this.call("no-pay", params, options);
  }

  /**
   * Pay for work on a holiday (`GET /labour/holiday-pay`).
   *
   * @param params `monthly`, `holiday`, `days`, `divisor`.
   * @param options Signal and timeout.
   * @returns The pay on top of the monthly pay, or null where no rule was found.
   */
  holidayPay(
    params: OperationMap["holiday-pay"]["params"],
    options?: RequestOptions,
  ): ApiPromise<HolidayPayResult> {
    return this.call("holiday-pay", params, options);
  }

  /**
   * TEWA compensation by the Commissioner's formula (`GET /labour/termination`).
   *
   * @param params `salary`, `years`, `date`.
   * @param options Signal and timeout.
   * @returns The months, the amount and whether the cap applied.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const c = await client.termination({ salary: 100000, years: 10, date: "2026-01-01" });
   * console.log(c.amount); // 2250000
   * ```
   */
  termination(
    params: OperationMap["termination"]["params"],
    options?: RequestOptions,
  ): ApiPromise<TerminationResult> {
    return this.call("termination", params, options);
  }

  /**
   * Workmen's compensation by Schedule IV (`GET /labour/injury`).
   *
   * @param params `monthly`, `outcome`, `loss` (permanent partial).
   * @param options Signal and timeout.
   * @returns The amount or the half-monthly payment.
   */
  injury(
    params: OperationMap["injury"]["params"],
    options?: RequestOptions,
  ): ApiPromise<InjuryResult> {
    return this.call("injury", params, options);
  }

  /**
   * APIT under any table by number (`GET /tax/apit`), with that table's own inputs.
   *
   * @param params `table` and its inputs (1: `monthly`; 2: `paidToDate`, `payable`, `lumpSums`).
   * @param options Signal and timeout.
   * @returns The tax and the table version applied.
   */
  apit(params: ApitParams, options?: RequestOptions): ApiPromise<ApitResult> {
    return this.call("apit", params, options);
  }

  /**
   * Public, bank and mercantile holidays of a year (`GET /holidays`). For the iCalendar file,
   * `call("holidays", { year, format: "ics" })` gives its text.
   *
   * @param params Optionally `year` (default: this year in Colombo) and `type`.
   * @param options Signal and timeout.
   * @returns The holidays, with their gazette source.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const list = await client.holidays({ year: 2026, type: "mercantile" });
   * console.log(list.holidays[0]?.date); // "2026-01-15"
   * ```
   */
  holidays(
    params?: Omit<HolidaysParams, "format">,
    options?: RequestOptions,
  ): ApiPromise<HolidaysResult> {
    return this.call("holidays", params, options);
  }

  /**
   * Counts working days between two dates, inclusive (`GET /working-days`).
   *
   * @param params `from`, `to`, and optionally `calendar` (default mercantile) and `saturday`.
   * @param options Signal and timeout.
   * @returns The count and the holidays skipped.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const span = await client.workingDays({ from: "2026-05-01", to: "2026-05-31" });
   * console.log(span.workingDays); // 20: 21 weekdays less May Day (Friday 1 May)
   * ```
   */
  workingDays(
    params: Input<WorkingDaysParams, "calendar" | "saturday">,
    options?: RequestOptions,
  ): ApiPromise<WorkingDaysResult> {
    return this.call("working-days", params, options);
  }

  /**
   * Withholding tax on a payment by type and date (`GET /tax/wht`), with the IRD circular behind
   * the rate. Dates before 2023 are a 501 `not_available` (no rate held).
   *
   * @param params `payment`, `amount`, and optionally `date` (default today) and `paidThisMonth`.
   * @param options Signal and timeout.
   * @returns The tax withheld and the net payment.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const fee = await client.wht({ payment: "service-fee", amount: 150_000, date: "2026-01-15" });
   * console.log(fee.wht); // 7500: 5% once the month passes Rs 100,000 (SEC/2022/E/03)
   * ```
   */
  wht(params: WhtParams, options?: RequestOptions): ApiPromise<WhtResult> {
    return this.call("wht", params, options);
  }

  /**
   * The Social Security Contribution Levy on a period's turnover (`GET /tax/sscl`).
   *
   * @param params `turnover`, and optionally `date` (default today), `activity` and `period`.
   * @param options Signal and timeout.
   * @returns The levy with the thresholds in force.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const q = await client.sscl({ turnover: 40_000_000, date: "2025-06-30" });
   * console.log(q.levy); // 1000000: 2.5% of a quarter's Rs 40 million of services
   * ```
   */
  sscl(
    params: Input<SsclParams, "activity" | "period">,
    options?: RequestOptions,
  ): ApiPromise<SsclResult> {
    return this.call("sscl", params, options);
  }

  /**
   * Whether a date is a holiday, in which calendars, and whether it falls on a weekend
   * (`GET /holidays/{date}`). A year not yet gazetted is a `NotFoundError` (404).
   *
   * @param date The date, `YYYY-MM-DD`.
   * @param options Optionally `lang` (holiday names), signal and timeout.
   * @returns The answer, with the holidays on that date.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const day = await client.isHoliday("2026-12-25");
   * console.log(day.mercantile); // true: Christmas (Gazette 2438/22)
   * ```
   */
  isHoliday(
    date: string,
    options?: RequestOptions & { lang?: Lang | undefined },
  ): ApiPromise<HolidayOnDate> {
    const { lang, ...rest } = options ?? {};
    return this.call("is-holiday", lang === undefined ? { date } : { date, lang }, rest);
  }

  /**
   * The runs of three or more days off in a year (`GET /holidays/long-weekends`): Saturdays,
   * Sundays and the holidays of a calendar, as the working-day counter reads them.
   *
   * @param params The year (default this year), the calendar (default `public`), the Poya
   *   reading of the mercantile calendar, the shortest run, the language.
   * @param options Request options.
   * @returns The runs, each with the holidays that lengthen it.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const weekends = await client.longWeekends({ year: 2026 });
   * console.log(weekends.count); // 6 on the public calendar (Gazette 2438/22)
   * ```
   */
  longWeekends(
    params?: Partial<LongWeekendsParams>,
    options?: RequestOptions,
  ): ApiPromise<LongWeekendsResult> {
    return this.call("long-weekends", params, options);
  }

  /**
   * The date `days` working days after `from`, or before it when `days` is negative
   * (`GET /working-days/add`); `from` itself is not counted.
   *
   * @param from The start date, `YYYY-MM-DD`.
   * @param days Working days to add (negative counts back).
   * @param options Optionally `calendar` (default mercantile), `saturday` and `lang`; signal and
   *   timeout.
   * @returns The date as `date`, with the holidays skipped.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const due = await client.addWorkingDays("2026-12-24", 1);
   * console.log(due.date); // "2026-12-28": Christmas and the weekend skipped
   * ```
   */
  addWorkingDays(
    from: string,
    days: number,
    options?:
      & RequestOptions
      & Partial<Pick<WorkingDaysAddParams, "calendar" | "saturday" | "lang">>,
  ): ApiPromise<AddWorkingDaysResult> {
    const { calendar, saturday, lang, ...rest } = options ?? {};
    const params: Input<WorkingDaysAddParams, "calendar" | "saturday"> = { from, days };
    if (calendar !== undefined) params.calendar = calendar;
    if (saturday !== undefined) params.saturday = saturday;
    if (lang !== undefined) params.lang = lang;
    return this.call("working-days-add", params, rest);
  }

  /**
   * The 25 districts with their province, optionally of one province (`GET /districts`).
   *
   * @param params Optionally `province` (name, slug or ISO code).
   * @param options Signal and timeout.
   * @returns The districts.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const western = await client.districts({ province: "Western" });
   * console.log(western.districts.map((d) => d.name)); // ["Colombo", "Gampaha", "Kalutara"]
   * ```
   */
  districts(params?: DistrictsParams, options?: RequestOptions): ApiPromise<DistrictsResult> {
    return this.call("districts", params, options);
  }

  /**
   * The post office or offices behind a postcode (`GET /postcodes/{code}`): names in English,
   * Sinhala and Tamil, postal district, province, coordinates, sources and where the sources
   * disagree. An old code answers with the code it changed to (`changed: true`). Computed
   * locally: the places data (about 100 KB gzipped) loads with the first places call.
   *
   * @param code Five digits, for example `"20000"`.
   * @param options Signal and timeout.
   * @returns The offices.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const kotmale = await client.postcode("20560");
   * console.log(kotmale.code, kotmale.changed); // "22560" true
   * ```
   */
  postcode(code: string, options?: RequestOptions): ApiPromise<PostcodeResult> {
    return this.call("postcode", { code }, options);
  }

  /**
   * Searches post offices, localities, DS divisions and local authorities by name in English,
   * Sinhala or Tamil (the first letters, another spelling or a typing error will do) or by
   * postcode (`GET /places`), best first.
   *
   * @param params `q`; optionally `district`, `kind` and `limit` (default 10).
   * @param options Signal and timeout.
   * @returns The places found.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const found = await client.places({ q: "Mullathivu", limit: 1 });
   * console.log(found.places[0]?.postcode); // "42000"
   * ```
   */
  places(
    params: Input<PlacesParams, "limit">,
    options?: RequestOptions,
  ): ApiPromise<PlacesResult> {
    return this.call("places", params, options);
  }

  /**
   * DS divisions and local authorities with their district and province (`GET /divisions`).
   *
   * @param params Optionally `kind`, `district`, `limit` (default 100) and `offset`.
   * @param options Signal and timeout.
   * @returns A page of divisions.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const colombo = await client.divisions({ district: "Colombo", kind: "ds_division" });
   * console.log(colombo.total); // 13
   * ```
   */
  divisions(
    params?: Input<ListDivisionsParams, "limit" | "offset">,
    options?: RequestOptions,
  ): ApiPromise<DivisionsResult> {
    return this.call("divisions", params, options);
  }

  /**
   * One DS division (`LK-1103`) or local authority (`LA-11-001`) in full
   * (`GET /divisions/{id}`).
   *
   * @param id The id.
   * @param options Signal and timeout.
   * @returns The division.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const colombo = await client.division("LK-1103");
   * console.log(colombo.name.en, colombo.gndCount); // "Colombo" 35
   * ```
   */
  division(id: string, options?: RequestOptions): ApiPromise<Division> {
    return this.call("division", { id }, options);
  }

  /**
   * Searches the tool catalogue (`GET /tools`).
   *
   * @param params Optionally `q`, `category`, `limit` and `offset`.
   * @param options Signal and timeout.
   * @returns A page of tools.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const found = await client.tools({ q: "tax" });
   * console.log(found.tools.map((t) => t.slug)); // ["paye", "vat", "fd"]
   * ```
   */
  tools(
    params?: Input<ToolsParams, "limit" | "offset">,
    options?: RequestOptions,
  ): ApiPromise<ToolsResult> {
    return this.call("tools", params, options);
  }

  /**
   * A/L Z-score of three subjects, or without `subjects` the subjects and method
   * (`GET /z-score`).
   *
   * @param params Optionally `subjects`: three `subject:mark` (or `subject:mark:mean:sd`) terms.
   * @param options Signal and timeout.
   * @returns The calculation, or the listing.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const z = await client.zScore({ subjects: "physics:72,chemistry:68,combined-maths:80" });
   * if ("zScore" in z) console.log(z.zScore, z.stream.name);
   * ```
   */
  zScore(params?: ZScoreParams, options?: RequestOptions): ApiPromise<ZScoreResult> {
    return this.call("z-score", params, options);
  }

  /**
   * The stream three A/L subjects belong to, without marks, and whether its rule was verified
   * (`GET /education/al-combination`).
   *
   * @param params `subjects`: three subject ids or codes, comma-separated.
   * @param options Signal and timeout.
   * @returns The stream, `verified` and a note.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const r = await client.alCombination({ subjects: "biology,chemistry,physics" });
   * console.log(r.stream.name, r.verified);
   * ```
   */
  alCombination(
    params: AlCombinationParams,
    options?: RequestOptions,
  ): ApiPromise<AlCombinationResult> {
    return this.call("al-combination", params, options);
  }

  /**
   * Grade 5 scholarship cut-off of a district and medium and, with a mark, the schools it
   * reaches; without parameters, the years, districts and coverage (`GET /scholarship-cutoff`).
   *
   * @param params Optionally `year`, `district` with `medium`, and `mark`.
   * @param options Signal and timeout.
   * @returns The cut-off, or the listing.
   *
   * @example Usage
   * ```ts
   * import { createClient } from "../mod.ts";
   * const client = createClient();
   * const cut = await client.scholarshipCutoff({ year: 2024, district: "Colombo", medium: "Sinhala" });
   * if ("cutoff" in cut) console.log(cut.cutoff); // 143
   * ```
   */
  scholarshipCutoff(
    params?: ScholarshipParams,
    options?: RequestOptions,
  ): ApiPromise<ScholarshipResult> {
    return this.call("scholarship-cutoff", params, options);
  }

  /**
   * Calls any operation of the registry by its id: the generic form behind every method, typed
   * by the id (parameters and result, see {@linkcode OperationMap}).
   *
   * @typeParam K The operation id.
   * @param operation The operation id (`meta.endpoint`), for example `"vat"`.
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
  call<K extends OperationName>(
    operation: K,
    params?: OperationMap[K]["params"],
    options?: RequestOptions,
  ): ApiPromise<OperationMap[K]["result"], OperationMap[K]["meta"]>;
  /**
   * Calls an operation by its definition (for example one imported from the core).
   *
   * @typeParam P Its parameters.
   * @typeParam R Its result.
   * @param operation The definition.
   * @param params Its parameters.
   * @param options Signal and timeout.
   * @returns The data; `meta` is absent on binary answers and rendered formats.
   */
  call<P, R>(
    operation: Operation<P, R>,
    params?: Partial<Record<keyof P, ParamValue>>,
    options?: RequestOptions,
  ): ApiPromise<R, Meta | undefined>;
  /**
   * Calls an operation by an id this client has no types for (one newer than the client).
   *
   * @typeParam N The id.
   * @param operation The id; ids of {@linkcode OperationMap} take the typed form above.
   * @param params Its parameters.
   * @param options Signal and timeout.
   * @returns The data, of unknown type.
   */
  call<N extends string>(
    operation: N extends OperationName ? never : N,
    params?: Record<string, ParamValue | undefined>,
    options?: RequestOptions,
  ): ApiPromise<unknown, Meta | undefined>;
  call(
    operation: string | AnyOperation,
    params?: object,
    options?: RequestOptions,
  ): ApiPromise<unknown, Meta | undefined> {
    if (typeof operation !== "string") return this.#call(operation, params, options);
    const ready = this.#ready.get(operation);
    if (ready !== undefined) return this.#run(ready, params);
    const op = readyOperation(operation);
    if (op !== undefined) return this.#call(op, params, options);
    return pending(
      loadOperation(operation).then((loaded) => {
        if (!loaded) throw new LankaError(`Cannot call "${operation}": no such operation`);
        return this.#answer(loaded, params, options);
      }),
    );
  }

  /** A call of a loaded operation: its answer at hand, or its promise. */
  #call<R>(
    op: AnyOperation,
    params: object | undefined,
    options: RequestOptions | undefined,
  ): ApiPromise<R, Meta> {
    const runtime = readyRuntime();
    if (
      runtime !== undefined && op.run !== undefined && op.formats === undefined &&
      this.mode !== "remote"
    ) {
      const ready: Ready = { op, run: runtime.runner(op), meta: this.#meta(op), runtime };
      // Operations of the registry are remembered by id: the next call goes straight to them.
      if (readyOperation(op.name) === op) this.#ready.set(op.name, ready);
      return this.#run(ready, params) as ApiPromise<R, Meta>;
    }
    return pending(this.#answer(op, params, options)) as ApiPromise<R, Meta>;
  }

  /** The common case, computed at once: the pure operation on the parsed parameters. */
  #run(ready: Ready, params: object | undefined): ApiPromise<unknown, Meta> {
    let data: unknown;
    try {
      const given = this.#lang === undefined ? params : this.#withLang(ready.op, params);
      data = ready.run(given, this.#context());
    } catch (error) {
      if (!ready.runtime.recoverable(error)) return failed(error);
      return pending(this.#answer(ready.op, params, undefined)) as ApiPromise<unknown, Meta>;
    }
    return answered(
      data,
      ready.op.provenanceOf === undefined ? ready.meta : this.#metaOf(ready.op, data),
    );
  }

  /**
   * The answer to a call, whatever it needs first: the local runtime, an area of the catalogue
   * of text for people (loaded when an answer first needs it, then the operation runs again), or
   * the server.
   */
  async #answer(
    op: AnyOperation,
    params: object | undefined,
    options: RequestOptions | undefined,
  ): Promise<ApiResponse<unknown, Meta | undefined>> {
    if (this.#lang !== undefined) params = this.#withLang(op, params);
    if (op.run && this.mode !== "remote") {
      const runtime = readyRuntime() ?? await loadRuntime();
      for (;;) {
        try {
          return this.#local(runtime, op, params);
        } catch (error) {
          // Throws the error itself when no load can help: each round loads an area that was
          // missing, so the rounds end.
          await runtime.recover(error);
        }
      }
    }
    if (this.mode === "local") {
      throw new LankaError(
        `Cannot call "${op.name}" in local mode: it is answered by the server only; create the client with mode "auto" or "remote"`,
      );
    }
    // Called at once when the module is loaded: the request starts before this call returns.
    const module = remoteModule ?? (remoteModule = (await Promise.all([
      import("./_remote.ts"),
      loadRuntime(),
    ]))[0]);
    return module.remote(this.#remote, op, params, options ?? {});
  }

  /** The parameters with the client's `lang`, for an operation that takes one and a call without. */
  #withLang(op: AnyOperation, params: object | undefined): object | undefined {
    return (params as { lang?: unknown } | undefined)?.lang == null &&
        Object.hasOwn(op.params.shape, "lang")
      ? { ...params, lang: this.#lang }
      : params;
  }

  #local(
    runtime: LocalRuntime,
    op: AnyOperation,
    params: object | undefined,
  ): ApiResponse<unknown, Meta | undefined> {
    if (op.formats) {
      const answer = runtime.runFormatted(op, params, this.#context());
      // A rendered representation has no envelope, so no meta: as from the server.
      if (answer.rendered) return localResponse(answer.data, undefined);
      return localResponse(answer.data, this.#metaOf(op, answer.data));
    }
    const data = runtime.run(op, params, this.#context());
    return localResponse(data, this.#metaOf(op, data));
  }

  /** The meta of a local answer: the operation's, or the source the answer names. */
  #metaOf(op: AnyOperation, data: unknown): Meta {
    const meta = this.#meta(op);
    if (op.provenanceOf === undefined || op.provenance === undefined) return meta;
    // An answer whose source depends on it (a dated table) names its own source.
    const source = op.provenanceOf(data);
    return Object.freeze({
      ...meta,
      source_url: source.sourceUrl,
      last_verified: source.lastVerified,
    });
  }

  /** The meta of an operation's local answers: the same every call, built once and frozen. */
  #meta(op: AnyOperation): Meta {
    let meta = this.#metas.get(op);
    if (!meta) {
      meta = { tier: "local", endpoint: op.name };
      if (op.provenance) {
        if (op.page) meta.page_url = `${this.baseUrl}/tools/${op.page}`;
        meta.source_url = op.provenance.sourceUrl;
        meta.last_verified = op.provenance.lastVerified;
      }
      this.#metas.set(op, Object.freeze(meta));
    }
    return meta;
  }

  /**
   * The context of local operations: today in Asia/Colombo and the base URL, one object reused
   * until the clock leaves the day.
   */
  #context(): OperationContext {
    const now = this.#now();
    if (now < this.#todayFrom || now >= this.#todayTo) {
      const from = Math.floor((now + COLOMBO_OFFSET_MS) / 86_400_000) * 86_400_000 -
        COLOMBO_OFFSET_MS;
      const today = new Date(from + COLOMBO_OFFSET_MS).toISOString().slice(0, 10);
      this.#todayContext = Object.freeze({ today, baseUrl: this.baseUrl });
      this.#todayFrom = from;
      this.#todayTo = from + 86_400_000;
    }
    return this.#todayContext;
  }
}

/** The runtimes' environments, as far as the client needs them (no runtime types required). */
interface RuntimeGlobals {
  Deno?: {
    env?: { get(name: string): string | undefined };
    permissions?: { querySync?(descriptor: { name: "env"; variable: string }): { state: string } };
  };
  process?: { env?: Record<string, string | undefined> };
}

/**
 * An environment variable, where the runtime has an environment: Deno (only with the permission
 * already granted, so it never prompts or throws), else Node and Bun (`process.env`). Empty
 * values count as absent. Undefined in a browser.
 */
function readEnv(name: string): string | undefined {
  const runtime = globalThis as RuntimeGlobals;
  let value: string | undefined;
  try {
    const deno = runtime.Deno;
    if (deno?.env) {
      const state = deno.permissions?.querySync?.({ name: "env", variable: name }).state;
      value = state === undefined || state === "granted" ? deno.env.get(name) : undefined;
    } else {
      value = runtime.process?.env?.[name];
    }
  } catch {
    value = undefined;
  }
  return value?.trim() ? value.trim() : undefined;
}
