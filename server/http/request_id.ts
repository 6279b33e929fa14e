import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./types.ts";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is short and safe, else a new
 * UUID) and echoes it on every response.
 *
 * @returns The middleware.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", id);
    await next();
    c.res.headers.set("X-Request-Id", id);
  };
}
