/**
 * The request pipeline: the one function every request goes through, from `Deno.serve` to the
 * response. It reads top to bottom:
 *
 * 1. give the request an id and its client (`resolveClient`: peer, `TRUST_PROXY`, forwarded
 *    headers, in this one place); refuse URLs over {@linkcode MAX_URL_LENGTH} (414) and declared
 *    bodies over the largest any route reads (413; see `body.ts`);
 * 2. identify the caller (address, then API key: 401 for an unknown key);
 * 3. answer CORS preflights (`OPTIONS`, 204);
 * 4. look the path up in the compiled route table (`routes.ts`): an operation runs its steps
 *    (key check, quota) and answers; another method on its path is a 405; anything else
 *    (pages, dashboard, health, feeds, the service index) goes to the Hono app;
 * 5. turn any error into its JSON response, in one place (`failureResponse`);
 * 6. put the standard headers on the answer (`X-Request-Id`, `nosniff`, CORS, `X-RateLimit-*`
 *    for the caller: the state after counting, or the current state for requests that do not
 *    count; the page security headers on HTML, see `security.ts`), the `Content-Length` a GET
 *    would send on a HEAD, record the metrics and write the access log line.
 *
 * Nothing waits unless it must: with the caller's key and counter in memory, an operation is
 * answered without a single promise.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { getPath } from "hono/utils/url";
import { ApiError } from "../../core/errors.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { recordAccess } from "../observe/access_log.ts";
import type { Metrics } from "../observe/metrics.ts";
import type { QuotaStore } from "../quota/store.ts";
import { Call } from "./call.ts";
import { compressResponse } from "./compress.ts";
import { declaresMoreThan, MAX_ANY_BODY, payloadTooLarge } from "./body.ts";
import { callerStep, type KeyResolver } from "./caller.ts";
import { resolveClient } from "./client_ip.ts";
import { preflightResponse, setCorsHeaders } from "./cors.ts";
import { failureResponse } from "./errors.ts";
import { setRateLimitHeaders } from "./quota.ts";
import { requestIdFor } from "./request_id.ts";
import { requestHeader } from "./request_header.ts";
import { setPageHeaders } from "./security.ts";
import { methodNotAllowed, type RouteTable } from "./routes.ts";
import type { AppEnv, QuotaState, ServeInfo } from "./types.ts";

/** URLs longer than this are refused with 414 before any routing. */
export const MAX_URL_LENGTH = 8192;

/** Serves one request (the shape of `Deno.serve`'s handler). */
export type Serve = (request: Request, info?: ServeInfo) => Response | Promise<Response>;

/** What {@linkcode createPipeline} needs. */
export interface PipelineDeps {
  /** Limits, proxy trust, `logIp`, `accessLog`. */
  config: Config;
  /** API key lookup. */
  keys: KeyResolver;
  quota: QuotaStore;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** The compiled operations. */
  routes: RouteTable;
  /** The public URL is https: pages add `Strict-Transport-Security`. */
  https?: boolean;
  /**
   * Everything the route table does not serve (a Hono app's `fetch`): it receives the call in
   * its `env`, which {@linkcode shareCall} hands to Hono's context.
   */
  fallback: (request: Request, env: ServeInfo) => Response | Promise<Response>;
}

/**
 * Builds the pipeline.
 *
 * @param deps Configuration, stores, observability, the route table and the fallback.
 * @returns The handler for `Deno.serve`.
 */
