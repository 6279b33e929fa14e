/**
 * The one domain error of Lanka API and the machine-readable codes it carries.
 *
 * The server turns an {@linkcode ApiError} into a JSON error envelope in exactly one place;
 * the SDK raises the same error for the same input when it computes an operation locally.
 *
 * @module
 */

/** Every `code` an error envelope can carry. */
export type ErrorCode =
  | "invalid_param"
  | "not_found"
  | "method_not_allowed"
  | "uri_too_long"
  | "payload_too_large"
  | "request_timeout"
  | "unsupported_media_type"
  | "invalid_key"
  | "key_required"
  | "unauthorized"
  | "forbidden"
  | "conflict"
  | "rate_limited"
  | "unavailable"
  | "not_available"
  | "font_uncertain"
  | "internal";

/** One problem with one parameter of a request. */
export interface ErrorDetail {
  /** The query, path or body parameter at fault. */
  param: string;
  /** What was wrong and what was expected. */
  message: string;
}

/** Options of {@linkcode ApiError}. */
export interface ApiErrorOptions {
  /** Per-parameter problems, for `invalid_param`. */
  details?: ErrorDetail[];
  /** Extra top-level fields of the error envelope (for example `limit` on a 429). */
  extra?: Record<string, unknown>;
  /** Extra response headers (for example `Allow` on a 405). */
  headers?: Record<string, string>;
}

/**
 * An error with an HTTP status and a stable machine-readable code.
 *
 * @example Usage
 * ```ts
 * import { ApiError } from "./errors.ts";
 * const error = ApiError.invalidParam("amount", 'Expected a number: got "abc"');
 * console.log(error.status, error.code); // 400 "invalid_param"
 * ```
 */
export class ApiError extends Error {
  /** The HTTP status this error is answered with. */
  readonly status: number;
  /** The machine-readable code of the error envelope. */
  readonly code: ErrorCode;
  /** Per-parameter problems, for `invalid_param`. */
  readonly details: ErrorDetail[] | undefined;
  /** Extra top-level fields of the error envelope. */
  readonly extra: Record<string, unknown> | undefined;
  /** Extra response headers. */
  readonly headers: Record<string, string> | undefined;

  /**
   * Creates an error.
   *
   * @param status The HTTP status.
   * @param code The machine-readable code.
   * @param message A sentence-case message for people.
   * @param options Details, extra envelope fields and headers.
   */
  constructor(status: number, code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  /**
   * A 400 `invalid_param` error about one parameter.
   *
   * @param param The parameter at fault.
   * @param message What was wrong and what was expected.
   * @param extra Fields added to the error body (a rule's `firstHeld`).
   * @returns The error.
   */
  static invalidParam(param: string, message: string, extra?: Record<string, unknown>): ApiError {
    const details = [{ param, message }];
    return new ApiError(400, "invalid_param", message, extra ? { details, extra } : { details });
  }

  /**
   * A 400 `invalid_param` error about several parameters.
   *
   * @param details One entry per problem; the first message becomes the summary.
   * @returns The error.
   */
  static invalidParams(details: ErrorDetail[]): ApiError {
    const first = details[0]?.message ?? "Invalid parameters";
    const message = details.length > 1
      ? `${first} (and ${details.length - 1} more problem${details.length > 2 ? "s" : ""})`
      : first;
    return new ApiError(400, "invalid_param", message, { details });
  }

  /**
   * A 404 `not_found` error.
   *
   * @param message What was not found.
   * @returns The error.
   */
  static notFound(message: string): ApiError {
    return new ApiError(404, "not_found", message);
  }
}

/**
 * Tells whether a value is an {@linkcode ApiError}, also across realms (matched by `name`).
 *
 * @param value Anything caught.
 * @returns Whether it is an ApiError.
 */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError ||
    (value instanceof Error && value.name === "ApiError" && "status" in value && "code" in value);
}
