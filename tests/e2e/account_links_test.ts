/**
 * Issue 41, as an attacker tries it: the links account mail carries, on the real server with a
 * real SMTP server on loopback. A person follows a link by opening it and submitting the form
 * the page shows (`followLink`), typing a password only where the page asks for one.
 *
 * - A take-over link sets the password its follower chooses, never one a sign-up supplied.
 * - Every link stops working once the account changes (confirmed, password changed).
 * - The mails say what their link does: each kind has its own subject.
 * - Keys made before the address's owner proved it do not survive the owner's proof.
 * - Changing the password ends the other reset links.
 * - A log-in racing a reset gets no session that outlives the reset.
 */
import assert from "node:assert/strict";
import { followLink, mailsAfter, mailServer } from "./_accounts.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "a take-over link sets the password its follower chooses, and dies once the address is confirmed",
  opts,
  async (t) => {
    const s = await mailServer();
    try {
      await t.step(
        "the owner follows the take-over mail of a sign-up with their address",
        async () => {
          const address = "owner1@example.lk";
          let since = s.smtp.mail.length;
          assert.equal(
            (await s.api("/accounts", { email: address, password: "owner Passw0rd" })).status,
            202,
          );
          const verify = await s.smtp.waitFor(address, since);
          since = s.smtp.mail.length;
          // Someone else signs up with the same, still unconfirmed, address.
          assert.equal(
            (await s.api("/accounts", { email: address, password: "attacker Passw0rd" })).status,
            202,
          );
          const takeover = await s.smtp.waitFor(address, since);
          assert.notEqual(takeover.subject, verify.subject, "each mail says what its link does");
          // The owner follows the newer mail, typing a password of their own where asked.
          const done = await followLink(s.url, takeover, { password: "chosen Passw0rd" });
          assert.equal(done.opened, 200);
          assert.equal(
            (await s.logIn(address, "attacker Passw0rd")).status,
            401,
            "the sign-up's password was not set",
          );
          // Whatever the page did, the address's account never took the attacker's password; the
          // owner's choice (or, had the page asked nothing, their own password) opens it.
          const chosen = await s.logIn(address, "chosen Passw0rd");
          const own = await s.logIn(address, "owner Passw0rd");
          assert.ok(chosen.status === 201 || own.status === 201);
          // The verification link of the first mail was for the account before it changed.
          const stale = await followLink(s.url, verify, { password: "chosen Passw0rd" });
          assert.ok(
            stale.opened !== 200 || stale.status !== 200,
            "a link stops working once the account has changed",
          );
        },
      );

      await t.step(
        "a take-over link does nothing once the owner confirmed the address",
        async () => {
          const address = "owner2@example.lk";
          let since = s.smtp.mail.length;
          await s.api("/accounts", { email: address, password: "owner Passw0rd" });
          const verify = await s.smtp.waitFor(address, since);
          since = s.smtp.mail.length;
          await s.api("/accounts", { email: address, password: "attacker Passw0rd" });
          const takeover = await s.smtp.waitFor(address, since);
          const confirmed = await followLink(s.url, verify, { password: "owner Passw0rd" });
          assert.equal(confirmed.status, 200, confirmed.text.slice(0, 500));
          const late = await followLink(s.url, takeover, { password: "another Passw0rd" });
          assert.ok(late.opened !== 200 || late.status !== 200, "the take-over link is dead");
          assert.equal((await s.logIn(address, "attacker Passw0rd")).status, 401);
          assert.equal((await s.logIn(address, "another Passw0rd")).status, 401);
          assert.equal((await s.logIn(address, "owner Passw0rd")).status, 201);
        },
      );

      await t.step(
        "verification, take-over, reset and notice mails have four subjects",
        async () => {
          const address = "owner3@example.lk";
          let since = s.smtp.mail.length;
          await s.api("/accounts", { email: address, password: "owner Passw0rd" });
          const verify = await s.smtp.waitFor(address, since);
          since = s.smtp.mail.length;
          await s.api("/accounts", { email: address, password: "attacker Passw0rd" });
          const takeover = await s.smtp.waitFor(address, since);
          since = s.smtp.mail.length;
          await s.api("/password-reset", { email: address });
          const reset = await s.smtp.waitFor(address, since);
          await followLink(s.url, verify, { password: "owner Passw0rd" });
          since = s.smtp.mail.length;
          await s.api("/accounts", { email: address, password: "attacker Passw0rd" });
          const notice = await s.smtp.waitFor(address, since);
          const subjects = [verify, takeover, reset, notice].map((m) => m.subject);
          assert.equal(new Set(subjects).size, 4, subjects.join(" | "));
        },
      );
    } finally {
      await s.close();
    }
  },
);

