import assert from "node:assert/strict";
import type { Hono } from "hono";
import type { AppEnv } from "../../server/http/types.ts";
import { maskAddress } from "../../server/observe/access_log.ts";
import { LATENCY_BUCKETS, Metrics } from "../../server/observe/metrics.ts";
import { json, testApp } from "../_helpers/app.ts";

/** Parses Prometheus text into `name{labels}` -> value, checking every line's syntax. */
function parseProm(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.trimEnd().split("\n")) {
    if (line.startsWith("# HELP ")) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/
      .exec(line);
    if (type) {
      typed.add(type[1]!);
      continue;
    }
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+]+|\+Inf|NaN)$/
        .exec(line);
    assert.ok(sample, `not a Prometheus sample line: ${line}`);
    const base = sample[1]!.replace(/_(bucket|sum|count)$/, "");
    assert.ok(typed.has(sample[1]!) || typed.has(base), `sample before its TYPE: ${line}`);
    samples.set(`${sample[1]}${sample[2] ?? ""}`, Number(sample[3]));
  }
  return samples;
}

Deno.test("GET /healthz answers alive and /readyz checks KV", async () => {
  await using t = await testApp();
  const live = await t.request("/healthz");
  assert.equal(live.status, 200);
  assert.equal((await json(live)).status, "alive");
  const ready = await json(await t.request("/readyz"));
  // Up or down and nothing more: no check names, versions or timings while all is well.
  assert.deepEqual(ready, { ok: true, status: "ready" });
});

Deno.test("GET /readyz is 503 naming the failing check when KV is closed", async () => {
  await using t = await testApp();
  t.kv.close();
  const res = await t.request("/readyz");
  assert.equal(res.status, 503);
  // Only the failing check is named.
  assert.deepEqual(await json(res), { ok: false, status: "not ready", checks: { kv: "failing" } });
});

/** Asks the app as a caller on this machine (loopback peer) would. */
function local(app: Hono<AppEnv>) {
  const peer = { remoteAddr: { hostname: "127.0.0.1", port: 40000, transport: "tcp" } };
  return (path: string, init?: RequestInit) => app.request(path, init, peer);
}

Deno.test("GET /metrics parses as Prometheus text and its counters move with traffic", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "2" } });
  const metrics = () => local(t.app)("/metrics");
  const before = parseProm(await (await metrics()).text());
  const key = 'lanka_http_requests_total{route="/api/v1/vat",method="GET",status="200"}';
  assert.equal(before.get(key), undefined);
  await (await t.request("/api/v1/vat?amount=1")).body?.cancel();
  await (await t.request("/api/v1/vat?amount=2")).body?.cancel();
  await (await t.request("/api/v1/vat?amount=3")).body?.cancel(); // 429
  const after = parseProm(await (await metrics()).text());
  assert.equal(after.get(key), 2);
  assert.equal(
    after.get('lanka_http_requests_total{route="/api/v1/vat",method="GET",status="429"}'),
    1,
  );
  assert.equal(after.get('lanka_quota_rejections_total{tier="anonymous"}'), 1);
  assert.equal(after.get('lanka_http_request_duration_seconds_count{route="/api/v1/vat"}'), 3);
  assert.equal(
    after.get('lanka_http_request_duration_seconds_bucket{route="/api/v1/vat",le="+Inf"}'),
    3,
  );
});

Deno.test("without METRICS_TOKEN, /metrics answers loopback callers only, never through a proxy", async () => {
  await using t = await testApp();
  const remote = await t.request("/metrics");
  assert.equal(remote.status, 403);
  assert.equal((await json(remote)).code, "forbidden");
  assert.equal((await local(t.app)("/metrics")).status, 200);
  const v6 = await t.app.request("/metrics", {}, {
    remoteAddr: { hostname: "::1", port: 1, transport: "tcp" },
  });
  assert.equal(v6.status, 200);
  // A reverse proxy on this machine connects from loopback on behalf of anyone.
  for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
    const proxied = await local(t.app)("/metrics", { headers: { [header]: "198.51.100.1" } });
    assert.equal(proxied.status, 403, header);
    await proxied.body?.cancel();
  }
});