export function createPipeline(deps: PipelineDeps): Serve {
  const { quota, clock, logger, metrics, routes, fallback } = deps;
  const { logIp, trustProxy } = deps.config;
  // ACCESS_LOG=0: no request lines (a proxy in front already writes an access log).
  const accessLogger = deps.config.accessLog === false ? undefined : logger;
  const https = deps.https ?? false;
  const identify = callerStep(deps.config, deps.keys);

  const dispatch = (call: Call, path: string): Response | Promise<Response> => {
    const method = call.method;
    if (method === "OPTIONS") return preflightResponse();
    const found = routes.match(method, path);
    if (found === undefined) return fallback(call.request, { call });
    if (found.route === undefined) {
      call.route = found.pattern;
      throw methodNotAllowed(method, found.allow);
    }
    call.route = found.route.pattern;
    call.operation = true;
    const answer = found.route.answer(call, found.params);
    if (method !== "HEAD") return answer;
    return answer instanceof Promise ? answer.then(headOf) : headOf(answer);
  };

  const route = (call: Call): Response | Promise<Response> => {
    const length = call.url.length;
    if (length > MAX_URL_LENGTH) {
      throw new ApiError(
        414,
        "uri_too_long",
        `URL is ${length} characters long: the limit is ${MAX_URL_LENGTH}`,
      );
    }
    // No route reads a body longer than MAX_ANY_BODY: refuse a longer declared one unread (each
    // route bounds its own, smaller, limit while reading; see body.ts).
    const method = call.method;
    if (method !== "GET" && method !== "HEAD" && declaresMoreThan(call.request, MAX_ANY_BODY)) {
      throw payloadTooLarge(MAX_ANY_BODY);
    }
    const path = pathOf(call);
    const identified = identify(call, path);
    if (identified instanceof Promise) return identified.then(() => dispatch(call, path));
    return dispatch(call, path);
  };

  const fail = (call: Call, error: unknown): Response =>
    failureResponse(
      error,
      { requestId: call.id, method: call.method, route: call.route },
      logger,
    );

  const complete = (
    call: Call,
    response: Response,
    state: QuotaState | undefined,
    start: number,
  ): Response => {
    // A 429 of another limit (log-in attempts, voice) already names that limit: keep it (only a
    // 429 can carry one, so other answers are not searched for it).
    if (state && (response.status !== 429 || !response.headers.has("X-RateLimit-Limit"))) {
      setRateLimitHeaders(response.headers, state);
    }
    recordAccess(
      call,
      response.status,
      accessLogger,
      metrics,
      logIp,
      (performance.now() - start) / 1000,
    );
    return response;
  };

  const stamp = (call: Call, response: Response): Response => {
    const headers = response.headers;
    headers.set("X-Request-Id", call.id);
    headers.set("X-Content-Type-Options", "nosniff");
    if (!call.operation && headers.get("Content-Type")?.startsWith("text/html")) {
      setPageHeaders(headers, https);
    }
    setCorsHeaders(headers);
    return response;
  };

  const finish = (call: Call, response: Response, start: number): Response | Promise<Response> => {
    stamp(call, response);
    const { caller } = call;
    if (call.quota !== undefined || caller === undefined) {
      return complete(call, response, call.quota, start);
    }
    // A request that did not count shows the caller's current state; if even reading it fails,
    // the answer is that failure (as any other error), without rate-limit headers.
    const failed = (error: unknown) =>
      complete(call, stamp(call, fail(call, error)), undefined, start);
    let peeked: QuotaState | Promise<QuotaState>;
    try {
      peeked = quota.peek(caller.id, caller.limit, clock.now());
    } catch (error) {
      return failed(error);
    }
    if (peeked instanceof Promise) {
      return peeked.then((state) => complete(call, response, state, start), failed);
    }
    return complete(call, response, peeked, start);
  };

  return (request, info) => {
    const start = performance.now();
    // The one place a connection becomes a client (Deno keeps `remoteAddr` on a getter, so the
    // info object is read here, never copied with a spread).
    const call = new Call(
      request,
      info,
      requestIdFor(requestHeader(request, "x-request-id") ?? undefined),
      info?.client ?? resolveClient(info?.remoteAddr, request, trustProxy),
    );
    let answer: Response | Promise<Response>;
    try {
      answer = route(call);
    } catch (error) {
      answer = fail(call, error);
    }
    if (answer instanceof Promise) {
      return answer.then(
        (response) => finish(call, response, start),
        (error) => finish(call, fail(call, error), start),
      );
    }
    return finish(call, answer, start);
  };
}

/**
 * The decoded path of a request, as Hono's `getPath` reads it: a plain slice when it holds no
 * `%` (most do), else Hono's own decoding.
 */
function pathOf(call: Call): string {
  const url = call.url;
  const start = url.indexOf("/", url.indexOf(":") + 4);
  let end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  const path = end === -1 ? url.slice(start) : url.slice(start, end);
  return path.includes("%") ? getPath(call.request) : path;
}

/**
 * The answer to `HEAD`: the `GET` answer's status and headers, and the `Content-Length` it would
 * send, without the body.
 */
async function headOf(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const length = (await response.arrayBuffer()).byteLength;
  const head = new Response(null, response);
  head.headers.set("Content-Length", String(length));
  return head;
}

/**
 * Hands the pipeline's call to Hono's context for the routes Hono serves (`requestId`, `caller`
 * and `quota` variables), and hands back the route pattern that answered and the quota, for the
 * pipeline's metrics, log line and headers. Mount it first.
 *
 * @param options `compress`: gzip large text answers for clients that accept it (`compress.ts`;
 *   default true).
 * @returns The middleware.
 */
export function shareCall(options: { compress?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const compress = options.compress ?? true;
  return async (c, next) => {
    const call = c.env?.call;
    if (call === undefined) return await next();
    c.set("requestId", call.id);
    c.set("client", call.client);
    if (call.caller) c.set("caller", call.caller);
    c.set("quota", call.quota);
    try {
      await next();
      // Compressed here, before a HEAD's body is dropped, so HEAD and GET agree (compress.ts).
      const compressed = compress ? await compressResponse(c.req.raw, c.res) : c.res;
      if (compressed !== c.res) {
        // Set over an existing response, Hono would wrap the new one around a stream of its body.
        c.res = undefined;
        c.res = compressed;
      }
      if (c.req.method === "HEAD" && c.res.body) {
        // Hono answers HEAD with the GET handler and drops the body afterwards: keep its length.
        const body = await c.res.arrayBuffer();
        c.res = new Response(body, c.res);
        c.res.headers.set("Content-Length", String(body.byteLength));
      }
    } finally {
      const pattern = c.req.routePath;
      call.route = pattern === "/*" ? "(unmatched)" : pattern;
      call.quota = c.get("quota");
    }
  };
}
