/**
 * The errors the client raises. Branch on the class (`instanceof`) or, across realms (iframes,
 * workers, duplicated installs), on the guards, which also match by `name`.
 *
 * ```
 * LankaError                 anything the client raises on purpose
 * ├─ ApiError                the server (or the local core) answered with an error envelope
 * │  ├─ ValidationError      400, 413, 414, 415: the request itself is wrong
 * │  ├─ AuthError            401, 403: missing, unknown or insufficient API key
 * │  ├─ NotFoundError        404
 * │  └─ RateLimitError       429: with retryAfter and reset
 * ├─ NetworkError            fetch failed (offline, DNS, connection reset)
 * └─ TimeoutError            no answer within timeoutMs
 * ```
 *
 * @module
 */
import type { ErrorCode, ErrorDetail } from "../core/errors.ts";

/** The parsed JSON body of an error response (`{ ok: false, error, code, ... }`). */
export interface ErrorBody {
  ok: false;
  /** The message for people. */
  error: string;
  /** The machine-readable code (absent on voice errors, which are `{ ok: false, error }`). */
  code?: string;
  /** Per-parameter problems, for `invalid_param`. */
  details?: ErrorDetail[];
  /** The request id the server logged. */
  requestId?: string;
  /** Other fields (for example `limit`, `remaining` and `reset` on a 429). */
  [field: string]: unknown;
}

/** Base class of every error the client raises on purpose. */
export class LankaError extends Error {
  /**
   * Creates an error.
   *
   * @param message A sentence-case message for people.
   * @param options The underlying cause, if any.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "LankaError";
  }
}

/** What {@linkcode ApiError} is built from. */
export interface ApiErrorInit {
  /** HTTP status. */
  status: number;
  /** Error code from the body, or derived from the status when the body has none. */
  code: ErrorCode | (string & Record<never, never>);
  /** The `X-Request-Id` of the response (undefined for errors computed locally). */
  requestId?: string | undefined;
  /** The parsed error body. */
  body: ErrorBody;
  /** The response headers (empty for errors computed locally). */
  headers?: Headers | undefined;
}

/**
 * The server answered with an error envelope, or a local operation refused its input exactly as
 * the server would have.
 */
export class ApiError extends LankaError {
  /** HTTP status (400 for a local validation failure, as the server would answer). */
  readonly status: number;
  /** Machine-readable code, such as `invalid_param` or `rate_limited` (see the README table). */
  readonly code: ErrorCode | (string & Record<never, never>);
  /** The request id to quote when reporting a problem; undefined for local errors. */
  readonly requestId: string | undefined;
  /** The parsed error body, as the server sent it (or would have). */
  readonly body: ErrorBody;
  /** Response headers (empty for local errors). */
  readonly headers: Headers;

  /**
   * Creates an error.
   *
   * @param message The message for people (the body's `error`).
   * @param init Status, code, request id, body and headers.
   */
  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.body = init.body;
    this.headers = init.headers ?? new Headers();
  }

  /** Per-parameter problems (`invalid_param`), else an empty list. */
  get details(): ErrorDetail[] {
    return this.body.details ?? [];
  }
}

/** The request is wrong: a parameter is missing, malformed, out of range or unknown. */
export class ValidationError extends ApiError {
  /**
   * Creates an error.
   *
   * @param message The message for people.
   * @param init Status, code, request id, body and headers.
   */
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = "ValidationError";
  }
}

/** The API key is missing (key-only endpoints), unknown, revoked, or not allowed this. */
export class AuthError extends ApiError {
  /**
   * Creates an error.
   *
   * @param message The message for people.
   * @param init Status, code, request id, body and headers.
   */
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = "AuthError";
  }
}

/** No such endpoint, or no such item (an unknown slug). */
export class NotFoundError extends ApiError {
  /**
   * Creates an error.
   *
   * @param message The message for people.
   * @param init Status, code, request id, body and headers.
   */
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = "NotFoundError";
  }
}

