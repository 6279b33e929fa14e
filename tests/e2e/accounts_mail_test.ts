/**
 * The account mail flows through the real server (`server/main.ts` on a real port) and a real
 * SMTP server on loopback: sign-up, verification, duplicate sign-up, take-over of an unverified
 * address, password reset, single use.
 */
import assert from "node:assert/strict";
import { cookieOf, startServer } from "./_server.ts";
import { startSmtp } from "./_smtp.ts";
import { mailedToken } from "../_helpers/accounts.ts";
import { LINK_BASE } from "./_accounts.ts";

Deno.test("account mail through a real SMTP server: verify, duplicate, take-over, reset", async (t) => {
  const smtp = await startSmtp();
  const dir = await Deno.makeTempDir();
  // Mail needs PUBLIC_BASE_URL (the links are built on it): they point there, not at this port.
  const server = await startServer(`${dir}/kv.sqlite3`, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Lanka API <noreply@lanka.test>",
    PUBLIC_BASE_URL: LINK_BASE,
  });
  const url = server.url;
  const api = (path: string, body: unknown, cookie?: string) =>
    fetch(`${url}/api/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const logIn = async (email: string, password: string) => {
    const res = await api("/sessions", { email, password });
    const body = await res.json();
    return { status: res.status, body, cookie: res.status === 201 ? cookieOf(res) : "" };
  };
  const keysStatus = async (cookie: string) => {
    const res = await fetch(`${url}/api/v1/keys`, { headers: { Cookie: cookie } });
    await res.body?.cancel();
    return res.status;
  };
  const answer = async (res: Response) => {
    const body = await res.json();
    delete body.requestId;
    return { status: res.status, body, cache: res.headers.get("Cache-Control") };
  };
  try {
    const owner = "owner@example.lk";
    let ownerCookie = "";

    await t.step("sign-up mails a verification link; the link confirms the address", async () => {
      const signed = await answer(
        await api("/accounts", { email: owner, password: "first Passw0rd" }),
      );
      assert.equal(signed.status, 202);
      assert.equal(signed.cache, "no-store");
      const mail = await smtp.waitFor(owner);
      assert.equal(mail.subject, "Confirm your email address for Lanka API");
      const token = mailedToken(smtp.mail, owner, "verify");
      assert.ok(mail.text.includes(`${LINK_BASE}/developers/verify?token=${token}`));
      // Keys work before verification.
      const before = await logIn(owner, "first Passw0rd");
      assert.equal(before.status, 201);
      assert.equal(before.body.data.emailVerified, false);
      assert.equal(await keysStatus(before.cookie), 200);
      // Opening the link changes nothing (mail scanners open links); its form, given the
      // account's password, confirms.
      const page = await fetch(`${url}/developers/verify?token=${token}`);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get("Cache-Control"), "no-store");
      assert.equal(page.headers.get("Referrer-Policy"), "same-origin");
      assert.match(await page.text(), /Confirm that owner@example.lk is your address/);
      const without = await form("/developers/verify", { token, password: "not the Passw0rd" });
      assert.equal(without.status, 401, "the address is confirmed by who knows the password");
      await without.body?.cancel();
      const confirmed = await form("/developers/verify", { token, password: "first Passw0rd" });
      assert.equal(confirmed.status, 200);
      assert.match(await confirmed.text(), /is confirmed/);
      const again = await form("/developers/verify", { token });
      assert.equal(again.status, 404, "a link works once");
      assert.match(await again.text(), /expired or was already used/);
      const after = await logIn(owner, "first Passw0rd");
      assert.equal(after.body.data.emailVerified, true);
      ownerCookie = after.cookie;
    });

    await t.step(
      "sign-up with a registered address answers alike and mails the owner",
      async () => {
        const stranger = "someone@example.lk";
        const since = smtp.mail.length;
        const fresh = await answer(
          await api("/accounts", { email: stranger, password: "stranger Passw0rd" }),
        );
        const taken = await answer(
          await api("/accounts", { email: owner, password: "other Passw0rd" }),
        );
        assert.deepEqual(taken, {
          ...fresh,
          body: { ...fresh.body, data: { ...fresh.body.data, email: owner } },
        });
        const notice = await smtp.waitFor(owner, since);
        assert.equal(notice.subject, "Someone tried to sign up with your address on Lanka API");
        assert.doesNotMatch(notice.text, /token=/, "no link that changes anything");
        assert.equal((await logIn(owner, "other Passw0rd")).status, 401, "nothing changed");
        assert.equal((await logIn(owner, "first Passw0rd")).status, 201);
      },
    );

    await t.step("an unverified account never blocks the owner, who takes it over", async () => {
      const address = "taken@example.lk";
      // A squatter signs up with someone else's address, logs in and makes a key.
      const beforeSquat = smtp.mail.length;
      await (await api("/accounts", { email: address, password: "squatter Passw0rd" })).body
        ?.cancel();
      // Its verification mail is sent in the background: wait for it, so that it cannot be
      // taken below for the owner's take-over mail.
      await smtp.waitFor(address, beforeSquat);
      const squatter = await logIn(address, "squatter Passw0rd");
      const created = await fetch(`${url}/api/v1/keys`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: squatter.cookie },
        body: JSON.stringify({ name: "squat" }),
      });
      const key = (await created.json()).data.key;
      const call = (k: string) =>
        fetch(`${url}/api/v1/vat?amount=1`, { headers: { "x-api-key": k } }).then(async (r) => (
          await r.body?.cancel(), r.status
        ));
      assert.equal(await call(key), 200);
      // The owner signs up: same answer as any sign-up, and a take-over link by mail.
      const since = smtp.mail.length;
      const res = await api("/accounts", { email: address, password: "owner Passw0rd!" });
      assert.equal(res.status, 202);
      await res.body?.cancel();
      const mail = await smtp.waitFor(address, since);
      assert.match(mail.text, /take the account over/);
      const token = mailedToken(smtp.mail.slice(since), address, "takeover");
      const page = await fetch(`${url}/developers/takeover?token=${token}`);
      assert.match(await page.text(), /If it is yours, choose the account/);
      // The password is the one chosen on the page, not the one the sign-up gave.
      const done = await form("/developers/takeover", { token, password: "chosen Passw0rd!" });
      assert.equal(done.status, 200);
      assert.match(await done.text(), /its account is yours/);
      assert.equal(await keysStatus(squatter.cookie), 401, "the squatter's session ended");
      assert.equal(await call(key), 401, "the squatter's key is revoked");
      assert.equal((await logIn(address, "squatter Passw0rd")).status, 401);
      assert.equal((await logIn(address, "owner Passw0rd!")).status, 401, "not the sign-up's");
      const taken = await logIn(address, "chosen Passw0rd!");
      assert.equal(taken.status, 201);
      assert.equal(taken.body.data.emailVerified, true);
    });

    await t.step(
      "password reset: same answer for any address, single-use link, sessions end",
      async () => {
        const since = smtp.mail.length;
        const known = await answer(await api("/password-reset", { email: owner }));
        const unknown = await answer(await api("/password-reset", { email: "nobody@example.lk" }));
        assert.equal(known.status, 202);
        assert.equal(known.cache, "no-store");
        assert.deepEqual(unknown, {
          ...known,
          body: { ...known.body, data: { ...known.body.data, email: "nobody@example.lk" } },
        });
        const mail = await smtp.waitFor(owner, since);
        assert.equal(mail.subject, "Reset your Lanka API password");
        const token = mailedToken(smtp.mail.slice(since), owner, "reset");
        const page = await fetch(`${url}/developers/reset?token=${token}`);
        assert.equal(page.status, 200);
        assert.equal(page.headers.get("Cache-Control"), "no-store");
        assert.match(await page.text(), /name="password"/);
        // A refused password does not use the link up.
        const common = await form("/developers/reset", { token, password: "password" });
        assert.equal(common.status, 400);
        assert.match(await common.text(), /one of the 10,000 most common passwords/);
        const second = await logIn(owner, "first Passw0rd");
        assert.equal(await keysStatus(ownerCookie), 200);
        const set = await form("/developers/reset", { token, password: "second Passw0rd" });
        assert.equal(set.status, 200);
        assert.match(await set.text(), /every session of the account has ended/);
        assert.equal(await keysStatus(ownerCookie), 401, "every session ended");
        assert.equal(await keysStatus(second.cookie), 401);
        assert.equal((await logIn(owner, "first Passw0rd")).status, 401);
        assert.equal((await logIn(owner, "second Passw0rd")).status, 201);
        const reuse = await form("/developers/reset", { token, password: "third Passw0rd" });
        assert.equal(reuse.status, 404, "a link works once");
        await reuse.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.ok(
          !smtp.mail.some((m) => m.to === "nobody@example.lk"),
          "an unknown address gets no mail",
        );
      },
    );
    assert.equal(await server.stop(), 0);
  } finally {
    await server.stop("SIGKILL").catch(() => {});
    await smtp.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