Deno.test(
  "keys a squatter made before the owner proved the address stop working at the owner's proof",
  opts,
  async () => {
    const s = await mailServer();
    try {
      const address = "victim@example.lk";
      let since = s.smtp.mail.length;
      await s.api("/accounts", { email: address, password: "squatter Passw0rd" });
      const verify = await s.smtp.waitFor(address, since);
      const squatter = await s.logIn(address, "squatter Passw0rd");
      const key = await s.createKey(squatter.cookie);
      assert.equal(await s.callWith(key), 200);
      // The owner finds the verification mail the squatter's sign-up sent and follows it,
      // typing their own password where the page asks for one.
      await followLink(s.url, verify, { password: "owner Passw0rd" });
      // They cannot log in with their password, so they reset it.
      since = s.smtp.mail.length;
      await s.api("/password-reset", { email: address });
      const reset = await s.smtp.waitFor(address, since);
      const done = await followLink(s.url, reset, { password: "owner Passw0rd" });
      assert.equal(done.status, 200, done.text.slice(0, 500));
      assert.equal(await s.callWith(key), 401, "the squatter's key is revoked");
      assert.equal(await s.signedIn(squatter.cookie), false, "the squatter's session ended");
      assert.equal((await s.logIn(address, "squatter Passw0rd")).status, 401);
      assert.equal((await s.logIn(address, "owner Passw0rd")).status, 201);
    } finally {
      await s.close();
    }
  },
);

Deno.test(
  "an owner's own keys survive confirming the address and a later password reset",
  opts,
  async () => {
    const s = await mailServer();
    try {
      const address = "keeper@example.lk";
      let since = s.smtp.mail.length;
      await s.api("/accounts", { email: address, password: "keeper Passw0rd" });
      const verify = await s.smtp.waitFor(address, since);
      const session = await s.logIn(address, "keeper Passw0rd");
      const key = await s.createKey(session.cookie);
      // Confirming in the browser that is signed in asks for nothing more.
      const confirmed = await followLink(s.url, verify, { cookie: session.cookie });
      assert.equal(confirmed.status, 200, confirmed.text.slice(0, 500));
      since = s.smtp.mail.length;
      await s.api("/password-reset", { email: address });
      const reset = await s.smtp.waitFor(address, since);
      assert.equal((await followLink(s.url, reset, { password: "second Passw0rd" })).status, 200);
      assert.equal(await s.callWith(key), 200, "the owner's key still works");
      assert.equal(await s.signedIn(session.cookie), false, "sessions end with the password");
    } finally {
      await s.close();
    }
  },
);

Deno.test("setting a new password ends every other reset link", opts, async () => {
  const s = await mailServer();
  try {
    const address = "twice@example.lk";
    await s.api("/accounts", { email: address, password: "first Passw0rd" });
    await s.smtp.waitFor(address);
    const since = s.smtp.mail.length;
    await s.api("/password-reset", { email: address });
    await s.api("/password-reset", { email: address });
    await s.smtp.waitFor(address, since + 1);
    const [one, two] = await mailsAfter(s.smtp, address, since, 200);
    assert.ok(one && two);
    assert.equal((await followLink(s.url, one, { password: "second Passw0rd" })).status, 200);
    const other = await followLink(s.url, two, { password: "third Passw0rd" });
    assert.ok(other.opened !== 200 || other.status !== 200, "the other link is dead");
    assert.equal((await s.logIn(address, "third Passw0rd")).status, 401);
    assert.equal((await s.logIn(address, "second Passw0rd")).status, 201);
  } finally {
    await s.close();
  }
});

Deno.test(
  "a log-in racing a password reset gets no session that outlives the reset",
  opts,
  async () => {
    const s = await mailServer();
    try {
      const address = "racer@example.lk";
      let password = "start Passw0rd";
      await s.api("/accounts", { email: address, password });
      await s.smtp.waitFor(address);
      let raced = 0;
      // Each round asks for a link from its own address (each has its own mail allowance), sets a
      // new password with it, and logs in with the old one 50-100 ms after the reset was sent.
      for (let round = 0; round < 4 && raced < 2; round++) {
        const since = s.smtp.mail.length;
        await s.api("/password-reset", { email: address }, { from: `127.0.2.${round + 1}` });
        const mail = await s.smtp.waitFor(address, since);
        const token = /token=([0-9A-Za-z]+)/.exec(mail.text)![1]!;
        const next = `round${round} Passw0rd`;
        const reset = fetch(`${s.url}/developers/reset`, {
          method: "POST",
          headers: { Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, password: next }),
        }).then(async (res) => (await res.body?.cancel(), res.status));
        await new Promise((resolve) => setTimeout(resolve, 50 + 25 * (round % 3)));
        const racing = await s.logIn(address, password);
        assert.equal(await reset, 200);
        password = next;
        if (racing.status !== 201) continue; // the reset won outright: no race this round
        raced++;
        assert.equal(
          await s.signedIn(racing.cookie),
          false,
          "a session opened with the old password does not survive the reset",
        );
      }
      assert.ok(raced > 0, "no log-in overlapped a reset: the race was not reproduced");
      assert.equal((await s.logIn(address, password)).status, 201);
    } finally {
      await s.close();
    }
  },
);
