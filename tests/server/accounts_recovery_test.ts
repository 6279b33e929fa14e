import assert from "node:assert/strict";
import { form, jsonInit, mailedToken, signUp } from "../_helpers/accounts.ts";
import { fixedClock, json, testApp } from "../_helpers/app.ts";
import { htmlProblems } from "../_helpers/pages.ts";
import { message } from "../../core/i18n.ts";
import { checkNewPassword, COMMON_PASSWORD_COUNT } from "../../server/accounts/passwords.ts";
import { createMailer, sendInBackground } from "../../server/accounts/mail.ts";
import { MAIL_LIMITS, mayMail } from "../../server/accounts/recovery.ts";
import { createLogger } from "../../server/log.ts";
import { loadConfig } from "../../server/config.ts";
import COMMON from "../../data/common_passwords.json" with { type: "json" };

const refusal = (password: string) => {
  try {
    checkNewPassword(password);
    return "accepted";
  } catch (error) {
    return (error as Error).message;
  }
};

Deno.test("passwords follow NIST SP 800-63B: length after NFKC, the common list, no composition rules", () => {
  assert.ok(COMMON_PASSWORD_COUNT >= 10_000, "at least the 10,000 most common");
  assert.ok(COMMON.source && COMMON.last_verified && COMMON.licence);
  assert.match(refusal("12345678"), /10,000 most common/);
  assert.match(refusal("password"), /10,000 most common/);
  assert.match(refusal("PassWord"), /10,000 most common/, "case is ignored");
  // Fullwidth letters are "password" after NFKC.
  assert.match(refusal("ｐａｓｓｗｏｒｄ"), /10,000 most common/);
  assert.match(refusal("        "), /one character repeated/);
  assert.match(refusal("1234567"), /at least 8 characters/);
  // "ﬃ" (one code point) becomes "ffi" under NFKC: 3 + 5 = 8 characters.
  assert.equal(refusal("ﬃ-cat-x"), "accepted");
  assert.match(refusal("🦚🦚🦚🌴"), /at least 8 characters/, "code points, not UTF-16 units");
  assert.match(refusal("x".repeat(257)), /at most 256/);
  assert.equal(refusal("lowercase only words"), "accepted", "no composition rules");
  assert.equal(refusal("සිංහල මුරපදය"), "accepted");
});

Deno.test("a password is checked in its NFKC form at log-in", async () => {
  await using t = await testApp();
  await signUp(t.request, "nfkc@example.com", "ｃａｆé-Ｐａｓｓ1");
  const res = await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: "nfkc@example.com", password: "café-Pass1" }),
  );
  assert.equal(res.status, 201);
  await res.body?.cancel();
});

Deno.test("reset links expire after 1 hour and verification links after 24 hours", async () => {
  const clock = fixedClock();
  await using t = await testApp({ clock });
  await signUp(t.request, "late@example.com", "late Passw0rd");
  const reset = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: "late@example.com" }),
  );
  assert.equal(reset.status, 202);
  await reset.body?.cancel();
  const token = mailedToken(t.mail, "late@example.com", "reset");
  const verify = mailedToken(t.mail, "late@example.com", "verify");
  clock.set(clock.now() + 3_600_000 - 1);
  const open = await t.request(`/developers/reset?token=${token}`);
  assert.equal(open.status, 200, "still valid a moment before the hour");
  await open.body?.cancel();
  clock.set(clock.now() + 1);
  const expired = await t.request(`/developers/reset?token=${token}`);
  assert.equal(expired.status, 404);
  assert.match(await expired.text(), /expired or was already used/);
  const used = await t.request("/developers/reset", form({ token, password: "new Passw0rd" }));
  assert.equal(used.status, 404);
  await used.body?.cancel();
  const login = await t.request(
    "/api/v1/sessions",
    jsonInit("POST", { email: "late@example.com", password: "late Passw0rd" }),
  );
  assert.equal(login.status, 201, "the password did not change");
  await login.body?.cancel();
  clock.set(clock.now() + 23 * 3_600_000 - 1);
  const stillVerify = await t.request(`/developers/verify?token=${verify}`);
  assert.equal(stillVerify.status, 200);
  await stillVerify.body?.cancel();
  clock.set(clock.now() + 1);
  const lateVerify = await t.request("/developers/verify", form({ token: verify }));
  assert.equal(lateVerify.status, 404);
  await lateVerify.body?.cancel();
});

