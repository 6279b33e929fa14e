import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import { apiRoutes } from "../../server/app.ts";
import { routePath } from "../../server/http/routes.ts";
import { PAGE_CSP } from "../../server/http/security.ts";
import { testApp } from "../_helpers/app.ts";

/** A value for each route parameter: a real one where the registry has it, else a filler. */
function samplePath(path: string): string[] {
  const filled = path.replace(
    /:(\w+)(\{[^}]*\})?/g,
    (_, name: string) =>
      ({ slug: "vat", operationId: "vat", id: "key_0000000000000000", topic: "quotas" })[name] ??
        "x",
  );
  const out = [filled];
  // The registry's operations are mounted from their paths: also walk their examples.
  for (const op of operations) {
    if (`/api/v1${op.path}`.replace(/\{(\w+)\}/g, ":$1") === path) out.push(op.example);
  }
  return out;
}

function assertHeaders(res: Response, label: string, https: boolean): void {
  const h = res.headers;
  assert.equal(h.get("X-Content-Type-Options"), "nosniff", `${label}: nosniff`);
  if (!h.get("Content-Type")?.startsWith("text/html")) return;
  const csp = h.get("Content-Security-Policy") ?? "";
  assert.equal(csp, PAGE_CSP, `${label}: CSP`);
  for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "base-uri 'none'"]) {
    assert.ok(csp.includes(directive), `${label}: ${directive}`);
  }
  assert.ok(csp.includes("form-action 'self'"), `${label}: form-action`);
  assert.ok(!/unsafe-inline|unsafe-eval/.test(csp), `${label}: no unsafe-*`);
  assert.ok(h.get("Referrer-Policy"), `${label}: Referrer-Policy`);
  assert.equal(
    h.get("Strict-Transport-Security"),
    https ? "max-age=31536000" : null,
    `${label}: HSTS only when PUBLIC_BASE_URL is https`,
  );
}

for (const https of [false, true]) {
  Deno.test(
    `every route the app mounts sends nosniff, and every HTML answer the page security headers (${
      https ? "https" : "http"
    } public URL)`,
    async () => {
      await using t = await testApp({
        env: { PUBLIC_BASE_URL: https ? "https://lanka.test" : "http://lanka.test" },
      });
      // Both routers: Hono's (pages, dashboard, health, feeds, index) and the compiled route
      // table of the /api/v1 operations.
      const routes = [
        ...t.app.routes.filter((r) => r.method !== "ALL" && !r.path.includes("*")),
        ...apiRoutes(t.app).map((r) => ({ method: r.method, path: r.pattern })),
      ];
      // The route table serves every operation of the registry, each at its own path.
      assert.deepEqual(
        apiRoutes(t.app).map((r) => `${r.method} ${r.pattern}`).sort(),
        operations.map((op) => `${op.method} ${routePath(op)}`).sort(),
      );
      assert.ok(routes.length > 30, `only ${routes.length} routes: is the walk broken?`);
      let pages = 0;
      for (const route of routes) {
        for (const path of samplePath(route.path)) {
          const method = route.method === "GET" ? "GET" : route.method;
          const init: RequestInit = { method, headers: { Origin: "http://lanka.test" } };
          if (method !== "GET" && method !== "HEAD") {
            init.headers = { "Content-Type": "application/json" };
            init.body = "{}";
          }
          const res = await t.request(path, init);
          await res.body?.cancel();
          assert.ok(res.status < 500, `${method} ${path}: ${res.status}`);
          assertHeaders(res, `${method} ${path} (route ${route.path})`, https);
          if (res.headers.get("Content-Type")?.startsWith("text/html")) pages++;
        }
      }
      // The human 404 and an API 404 (not a mounted route) carry them too.
      for (const path of ["/no-such-page", "/api/v1/no-such-endpoint"]) {
        const res = await t.request(path);
        await res.body?.cancel();
        assertHeaders(res, path, https);
      }
      assert.ok(pages >= 10, `only ${pages} HTML answers seen`);
    },
  );
}

Deno.test("no page has an inline script or an inline style (the CSP would block them)", async () => {
  await using t = await testApp();
  for (const path of ["/", "/docs", "/docs/try/vat?amount=100", "/tools/vat", "/developers"]) {
    const page = await (await t.request(path)).text();
    for (const [script] of page.matchAll(/<script\b[^>]*>/g)) {
      assert.match(script, /type="application\/ld\+json"|src=/, `${path}: ${script}`);
    }
    assert.ok(!/\sstyle="|<style\b|\son[a-z]+="/.test(page), `${path}: inline style or handler`);
  }
});

Deno.test("HEAD on a GET operation sends the Content-Length that GET sends, and no body", async () => {
  await using t = await testApp();
  for (const path of ["/api/v1/vat?amount=100", "/api/v1", "/api/v1/openapi.json", "/docs"]) {
    const get = await t.request(path);
    const length = (await get.arrayBuffer()).byteLength;
    const head = await t.request(path, { method: "HEAD" });
    assert.equal(head.status, 200, path);
    assert.equal(head.headers.get("Content-Length"), String(length), path);
    assert.equal((await head.arrayBuffer()).byteLength, 0, path);
  }
});

Deno.test("the service index's meta carries limit and remaining, equal to the headers", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "7" } });
  await (await t.request("/api/v1/vat?amount=1")).body?.cancel();
  const res = await t.request("/api/v1");
  const body = await res.json();
  assert.equal(body.meta.limit, 7);
  assert.equal(body.meta.remaining, 6); // one counted call; the index itself is not counted
  assert.equal(res.headers.get("X-RateLimit-Remaining"), "6");
  assert.equal(res.headers.get("X-RateLimit-Limit"), "7");
});
