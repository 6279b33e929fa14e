import assert from "node:assert/strict";
import { json, testApp } from "../_helpers/app.ts";

Deno.test("GET /api/v1/tax/paye answers 8000 for 250000 inside the envelope", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/tax/paye?monthly=250000");
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.equal(body.ok, true);
  assert.equal(body.data.monthlyTax, 8000);
  assert.equal(body.meta.endpoint, "paye");
  assert.equal(body.meta.tier, "anonymous");
  assert.equal(body.meta.page_url, "http://lanka.test/tools/paye");
  assert.match(body.meta.source_url, /^https:\/\/www\.ird\.gov\.lk\//);
  assert.match(body.meta.last_verified, /^\d{4}-\d{2}-\d{2}$/);
});

Deno.test("meta and X-RateLimit-* headers agree and count down", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "3" } });
  for (const expected of [2, 1, 0]) {
    const res = await t.request("/api/v1/vat?amount=100");
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.equal(body.meta.limit, 3);
    assert.equal(body.meta.remaining, expected);
    assert.equal(res.headers.get("X-RateLimit-Limit"), "3");
    assert.equal(res.headers.get("X-RateLimit-Remaining"), String(expected));
    assert.match(res.headers.get("X-RateLimit-Reset") ?? "", /^\d{10}$/);
  }
  const over = await t.request("/api/v1/vat?amount=100");
  assert.equal(over.status, 429);
  const body = await json(over);
  assert.deepEqual([body.ok, body.code, body.limit, body.remaining], [false, "rate_limited", 3, 0]);
  assert.ok(Number(over.headers.get("Retry-After")) > 0);
});

Deno.test("loan and fd omit provenance that loan does not have", async () => {
  await using t = await testApp();
  const body = await json(await t.request("/api/v1/loan?principal=100000&rate=12&months=12"));
  assert.equal(body.meta.page_url, undefined);
  assert.equal(body.meta.source_url, undefined);
});

Deno.test("every response carries CORS, request id and rate-limit headers", async (t) => {
  await using app = await testApp();
  const cases: [string, RequestInit?][] = [
    ["/api/v1/vat?amount=1"],
    ["/api/v1/vat?amount=x"],
    ["/api/v1/nowhere"],
    ["/api/v1/vat", { method: "DELETE" }],
    ["/api/v1"],
    ["/api/v1/openapi.json"],
    ["/api/v1/vat", { method: "OPTIONS", headers: { "Access-Control-Request-Method": "GET" } }],
  ];
  for (const [path, init] of cases) {
    await t.step(`${init?.method ?? "GET"} ${path}`, async () => {
      const res = await app.request(path, init);
      await res.body?.cancel();
      assert.equal(res.headers.get("Access-Control-Allow-Origin"), "*");
      assert.match(res.headers.get("Access-Control-Expose-Headers") ?? "", /X-RateLimit-Remaining/);
      assert.ok(res.headers.get("X-Request-Id"));
      assert.ok(res.headers.get("X-RateLimit-Limit"));
    });
  }
});

Deno.test("a preflight OPTIONS is a 204 that does not consume quota", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "5" } });
  const pre = await t.request("/api/v1/vat", {
    method: "OPTIONS",
    headers: { "Access-Control-Request-Method": "GET" },
  });
  assert.equal(pre.status, 204);
  assert.match(pre.headers.get("Access-Control-Allow-Methods") ?? "", /GET/);
  assert.equal(pre.headers.get("X-RateLimit-Remaining"), "5");
  const index = await t.request("/api/v1");
  assert.equal(index.headers.get("X-RateLimit-Remaining"), "5");
});

Deno.test("a safe incoming X-Request-Id is echoed; an unsafe one is replaced", async () => {
  await using t = await testApp();
  const kept = await t.request("/api/v1/vat?amount=1", { headers: { "X-Request-Id": "abc-123" } });
  assert.equal(kept.headers.get("X-Request-Id"), "abc-123");
  const replaced = await t.request("/api/v1/vat?amount=1", {
    headers: { "X-Request-Id": "<script>" },
  });
  // Our own ids: this process's 64 random bits in hex, then a counter (server/http/request_id.ts).
  const made = replaced.headers.get("X-Request-Id") ?? "";
  assert.match(made, /^[0-9a-f]{16}-[0-9a-z]+$/);
  const next = (await t.request("/api/v1/vat?amount=1")).headers.get("X-Request-Id") ?? "";
  assert.match(next, /^[0-9a-f]{16}-[0-9a-z]+$/);
  assert.equal(next.split("-")[0], made.split("-")[0], "one process, one random part");
  assert.notEqual(next, made, "every request its own id");
});

Deno.test("invalid parameters are a 400 invalid_param naming the parameter", async (t) => {
  await using app = await testApp();
  const cases: [string, string, RegExp][] = [
    ["/api/v1/vat", "amount", /is required/],
    ["/api/v1/vat?amount=", "amount", /empty value/],
    ["/api/v1/vat?amount=abc", "amount", /must be a number/],
    ["/api/v1/vat?amount=1e999", "amount", /must be a number/],
    ["/api/v1/vat?amount=NaN", "amount", /must be a number/],
    ["/api/v1/vat?amount=-5", "amount", /from 0/],
    ["/api/v1/vat?amount=10&mode=double", "mode", /one of "add", "remove"/],
    ["/api/v1/vat?amount=10&amount=20", "amount", /more than once/],
    ["/api/v1/vat?amount=10&colour=red", "colour", /allowed: amount, rate, mode/],
    ["/api/v1/loan?principal=1000&rate=5&months=0", "months", /from 1 to 600/],
    ["/api/v1/loan?principal=1000&rate=5&months=2.5", "months", /whole number/],
    ["/api/v1/tax/paye?monthly=1000&date=2026-02-30", "date", /YYYY-MM-DD/],
    ["/api/v1/tax/paye?monthly=1000&date=2020-01-01", "date", /No APIT table/],
    ["/api/v1/convert/land?value=1&from=furlong", "from", /one of/],
  ];
  for (const [path, param, message] of cases) {
    await t.step(path, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 400);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      const body = await json(res);
      assert.equal(body.ok, false);
      assert.equal(body.code, "invalid_param");
      assert.ok(
        body.details.some((d: { param: string }) => d.param === param),
        JSON.stringify(body),
      );
      assert.match(body.error, message);
    });
  }
});

