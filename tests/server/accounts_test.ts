import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createKey, jsonInit, sessionCookie, signUp } from "../_helpers/accounts.ts";
import { fixedClock, json, testApp } from "../_helpers/app.ts";
import { sha256Hex } from "../../server/accounts/secrets.ts";

const EMAIL = "dev@example.com";
const PASSWORD = "s3cret-Passw0rd!";

Deno.test("log-in sets an HttpOnly, SameSite=Lax session cookie, Secure behind https", async () => {
  await using t = await testApp({ env: { PUBLIC_BASE_URL: "https://api.lanka.test" } });
  const signed = await t.request(
    "/api/v1/accounts",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  assert.equal(signed.status, 202);
  assert.equal(signed.headers.getSetCookie().length, 0, "sign-up opens no session");
  await signed.body?.cancel();
  const res = await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  assert.equal(res.status, 201);
  assert.equal(res.headers.get("Cache-Control"), "no-store");
  const body = await json(res);
  assert.equal(body.ok, true);
  assert.equal(body.data.email, EMAIL);
  assert.equal(body.data.emailVerified, false);
  assert.match(body.data.id, /^acc_/);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lanka_session="))!;
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  assert.match(cookie, /Secure/);
  assert.match(cookie, /Path=\//);
  await using plain = await testApp();
  await signUp(plain.request, EMAIL, PASSWORD);
  const res2 = await plain.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  await res2.body?.cancel();
  assert.doesNotMatch(res2.headers.getSetCookie().join(";"), /Secure/);
});

Deno.test("sign-up with a taken email answers as a new one; a bad email and a short password are 400", async () => {
  await using t = await testApp();
  const first = await t.request(
    "/api/v1/accounts",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  const again = await t.request(
    "/api/v1/accounts",
    jsonInit("POST", { email: " DEV@example.com", password: "another-Passw0rd" }),
  );
  assert.equal(first.status, 202);
  assert.equal(again.status, 202);
  const [a, b] = [await json(first), await json(again)];
  delete a.requestId;
  delete b.requestId;
  assert.deepEqual(a, b, "the same answer: nobody learns that the address is registered");
  assert.equal(first.headers.get("Cache-Control"), "no-store");
  const bad = await json(
    await t.request("/api/v1/accounts", jsonInit("POST", { email: "nope", password: PASSWORD })),
  );
  assert.equal(bad.code, "invalid_param");
  assert.equal(bad.details[0].param, "email");
  const short = await json(
    await t.request("/api/v1/accounts", jsonInit("POST", { email: "a@b.co", password: "1234567" })),
  );
  assert.equal(short.details[0].param, "password");
  assert.ok(!JSON.stringify(short).includes("1234567"), "the password is not echoed");
  const notJson = await t.request("/api/v1/accounts", { method: "POST", body: "email=x" });
  assert.equal(notJson.status, 415);
  await notJson.body?.cancel();
});

Deno.test("log-in opens a session; a wrong password is a 401; log-out ends the session", async () => {
  await using t = await testApp();
  await signUp(t.request, EMAIL, PASSWORD);
  const wrong = await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: EMAIL, password: "wrong-password" }),
  );
  assert.equal(wrong.status, 401);
  assert.equal((await json(wrong)).code, "unauthorized");
  const unknown = await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: "who@example.com", password: PASSWORD }),
  );
  assert.equal(unknown.status, 401);
  await unknown.body?.cancel();
  const ok = await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  assert.equal(ok.status, 201);
  await ok.body?.cancel();
  const cookie = sessionCookie(ok)!;
  assert.equal((await t.request("/api/v1/keys", jsonInit("GET", undefined, cookie))).status, 200);
  const out = await t.request("/api/v1/sessions", jsonInit("DELETE", undefined, cookie));
  assert.equal(out.status, 200);
  await out.body?.cancel();
  const after = await t.request("/api/v1/keys", jsonInit("GET", undefined, cookie));
  assert.equal(after.status, 401);
  assert.equal((await json(after)).code, "unauthorized");
});