Deno.test("the reset API refuses bad bodies with 4xx and answers the same for unknown addresses", async () => {
  await using t = await testApp();
  const bad = await t.request("/api/v1/password-reset", jsonInit("POST", { email: "nope" }));
  assert.equal(bad.status, 400);
  assert.equal((await json(bad)).details[0].param, "email");
  const extra = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: "a@b.lk", x: 1 }),
  );
  assert.equal(extra.status, 400);
  await extra.body?.cancel();
  const unknown = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: "who@b.lk" }),
  );
  assert.equal(unknown.status, 202);
  assert.equal(unknown.headers.get("Cache-Control"), "no-store");
  assert.match((await json(unknown)).data.message, /If an account has this address/);
  assert.equal(t.mail.length, 0, "nothing is mailed to an unknown address");
  const page = await t.request("/developers/reset");
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("Cache-Control"), "no-store");
  assert.match(await page.text(), /<form method="post" action="\/developers\/reset">/);
  const dashboard = await (await t.request("/developers")).text();
  assert.match(dashboard, /href="\/developers\/reset">Forgot your password\?/);
});

Deno.test("without SMTP_URL and MAIL_FROM the mail, link included, is written to the log", async () => {
  const lines: string[] = [];
  const mailer = createMailer(undefined, createLogger("info", (line) => lines.push(line)));
  await mailer.send({ to: "a@b.lk", subject: "S", text: "http://x/developers/verify?token=abc" });
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /developers\/verify\?token=abc/);
  assert.equal(loadConfig({}).mail, undefined);
  assert.deepEqual(
    loadConfig({
      SMTP_URL: "smtp://u:p@mail.example.lk:587",
      MAIL_FROM: "Lanka <no@ex.lk>",
      PUBLIC_BASE_URL: "https://api.example.lk",
    }).mail,
    { smtpUrl: "smtp://u:p@mail.example.lk:587", from: "Lanka <no@ex.lk>" },
  );
  // Mailed links are built on PUBLIC_BASE_URL: mail without it is refused, not sent to localhost.
  assert.throws(
    () => loadConfig({ SMTP_URL: "smtp://h:25", MAIL_FROM: "a@b.lk" }),
    /SMTP_URL is set but PUBLIC_BASE_URL is not: the links in account mail would point at http:\/\/localhost:8000/,
  );
  assert.throws(() => loadConfig({ SMTP_URL: "smtp://h:25" }), /MAIL_FROM/);
  assert.throws(() => loadConfig({ MAIL_FROM: "a@b.lk" }), /SMTP_URL/);
  assert.throws(
    () => loadConfig({ SMTP_URL: "http://h", MAIL_FROM: "a@b.lk" }),
    (error: Error) => /SMTP_URL must be/.test(error.message) && !error.message.includes("http://h"),
  );
});

Deno.test("the reset, take-over and verification pages are valid HTML in en, si and ta, with no-store", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, "pages@example.com", "pages Passw0rd");
  const reset = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: "pages@example.com" }),
  );
  await reset.body?.cancel();
  const again = await t.request(
    "/api/v1/accounts",
    jsonInit("POST", { email: "pages@example.com", password: "other Passw0rd" }),
  );
  await again.body?.cancel();
  const verify = mailedToken(t.mail, "pages@example.com", "verify");
  const token = mailedToken(t.mail, "pages@example.com", "reset");
  const takeover = mailedToken(t.mail, "pages@example.com", "takeover");
  for (const prefix of ["", "/si", "/ta"]) {
    for (
      const [path, headers] of [
        ["/developers/reset", {}],
        [`/developers/reset?token=${token}`, {}],
        [`/developers/takeover?token=${takeover}`, {}],
        [`/developers/verify?token=${verify}`, {}],
        [`/developers/verify?token=${verify}`, { Cookie: cookie }],
        ["/developers/verify?token=nope", {}],
        ["/developers/takeover?token=nope", {}],
        ["/developers?signup=sent", {}],
      ] as const
    ) {
      const res = await t.request(`${prefix}${path}`, { headers });
      const page = await res.text();
      assert.equal(res.headers.get("Cache-Control"), "no-store", path);
      assert.deepEqual(await htmlProblems(page), [], `${prefix}${path}`);
      if (prefix) assert.doesNotMatch(page, /Forgot your password|Reset your password/, path);
    }
  }
});