Deno.test("unknown paths are 404 not_found, wrong methods 405 with Allow", async () => {
  await using t = await testApp();
  const missing = await t.request("/api/v1/nope");
  assert.equal(missing.status, 404);
  assert.equal((await json(missing)).code, "not_found");
  const wrong = await t.request("/api/v1/vat?amount=1", { method: "POST" });
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get("Allow"), "GET, HEAD, OPTIONS");
  assert.equal((await json(wrong)).code, "method_not_allowed");
});

Deno.test("a URL over 8 KB is refused with 414 before routing", async () => {
  await using t = await testApp();
  const res = await t.request(`/api/v1/vat?amount=${"9".repeat(10_000)}`);
  assert.equal(res.status, 414);
  assert.equal((await json(res)).code, "uri_too_long");
});

Deno.test("a bug answers a generic 500 with the request id and logs the details", async () => {
  await using t = await testApp();
  t.app.get("/boom", () => {
    throw new Error("secret internal detail");
  });
  const res = await t.request("/boom", { headers: { "X-Request-Id": "req-42" } });
  assert.equal(res.status, 500);
  const body = await json(res);
  assert.equal(body.code, "internal");
  assert.match(body.error, /req-42/);
  assert.doesNotMatch(JSON.stringify(body), /secret internal detail/);
  assert.ok(
    t.logs.some((line) => line.includes("secret internal detail") && line.includes("req-42")),
  );
});

Deno.test("queryEntries() reads queries exactly as URLSearchParams does (property)", async () => {
  const { queryEntries } = await import("../../server/http/routes.ts");
  const fc = (await import("fast-check")).default;
  const piece = fc.oneof(
    fc.constantFrom(
      "a",
      "amount",
      "=",
      "&",
      "+",
      "%20",
      "%",
      "%zz",
      "%E0%B6%9A",
      "ශ්‍රී",
      "?",
      "#",
      "",
      " ",
    ),
    fc.string({ maxLength: 6 }),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
      // Request URLs are always serialised by the URL parser, as c.req.url is.
      const url = new URL(`http://x/api/v1/vat?${parts.join("")}`).href;
      const expected = [...new URL(url).searchParams];
      assert.deepEqual(queryEntries(url), expected, url);
    }),
    { numRuns: 3000 },
  );
  assert.deepEqual(queryEntries("http://x/a"), []);
  assert.deepEqual(queryEntries("http://x/a?amount=1&&mode=add&flag"), [["amount", "1"], [
    "mode",
    "add",
  ], ["flag", ""]]);
});

Deno.test("percent-encoded paths and path parameters are decoded before routing", async () => {
  await using t = await testApp();
  // RFC 3986 2.1: %61 is "a" and %31 is "1", so these name the same resources as the plain paths.
  const plain = await json(await t.request("/api/v1/vat?amount=100"));
  const encoded = await json(await t.request("/api/v1/v%61t?amount=100"));
  assert.deepEqual(encoded.data, plain.data);
  const nic = await json(await t.request("/api/v1/nic/199012345678"));
  const nicEncoded = await json(await t.request("/api/v1/nic/%3199012345678"));
  assert.deepEqual(nicEncoded.data, nic.data);
});

Deno.test("when the caller's quota cannot be read, a request that does not count answers 503", async () => {
  const { createPipeline } = await import("../../server/http/pipeline.ts");
  const { compileRoutes } = await import("../../server/http/routes.ts");
  const { noKeys } = await import("../../server/http/caller.ts");
  const { loadConfig } = await import("../../server/config.ts");
  const { createLogger } = await import("../../server/log.ts");
  const { Metrics } = await import("../../server/observe/metrics.ts");
  const serve = createPipeline({
    config: loadConfig({}),
    keys: noKeys,
    quota: {
      consume: () => Promise.reject(new Error("not used")),
      peek: () => Promise.reject(new Deno.errors.BadResource("database is closed")),
      close: () => Promise.resolve(),
    },
    clock: { now: () => 0 },
    logger: createLogger("error", () => {}),
    metrics: new Metrics(),
    routes: compileRoutes([], {
      baseUrl: "http://x",
      context: () => ({ today: "2026-01-01", baseUrl: "http://x" }),
      steps: () => [],
      handlers: {},
    }),
    fallback: () => new Response("a page", { headers: { "Content-Type": "text/html" } }),
  });
  const res = await serve(new Request("http://x/", { headers: { "X-Request-Id": "req-7" } }));
  assert.equal(res.status, 503);
  const body = await json(res);
  assert.equal(body.code, "unavailable");
  assert.equal(body.requestId, "req-7");
  assert.equal(res.headers.get("X-Request-Id"), "req-7");
  assert.equal(res.headers.get("X-Content-Type-Options"), "nosniff");
  assert.equal(res.headers.get("X-RateLimit-Remaining"), null);
});
