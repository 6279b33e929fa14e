/**
 * The table of `server/accounts/lifecycle.ts`, tried exhaustively: every state of an address
 * against every kind of link, through the store that follows links (`Accounts`), and every
 * request in every state through the app (which mail it sends). The expected outcomes are
 * written out here, apart from the table, so a change to the table shows as a failure too.
 */
import assert from "node:assert/strict";
import {
  ADDRESS_STATES,
  type AddressState,
  LINK_KINDS,
  type LinkKind,
  MAILS,
  REQUESTS,
  stateOf,
  TRANSITIONS,
} from "../../server/accounts/lifecycle.ts";
import { type Account, Accounts, WRONG_PASSWORD } from "../../server/accounts/store.ts";
import { OAuthStore, s256 } from "../../server/oauth/store.ts";
import { fixedClock, TEST_PASSWORD_ITERATIONS, testApp } from "../_helpers/app.ts";
import { jsonInit, logIn, mailedToken } from "../_helpers/accounts.ts";
import { message } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";

registerAllMessages();

/** What each link must do in each state: "confirm" with the password, "password" set anew. */
const EXPECTED: Record<AddressState, Record<LinkKind, "confirm" | "password" | null>> = {
  unconfirmed: { verify: "confirm", takeover: "password", reset: "password" },
  passwordless: { verify: null, takeover: "password", reset: "password" },
  confirmed: { verify: null, takeover: null, reset: "password" },
};

/** The cases: each state, and a confirmed address as it was kept before proofs were recorded. */
type Case = AddressState | "confirmed before proofs were kept";
const CASES: Case[] = [...ADDRESS_STATES, "confirmed before proofs were kept"];

interface Fixture {
  accounts: Accounts;
  kv: Deno.Kv;
  account: Account;
  /** A session opened with the password in force (none for an account without one). */
  session?: string;
  /** Keys: made by a session before the address was proven, by a session after, by the operator. */
  keys: { beforeProof?: string; afterProof?: string; operator: string };
  /**
   * An MCP client authorized (OAuth) by a session before the address was proven: its access
   * token, which stands for a key of the account and must share the fate of `beforeProof`.
   */
  grantBeforeProof?: { oauth: OAuthStore; accessToken: string };
  password: string | null;
}

const PASSWORD = "first Passw0rd";

async function fixture(kase: Case): Promise<Fixture> {
  const kv = await Deno.openKv(":memory:");
  const accounts = new Accounts(kv, { clock: fixedClock(), iterations: TEST_PASSWORD_ITERATIONS });
  const email = "someone@example.lk";
  const keys: Fixture["keys"] = { operator: "" };
  if (kase === "passwordless") {
    const account = await accounts.signUp(email, null);
    keys.operator = (await accounts.createKey(account.id, "op", "operator")).key;
    return { accounts, kv, account, keys, password: null };
  }
  const signed = await accounts.signUp(email, PASSWORD);
  keys.operator = (await accounts.createKey(signed.id, "op", "operator")).key;
  keys.beforeProof = (await accounts.createKey(signed.id, "before", { epoch: 0 })).key;
  const oauth = new OAuthStore(kv, accounts, { clock: fixedClock(), accessTtlS: 3600 });
  const client = await oauth.register("Assistant", ["http://127.0.0.1/cb"]);
  const verifier = "v".repeat(43);
  const code = await oauth.issueCode(client, "http://127.0.0.1/cb", s256(verifier), signed);
  const { access_token } = await oauth.exchangeCode(
    code,
    client.id,
    "http://127.0.0.1/cb",
    verifier,
  );
  if (kase === "confirmed") {
    const { token } = await accounts.issueToken("verify", signed);
    assert.ok(await accounts.redeemToken(token, ["verify"], { password: PASSWORD }));
    keys.afterProof = (await accounts.createKey(signed.id, "after", { epoch: 0 })).key;
  } else if (kase === "confirmed before proofs were kept") {
    // As the store kept it before: confirmed, with no record of which password was proven.
    await kv.set(["accounts", signed.id], { ...signed, verifiedAt: 1 });
  }
  const account = (await accounts.byEmail(email))!;
  const opened = await accounts.logIn(email, PASSWORD);
  const session = (await accounts.createSession(opened!)).token;
  const grantBeforeProof = { oauth, accessToken: access_token };
  return { accounts, kv, account, session, keys, grantBeforeProof, password: PASSWORD };
}

