import type { ErrorHandler, NotFoundHandler } from "hono";
import { ApiError, isApiError } from "../../core/errors.ts";
import { isStorageFailure } from "../kv.ts";
import type { Logger } from "../log.ts";
import type { AppContext, AppEnv } from "./types.ts";

/**
 * The JSON error response for an {@linkcode ApiError}: `{ ok: false, error, code, details?,
 * requestId, ...extra }` with the error's status and headers.
 *
 * @param c The context.
 * @param error The error.
 * @returns The response.
 */
export function errorResponse(c: AppContext, error: ApiError): Response {
  const body = {
    ok: false,
    error: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
    ...error.extra,
    requestId: c.get("requestId"),
  };
  const headers = new Headers(error.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

/**
 * The one place errors become responses. A storage outage (see `isStorageFailure`) is a 503
 * `unavailable` with `Retry-After`; anything else that is not an {@linkcode ApiError} is a bug:
 * logged with its stack and the request id, answered with a generic 500.
 *
 * @param logger Where bugs are logged.
 * @returns Hono's error handler.
 */
export function onError(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (isApiError(error)) return errorResponse(c, error);
    const requestId = c.get("requestId");
    if (isStorageFailure(error)) {
      // KV is down: calculators keep answering; what needs storage says so and when to retry.
      logger.log("warn", "Storage unavailable", {
        requestId,
        route: c.req.routePath,
        error: String(error),
      });
      return errorResponse(
        c,
        new ApiError(503, "unavailable", "Storage is unavailable right now: try again shortly", {
          headers: { "Retry-After": "5" },
        }),
      );
    }
    logger.log("error", "Unhandled error", {
      requestId,
      method: c.req.method,
      route: c.req.routePath,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return errorResponse(
      c,
      new ApiError(
        500,
        "internal",
        `Internal server error: quote request id ${requestId} when reporting it`,
      ),
    );
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
