/**
 * Issue 19: the developers dashboard (signed out and signed in, with its errors and notices) and
 * the news pages read in Sinhala and Tamil. The crawl (`lang_pages_sweep_test.ts`) only reaches
 * the signed-out dashboard; this test signs up, creates and revokes keys and provokes each error
 * the page can show, in both languages. Expected texts are the catalogue's own entries.
 */
import assert from "node:assert/strict";
import EN from "../../data/messages/en.json" with { type: "json" };
import SI from "../../data/messages/si.json" with { type: "json" };
import TA from "../../data/messages/ta.json" with { type: "json" };
import SEED from "../../data/news_seed.json" with { type: "json" };
import { form, sessionCookie } from "../_helpers/accounts.ts";
import { testApp } from "../_helpers/app.ts";
import { latinWords, visibleText } from "../_helpers/latin.ts";
import { postLang } from "../../server/news/pages.ts";

type App = Awaited<ReturnType<typeof testApp>>;

const TABLES = { si: SI.messages, ta: TA.messages } as const;
const KEYS = Object.keys(EN.messages);

/** A catalogue entry with its placeholders filled, as the page must show it. */
function entry(lang: "si" | "ta", key: string, vars: Record<string, string | number> = {}): string {
  const found = (TABLES[lang] as Record<string, { text: string }>)[key];
  assert.ok(found, `${lang} ${key} is in the catalogue`);
  return found.text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name]));
}

/** Fails on English words or catalogue key names a reader would see. */
function assertReads(lang: string, what: string, body: string): void {
  const text = visibleText(body);
  assert.deepEqual(latinWords(text), [], `${lang} ${what}: English words`);
  const keys = KEYS.filter((key) => text.includes(key));
  assert.deepEqual(keys, [], `${lang} ${what}: catalogue keys shown`);
}

/** The text of the page's error or notice paragraph. */
function flash(body: string, kind: "error" | "notice"): string | undefined {
  const found = new RegExp(`<p class="${kind}" role="[a-z]+">([\\s\\S]*?)</p>`).exec(body)?.[1];
  return found?.replace(/<[^>]*>/g, "").replace(/&quot;/g, '"');
}

async function get(t: App, path: string, cookie?: string) {
  const res = await t.request(path, cookie ? { headers: { Cookie: cookie } } : {});
  return { status: res.status, body: await res.text() };
}