Deno.test("a key is lk_ plus 32 base62 characters, shown once, and stored only as its SHA-256", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  const { key, id } = await createKey(t.request, cookie, "My app");
  assert.match(key, /^lk_[0-9A-Za-z]{32}$/);
  const list = await json(await t.request("/api/v1/keys", jsonInit("GET", undefined, cookie)));
  assert.equal(list.data.keys.length, 1);
  const listed = list.data.keys[0];
  assert.deepEqual(
    [listed.id, listed.name, listed.prefix, listed.active, listed.callsToday, listed.key],
    [id, "My app", key.slice(0, 8), true, 0, undefined],
  );
  // Nothing in KV holds the key; its hash is the lookup.
  const everything: string[] = [];
  for await (const entry of t.kv.list({ prefix: [] })) {
    everything.push(
      JSON.stringify(entry.key) +
        JSON.stringify(entry.value, (_, v) => typeof v === "bigint" ? String(v) : v),
    );
  }
  const dump = everything.join("\n");
  assert.ok(!dump.includes(key), "the key is not stored");
  assert.ok(!dump.includes(key.slice(3)), "not even its random part");
  assert.ok(!dump.includes(PASSWORD), "the password is not stored");
  assert.equal((await t.kv.get(["keys_by_hash", sha256Hex(key)])).value, id);
});

Deno.test("calls with a key count toward it; the listing shows calls today and last use", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  const { key } = await createKey(t.request, cookie);
  for (let i = 0; i < 3; i++) {
    const res = await t.request("/api/v1/vat?amount=1", {
      headers: { Authorization: `Bearer ${key}` },
    });
    assert.equal((await json(res)).meta.tier, "key");
  }
  await t.quota.flush();
  const listed = (await json(await t.request("/api/v1/keys", jsonInit("GET", undefined, cookie))))
    .data.keys[0];
  assert.equal(listed.callsToday, 3);
  assert.equal(listed.lastUsedAt, "2026-06-15T10:00:00.000Z");
});

Deno.test("at most 5 active keys: the 6th is a 409 until one is revoked", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  const ids = [];
  for (let i = 0; i < 5; i++) ids.push((await createKey(t.request, cookie, `k${i}`)).id);
  const sixth = await t.request("/api/v1/keys", jsonInit("POST", { name: "k5" }, cookie));
  assert.equal(sixth.status, 409);
  assert.equal((await json(sixth)).code, "conflict");
  const revoke = await t.request(`/api/v1/keys/${ids[0]}`, jsonInit("DELETE", undefined, cookie));
  assert.equal(revoke.status, 200);
  assert.equal((await json(revoke)).data.active, false);
  await createKey(t.request, cookie, "k5");
});

Deno.test("a revoked key is a 401 at once; an unknown key is a 401 too", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  const { key, id } = await createKey(t.request, cookie);
  const call = () => t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": key } });
  assert.equal((await call()).status, 200);
  await t.request(`/api/v1/keys/${id}`, jsonInit("DELETE", undefined, cookie));
  const after = await call();
  assert.equal(after.status, 401);
  assert.equal((await json(after)).code, "invalid_key");
  const unknown = await t.request("/api/v1/vat?amount=1", {
    headers: { "x-api-key": `lk_${"A".repeat(32)}` },
  });
  assert.equal(unknown.status, 401);
  assert.equal((await json(unknown)).code, "invalid_key");
});

Deno.test("a revoke on one instance reaches another sharing the KV within 5 seconds", async () => {
  await using a = await testApp();
  const clockB = fixedClock();
  await using b = await testApp({ kv: a.kv, clock: clockB });
  const cookie = await signUp(a.request, EMAIL, PASSWORD);
  const { key, id } = await createKey(a.request, cookie);
  const call = (t: typeof a) =>
    t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": key } });
  assert.equal((await call(b)).status, 200, "a key created on one instance works on the other");
  await a.request(`/api/v1/keys/${id}`, jsonInit("DELETE", undefined, cookie));
  assert.equal((await call(a)).status, 401);
  clockB.set(clockB.now() + 4_999);
  assert.equal((await call(b)).status, 200, "b still has the key cached");
  clockB.set(clockB.now() + 1);
  assert.equal((await call(b)).status, 401, "after 5 s b has re-read it");
});

Deno.test("key routes need a session; another account's key is a 404", async () => {
  await using t = await testApp();
  assert.equal((await t.request("/api/v1/keys")).status, 401);
  const alice = await signUp(t.request, "alice@example.com", PASSWORD);
  const bob = await signUp(t.request, "bob@example.com", PASSWORD);
  const { id } = await createKey(t.request, alice);
  const res = await t.request(`/api/v1/keys/${id}`, jsonInit("DELETE", undefined, bob));
  assert.equal(res.status, 404);
  await res.body?.cancel();
});

Deno.test("a state-changing request from another Origin is a 403", async () => {
  await using t = await testApp();
  const init = jsonInit("POST", { email: EMAIL, password: PASSWORD });
  const res = await t.request("/api/v1/accounts", {
    ...init,
    headers: { ...init.headers, Origin: "https://evil.example" },
  });
  assert.equal(res.status, 403);
  assert.equal((await json(res)).code, "forbidden");
  const same = await t.request("/api/v1/accounts", {
    ...init,
    headers: { ...init.headers, Origin: "http://lanka.test" },
  });
  assert.equal(same.status, 202);
  await same.body?.cancel();
});

