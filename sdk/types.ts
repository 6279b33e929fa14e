/**
 * Types shared by the client, its transport and its cache.
 *
 * @module
 */

/** Where operations run: see {@linkcode ClientOptions.mode}. */
export type Mode = "auto" | "local" | "remote";

/** The `meta` object of an answer (spec 2.2). */
export interface Meta {
  /** Caller tier: `anonymous`, `key`, or `local` for answers computed in-process. */
  tier: string;
  /** Operation name, for example `paye`. */
  endpoint: string;
  /** Daily limit applying to the caller (absent on local answers). */
  limit?: number;
  /** Calls left today (absent on local answers). */
  remaining?: number;
  /** Human page of the tool, on endpoints backed by published figures. */
  page_url?: string;
  /** Official source of the figures. */
  source_url?: string;
  /** When the figures were last checked, `YYYY-MM-DD`. */
  last_verified?: string;
}

/** The `X-RateLimit-*` headers of a response. */
export interface RateLimit {
  /** Daily limit. */
  limit: number;
  /** Calls left today. */
  remaining: number;
  /** When the counters reset, epoch seconds. */
  reset: number;
}

/**
 * The full answer, from {@linkcode ApiPromise.withResponse}.
 *
 * @typeParam T The data type.
 * @typeParam M The meta type: {@linkcode Meta} for JSON answers (the server always sends it, and
 *   local answers build the same), `undefined` for binary ones (voice) and rendered formats.
 */
export interface ApiResponse<T, M extends Meta | undefined = Meta> {
  /** The typed result (for binary operations such as voice, the bytes). */
  data: T;
  /** The envelope's `meta` (built in-process for local answers; absent on binary answers). */
  meta: M;
  /** The rate-limit headers; undefined for local answers. */
  rateLimit: RateLimit | undefined;
  /** The `X-Request-Id` of the response; undefined for local answers. */
  requestId: string | undefined;
  /** `local` (computed in-process), `remote` (from the server) or `cache` (offline fallback). */
  source: "local" | "remote" | "cache";
  /** True when this is a cached copy served because the network failed. */
  stale: boolean;
  /** Seconds since the answer was received from the server (0 unless stale). */
  age: number;
  /**
   * The HTTP headers of the server's answer (`X-RateLimit-*`, `X-Request-Id`, `ETag`,
   * `X-Voice-*`, ...); undefined for local and cached answers.
   */
  headers: Headers | undefined;
  /** For a voice answer from the server: what its `X-Voice-*` headers say; else undefined. */
  voice: VoiceInfo | undefined;
}

/** What a voice answer's `X-Voice-*` headers say about the audio. */
export interface VoiceInfo {
  /** Length of the audio, seconds (`X-Voice-Duration`). */
  duration: number | undefined;
  /** The language spoken, as detected for `language: "auto"` (`X-Voice-Language`). */
  language: string | undefined;
  /** Sample rate of the audio, Hz (`X-Voice-Sample-Rate`). */
  sampleRate: number | undefined;
  /** MP3 bit rate, bps (`X-Voice-Bit-Rate`; undefined for WAV). */
  bitRate: number | undefined;
  /** Voice requests left today for the key (`X-Voice-Remaining`). */
  remaining: number | undefined;
  /** Warnings about the text (`X-Voice-Warning`, split on ` | `). */
  warnings: string[];
}

/** The `fetch` the client calls: the global one, a mock, or an in-process server's handler. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Options of a single call. */
export interface RequestOptions {
  /**
   * Cancels the call: it rejects with an `AbortError` carrying the signal's reason, or a
   * `TimeoutError` for `AbortSignal.timeout()`.
   */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` (the whole call, retries included) for this call. */
  timeoutMs?: number | undefined;
}

/** A parameter value as the SDK takes it; turned into the string the server would see. */
export type ParamValue = string | number | boolean;

/**
 * An operation's typed parameters as the SDK takes them: the keys `K` have server defaults and may
 * be left out.
 *
 * @typeParam P The parsed parameters of the operation.
 * @typeParam K Keys with defaults.
 */
export type Input<P, K extends keyof P = never> = Omit<P, K> & Partial<Pick<P, K>>;