Deno.test("GET /metrics needs the operator token when one is configured", async () => {
  await using t = await testApp({ env: { METRICS_TOKEN: "s3cret-token" } });
  assert.equal((await t.request("/metrics")).status, 401);
  assert.equal(
    (await t.request("/metrics", { headers: { Authorization: "Bearer wrong" } })).status,
    401,
  );
  const ok = await t.request("/metrics", { headers: { Authorization: "Bearer s3cret-token" } });
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
});

Deno.test("the access log writes one JSON line per request without query strings or headers", async () => {
  await using t = await testApp();
  await (await t.request("/api/v1/vat?amount=123456", { headers: { "x-api-key": "" } })).body
    ?.cancel();
  const lines = t.logs.map((line) => JSON.parse(line)).filter((entry) =>
    entry.message === "request"
  );
  assert.equal(lines.length, 1);
  const [entry] = lines;
  assert.deepEqual(
    [entry.method, entry.route, entry.status, entry.tier, entry.ip],
    ["GET", "/api/v1/vat", 200, "anonymous", "203.0.113.0"],
  );
  assert.match(entry.requestId, /^[0-9a-f]{16}-[0-9a-z]+$/);
  assert.equal(typeof entry.durationMs, "number");
  assert.doesNotMatch(t.logs.join("\n"), /123456/);
});

Deno.test("LOG_IP=1 logs the full address; maskAddress() keeps /24 and /48", async () => {
  await using t = await testApp({ env: { LOG_IP: "1" } });
  await (await t.request("/api/v1/vat?amount=1")).body?.cancel();
  assert.equal(JSON.parse(t.logs.at(-1)!).ip, "203.0.113.7");
  assert.equal(maskAddress("198.51.100.23"), "198.51.100.0");
  assert.equal(maskAddress("2001:db8:aa:bb::1"), "2001:db8:aa::/48");
});

Deno.test("ACCESS_LOG=0 writes no request lines, other info lines and the metrics stay", async () => {
  await using t = await testApp({ env: { ACCESS_LOG: "0" } });
  await (await t.request("/api/v1/vat?amount=1")).body?.cancel();
  await (await t.request("/tools/vat")).body?.cancel();
  assert.ok(!t.logs.some((line) => JSON.parse(line).message === "request"), t.logs.join("\n"));
  const metrics = await (await local(t.app)("/metrics")).text();
  assert.match(metrics, /route="\/api\/v1\/vat"/, "the request is still counted");
  await using on = await testApp({ env: { ACCESS_LOG: "1" } });
  await (await on.request("/api/v1/vat?amount=1")).body?.cancel();
  assert.ok(on.logs.some((line) => JSON.parse(line).message === "request"));
});

Deno.test("while KV is down, calculators answer and account writes are a 503 with Retry-After", async () => {
  await using t = await testApp();
  t.kv.close();
  const vat = await t.request("/api/v1/vat?amount=100");
  assert.equal(vat.status, 200);
  assert.equal((await json(vat)).data.total, 118);
  const signUp = await t.request("/api/v1/accounts", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "kv-down@example.lk", password: "correct horse battery staple" }),
  });
  assert.equal(signUp.status, 503);
  assert.equal((await json(signUp)).code, "unavailable");
  assert.equal(signUp.headers.get("Retry-After"), "5");
  assert.ok(t.logs.some((line) => line.includes("Storage unavailable")));
  assert.ok(!t.logs.some((line) => line.includes("correct horse")), "the password is never logged");
});

Deno.test("histogram buckets are cumulative (Prometheus): each observation counts in its bucket and every larger one", () => {
  const metrics = new Metrics();
  // 0.0007 s is past the 0.0005 bucket; 0.002 s past 0.001; 100 s past every bucket.
  for (const seconds of [0.0003, 0.0007, 0.002, 100]) {
    metrics.request("/api/v1/vat", "GET", 200, seconds);
  }
  const rendered = parseProm(metrics.render());
  const bucket = (le: string) =>
    rendered.get(`lanka_http_request_duration_seconds_bucket{route="/api/v1/vat",le="${le}"}`);
  assert.equal(bucket("0.0005"), 1);
  assert.equal(bucket("0.001"), 2);
  assert.equal(bucket("0.0025"), 3);
  assert.equal(bucket(String(LATENCY_BUCKETS.at(-1))), 3);
  assert.equal(bucket("+Inf"), 4);
  assert.equal(
    rendered.get('lanka_http_request_duration_seconds_count{route="/api/v1/vat"}'),
    4,
  );
});