const works = async (f: Fixture, key: string | undefined) =>
  key === undefined ? undefined : (await f.accounts.resolve(key)) !== null;

Deno.test("every state against every link: the store does what the table says, and only that", async (t) => {
  for (const kase of CASES) {
    const state: AddressState = kase === "confirmed before proofs were kept" ? "confirmed" : kase;
    for (const kind of LINK_KINDS) {
      await t.step(`${kase} + ${kind}`, async () => {
        const f = await fixture(kase);
        try {
          assert.equal(stateOf(f.account), state);
          const expected = EXPECTED[state][kind];
          const transition = TRANSITIONS[state][kind];
          assert.equal(transition === undefined, expected === null, "the table agrees");
          const { token } = await f.accounts.issueToken(kind, f.account);
          const others = await Promise.all(
            LINK_KINDS.map((other) => f.accounts.issueToken(other, f.account)),
          );
          const opened = await f.accounts.peekToken(token, [kind]);
          if (expected === null) {
            assert.equal(opened, null, "the link does not open");
            assert.equal(
              await f.accounts.redeemToken(token, [kind], { password: "chosen Passw0rd" }),
              null,
            );
            const after = (await f.accounts.byEmail(f.account.email))!;
            assert.deepEqual(after, f.account, "nothing changed");
            if (f.session) assert.ok(await f.accounts.session(f.session));
            return;
          }
          assert.ok(opened, "the link opens");
          assert.equal(opened.state, state);
          assert.equal(opened.transition, transition);
          assert.equal(
            await f.accounts.peekToken(token, LINK_KINDS.filter((k) => k !== kind)),
            null,
          );
          // A wrong answer does not use the link up and changes nothing.
          if (expected === "confirm") {
            await assert.rejects(
              f.accounts.redeemToken(token, [kind], { password: "not the Passw0rd" }),
              new RegExp(WRONG_PASSWORD),
            );
            await assert.rejects(f.accounts.redeemToken(token, [kind]), new RegExp(WRONG_PASSWORD));
          } else {
            await assert.rejects(
              f.accounts.redeemToken(token, [kind], { password: "short" }),
              /at least 8 characters/,
            );
          }
          assert.ok(await f.accounts.peekToken(token, [kind]), "still usable");
          const done = await f.accounts.redeemToken(token, [kind], {
            password: expected === "confirm" ? PASSWORD : "chosen Passw0rd",
          });
          assert.ok(done);
          const after = (await f.accounts.byEmail(f.account.email))!;
          // What it changes.
          assert.equal(stateOf(after), "confirmed");
          assert.ok(after.verifiedAt);
          assert.equal(after.version ?? 0, (f.account.version ?? 0) + 1);
          const newPassword = expected === "password";
          assert.equal(after.passwordHash !== f.account.passwordHash, newPassword);
          assert.equal(
            (await f.accounts.logIn(f.account.email, "chosen Passw0rd")) !== null,
            newPassword,
          );
          // What it revokes: sessions with a new password; keys made before the owner's proof
          // (never the operator's, never those made under a proven password); every other link.
          if (f.session) assert.equal(await f.accounts.session(f.session) === null, newPassword);
          assert.equal(await works(f, f.keys.operator), true);
          assert.equal(await works(f, f.keys.afterProof), f.keys.afterProof ? true : undefined);
          const squatterKeyDies = newPassword && kase !== "confirmed" && kase !== "passwordless";
          assert.equal(
            await works(f, f.keys.beforeProof),
            f.keys.beforeProof === undefined ? undefined : !squatterKeyDies,
          );
          // An MCP client authorized before the proof is such a key: its token dies with it.
          if (f.grantBeforeProof) {
            const { oauth, accessToken } = f.grantBeforeProof;
            assert.equal((await oauth.resolve(accessToken)) !== null, !squatterKeyDies, "grant");
          }
          assert.equal(done.keysRevoked, squatterKeyDies ? 2 : 0);
          for (const [i, other] of LINK_KINDS.entries()) {
            assert.equal(await f.accounts.peekToken(others[i]!.token, [other]), null, other);
          }
          assert.equal(await f.accounts.redeemToken(token, [kind], { password: PASSWORD }), null);
        } finally {
          f.kv.close();
        }
      });
    }
  }
});

