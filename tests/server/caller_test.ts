import assert from "node:assert/strict";
import { presentedKey } from "../../server/http/caller.ts";
import { addressGroup, clientAddress } from "../../server/http/client_ip.ts";
import { json, testApp } from "../_helpers/app.ts";

const keys = {
  resolve: (raw: string) =>
    Promise.resolve(raw === "lk_good" ? { id: "k1", accountId: "a1", dailyLimit: 7 } : null),
};

Deno.test("presentedKey() reads Bearer or x-api-key and refuses two different keys", () => {
  assert.equal(presentedKey("Bearer lk_a", undefined), "lk_a");
  assert.equal(presentedKey("bearer lk_a", "lk_a"), "lk_a");
  assert.equal(presentedKey(undefined, " lk_b "), "lk_b");
  assert.equal(presentedKey(undefined, undefined), undefined);
  assert.throws(() => presentedKey("Bearer lk_a", "lk_b"), /different keys/);
  assert.throws(() => presentedKey("Basic dXNlcjpwYXNz", undefined), /Bearer/);
});

Deno.test("a known key raises the caller to the key tier with its own limit", async () => {
  await using t = await testApp({ keys });
  const res = await t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": "lk_good" } });
  const body = await json(res);
  assert.equal(body.meta.tier, "key");
  assert.equal(body.meta.limit, 7);
  assert.equal(res.headers.get("X-RateLimit-Limit"), "7");
});

Deno.test("an unknown key is a 401 invalid_key, never anonymous", async () => {
  await using t = await testApp({ keys });
  const res = await t.request("/api/v1/vat?amount=1", {
    headers: { Authorization: "Bearer lk_nope" },
  });
  assert.equal(res.status, 401);
  assert.equal((await json(res)).code, "invalid_key");
  assert.ok(res.headers.get("X-RateLimit-Limit"));
});

Deno.test("two different keys in the two headers are a 400", async () => {
  await using t = await testApp({ keys });
  const res = await t.request("/api/v1/vat?amount=1", {
    headers: { Authorization: "Bearer lk_good", "x-api-key": "lk_other" },
  });
  assert.equal(res.status, 400);
  assert.equal((await json(res)).code, "invalid_param");
});

Deno.test("a spoofed X-Forwarded-For does not change the caller without TRUST_PROXY", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "2" } });
  await t.request("/api/v1/vat?amount=1", { headers: { "X-Forwarded-For": "198.51.100.1" } });
  await t.request("/api/v1/vat?amount=1", { headers: { "X-Forwarded-For": "198.51.100.2" } });
  const third = await t.request("/api/v1/vat?amount=1", {
    headers: { "X-Forwarded-For": "198.51.100.3" },
  });
  assert.equal(third.status, 429);
});

Deno.test("clientAddress() takes the rightmost entry the trusted proxies did not add", () => {
  assert.equal(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2", 0), "10.0.0.1");
  assert.equal(clientAddress("10.0.0.1", "6.6.6.6, 2.2.2.2", 1), "2.2.2.2");
  assert.equal(clientAddress("10.0.0.2", "6.6.6.6, 2.2.2.2, 10.0.0.1", 2), "2.2.2.2");
  assert.equal(clientAddress("10.0.0.1", "2.2.2.2", 3), "2.2.2.2");
  assert.equal(clientAddress("10.0.0.1", undefined, 1), "10.0.0.1");
});

Deno.test("addressGroup() groups IPv6 by /64 and unwraps IPv4-mapped addresses", () => {
  assert.equal(addressGroup("203.0.113.7"), "203.0.113.7");
  assert.equal(addressGroup("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  assert.equal(addressGroup("2001:0db8:0001:0002:ffff:0:0:9"), "2001:db8:1:2::/64");
  assert.equal(addressGroup("2001:db8::1"), "2001:db8:0:0::/64");
  assert.equal(addressGroup("::ffff:198.51.100.4"), "198.51.100.4");
  assert.equal(addressGroup("[::1]"), "0:0:0:0::/64");
});
