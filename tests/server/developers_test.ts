import assert from "node:assert/strict";
import { form, type ORIGIN, sessionCookie } from "../_helpers/accounts.ts";
import { testApp } from "../_helpers/app.ts";

Deno.test("the dashboard works with plain forms: sign up, create a key shown once, revoke", async () => {
  await using t = await testApp();
  const start = await t.request("/developers");
  const page = await start.text();
  assert.equal(start.status, 200);
  assert.match(page, /<form method="post" action="\/developers\/signup">/);
  assert.doesNotMatch(page, /<script/i, "no JavaScript needed");

  const signup = await t.request(
    "/developers/signup",
    form({ email: "web@example.com", password: "long enough" }),
  );
  assert.equal(signup.status, 303);
  assert.equal(signup.headers.get("Location"), "/developers?signup=sent");
  assert.equal(signup.headers.getSetCookie().length, 0, "sign-up opens no session");
  const sent = await (await t.request("/developers?signup=sent")).text();
  assert.match(sent, /a message is on its way/);
  assert.equal(t.mail.length, 1);
  const login = await t.request(
    "/developers/login",
    form({ email: "web@example.com", password: "long enough" }),
  );
  assert.equal(login.status, 303);
  assert.equal(login.headers.get("Location"), "/developers");
  const cookie = sessionCookie(login)!;
  const home = await (await t.request("/developers", { headers: { Cookie: cookie } })).text();
  assert.match(home, /not confirmed yet/, "the dashboard says the address is unconfirmed");

  const created = await t.request("/developers/keys", form({ name: "Site" }, cookie));
  const createdPage = await created.text();
  assert.equal(created.status, 200);
  assert.equal(created.headers.get("Cache-Control"), "no-store");
  const key = /value="(lk_[0-9A-Za-z]{32})"/.exec(createdPage)?.[1];
  assert.ok(key, "the new key is on the page");

  const api = await t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": key } });
  assert.equal(api.status, 200);
  await api.body?.cancel();
  await t.quota.flush();

  const again = await (await t.request("/developers", { headers: { Cookie: cookie } })).text();
  assert.ok(!again.includes(key), "the key is shown only once");
  assert.match(again, new RegExp(`<code>${key.slice(0, 8)}…</code>`));
  assert.match(again, /1 \/ 100000/, "calls today over the limit");
  const id = /action="\/developers\/keys\/(key_[0-9A-Za-z]+)\/revoke"/.exec(again)?.[1];
  assert.ok(id);

  const revoked = await t.request(`/developers/keys/${id}/revoke`, form({}, cookie));
  assert.match(await revoked.text(), /is revoked/);
  const after = await t.request("/api/v1/vat?amount=1", { headers: { "x-api-key": key } });
  assert.equal(after.status, 401);
  await after.body?.cancel();

  const out = await t.request("/developers/logout", form({}, cookie));
  assert.equal(out.status, 303);
  assert.match(out.headers.getSetCookie().join(";"), /lanka_session=;/);
  const gone = await (await t.request("/developers", { headers: { Cookie: cookie } })).text();
  assert.match(gone, /Log in/);
});

Deno.test("dashboard form posts without a matching Origin are refused with 403", async () => {
  await using t = await testApp();
  for (const origin of [{ Origin: "https://evil.example" }, {}]) {
    const res = await t.request(
      "/developers/signup",
      form({ email: "x@example.com", password: "long enough" }, undefined, origin as typeof ORIGIN),
    );
    assert.equal(res.status, 403);
    assert.match(await res.text(), /did not come from this site/);
  }
  const referer = await t.request("/developers/signup", {
    ...form({ email: "x@example.com", password: "long enough" }, undefined, {} as typeof ORIGIN),
    headers: {
      Referer: "http://lanka.test/developers",
      "Content-Type": "application/x-www-form-urlencoded",
    },
  });
  assert.equal(referer.status, 303, "a same-site Referer stands in for a missing Origin");
});

Deno.test("dashboard errors re-render the page with the message and keep the email", async () => {
  await using t = await testApp();
  const res = await t.request(
    "/developers/login",
    form({ email: "no@example.com", password: "x" }),
  );
  assert.equal(res.status, 401);
  const page = await res.text();
  assert.match(page, /Wrong email or password/);
  assert.match(page, /value="no@example.com"/);
  const bad = await t.request("/developers/signup", form({ email: "<b>@x", password: "short" }));
  assert.equal(bad.status, 400);
  assert.ok(!(await bad.text()).includes("<b>@x"), "input is escaped");
  const noSession = await t.request("/developers/keys", form({ name: "x" }));
  assert.equal(noSession.status, 401);
  await noSession.body?.cancel();
});
