import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../core/errors.ts";
import type { Clock } from "../clock.ts";
import type { Logger } from "../log.ts";
import { recordAccess } from "../observe/access_log.ts";
import type { Metrics } from "../observe/metrics.ts";
import type { QuotaStore } from "../quota/store.ts";
import { setCorsHeaders } from "./cors.ts";
import { errorResponse } from "./errors.ts";
import { setRateLimitHeaders } from "./quota.ts";
import { requestIdFor } from "./request_id.ts";
import { setPageHeaders } from "./security.ts";
import type { AppEnv } from "./types.ts";

/** URLs longer than this are refused with 414 before any routing. */
export const MAX_URL_LENGTH = 8192;

/** What {@linkcode frame} needs. */
export interface FrameDeps {
  quota: QuotaStore;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** Log full client addresses (else masked). */
  logIp: boolean;
  /** The public URL is https: pages add `Strict-Transport-Security`. */
  https?: boolean;
}

/**
 * The frame of every request. It runs on every request, so its steps share one middleware
 * rather than one async layer each: give the request an id, refuse URLs over
 * {@linkcode MAX_URL_LENGTH} (414), and on the way out put the standard headers on whatever
 * answered (`X-Request-Id`, CORS, `X-RateLimit-*` for the caller: the state after counting, or
 * the current state for requests that do not count), `nosniff` on every answer and the page
 * security headers on HTML (see `security.ts`), the `Content-Length` a GET would send on a HEAD,
 * record the metrics and write the access log line.
 *
 * @param deps Quota store, clock, logger, metrics.
 * @returns The middleware; mount it first.
 */
export function frame(deps: FrameDeps): MiddlewareHandler<AppEnv> {
  const { quota, clock, logger, metrics, logIp } = deps;
  const https = deps.https ?? false;
  return async (c, next) => {
    const start = performance.now();
    const id = requestIdFor(c.req.header("x-request-id"));
    c.set("requestId", id);
    const length = c.req.url.length;
    if (length > MAX_URL_LENGTH) {
      c.res = errorResponse(
        c,
        new ApiError(
          414,
          "uri_too_long",
          `URL is ${length} characters long: the limit is ${MAX_URL_LENGTH}`,
        ),
      );
    } else {
      await next();
    }
    if (c.req.method === "HEAD" && c.res.body) {
      // Hono answers HEAD with the GET handler and drops the body afterwards: keep its length.
      const body = await c.res.arrayBuffer();
      c.res = new Response(body, c.res);
      c.res.headers.set("Content-Length", String(body.byteLength));
    }
    const headers = c.res.headers;
    headers.set("X-Request-Id", id);
    headers.set("X-Content-Type-Options", "nosniff");
    if (headers.get("Content-Type")?.startsWith("text/html")) setPageHeaders(headers, https);
    setCorsHeaders(headers);
    const caller = c.get("caller");
    let state = c.get("quota");
    if (!state && caller) {
      const peeked = quota.peek(caller.id, caller.limit, clock.now());
      state = peeked instanceof Promise ? await peeked : peeked;
    }
    if (state) setRateLimitHeaders(headers, state);
    recordAccess(c, logger, metrics, logIp, (performance.now() - start) / 1000);
  };
}