Deno.test("a session of the account, under its present password, proves the password for a verification link", async () => {
  const f = await fixture("unconfirmed");
  try {
    const other = await f.accounts.signUp("other@example.lk", "other Passw0rd");
    const { token } = await f.accounts.issueToken("verify", f.account);
    // Another account's session proves nothing.
    await assert.rejects(
      f.accounts.redeemToken(token, ["verify"], { session: other }),
      new RegExp(WRONG_PASSWORD),
    );
    // A session opened under an older password proves nothing either.
    const stale = { ...f.account, sessionEpoch: 7 };
    await assert.rejects(
      f.accounts.redeemToken(token, ["verify"], { session: stale }),
      new RegExp(WRONG_PASSWORD),
    );
    const session = await f.accounts.session(f.session!);
    assert.ok(await f.accounts.redeemToken(token, ["verify"], { session }));
  } finally {
    f.kv.close();
  }
});

Deno.test("every request in every state sends the mail the table names, and only it", async (t) => {
  const sendersOf: Record<keyof typeof REQUESTS, string> = {
    signUp: "/api/v1/accounts",
    reset: "/api/v1/password-reset",
    resend: "/developers/verify/resend",
  };
  for (const request of Object.keys(REQUESTS) as (keyof typeof REQUESTS)[]) {
    for (const state of ["none", ...ADDRESS_STATES] as const) {
      await t.step(`${request} when the address is ${state}`, async () => {
        await using app = await testApp();
        const email = "someone@example.lk";
        let cookie: string | undefined;
        if (state === "passwordless") await app.accounts.signUp(email, null);
        if (state === "unconfirmed" || state === "confirmed") {
          await app.accounts.signUp(email, PASSWORD);
          cookie = await logIn(app.request, email, PASSWORD);
          if (state === "confirmed") {
            const account = (await app.accounts.byEmail(email))!;
            const { token } = await app.accounts.issueToken("verify", account);
            await app.accounts.redeemToken(token, ["verify"], { password: PASSWORD });
          }
        }
        if (request === "resend" && !cookie) return; // only a signed-in account asks for it
        const before = app.mail.length;
        const res = request === "resend"
          ? await app.request(sendersOf.resend, {
            method: "POST",
            headers: {
              Origin: "http://lanka.test",
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: cookie!,
            },
          })
          : await app.request(
            sendersOf[request],
            jsonInit("POST", {
              email,
              ...(request === "signUp" ? { password: "new Passw0rd" } : {}),
            }),
          );
        assert.ok(res.status < 300, `${res.status}`);
        await res.body?.cancel();
        const mails = app.mail.slice(before);
        const kind = REQUESTS[request][state];
        if (kind === null) {
          assert.deepEqual(mails, []);
          return;
        }
        assert.equal(mails.length, 1);
        assert.equal(mails[0]!.subject, message("en", `account.mail.${kind}.subject`));
        const link = MAILS[kind].link;
        if (link === null) assert.doesNotMatch(mails[0]!.text, /token=/);
        else assert.ok(mailedToken(mails, email, link));
      });
    }
  }
});

Deno.test("each mail kind has its own subject and text in en, si and ta", () => {
  for (const lang of ["en", "si", "ta"] as const) {
    const kinds = Object.keys(MAILS);
    const subjects = kinds.map((kind) => message(lang, `account.mail.${kind}.subject`));
    assert.equal(new Set(subjects).size, kinds.length, `${lang}: ${subjects.join(" | ")}`);
    for (const kind of kinds) {
      const body = message(lang, `account.mail.${kind}.body`, { link: "LINK", base: "BASE" });
      if (MAILS[kind as keyof typeof MAILS].link) assert.match(body, /LINK/, `${lang} ${kind}`);
    }
  }
});