/** The daily limit is reached (429). */
export class RateLimitError extends ApiError {
  /** Seconds to wait, from the `Retry-After` header (undefined when the header is absent). */
  readonly retryAfter: number | undefined;
  /** When the counters reset, epoch seconds, from `X-RateLimit-Reset` (or the body's `reset`). */
  readonly reset: number | undefined;

  /**
   * Creates an error; `retryAfter` and `reset` are read from the headers.
   *
   * @param message The message for people.
   * @param init Status, code, request id, body and headers.
   */
  constructor(message: string, init: ApiErrorInit) {
    super(message, init);
    this.name = "RateLimitError";
    this.retryAfter = parseRetryAfter(this.headers.get("retry-after"), Date.now());
    const reset = Number(this.headers.get("x-ratelimit-reset") ?? init.body.reset);
    this.reset = Number.isFinite(reset) && reset > 0 ? reset : undefined;
  }
}

/** The request never got an answer: offline, DNS failure, connection refused or reset. */
export class NetworkError extends LankaError {
  /**
   * Creates an error.
   *
   * @param message What failed.
   * @param options The underlying `TypeError` from `fetch`.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NetworkError";
  }
}

/** No answer arrived within the timeout. */
export class TimeoutError extends LankaError {
  /** The timeout that expired, milliseconds. */
  readonly timeoutMs: number;

  /**
   * Creates an error.
   *
   * @param message What timed out.
   * @param timeoutMs The timeout that expired.
   */
  constructor(message: string, timeoutMs: number) {
    super(message);
    this.name = "TimeoutError";
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The caller cancelled the call with its own `AbortSignal` (`signal` option). A signal made with
 * `AbortSignal.timeout()` is a {@linkcode TimeoutError} instead. Named `AbortError`, as the
 * platform's own abort errors are, so checks of `error.name === "AbortError"` keep working.
 */
export class AbortError extends LankaError {
  /** The signal's reason (`controller.abort(reason)`). */
  readonly reason: unknown;

  /**
   * Creates an error.
   *
   * @param message What was cancelled.
   * @param reason The signal's reason.
   */
  constructor(message: string, reason: unknown) {
    super(message, { cause: reason });
    this.name = "AbortError";
    this.reason = reason;
  }
}

/**
 * Reads a `Retry-After` header: delay-seconds or an HTTP date.
 *
 * @param value The header value.
 * @param now The current time, epoch milliseconds (for HTTP dates).
 * @returns Whole seconds to wait (at least 0), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(Math.ceil((date - now) / 1000), 0);
}

/** A constructor of {@linkcode ApiError} or a subclass. */
export type ApiErrorClass = new (message: string, init: ApiErrorInit) => ApiError;

/**
 * The class for every code the server emits. Typed as a record over `ErrorCode`, so a code added
 * to `core/errors.ts` does not compile until it is mapped here.
 */
export const CLASS_BY_CODE: Readonly<Record<ErrorCode, ApiErrorClass>> = {
  invalid_param: ValidationError,
  uri_too_long: ValidationError,
  payload_too_large: ValidationError,
  unsupported_media_type: ValidationError,
  method_not_allowed: ApiError,
  request_timeout: ApiError,
  invalid_key: AuthError,
  key_required: AuthError,
  unauthorized: AuthError,
  forbidden: AuthError,
  not_found: NotFoundError,
  conflict: ApiError,
  rate_limited: RateLimitError,
  unavailable: ApiError,
  not_available: ApiError,
  font_uncertain: ValidationError,
  internal: ApiError,
};

/** The code a bare status stands for, when a body carries none (voice errors, proxies). */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "invalid_param",
  401: "invalid_key",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  409: "conflict",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  429: "rate_limited",
  501: "not_available",
  503: "unavailable",
};

/**
 * The error class for a code, falling back on the status for codes this client does not know.
 *
 * @param code The body's code.
 * @param status The HTTP status.
 * @returns The class to instantiate.
 */
function classFor(code: string, status: number): ApiErrorClass {
  const known = (CLASS_BY_CODE as Record<string, ApiErrorClass>)[code];
  if (known) return known;
  const byStatus = CODE_BY_STATUS[status];
  return byStatus ? CLASS_BY_CODE[byStatus] : ApiError;
}

/**
 * Builds the typed error for an error response.
 *
 * @param status The HTTP status.
 * @param body The parsed body, or undefined when it was not a JSON error envelope.
 * @param headers The response headers.
 * @returns The error to throw.
 *
 * @example Usage
 * ```ts
 * import { errorFromResponse, RateLimitError } from "./errors.ts";
 * const error = errorFromResponse(429, undefined, new Headers({ "Retry-After": "30" }));
 * console.log(error instanceof RateLimitError, (error as RateLimitError).retryAfter); // true 30
 * ```
 */
export function errorFromResponse(
  status: number,
  body: ErrorBody | undefined,
  headers: Headers,
): ApiError {
  const code = body?.code ?? CODE_BY_STATUS[status] ??
    (status >= 500 ? "internal" : `http_${status}`);
  const message = body?.error ?? `Request failed with status ${status}`;
  const requestId = headers.get("x-request-id") ?? body?.requestId;
  const Class = classFor(code, status);
  return new Class(message, {
    status,
    code,
    requestId: requestId ?? undefined,
    body: body ?? { ok: false, error: message, code },
    headers,
  });
}

function hasName(value: unknown, names: readonly string[]): boolean {
  return typeof value === "object" && value !== null &&
    names.includes((value as { name?: unknown }).name as string);
}

const API_NAMES = ["ApiError", "ValidationError", "AuthError", "NotFoundError", "RateLimitError"];
const LANKA_NAMES = ["LankaError", "NetworkError", "TimeoutError", ...API_NAMES];

/**
 * Tells whether a value is any error this client raises (also across realms, by `name`).
 *
 * @param value Anything caught.
 * @returns Whether it is a {@linkcode LankaError}.
 */
export function isLankaError(value: unknown): value is LankaError {
  return value instanceof LankaError || hasName(value, LANKA_NAMES);
}

/**
 * Tells whether a value is an error answer from the API or the local core (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether it is an {@linkcode ApiError}.
 */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (hasName(value, API_NAMES) && "status" in Object(value));
}

/**
 * Tells whether a value is a {@linkcode ValidationError} (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether the request was refused as invalid.
 */
export function isValidationError(value: unknown): value is ValidationError {
  return value instanceof ValidationError || hasName(value, ["ValidationError"]);
}

/**
 * Tells whether a value is an {@linkcode AuthError} (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether the API key was missing or refused.
 */
export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError || hasName(value, ["AuthError"]);
}

