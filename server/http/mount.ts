import type { Handler, Hono, MiddlewareHandler } from "hono";
import { ApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";
import { okResponse } from "./envelope.ts";
import type { AppEnv } from "./types.ts";

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
 * Mounts every operation of the registry: local ones generically (parse path and query, run,
 * envelope), server-only ones with their handler. Other methods on the same paths answer 405
 * with `Allow`. Throws at start-up if a server-only operation has no handler, so the registry
 * and the server cannot drift apart.
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
    const handler: Handler<AppEnv> | undefined = op.run
      ? (c) => {
        const entries: [string, string][] = Object.entries(c.req.param());
        const url = c.req.url;
        const mark = url.indexOf("?");
        if (mark !== -1) {
          for (const pair of new URLSearchParams(url.slice(mark + 1))) entries.push(pair);
        }
        return okResponse(c, op, execute(op, entries, options.context()), options.baseUrl);
      }
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
