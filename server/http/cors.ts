import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./types.ts";

/** Response headers browsers may read cross-origin. */
export const EXPOSED_HEADERS = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "X-Request-Id",
  "ETag",
  "X-Voice-Sample-Rate",
  "X-Voice-Bit-Rate",
  "X-Voice-Duration",
  "X-Voice-Language",
  "X-Voice-Warning",
  "X-Voice-Remaining",
];

/**
 * CORS for a public API: any origin, no credentials. Adds the headers to every response and
 * answers every `OPTIONS` request itself with 204.
 *
 * @returns The middleware.
 */
export function cors(): MiddlewareHandler<AppEnv> {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS.join(", "),
  };
  const preflight: Record<string, string> = {
    "Access-Control-Allow-Methods": "GET, HEAD, POST, DELETE, OPTIONS",
    "Access-Control-Allow-Headers":
      "Authorization, Content-Type, X-API-Key, X-Request-Id, If-None-Match",
    "Access-Control-Max-Age": "86400",
  };
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      c.res = new Response(null, { status: 204, headers: { ...headers, ...preflight } });
      return;
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
