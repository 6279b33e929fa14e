/**
 * The methods each path of the Hono app answers, for the 405 that a path's other methods get:
 * a method a path does not have is `405 Method Not Allowed` with `Allow`, not a 404, on every
 * path (the `/api/v1` route table does the same for its operations, see `routes.ts`).
 *
 * @module
 */
import type { Hono } from "hono";
import type { AppEnv } from "./types.ts";
import { methodNotAllowed } from "./routes.ts";
import type { ApiError } from "../../core/errors.ts";

interface PathMethods {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * A Hono path pattern (`/news/:slug`, `/static/*`) as a regular expression over a path.
 *
 * @param path The pattern.
 * @returns The expression, anchored at both ends.
 */
export function patternRegExp(path: string): RegExp {
  const source = path.split("/").map((segment) => {
    if (segment === "*") return ".*";
    if (segment.startsWith(":")) {
      // `:name{regex}` keeps its own pattern; `:name?` may be absent.
      const custom = /^:\w+\{(.+)\}$/.exec(segment)?.[1];
      return custom ?? "[^/]+";
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }).join("/");
  return new RegExp(`^${source}$`);
}

/**
 * Builds the check, from the routes the app has once every route is mounted (it reads
 * `app.routes` on first use).
 *
 * @param app The Hono app.
 * @returns For a method and a routing path: the 405 error when the path is served with other
 *   methods only, else undefined.
 */
export function allowedMethods(
  app: Hono<AppEnv>,
): (method: string, path: string) => ApiError | undefined {
  let table: PathMethods[] | undefined;
  const build = (): PathMethods[] => {
    const byPath = new Map<string, Set<string>>();
    for (const route of app.routes) {
      if (route.method === "ALL") continue; // middleware
      let methods = byPath.get(route.path);
      if (!methods) byPath.set(route.path, methods = new Set());
      methods.add(route.method.toUpperCase());
    }
    return [...byPath].map(([path, methods]) => ({ pattern: patternRegExp(path), methods }));
  };
  return (method, path) => {
    table ??= build();
    const methods = new Set<string>();
    for (const entry of table) {
      if (entry.pattern.test(path)) { for (const m of entry.methods) methods.add(m); }
    }
    if (methods.size === 0) return undefined;
    if (methods.has("GET")) methods.add("HEAD");
    if (methods.has(method)) return undefined; // the route itself answered "not found"
    methods.add("OPTIONS");
    const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    const allow = [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(", ");
    return methodNotAllowed(method, allow);
  };
}