async function post(
  t: App,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  origin = { Origin: "http://lanka.test" },
) {
  const res = await t.request(path, form(fields, cookie, origin));
  return { res, status: res.status, body: await res.text() };
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`the ${lang} dashboard reads in ${lang}: signed in, keys, notices and errors`, async () => {
    await using t = await testApp();
    const base = `/${lang}/developers`;
    const email = `${lang}@example.com`;

    const out = await get(t, base);
    assert.equal(out.status, 200);
    assert.ok(out.body.includes(entry(lang, "page.dev.signup.heading")));
    assertReads(lang, "signed out", out.body);

    const signup = await post(t, `${base}/signup`, { email, password: "long enough" });
    assert.equal(signup.status, 303);
    assert.equal(signup.res.headers.get("Location"), `${base}?signup=sent`);
    const sent = await get(t, `${base}?signup=sent`);
    assert.equal(flash(sent.body, "notice"), entry(lang, "account.signup.sent"));
    assertReads(lang, "signed up", sent.body);
    const login = await post(t, `${base}/login`, { email, password: "long enough" });
    assert.equal(login.status, 303);
    assert.equal(login.res.headers.get("Location"), base, "the redirect stays in the language");
    const cookie = sessionCookie(login.res)!;

    const empty = await get(t, base, cookie);
    assert.ok(empty.body.includes(entry(lang, "page.dev.keys.none")), "no keys yet");
    assert.ok(empty.body.includes(entry(lang, "page.dev.logout")));
    assertReads(lang, "signed in, no keys", empty.body);

    // A key without a name gets the default name, shown in the page's language.
    const created = await post(t, `${base}/keys`, { name: "" }, cookie);
    assert.equal(created.status, 200);
    assert.match(created.body, /<section class="card" id="new-key">/);
    assert.match(created.body, /value="lk_[0-9A-Za-z]{32}"/, "the new key is shown");
    assert.ok(
      created.body.includes(entry(lang, "page.dev.new_key.heading", {
        name: entry(lang, "page.dev.unnamed"),
      })),
      "new key heading",
    );
    assert.ok(created.body.includes(entry(lang, "page.dev.new_key.copy")));
    assertReads(lang, "new key", created.body);

    const named = await post(t, `${base}/keys`, { name: "අඩවිය" }, cookie);
    assert.equal(named.status, 200);
    const listed = await get(t, base, cookie);
    for (
      const key of [
        "page.dev.keys.key",
        "page.dev.keys.name",
        "page.dev.keys.created",
        "page.dev.keys.last_used",
        "page.dev.keys.calls_today",
        "page.dev.keys.revoke",
        "page.dev.keys.create",
        "page.dev.never",
      ]
    ) {
      assert.ok(listed.body.includes(entry(lang, key)), `${lang} ${key}`);
    }
    assert.ok(listed.body.includes(entry(lang, "page.dev.keys.count", { active: 2, max: 5 })));
    assertReads(lang, "key table", listed.body);

    const id = /action="\/(?:si|ta)\/developers\/keys\/(key_[0-9A-Za-z]+)\/revoke"/.exec(
      listed.body,
    )?.[1];
    assert.ok(id, "a revoke form");
    const revoked = await post(t, `${base}/keys/${id}/revoke`, {}, cookie);
    assert.equal(revoked.status, 200);
    const notice = flash(revoked.body, "notice") ?? "";
    const shown = /lk_[0-9A-Za-z]{5}…/.exec(notice)?.[0];
    assert.ok(shown, "the notice names the key by its prefix");
    assert.equal(notice, entry(lang, "page.dev.revoked", { prefix: shown }));
    assert.ok(revoked.body.includes(entry(lang, "page.dev.keys.revoked", { when: "" }).trim()));
    assertReads(lang, "revoked", revoked.body);

    // Every error the dashboard shows, in the page's language.
    const errors: [string, () => Promise<{ status: number; body: string }>, number, string][] = [
      // NIST SP 800-63B: common passwords and a repeated character are refused with the reason.
      [
        "common password 12345678",
        () => post(t, `${base}/signup`, { email: `new.${email}`, password: "12345678" }),
        400,
        entry(lang, "account.error.common"),
      ],
      [
        "common password 'password'",
        () => post(t, `${base}/signup`, { email: `new.${email}`, password: "password" }),
        400,
        entry(lang, "account.error.common"),
      ],
      [
        "eight spaces",
        () => post(t, `${base}/signup`, { email: `new.${email}`, password: "        " }),
        400,
        entry(lang, "account.error.repeated"),
      ],
      [
        "wrong password",
        () => post(t, `${base}/login`, { email, password: "not the password" }),
        401,
        entry(lang, "page.dev.error.wrong_login"),
      ],
      [
        "bad email",
        () => post(t, `${base}/signup`, { email: "not an address", password: "long enough" }),
        400,
        entry(lang, "page.dev.error.email"),
      ],
      [
        "short password",
        () => post(t, `${base}/signup`, { email: `new.${email}`, password: "short" }),
        400,
        entry(lang, "account.error.short"),
      ],
      [
        "no such key",
        () => post(t, `${base}/keys/key_nosuchkey/revoke`, {}, cookie),
        404,
        entry(lang, "page.dev.error.no_key", { id: "key_nosuchkey" }),
      ],
      [
        "no session",
        () => post(t, `${base}/keys`, { name: "x" }),
        401,
        entry(lang, "page.dev.error.session"),
      ],
      [
        "another site",
        () =>
          post(t, `${base}/signup`, { email, password: "long enough" }, undefined, {
            Origin: "https://evil.example",
          }),
        403,
        entry(lang, "page.dev.error.origin"),
      ],
    ];
    for (const [what, send, status, expected] of errors) {
      const res = await send();
      assert.equal(res.status, status, what);
      assert.equal(flash(res.body, "error"), expected, what);
      assertReads(lang, what, res.body);
    }

    // Up to the most active keys, then the refusal.
    for (let n = 1; n <= 3; n++) await post(t, `${base}/keys`, { name: `${n}` }, cookie);
    // A name is the user's text: escaped in the heading built from a catalogue sentence.
    const marked = await post(t, `${base}/keys`, { name: "<ක>4</ක>" }, cookie);
    assert.ok(!marked.body.includes("<ක>4</ක>"), "the key's name is escaped");
    assert.ok(marked.body.includes("&lt;ක&gt;4&lt;/ක&gt;"));
    const full = await post(t, `${base}/keys`, { name: "6" }, cookie);
    assert.equal(full.status, 409);
    assert.equal(
      flash(full.body, "error"),
      entry(lang, "page.dev.error.too_many_keys", { max: 5 }),
    );
    assertReads(lang, "too many keys", full.body);
  });

  Deno.test(`too many log-in attempts are refused in ${lang}`, async () => {
    await using t = await testApp();
    let last: { res: Response; status: number; body: string } | undefined;
    // AUTH_ATTEMPTS_PER_HOUR is 20: the 21st attempt of the hour is refused.
    for (let n = 0; n < 21; n++) {
      last = await post(t, `/${lang}/developers/login`, {
        email: "x@example.com",
        password: "long enough",
      });
    }
    assert.equal(last?.status, 429);
    // The headers name the allowance that refused it (20 attempts an hour), not the data quota.
    assert.equal(last?.res.headers.get("X-RateLimit-Limit"), "20");
    assert.equal(last?.res.headers.get("X-RateLimit-Remaining"), "0");
    const shown = flash(last!.body, "error") ?? "";
    const time = /\d\d:\d\d/.exec(shown)?.[0];
    assert.equal(shown, entry(lang, "page.dev.error.attempts", { time: time ?? "?" }));
    assertReads(lang, "rate limited", last!.body);
  });

  Deno.test(`a news post's page reads in ${lang}; the post's English text is marked lang="en"`, async () => {
    await using t = await testApp();
    const seed = SEED.posts[0]!;
    const res = await get(t, `/${lang}/news/${seed.slug}`);
    assert.equal(res.status, 200);
    assert.ok(res.body.includes(`<h1 lang="en">${seed.title}</h1>`), "title marked English");
    assert.ok(res.body.includes(`<h2>${entry(lang, "page.post.sources")}</h2>`));
    const category = entry(lang, `news.category.${seed.category.toLowerCase()}`);
    assert.ok(res.body.includes(`${category} · `), "category in the page's language");
    assert.ok(res.body.includes(entry(lang, "page.post.seed_author")), "byline");
    assertReads(lang, "post", res.body);

    const list = await get(t, `/${lang}/news`);
    assert.ok(list.body.includes(`>${category}</option>`), "the category filter");
    assert.match(list.body, /<a href="\/api\/v1\/news\/feed\.json"\s+translate="no">JSON Feed/);
    assertReads(lang, "listing", list.body);

    assert.ok(list.body.includes(`title="${entry(lang, "page.post.feed", { format: "RSS" })}"`));

    // The listing's errors: an unknown category (the list named as the filter names it), a
    // number out of range, a post asked for by slug with a filter.
    for (const query of ["category=Nope", "limit=5000", "slug=x&q=y"]) {
      const bad = await get(t, `/${lang}/news?${query}`);
      assert.equal(bad.status, 400, query);
      assert.match(bad.body, /<p class="error" role="alert">/, query);
      assertReads(lang, query, bad.body);
    }

    const missing = await get(t, `/${lang}/news/no-such-post`);
    assert.equal(missing.status, 404);
    assert.ok(missing.body.includes(entry(lang, "page.post.not_found")));
    assertReads(lang, "missing post", missing.body);
  });
}

