/**
 * The `/api/v1` operations compiled once, at start, into a route table: per operation its
 * parameter parser, its quota and access steps, its envelope with the fixed parts of `meta`
 * already serialised, and its answer, so that serving a request is one lookup and one call.
 *
 * @module
 */
import { Context, type Handler } from "hono";
import { tryDecodeURIComponent } from "hono/utils/url";
import { ApiError } from "../../core/errors.ts";
import { chosenFormat, paramParser, parseBody } from "../../core/execute.ts";
import { negotiateLang } from "../../core/i18n.ts";
import { takesLang } from "../../core/lang_param.ts";
import type { AnyOperation, OperationContext, OperationFormat } from "../../core/operation.ts";
import { BODY_LIMITS, readJsonBody } from "./body.ts";
import type { Call } from "./call.ts";
import { requestHeader } from "./request_header.ts";
import { compressResponse, compressText } from "./compress.ts";
import { envelopeJson } from "./envelope.ts";
import { entityTag, ifNoneMatchMatches } from "./etag.ts";
import type { AppContext, AppEnv } from "./types.ts";

/** A step run before an operation answers (key check, quota); synchronous when it can be. */
export type Step = (call: Call) => void | Promise<void>;

/** Answers a call on a route, given the path parameters (decoded). */
export type Answer = (
  call: Call,
  params: Record<string, string> | undefined,
) => Response | Promise<Response>;

/** One operation's compiled route. */
export interface Route {
  /** The operation. */
  op: AnyOperation;
  /** Its pattern in Hono's `:param` syntax, as metrics and logs name it. */
  pattern: string;
  /** Answers a call (the steps run first). */
  answer: Answer;
}

/** What {@linkcode RouteTable.match} finds for a method and path. */
export type RouteMatch =
  | { route: Route; params: Record<string, string> | undefined }
  | { route: undefined; pattern: string; allow: string };

/** Where an operation is mounted: `/api/v1` plus its path, in Hono's `:param` syntax. */
export function routePath(op: AnyOperation): string {
  return `/api/v1${op.path.replace(/\{(\w+)\}/g, ":$1")}`;
}

/** Options of {@linkcode compileRoutes}. */
export interface CompileOptions {
  /** Public base URL, for `meta.page_url`. */
  baseUrl: string;
  /** Gzip large answers for clients that accept it (`compress.ts`; default true). */
  compress?: boolean;
  /** The context each local operation runs with. */
  context: () => OperationContext;
  /** Steps run before an operation (key check, quota), in order. */
  steps: (op: AnyOperation) => Step[];
  /** A check of the Hono context before a server-only operation's handler (account guard). */
  guard?: (op: AnyOperation) => ((c: AppContext) => void) | undefined;
  /** Handlers of server-only operations, by operation name. */
  handlers: Record<string, Handler<AppEnv>>;
}

interface PathEntry {
  pattern: string;
  /** Segments of a pattern with parameters (`:name` for one); undefined for a static path. */
  segments: string[] | undefined;
  methods: Map<string, Route>;
  /** For a static path, its matches by method, made once (no allocation per request). */
  matches: Map<string, RouteMatch>;
  allow: string;
}

/** Operations by path and method, matched the way Hono's router matches them. */
export class RouteTable {
  readonly #static = new Map<string, PathEntry>();
  readonly #dynamic: PathEntry[] = [];

  /**
   * Adds a route.
   *
   * @param method Its method.
   * @param route The route.
   */
  add(method: string, route: Route): void {
    const { pattern } = route;
    const dynamic = pattern.includes("/:");
    let entry = dynamic
      ? this.#dynamic.find((e) => e.pattern === pattern)
      : this.#static.get(pattern);
    if (!entry) {
      entry = {
        pattern,
        segments: dynamic ? pattern.split("/") : undefined,
        methods: new Map(),
        matches: new Map(),
        allow: "",
      };
      if (dynamic) this.#dynamic.push(entry);
      else this.#static.set(pattern, entry);
    }
    entry.methods.set(method, route);
    if (!dynamic) entry.matches.set(method, { route, params: undefined });
    const methods = [...entry.methods.keys()];
    entry.allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"]
      .join(", ");
  }

  /**
   * Every route in the table, for tests that walk what the app serves.
   *
   * @returns Method and pattern (Hono's `:param` syntax) of each route.
   */
  list(): { method: string; pattern: string }[] {
    return [...this.#static.values(), ...this.#dynamic].flatMap((entry) =>
      [...entry.methods.keys()].map((method) => ({ method, pattern: entry.pattern }))
    );
  }