/**
 * Tells whether a value is a {@linkcode NotFoundError} (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether the endpoint or item does not exist.
 */
export function isNotFoundError(value: unknown): value is NotFoundError {
  return value instanceof NotFoundError || hasName(value, ["NotFoundError"]);
}

/**
 * Tells whether a value is a {@linkcode RateLimitError} (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether the daily limit was reached.
 */
export function isRateLimitError(value: unknown): value is RateLimitError {
  return value instanceof RateLimitError || hasName(value, ["RateLimitError"]);
}

/**
 * Tells whether a value is a {@linkcode NetworkError} (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether the request never got an answer.
 */
export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError || hasName(value, ["NetworkError"]);
}

/**
 * Tells whether a value is a {@linkcode TimeoutError} (by class or `name`).
 *
 * @param value Anything caught.
 * @returns Whether the request timed out.
 */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || hasName(value, ["TimeoutError"]);
}

/**
 * Tells whether a value is an {@linkcode AbortError}: the caller's own cancellation (by class or
 * `name`, so the platform's `DOMException` named `AbortError` counts too).
 *
 * @param value Anything caught.
 * @returns Whether the call was cancelled by the caller.
 */
export function isAbortError(value: unknown): value is AbortError {
  return value instanceof AbortError || hasName(value, ["AbortError"]);
}
