import type { ErrorHandler, NotFoundHandler } from "hono";
import { ApiError, isApiError } from "../../core/errors.ts";
import { isStorageFailure, isStorageWriteFailure } from "../kv.ts";
import type { Logger } from "../log.ts";
import type { AppContext, AppEnv } from "./types.ts";

/**
 * The JSON error response for an {@linkcode ApiError}: `{ ok: false, error, code, details?,
 * requestId, ...extra }` with the error's status and headers.
 *
 * @param error The error.
 * @param requestId The request's id.
 * @returns The response.
 */
export function apiErrorResponse(error: ApiError, requestId: string): Response {
  const body = {
    ok: false,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
    ...error.extra,
    requestId,
  };
  const headers = new Headers(error.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/**
 * {@linkcode apiErrorResponse} for a Hono context (pages answering an API-style error).
 *
 * @param c The context.
 * @param error The error.
 * @returns The response.
 */
export function errorResponse(c: AppContext, error: ApiError): Response {
  return apiErrorResponse(error, c.get("requestId"));
}

/** Where a failed request happened, for the log line of a bug. */
export interface FailureSite {
  requestId: string;
  method: string;
  route: string;
}

/**
 * The one place errors become responses. A storage outage (see `isStorageFailure`) is a 503
 * `unavailable` with `Retry-After`; anything else that is not an {@linkcode ApiError} is a bug:
 * logged with its stack and the request id, answered with a generic 500.
 *
 * @param error What was thrown.
 * @param site The request id, method and route.
 * @param logger Where bugs are logged.
 * @returns The response.
 */
export function failureResponse(error: unknown, site: FailureSite, logger: Logger): Response {
  const { requestId } = site;
  if (isApiError(error)) return apiErrorResponse(error, requestId);
  if (isStorageFailure(error)) {
    // KV is down: calculators keep answering; what needs storage says so and when to retry.
    logger.log("warn", "Storage unavailable", {
      requestId,
      route: site.route,
      error: String(error),
    });
    const message = isStorageWriteFailure(error)
      ? "Storage cannot be written right now (read-only or full): nothing was changed; try again later"
      : "Storage is unavailable right now: try again shortly";
    return apiErrorResponse(
      new ApiError(503, "unavailable", message, { headers: { "Retry-After": "5" } }),
      requestId,
    );
  }
  logger.log("error", "Unhandled error", {
    requestId,
    method: site.method,
    route: site.route,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return apiErrorResponse(
    new ApiError(
      500,
      "internal",
      `Internal server error: quote request id ${requestId} when reporting it`,
    ),
    requestId,
  );
}

/**
 * Hono's error handler: hands the error on to the request pipeline, which turns every error
 * into a response in one place ({@linkcode failureResponse}).
 *
 * @returns The handler.
 */
export function rethrow(): ErrorHandler<AppEnv> {
  return (error) => {
    throw error;
  };
}

/**
 * 404 `not_found` for a path no route serves.
 *
 * @returns Hono's not-found handler.
 */
export function notFound(): NotFoundHandler<AppEnv> {
  return (c) =>
    errorResponse(
      c,
      ApiError.notFound(`No endpoint at ${c.req.method} ${new URL(c.req.url).pathname}`),
    );
}
