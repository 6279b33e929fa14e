import assert from "node:assert/strict";
import { createKey, signUp } from "../_helpers/accounts.ts";
import { fixedClock, json, testApp } from "../_helpers/app.ts";

/** The production limits: 50 a day per IP, 1,000 per key. */
const DEFAULTS = { ANON_DAILY_LIMIT: "50", KEY_DAILY_LIMIT: "1000" };

/** Asserts that headers and meta tell the same story, and returns remaining. */
async function agree(res: Response): Promise<number> {
  const body = await json(res);
  const limit = Number(res.headers.get("X-RateLimit-Limit"));
  const remaining = Number(res.headers.get("X-RateLimit-Remaining"));
  assert.match(res.headers.get("X-RateLimit-Reset") ?? "", /^\d{10}$/);
  if (body.ok) {
    assert.equal(body.meta.limit, limit);
    assert.equal(body.meta.remaining, remaining);
  } else if (res.status === 429) {
    assert.deepEqual([body.limit, body.remaining], [limit, 0]);
    assert.equal(remaining, 0);
    assert.equal(String(body.reset), res.headers.get("X-RateLimit-Reset"));
  }
  return remaining;
}

Deno.test("the 51st anonymous call of the day is a 429; headers and meta agree on each", async () => {
  await using t = await testApp({ env: DEFAULTS });
  for (let i = 1; i <= 50; i++) {
    const res = await t.request(`/api/v1/vat?amount=${i}`);
    assert.equal(res.status, 200);
    assert.equal(await agree(res), 50 - i);
  }
  const over = await t.request("/api/v1/vat?amount=1");
  assert.equal(over.status, 429);
  await agree(over);
  // 10:00 UTC: 14 hours to midnight.
  assert.equal(over.headers.get("Retry-After"), String(14 * 3600));
});

Deno.test("the 1,001st keyed call of the day is a 429; headers and meta agree on each", async () => {
  await using t = await testApp({ env: DEFAULTS });
  const { key } = await createKey(
    t.request,
    await signUp(t.request, "k@example.com", "not-a-common-1"),
  );
  const headers = { Authorization: `Bearer ${key}` };
  for (let i = 1; i <= 1000; i++) {
    const res = await t.request("/api/v1/vat?amount=100", { headers });
    assert.equal(res.status, 200);
    assert.equal(await agree(res), 1000 - i);
  }
  const over = await t.request("/api/v1/vat?amount=100", { headers });
  assert.equal(over.status, 429);
  const body = await json(over);
  assert.deepEqual([body.ok, body.code, body.limit, body.remaining], [
    false,
    "rate_limited",
    1000,
    0,
  ]);
  assert.ok(Number(over.headers.get("Retry-After")) > 0);
  // The key's own counter is apart from the address's: anonymous calls are still allowed.
  assert.equal((await t.request("/api/v1/vat?amount=1")).status, 200);
});

Deno.test("errors, the index, the OpenAPI document and preflights carry agreeing headers without counting", async () => {
  await using t = await testApp({ env: DEFAULTS });
  await t.request("/api/v1/vat?amount=1");
  for (
    const [path, init] of [
      ["/api/v1"],
      ["/api/v1/openapi.json"],
      ["/api/v1/nowhere"],
      ["/api/v1/vat", { method: "OPTIONS" }],
      ["/developers"],
    ] as [string, RequestInit?][]
  ) {
    const res = await t.request(path, init);
    assert.equal(res.headers.get("X-RateLimit-Remaining"), "49", path);
    await res.body?.cancel();
  }
  const bad = await t.request("/api/v1/vat?amount=x");
  assert.equal(bad.status, 400);
  assert.equal(await agree(bad), 48, "a 400 on an operation counts as an attempt");
});

Deno.test("counters reset at 00:00 UTC (injected clock)", async () => {
  const clock = fixedClock(Date.UTC(2026, 5, 15, 23, 59, 59));
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "1" }, clock });
  assert.equal((await t.request("/api/v1/vat?amount=1")).status, 200);
  const over = await t.request("/api/v1/vat?amount=1");
  assert.equal(over.status, 429);
  assert.equal(over.headers.get("Retry-After"), "1");
  assert.equal(over.headers.get("X-RateLimit-Reset"), String(Date.UTC(2026, 5, 16) / 1000));
  clock.set(Date.UTC(2026, 5, 16, 0, 0, 0));
  const next = await t.request("/api/v1/vat?amount=1");
  assert.equal(next.status, 200);
  assert.equal(next.headers.get("X-RateLimit-Reset"), String(Date.UTC(2026, 5, 17) / 1000));
});

Deno.test("a spoofed X-Forwarded-For does not change the caller, and is honoured with TRUST_PROXY", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "1" } });
  await t.request("/api/v1/vat?amount=1", { headers: { "X-Forwarded-For": "198.51.100.1" } });
  const spoofed = await t.request("/api/v1/vat?amount=1", {
    headers: { "X-Forwarded-For": "198.51.100.2" },
  });
  assert.equal(spoofed.status, 429);
  await spoofed.body?.cancel();
  await using p = await testApp({ env: { ANON_DAILY_LIMIT: "1", TRUST_PROXY: "1" } });
  await p.request("/api/v1/vat?amount=1", { headers: { "X-Forwarded-For": "198.51.100.1" } });
  const other = await p.request("/api/v1/vat?amount=1", {
    headers: { "X-Forwarded-For": "198.51.100.2" },
  });
  assert.equal(other.status, 200);
  await other.body?.cancel();
});

Deno.test("counts survive a restart: a new app on the same KV starts from the persisted total", async () => {
  await using first = await testApp({ env: { ANON_DAILY_LIMIT: "3" } });
  await first.request("/api/v1/vat?amount=1");
  await first.request("/api/v1/vat?amount=1");
  await first.quota.flush();
  await using second = await testApp({ kv: first.kv, env: { ANON_DAILY_LIMIT: "3" } });
  const res = await second.request("/api/v1/vat?amount=1");
  assert.equal(await agree(res), 0);
});