Deno.test("the seed's byline and approver in English are the seed data's own words", async () => {
  assert.equal(EN.messages["page.post.seed_author"], SEED.author);
  assert.equal(EN.messages["page.post.seed_approver"], SEED.approvedBy);
  await using t = await testApp();
  const seed = SEED.posts[0]!;
  const res = await get(t, `/news/${seed.slug}`);
  assert.ok(res.body.includes(`<h1>${seed.title}</h1>`), "no lang mark on an English page");
  assert.ok(res.body.includes(` min read · by ${SEED.author}</p>`));
  assert.ok(res.body.includes(`Approved by ${SEED.approvedBy} on `));
});

Deno.test("postLang() tells a post's language by the letters of its title and excerpt", () => {
  assert.equal(postLang({ title: "Vesak 2026", excerpt: "The holiday moved to 31 May" }), "en");
  assert.equal(postLang({ title: "වෙසක් නිවාඩුව", excerpt: "මැයි 31 දිනට ගෙන ගියේය" }), "si");
  assert.equal(postLang({ title: "வெசாக் விடுமுறை", excerpt: "மே 31 க்கு மாற்றப்பட்டது" }), "ta");
  // An English post quoting a Sinhala word is still English.
  assert.equal(postLang({ title: "Vesak (වෙසක්) moved", excerpt: "The day after moved" }), "en");
});