  /**
   * Finds the route of a request. `HEAD` finds the `GET` route. A path the table serves with
   * other methods gives the `Allow` list instead (for 405).
   *
   * @param method The request method.
   * @param path The decoded path (Hono's `getPath`).
   * @returns The route and its decoded path parameters, the `Allow` list, or undefined for a
   *   path the table does not serve.
   */
  match(method: string, path: string): RouteMatch | undefined {
    let entry = this.#static.get(path);
    let params: Record<string, string> | undefined;
    if (entry !== undefined) {
      const found = entry.matches.get(method === "HEAD" ? "GET" : method);
      if (found) return found;
    } else {
      const parts = path.split("/");
      for (const candidate of this.#dynamic) {
        params = matchSegments(candidate.segments!, parts);
        if (params) {
          entry = candidate;
          break;
        }
      }
      if (entry === undefined) return undefined;
    }
    const route = entry.methods.get(method === "HEAD" ? "GET" : method);
    if (route) return { route, params };
    return { route: undefined, pattern: entry.pattern, allow: entry.allow };
  }
}

/** Path parameters match one non-empty segment, as Hono's `:name` does. */
function matchSegments(
  segments: readonly string[],
  parts: readonly string[],
): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!, part = parts[i]!;
    if (segment.startsWith(":")) {
      if (part === "") return undefined;
      (params ??= {})[segment.slice(1)] = part.includes("%") ? tryDecodeURIComponent(part) : part;
    } else if (segment !== part) {
      return undefined;
    }
  }
  return params ?? {};
}

/**
 * Compiles every operation of the registry into a route table: local ones answer generically
 * (parse path and query, run, envelope or a declared format, ETag and 304 for conditional ones),
 * server-only ones with their handler. Throws at start-up if a server-only operation has no
 * handler, or an operation offers formats without a `format` parameter, so the registry and the
 * server cannot drift apart.
 *
 * @param ops The registry.
 * @param options Context, steps and server-only handlers.
 * @returns The table.
 */
export function compileRoutes(ops: readonly AnyOperation[], options: CompileOptions): RouteTable {
  const table = new RouteTable();
  for (const op of ops) {
    if (op.formats && !Object.hasOwn(op.params.shape, "format")) {
      throw new TypeError(
        `Cannot mount operation "${op.name}": it offers formats but has no "format" parameter`,
      );
    }
    const pattern = routePath(op);
    const handler = options.handlers[op.name];
    let answer: Answer;
    if (op.run) {
      answer = localAnswer(op, options);
    } else if (handler) {
      answer = handlerAnswer(op, pattern, handler, options.guard?.(op), options.compress ?? true);
    } else {
      throw new TypeError(
        `Cannot mount operation "${op.name}": it has no run and no server handler`,
      );
    }
    table.add(op.method, { op, pattern, answer: withSteps(options.steps(op), answer) });
  }
  return table;
}

/** Runs the steps in order, then the answer; no promise unless a step needs one. */
function withSteps(steps: readonly Step[], answer: Answer): Answer {
  if (steps.length === 0) return answer;
  if (steps.length === 1) {
    // Most operations take one step (counting): no loop.
    const step = steps[0]!;
    return (call, params) => {
      const waited = step(call);
      return waited instanceof Promise
        ? waited.then(() => answer(call, params))
        : answer(call, params);
    };
  }
  const from = (i: number, call: Call, params: Record<string, string> | undefined) => {
    for (; i < steps.length; i++) {
      const waited = steps[i]!(call);
      if (waited instanceof Promise) {
        const next = i + 1;
        return waited.then((): Response | Promise<Response> => from(next, call, params));
      }
    }
    return answer(call, params);
  };
  return (call, params) => from(0, call, params);
}

const JSON_TYPE = "application/json";

/**
 * The answer of a local operation: parse path and query, run, then the format the `format`
 * parameter picks (`op.formats`) or the JSON envelope. For `op.conditional` operations the
 * answer carries an `ETag` (strong over a rendered body, weak over the envelope's `data`, since
 * `meta` counts down per request) and a matching `If-None-Match` gets 304 with no body.
 */
function localAnswer(op: AnyOperation, options: CompileOptions): Answer {
  const run = op.run!;
  const parse = paramParser(op);
  const envelope = envelopeJson(op, options.baseUrl);
  const { context } = options;
  const compress = options.compress ?? true;
  const rendered = (
    call: Call,
    format: OperationFormat,
    body: string,
    data: unknown,
    params: unknown,
    headers?: Record<string, string>,
  ): Response => {
    const response = new Response(body, { headers: { "content-type": format.contentType } });
    if (headers) { for (const name in headers) response.headers.set(name, headers[name]!); }
    if (format.filename) {
      response.headers.set(
        "Content-Disposition",
        `inline; filename="${format.filename(data, params)}"`,
      );
    }
    return compress ? compressText(call.request, response, body) : response;
  };
  const enveloped = (call: Call, data: unknown, headers?: Record<string, string>): Response => {
    const body = envelope(data, call);
    const response = new Response(body, { headers: { "content-type": JSON_TYPE } });
    if (headers) { for (const name in headers) response.headers.set(name, headers[name]!); }
    return compress ? compressText(call.request, response, body) : response;
  };
  const conditional = async (
    call: Call,
    data: unknown,
    params: unknown,
    format: OperationFormat | undefined,
    vary: Record<string, string> | undefined,
  ): Promise<Response> => {
    const body = format ? format.render(data, params) : undefined;
    const tag = await entityTag(body ?? JSON.stringify(data), body === undefined);
    const headers = {
      ...vary,
      "ETag": tag,
      "Cache-Control": body === undefined ? "private, no-cache" : "no-cache",
    };
    if (ifNoneMatchMatches(requestHeader(call.request, "If-None-Match"), tag)) {
      return new Response(null, { status: 304, headers });
    }
    return format && body !== undefined
      ? rendered(call, format, body, data, params, headers)
      : enveloped(call, data, headers);
  };
  const langAware = takesLang(op);
  if (op.body) {
    // A JSON body (the text converters): read within its limit, parsed by the body schema; the
    // query takes no parameters.
    return async (call) => {
      parse(queryEntries(call.url));
      const params = parseBody(op, await readJsonBody(call.request, BODY_LIMITS.text));
      return enveloped(call, run(params, context()));
    };
  }
  return (call, pathParams) => {
    const entries = queryEntries(call.url);
    if (pathParams) { for (const name in pathParams) entries.push([name, pathParams[name]!]); }
    const vary = langAware ? withAcceptLanguage(call.request, entries) : undefined;
    const params = parse(entries);
    const data = run(params, context());
    const format = op.formats ? chosenFormat(op, params) : undefined;
    if (op.conditional) return conditional(call, data, params, format, vary);
    if (format) return rendered(call, format, format.render(data, params), data, params, vary);
    return enveloped(call, data, vary);
  };
}

