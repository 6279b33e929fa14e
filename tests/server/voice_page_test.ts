/**
 * The text-to-speech page in-process (`app.request()`): what the form offers and selects in each
 * language, the page's 300-character limit at its edge, tag problems beside the field, and the
 * spent message when the allowance is 0. The allowance per address, the MP3 and the 429 are
 * tested on a real port (`tests/e2e/voice_page_test.ts`).
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";
import { squash } from "../_helpers/pages.ts";

const read = async (t: Awaited<ReturnType<typeof testApp>>, path: string) => {
  const res = await t.request(path);
  return { status: res.status, body: squash(await res.text()) };
};

/** The option values of a select, in order, and the selected one. */
function options(page: string, name: string): { values: string[]; selected: string | undefined } {
  const select = new RegExp(`<select id="f-${name}" name="${name}"[\\s\\S]*?</select>`).exec(page);
  assert.ok(select, `no ${name} select`);
  const values = [...select[0].matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]!);
  const selected = /<option value="([^"]+)"[^>]*\sselected/.exec(select[0])?.[1];
  return { values, selected };
}

Deno.test("the form offers Sinhala, Tamil and English first, the page's language selected, and the five voices", async () => {
  await using t = await testApp();
  for (const lang of ["en", "si", "ta"] as const) {
    const { status, body } = await read(t, lang === "en" ? "/tools/voice" : `/${lang}/tools/voice`);
    assert.equal(status, 200);
    assert.match(
      body,
      new RegExp(
        `<form method="get" action="${lang === "en" ? "" : `/${lang}`}/tools/voice#answer"`,
      ),
    );
    assert.match(body, /<textarea id="f-text" name="text"/);
    const language = options(body, "language");
    assert.deepEqual(language.values.slice(0, 3), ["si", "ta", "en"]);
    assert.equal(language.values.length, 30);
    assert.equal(language.selected, lang);
    const voice = options(body, "voice");
    assert.deepEqual(voice.values, ["eve", "ara", "leo", "rex", "sal"]);
    assert.equal(voice.selected, "eve");
    // No player before a text is given; the developers' section is there, closed.
    assert.doesNotMatch(body, /<audio/);
    assert.match(body, /<details class="developers" id="developers">/);
    assert.match(body, /lanka\.voice\.synthesize\(/);
  }
  // The others are ordered by their English names on the English page.
  const en = options((await read(t, "/tools/voice")).body, "language").values.slice(3);
  assert.deepEqual(en.slice(0, 4), ["ar-EG", "ar-SA", "ar-AE", "bn"]);
  assert.equal(en.at(-1), "vi");
  // Each language keeps its own list whatever order the pages are asked in (the lists are made
  // once per language): Danish is named in Tamil on the Tamil page, in English elsewhere.
  const danish = async (path: string) =>
    /<option value="da"([^>]*)>([^<]+)<\/option>/.exec((await read(t, path)).body)?.slice(1);
  for (let round = 0; round < 2; round++) {
    assert.deepEqual(await danish("/ta/tools/voice"), ["", "டேனிஷ்"]);
    assert.deepEqual(await danish("/si/tools/voice"), [' lang="en"', "Danish"]);
    assert.deepEqual(await danish("/tools/voice"), ["", "Danish"]);
  }
});

Deno.test("300 characters are spoken, 301 are a 400 beside the text; a tag problem is named beside it too", async () => {
  await using t = await testApp();
  const at = (text: string) =>
    read(t, `/tools/voice?${new URLSearchParams({ text, language: "si", voice: "ara" })}`);
  const edge = await at("අ".repeat(300));
  assert.equal(edge.status, 200);
  assert.match(edge.body, /<audio controls preload="none" src="\/tools\/voice\/listen\?text=/);
  assert.match(edge.body, /language=si&amp;voice=ara/);
  const over = await at("අ".repeat(301));
  assert.equal(over.status, 400);
  assert.match(over.body, /<title>Error: Text to speech · Lanka API<\/title>/);
  assert.match(over.body, /Enter at most 300 characters: this text has 301/);
  const tags = await at("Hello <soft>there");
  assert.equal(tags.status, 400);
  assert.match(
    tags.body,
    /id="f-text-error">.*has an opening tag &lt;soft&gt; that is never closed/,
  );
  const punctuation = await at("?!");
  assert.equal(punctuation.status, 400);
  assert.match(punctuation.body, /The text has nothing to speak/);
});

Deno.test("with no listens allowed, the page says so instead of showing a player", async () => {
  await using t = await testApp({ env: { VOICE_PAGE_DAILY_LIMIT: "0" } });
  const { status, body } = await read(t, "/tools/voice?text=Hello&language=en&voice=eve");
  assert.equal(status, 200);
  assert.doesNotMatch(body, /<audio/);
  assert.match(body, /Listening on this page is turned off on this server/);
  const res = await t.request("/tools/voice/listen?text=Hello&language=en&voice=eve");
  assert.equal(res.status, 429);
  assert.equal(res.headers.get("X-RateLimit-Limit"), "0");
});