Deno.test("sign-up and log-in attempts are limited to 20 an hour per IP", async () => {
  const clock = fixedClock();
  await using t = await testApp({ clock });
  for (let i = 0; i < 20; i++) {
    const res = await t.request(
      "/api/v1/sessions",
      jsonInit("POST", { email: EMAIL, password: "wrong-password" }),
    );
    assert.equal(res.status, 401);
    await res.body?.cancel();
  }
  const over = await t.request(
    "/api/v1/accounts",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  assert.equal(over.status, 429);
  const body = await json(over);
  assert.equal(body.code, "rate_limited");
  // 10:00 UTC: the next hour starts in 3,600 s.
  assert.equal(over.headers.get("Retry-After"), "3600");
  // The headers and body describe the allowance that refused it, not the daily data quota.
  assert.equal(over.headers.get("X-RateLimit-Limit"), "20");
  assert.equal(over.headers.get("X-RateLimit-Remaining"), "0");
  assert.equal(over.headers.get("X-RateLimit-Reset"), String(clock.now() / 1000 + 3600));
  assert.equal(body.limit, 20);
  assert.equal(body.remaining, 0);
  assert.equal(body.reset, clock.now() / 1000 + 3600);
  const reset = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: EMAIL }),
  );
  assert.equal(reset.status, 429, "reset requests share the allowance");
  await reset.body?.cancel();
  clock.set(clock.now() + 3_600_000);
  const later = await t.request(
    "/api/v1/accounts",
    jsonInit("POST", { email: EMAIL, password: PASSWORD }),
  );
  assert.equal(later.status, 202);
  await later.body?.cancel();
});

Deno.test("account routes do not consume the data quota and report it in meta and headers", async () => {
  await using t = await testApp({ env: { ANON_DAILY_LIMIT: "2" } });
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  for (let i = 0; i < 3; i++) {
    const res = await t.request("/api/v1/keys", jsonInit("GET", undefined, cookie));
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.deepEqual([body.meta.limit, body.meta.remaining], [2, 2]);
    assert.equal(res.headers.get("X-RateLimit-Remaining"), "2");
  }
  assert.equal((await t.request("/api/v1/vat?amount=1")).headers.get("X-RateLimit-Remaining"), "1");
});

Deno.test("unknown query parameters on account routes are refused like on any endpoint", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  const res = await t.request("/api/v1/keys?all=1", jsonInit("GET", undefined, cookie));
  assert.equal(res.status, 400);
  assert.equal((await json(res)).details[0].param, "all");
});

Deno.test("keys and passwords never appear in the log", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, EMAIL, PASSWORD);
  const { key, id } = await createKey(t.request, cookie);
  await t.request("/api/v1/sessions", jsonInit("POST", { email: EMAIL, password: PASSWORD }));
  await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: EMAIL, password: "Wr0ng-password" }),
  );
  await t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": key } });
  await t.request(`/api/v1/keys/${id}`, jsonInit("DELETE", undefined, cookie));
  await t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": key } });
  await t.request("/developers/login", {
    method: "POST",
    headers: { Origin: "http://lanka.test", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EMAIL, password: "Wr0ng-password" }),
  });
  const log = t.logs.join("\n");
  assert.ok(t.logs.some((line) => line.includes("Key created")), "the log was captured");
  for (const secret of [key, key.slice(3), PASSWORD, "Wr0ng-password", cookie.split("=")[1]!]) {
    assert.ok(!log.includes(secret), `log leaks ${secret.slice(0, 6)}…`);
  }
});

Deno.test("the account paths are in the OpenAPI document with their methods", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  assert.deepEqual(Object.keys(doc.paths["/api/v1/accounts"]), ["post"]);
  assert.deepEqual(Object.keys(doc.paths["/api/v1/sessions"]).sort(), ["delete", "post"]);
  assert.deepEqual(Object.keys(doc.paths["/api/v1/keys"]).sort(), ["get", "post"]);
  assert.deepEqual(Object.keys(doc.paths["/api/v1/keys/{id}"]), ["delete"]);
  const create = doc.paths["/api/v1/keys"].post;
  assert.ok(create.responses["201"]);
  assert.deepEqual(create.security, [{ sessionCookie: [] }]);
  assert.deepEqual(
    create.requestBody.content["application/json"].schema.properties.name.type,
    "string",
  );
  assert.equal(doc.components.securitySchemes.sessionCookie.in, "cookie");
  await SwaggerParser.validate(doc);
});
