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
import { type Followed, followLink, mailsAfter, withMailServer } from "./_accounts.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

/** Whether following a link did nothing: its page did not open, or its form was refused. */
const dead = (followed: Followed) => followed.opened !== 200 || followed.status !== 200;

Deno.test(
  "a take-over link sets the password its follower chooses, and dies once the address is confirmed",
  opts,
  (t) =>
    withMailServer(async (s) => {
      await t.step(
        "the owner follows the take-over mail of a sign-up with their address",
        async () => {
          const address = "owner1@example.lk";
          const verify = await s.signUp(address, "owner Passw0rd");
          // Someone else signs up with the same, still unconfirmed, address.
          const takeover = await s.signUp(address, "attacker Passw0rd");
          assert.notEqual(takeover.subject, verify.subject, "each mail says what its link does");
          // The owner follows the newer mail, typing a password of their own where asked.
          const done = await followLink(s.url, takeover, { password: "chosen Passw0rd" });
          assert.equal(done.opened, 200);
          assert.equal(
            (await s.logIn(address, "attacker Passw0rd")).status,
            401,
            "the sign-up's password was not set",
          );
          // Whatever the page did, the account never took the attacker's password; the owner's
          // choice (or, had the page asked nothing, their own password) opens it.
          const chosen = await s.logIn(address, "chosen Passw0rd");
          const own = await s.logIn(address, "owner Passw0rd");
          assert.ok(chosen.status === 201 || own.status === 201);
          // The verification link of the first mail was for the account before it changed.
          assert.ok(
            dead(await followLink(s.url, verify, { password: "chosen Passw0rd" })),
            "a link stops working once the account has changed",
          );
        },
      );

      await t.step(
        "a take-over link does nothing once the owner confirmed the address",
        async () => {
          const address = "owner2@example.lk";
          const verify = await s.signUp(address, "owner Passw0rd");
          const takeover = await s.signUp(address, "attacker Passw0rd");
          const confirmed = await followLink(s.url, verify, { password: "owner Passw0rd" });
          assert.equal(confirmed.status, 200, confirmed.text.slice(0, 500));
          assert.ok(
            dead(await followLink(s.url, takeover, { password: "another Passw0rd" })),
            "the take-over link is dead",
          );
          assert.equal((await s.logIn(address, "attacker Passw0rd")).status, 401);
          assert.equal((await s.logIn(address, "another Passw0rd")).status, 401);
          assert.equal((await s.logIn(address, "owner Passw0rd")).status, 201);
        },
      );

      await t.step(
        "verification, take-over, reset and notice mails have four subjects",
        async () => {
          const address = "owner3@example.lk";
          const verify = await s.signUp(address, "owner Passw0rd");
          const takeover = await s.signUp(address, "attacker Passw0rd");
          const reset = await s.askReset(address);
          await followLink(s.url, verify, { password: "owner Passw0rd" });
          const notice = await s.signUp(address, "attacker Passw0rd");
          const subjects = [verify, takeover, reset, notice].map((m) => m.subject);
          assert.equal(new Set(subjects).size, 4, subjects.join(" | "));
        },
      );
    }),
);

Deno.test(
  "keys a squatter made before the owner proved the address stop working at the owner's proof",
  opts,
  () =>
    withMailServer(async (s) => {
      const address = "victim@example.lk";
      const verify = await s.signUp(address, "squatter Passw0rd");
      const squatter = await s.logIn(address, "squatter Passw0rd");
      const key = await s.createKey(squatter.cookie);
      assert.equal(await s.callWith(key), 200);
      // The owner finds the verification mail the squatter's sign-up sent and follows it,
      // typing their own password where the page asks for one.
      await followLink(s.url, verify, { password: "owner Passw0rd" });
      // They cannot log in with their password, so they reset it.
      const done = await followLink(s.url, await s.askReset(address), {
        password: "owner Passw0rd",
      });
      assert.equal(done.status, 200, done.text.slice(0, 500));
      assert.equal(await s.callWith(key), 401, "the squatter's key is revoked");
      assert.equal(await s.signedIn(squatter.cookie), false, "the squatter's session ended");
      assert.equal((await s.logIn(address, "squatter Passw0rd")).status, 401);
      assert.equal((await s.logIn(address, "owner Passw0rd")).status, 201);
    }),
);

Deno.test(
  "an owner's own keys survive confirming the address and a later password reset",
  opts,
  () =>
    withMailServer(async (s) => {
      const address = "keeper@example.lk";
      const verify = await s.signUp(address, "keeper Passw0rd");
      const session = await s.logIn(address, "keeper Passw0rd");
      const key = await s.createKey(session.cookie);
      // Confirming in the browser that is signed in asks for nothing more.
      const confirmed = await followLink(s.url, verify, { cookie: session.cookie });
      assert.equal(confirmed.status, 200, confirmed.text.slice(0, 500));
      const reset = await s.askReset(address);
      assert.equal((await followLink(s.url, reset, { password: "second Passw0rd" })).status, 200);
      assert.equal(await s.callWith(key), 200, "the owner's key still works");
      assert.equal(await s.signedIn(session.cookie), false, "sessions end with the password");
    }),
);

Deno.test(
  "setting a new password ends every other reset link",
  opts,
  () =>
    withMailServer(async (s) => {
      const address = "twice@example.lk";
      await s.signUp(address, "first Passw0rd");
      const since = s.smtp.mail.length;
      await s.askReset(address);
      await s.askReset(address);
      const [one, two] = await mailsAfter(s.smtp, address, since, 200);
      assert.ok(one && two);
      assert.equal((await followLink(s.url, one, { password: "second Passw0rd" })).status, 200);
      assert.ok(
        dead(await followLink(s.url, two, { password: "third Passw0rd" })),
        "the other link",
      );
      assert.equal((await s.logIn(address, "third Passw0rd")).status, 401);
      assert.equal((await s.logIn(address, "second Passw0rd")).status, 201);
    }),
);

Deno.test(
  "a log-in racing a password reset gets no session that outlives the reset",
  opts,
  () =>
    withMailServer(async (s) => {
      const address = "racer@example.lk";
      let password = "start Passw0rd";
      await s.signUp(address, password);
      let raced = 0;
      // Each round asks for a link from its own address (each has its own mail allowance), sets a
      // new password with it, and logs in with the old one 50-100 ms after the reset was sent.
      for (let round = 0; round < 4 && raced < 2; round++) {
        const mail = await s.askReset(address, `127.0.2.${round + 1}`);
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
    }),
);
