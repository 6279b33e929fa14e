/**
 * Issue 41: one account per mailbox, and a mail cap nobody else can spend for the owner. The real
 * server with a real SMTP server on loopback; callers at several loopback addresses (curl
 * `--interface`), some sending forged `X-Forwarded-For` headers (no `TRUST_PROXY`).
 */
import assert from "node:assert/strict";
import { mailsAfter, withMailServer } from "./_accounts.ts";
import { NOT_PLAIN } from "../_helpers/addresses.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "another caller cannot spend the owner's mail: the owner's own reset request still gets its mail",
  opts,
  () =>
    withMailServer(async (s) => {
      const owner = "locked@example.lk";
      await s.signUp(owner, "owner Passw0rd");
      let since = s.smtp.mail.length;
      // Three attacker addresses ask for resets of the owner's address, each six times, each
      // time with a forged X-Forwarded-For (which must not make it a new caller).
      for (const from of ["127.0.1.7", "127.0.1.8", "127.0.1.9"]) {
        for (let i = 0; i < 6; i++) {
          const res = await s.api("/password-reset", { email: owner }, {
            from,
            headers: { "X-Forwarded-For": `198.51.100.${i + 1}` },
          });
          assert.equal(res.status, 202);
        }
      }
      const spent = await mailsAfter(s.smtp, owner, since);
      assert.ok(spent.length <= 15, `${spent.length} mails from 18 requests of 3 callers`);
      // The owner asks from their own address: the same answer, and the mail arrives.
      since = s.smtp.mail.length;
      const own = await s.api("/password-reset", { email: owner }, { from: "127.0.1.20" });
      assert.equal(own.status, 202);
      const mails = await mailsAfter(s.smtp, owner, since);
      assert.equal(mails.length, 1, "the owner's request got its mail");
      assert.match(mails[0]!.text, /token=/);
    }),
);

Deno.test(
  "one caller gets at most a few mails to an address an hour, forged X-Forwarded-For or not",
  opts,
  () =>
    withMailServer(async (s) => {
      const owner = "flooded@example.lk";
      await s.signUp(owner, "owner Passw0rd");
      const since = s.smtp.mail.length;
      for (let i = 0; i < 12; i++) {
        await s.api("/password-reset", { email: owner }, {
          from: "127.0.1.30",
          headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
        });
      }
      const mails = await mailsAfter(s.smtp, owner, since);
      assert.ok(mails.length >= 1 && mails.length <= 5, `${mails.length} mails from 12 requests`);
    }),
);

Deno.test(
  "only a plain local@domain address is accepted: no comments, names, quotes or invisible characters",
  opts,
  () =>
    withMailServer(async (s) => {
      const since = s.smtp.mail.length;
      for (const [i, email] of NOT_PLAIN.entries()) {
        const res = await s.api("/accounts", { email, password: "mailbox Passw0rd" }, {
          // Each try from its own address: the per-address attempt allowance is not the subject.
          from: `127.0.3.${i + 1}`,
        });
        assert.equal(res.status, 400, `${JSON.stringify(email)}: ${res.body.slice(0, 200)}`);
        assert.equal(JSON.parse(res.body).details[0].param, "email", JSON.stringify(email));
      }
      assert.equal((await mailsAfter(s.smtp, "box@example.lk", since)).length, 0);
      assert.equal(s.smtp.mail.length, since, "nothing was mailed anywhere");
    }),
);

Deno.test(
  "a Unicode domain and its xn-- form, in any case, are one address and one account",
  opts,
  () =>
    withMailServer(async (s) => {
      const canonical = "user@xn--bcher-kva.lk";
      // The recipient as the SMTP server reports it: it decodes the xn-- domain it was sent to.
      const mailbox = "user@bücher.lk";
      const first = await s.api("/accounts", {
        email: "User@Bücher.lk",
        password: "first Passw0rd",
      });
      assert.equal(first.status, 202);
      assert.equal(JSON.parse(first.body).data.email, canonical);
      const verify = await s.smtp.waitFor(mailbox);
      const spellings = ["USER@XN--BCHER-KVA.LK", "user@BÜCHER.lk", "user@ｂüｃｈｅｒ.lk"];
      for (const [i, spelling] of spellings.entries()) {
        const since = s.smtp.mail.length;
        const again = await s.api("/accounts", { email: spelling, password: `other${i} Passw0rd` });
        assert.equal(again.status, 202);
        assert.equal(JSON.parse(again.body).data.email, canonical, spelling);
        const mail = await s.smtp.waitFor(mailbox, since);
        assert.notEqual(mail.subject, verify.subject, `${spelling} made no second account`);
        assert.equal((await s.logIn(spelling, `other${i} Passw0rd`)).status, 401, spelling);
        assert.equal((await s.logIn(spelling, "first Passw0rd")).status, 201, spelling);
      }
    }),
);
