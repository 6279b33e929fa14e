/**
 * Socket test: a method that a path does not have is `405 Method Not Allowed` with `Allow`, not a
 * 404, on every path the server has: Hono's page routes and the compiled `/api/v1` table alike.
 * The routes are listed from an app built in-process; the requests go to `server/main.ts` on a
 * real port (curl), as a client sends them.
 */
import assert from "node:assert/strict";
import { apiRoutes } from "../../server/app.ts";
import { patternRegExp } from "../../server/http/allow.ts";
import { testApp } from "../_helpers/app.ts";
import { startServer } from "../_helpers/server.ts";
import { curlFrom } from "../_helpers/socket.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

Deno.test("every path answers the methods it lacks with 405 and an Allow header that lists its own", async () => {
  const byPath = new Map<string, Set<string>>();
  {
    await using t = await testApp();
    const routes = [
      ...t.app.routes.filter((r) => r.method !== "ALL"),
      ...apiRoutes(t.app),
    ].map((r) => ({ method: r.method.toUpperCase(), pattern: "path" in r ? r.path : r.pattern }));
    for (const { method, pattern } of routes) {
      // A concrete path: each parameter filled with a value no route treats specially.
      const path = pattern.replace(/:\w+(\{[^}]*\})?/g, "zz9").replace(/\*$/, "zz9");
      if (!byPath.has(path)) byPath.set(path, new Set());
      byPath.get(path)!.add(method);
    }
    // A concrete path also has the methods of the patterns it matches (GET /tools/:slug serves
    // /tools/text, whose form is POSTed to a route of its own).
    for (const { method, pattern } of routes) {
      const matches = patternRegExp(pattern);
      for (const [path, methods] of byPath) if (matches.test(path)) methods.add(method);
    }
  }
  assert.ok(byPath.size > 30, `only ${byPath.size} paths`);
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
  try {
    const failures: string[] = [];
    for (const [path, methods] of byPath) {
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const res = await curlFrom("127.0.0.1", `${server.url}${path}`, {
          method,
          headers: { "Content-Type": "application/json", Origin: server.url },
          body: "{}",
        });
        const allow = (res.headers.get("Allow") ?? "").split(/,\s*/);
        const problems = [
          res.status !== 405 && `status ${res.status}`,
          !res.headers.get("Content-Type")?.startsWith("application/json") && "not JSON",
          [...methods].some((m) => !allow.includes(m)) && `Allow "${allow}" lacks ${[...methods]}`,
          allow.includes(method) && `Allow "${allow}" has ${method}`,
        ].filter(Boolean);
        if (problems.length) failures.push(`${method} ${path}: ${problems.join("; ")}`);
      }
    }
    // The language prefixes route to the same pages.
    const si = await curlFrom("127.0.0.1", `${server.url}/si/docs`, { method: "DELETE" });
    if (si.status !== 405) failures.push(`DELETE /si/docs: status ${si.status}`);
    assert.deepEqual(failures, []);
    // A path no method has stays a 404.
    assert.equal(
      (await curlFrom("127.0.0.1", `${server.url}/no/such/page`, { method: "POST" })).status,
      404,
    );
    assert.equal(
      (await curlFrom("127.0.0.1", `${server.url}/api/v1/nothing`, { method: "PUT" })).status,
      404,
    );
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