const VARY_LANGUAGE: Readonly<Record<string, string>> = { Vary: "Accept-Language" };

/**
 * For an operation that takes `lang`: when the query has none, the language `Accept-Language`
 * prefers (if it names en, si or ta) becomes `lang`, and the answer says `Vary: Accept-Language`.
 *
 * @param request The request.
 * @param entries The raw parameters, to which `lang` is added.
 * @returns The header the answer must carry, if any.
 */
export function withAcceptLanguage(
  request: Request,
  entries: [string, string][],
): Readonly<Record<string, string>> | undefined {
  if (entries.some(([name]) => name === "lang")) return undefined;
  const lang = negotiateLang(requestHeader(request, "Accept-Language") ?? undefined);
  if (lang) entries.push(["lang", lang]);
  return VARY_LANGUAGE;
}

/**
 * The answer of a server-only operation: its Hono handler, called with a Hono context that
 * carries the call's id, caller and quota (so `c.json`, `c.req.param` and the account helpers
 * work as in any Hono route), after the operation's guard; a large text answer is gzipped for
 * a client that accepts it (`compress.ts`).
 */
function handlerAnswer(
  op: AnyOperation,
  pattern: string,
  handler: Handler<AppEnv>,
  guard: ((c: AppContext) => void) | undefined,
  compress: boolean,
): Answer {
  const routerRoute = { basePath: "/", path: pattern, method: op.method, handler };
  const next = () => Promise.resolve();
  const settle = (c: AppContext, result: unknown): Response | Promise<Response> => {
    const response = result instanceof Response ? result : c.finalized ? c.res : undefined;
    if (response === undefined) {
      throw new TypeError(`The handler of operation "${op.name}" returned no response`);
    }
    // Large text answers (the store's catalogue, news lists) as the others are (compress.ts).
    return compress ? compressResponse(c.req.raw, response) : response;
  };
  return (call, params) => {
    const c: AppContext = new Context<AppEnv>(call.request, {
      env: { call },
      path: pattern,
      matchResult: [[[[handler, routerRoute], params ?? {}]]],
    });
    c.set("requestId", call.id);
    c.set("client", call.client);
    c.set("caller", call.caller!);
    c.set("quota", call.quota);
    guard?.(c);
    const result = handler(c, next);
    if (result instanceof Promise) return result.then((value) => settle(c, value));
    return settle(c, result);
  };
}

/**
 * The query parameters of a URL as `[name, value]` pairs, exactly as `URLSearchParams` reads
 * them. Most API queries hold no `%` or `+`, and for those plain slicing gives the same pairs
 * without the cost of the URL parser; anything else goes through `URLSearchParams`.
 *
 * @param url The request URL.
 * @returns The pairs, in order.
 */
export function queryEntries(url: string): [string, string][] {
  const mark = url.indexOf("?");
  if (mark === -1) return [];
  const hash = url.indexOf("#", mark);
  const query = url.slice(mark + 1, hash === -1 ? undefined : hash);
  // The "&" keeps URLSearchParams from dropping a leading "?" that belongs to the query.
  if (query.includes("%") || query.includes("+")) return [...new URLSearchParams(`&${query}`)];
  const entries: [string, string][] = [];
  for (const part of query.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    entries.push(equals === -1 ? [part, ""] : [part.slice(0, equals), part.slice(equals + 1)]);
  }
  return entries;
}

/** A request for `ApiError` 405 on a path served with other methods. */
export function methodNotAllowed(method: string, allow: string): ApiError {
  return new ApiError(
    405,
    "method_not_allowed",
    `Method ${method} is not allowed here: use ${allow}`,
    { headers: { Allow: allow } },
  );
}
