import type { Handler, Hono, MiddlewareHandler } from "hono";
import { ApiError } from "../../core/errors.ts";
import { chosenFormat, parseParams } from "../../core/execute.ts";
import type { AnyOperation, OperationContext, OperationFormat } from "../../core/operation.ts";
import { negotiateLang } from "../../core/i18n.ts";
import { takesLang } from "../../core/lang_param.ts";
import { okResponse } from "./envelope.ts";
import { entityTag, ifNoneMatchMatches } from "./etag.ts";
import type { AppContext, AppEnv } from "./types.ts";

/** Where an operation is mounted: `/api/v1` plus its path, in Hono's `:param` syntax. */
export function routePath(op: AnyOperation): string {
  return `/api/v1${op.path.replace(/\{(\w+)\}/g, ":$1")}`;
}

/** Options of {@linkcode mountOperations}. */
export interface MountOptions {
  /** Public base URL, for `meta.page_url`. */
  baseUrl: string;
  /** The context each local operation runs with. */
  context: () => OperationContext;
  /** Middleware run before an operation (key check, quota). */
  before: (op: AnyOperation) => MiddlewareHandler<AppEnv>[];
  /** Handlers of server-only operations, by operation name. */
  handlers: Record<string, Handler<AppEnv>>;
}

/**
 * The handler of a local operation: parse path and query, run, then answer with the format the
 * `format` parameter picks (`op.formats`) or the JSON envelope. For `op.conditional` operations
 * the answer carries an `ETag` (strong over a rendered body, weak over the envelope's `data`,
 * since `meta` counts down per request) and a matching `If-None-Match` gets 304 with no body.
 */
function localHandler(op: AnyOperation, options: MountOptions): Handler<AppEnv> {
  const run = op.run!;
  const hasPathParams = op.path.includes("{");
  const langAware = takesLang(op);
  const conditional = async (
    c: AppContext,
    data: unknown,
    params: unknown,
    format: OperationFormat | undefined,
  ): Promise<Response> => {
    const body = format ? format.render(data, params) : undefined;
    const tag = await entityTag(body ?? JSON.stringify(data), body === undefined);
    c.header("ETag", tag);
    c.header("Cache-Control", body === undefined ? "private, no-cache" : "no-cache");
    if (ifNoneMatchMatches(c.req.header("If-None-Match") ?? null, tag)) return c.body(null, 304);
    return answer(c, data, params, format, body);
  };
  const answer = (
    c: AppContext,
    data: unknown,
    params: unknown,
    format: OperationFormat | undefined,
    body = format?.render(data, params),
  ): Response => {
    if (format && body !== undefined) {
      c.header("Content-Type", format.contentType);
      if (format.filename) {
        c.header("Content-Disposition", `inline; filename="${format.filename(data, params)}"`);
      }
      return c.body(body, 200);
    }
    return okResponse(c, op, data, options.baseUrl);
  };
  // Synchronous unless the answer needs an entity tag (hashing is async).
  return (c) => {
    const entries = queryEntries(c.req.url);
    if (hasPathParams) entries.push(...Object.entries(c.req.param()));
    if (langAware) withAcceptLanguage(c, entries);
    const params = parseParams(op, entries);
    const data = run(params, options.context());
    const format = chosenFormat(op, params);
    return op.conditional ? conditional(c, data, params, format) : answer(c, data, params, format);
  };
}

/**
 * For an operation that takes `lang`: when the query has none, the language `Accept-Language`
 * prefers (if it names en, si or ta) becomes `lang`, and the answer says `Vary: Accept-Language`.
 *
 * @param c The context.
 * @param entries The raw parameters, to which `lang` is added.
 */
export function withAcceptLanguage(c: AppContext, entries: [string, string][]): void {
  if (entries.some(([name]) => name === "lang")) return;
  c.header("Vary", "Accept-Language", { append: true });
  const lang = negotiateLang(c.req.header("Accept-Language"));
  if (lang) entries.push(["lang", lang]);
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

/**
 * Mounts every operation of the registry: local ones generically (parse path and query, run,
 * envelope or a declared format, ETag and 304 for conditional ones), server-only ones with their
 * handler. Other methods on the same paths answer 405 with `Allow`. Throws at start-up if a
 * server-only operation has no handler, or an operation offers formats without a `format`
 * parameter, so the registry and the server cannot drift apart.
 *
 * @param app The app.
 * @param ops The registry.
 * @param options Context, middleware and server-only handlers.
 */
export function mountOperations(
  app: Hono<AppEnv>,
  ops: readonly AnyOperation[],
  options: MountOptions,
): void {
  const methodsByPath = new Map<string, string[]>();
  for (const op of ops) {
    const path = routePath(op);
    if (op.formats && !Object.hasOwn(op.params.shape, "format")) {
      throw new TypeError(
        `Cannot mount operation "${op.name}": it offers formats but has no "format" parameter`,
      );
    }
    const handler: Handler<AppEnv> | undefined = op.run
      ? localHandler(op, options)
      : options.handlers[op.name];
    if (!handler) {
      throw new TypeError(
        `Cannot mount operation "${op.name}": it has no run and no server handler`,
      );
    }
    app.on(op.method, [path], ...options.before(op), handler);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), op.method]);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
    app.all(path, (c) => {
      throw new ApiError(
        405,
        "method_not_allowed",
        `Method ${c.req.method} is not allowed here: use ${allow}`,
        {
          headers: { Allow: allow },
        },
      );
    });
  }
}