Deno.test("mail is written in the language of the page that caused it, its link to that page", async () => {
  await using t = await testApp();
  const signed = await t.request(
    "/si/developers/signup",
    form({ email: "si@example.com", password: "sinhala Passw0rd" }),
  );
  assert.equal(signed.status, 303);
  await signed.body?.cancel();
  const [mail] = t.mail;
  assert.equal(mail?.subject, message("si", "account.mail.verify.subject"));
  assert.match(mail!.text, /\u0DBD\u0DD2\u0DB4\u0DD2\u0DB1\u0DBA/, "Sinhala text (ලිපිනය)");
  assert.match(mail!.text, /http:\/\/lanka\.test\/si\/developers\/verify\?token=/);
  const reset = await t.request("/ta/developers/reset", form({ email: "si@example.com" }));
  await reset.body?.cancel();
  assert.equal(t.mail[1]?.subject, message("ta", "account.mail.reset.subject"));
  assert.match(t.mail[1]!.text, /\/ta\/developers\/reset\?token=/);
  const api = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: "si@example.com" }),
  );
  await api.body?.cancel();
  assert.equal(
    t.mail[2]?.subject,
    "Reset your Lanka API password",
    "the JSON API mails in English",
  );
});

Deno.test("one caller gets at most 5 account mails to an address an hour; the answer stays the same", async () => {
  const clock = fixedClock();
  await using t = await testApp({ clock });
  await signUp(t.request, "flood@example.com", "flood Passw0rd"); // mail 1
  const answers = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.request(
      "/api/v1/password-reset",
      jsonInit("POST", { email: "flood@example.com" }),
    );
    answers.push([res.status, (await json(res)).data.message]);
  }
  assert.equal(new Set(answers.map((a) => JSON.stringify(a))).size, 1, "the same answer");
  assert.equal(t.mail.length, MAIL_LIMITS.perCallerAndAddress, "1 verification and 4 resets");
  clock.set(clock.now() + 3_600_000);
  const later = await t.request(
    "/api/v1/password-reset",
    jsonInit("POST", { email: "flood@example.com" }),
  );
  await later.body?.cancel();
  assert.equal(t.mail.length, 6, "the next hour, mail again");
});

Deno.test("the mail allowances: per caller and address, per caller, per address but a caller's first", async () => {
  const clock = fixedClock();
  await using t = await testApp({ clock });
  const deps = { quota: t.quota, clock } as unknown as Parameters<typeof mayMail>[0];
  const logger = createLogger("error", () => {});
  const may = (from: string, to: string) => mayMail(deps, logger, from, to);
  // One caller to one address: 5.
  const pair = [];
  for (let i = 0; i < 6; i++) pair.push(await may("192.0.2.1", "a@example.com"));
  assert.deepEqual(pair, [true, true, true, true, true, false]);
  // One caller to any addresses: 20 (its 5 to a@ included).
  const spray = [];
  for (let i = 0; i < 16; i++) spray.push(await may("192.0.2.1", `b${i}@example.com`));
  assert.deepEqual(spray, [...Array(15).fill(true), false]);
  // One address from all callers: 10, but a caller's first mail to it in the hour always goes.
  const target = "c@example.com";
  const sent = [];
  for (let i = 0; i < 8; i++) {
    sent.push(await may(`198.51.100.${i}`, target), await may(`198.51.100.${i}`, target));
  }
  // Five callers' two fill the 10; the next three get their first mail, not their second.
  assert.deepEqual(sent, [...Array(10).fill(true), true, false, true, false, true, false]);
  // The next hour, all allowances are new.
  clock.set(clock.now() + 3_600_000);
  assert.equal(await may("192.0.2.1", "a@example.com"), true);
  assert.equal(MAIL_LIMITS.perCallerAndAddress, 5);
  assert.equal(MAIL_LIMITS.perCaller, 20);
  assert.equal(MAIL_LIMITS.perAddress, 10);
});

Deno.test("a mail the SMTP server does not take is logged (domain only), and the answer does not wait for it", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close(); // nothing listens there now: the connection is refused
  const lines: string[] = [];
  const logger = createLogger("info", (line) => lines.push(line));
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "a@b.lk" }, logger);
  sendInBackground(mailer, logger, { to: "someone@example.lk", subject: "S", text: "T" });
  const deadline = Date.now() + 10_000;
  while (!lines.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.equal(lines.length, 1);
  const line = JSON.parse(lines[0]!);
  assert.equal(line.message, "Mail delivery failed");
  assert.equal(line.domain, "example.lk");
  assert.ok(!lines[0]!.includes("someone@"), "the address itself is not logged");
});
