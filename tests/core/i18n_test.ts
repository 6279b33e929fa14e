import assert from "node:assert/strict";
import { EN, SI, TA } from "../_helpers/catalogue.ts";
import GLOSSARY from "../../data/glossary.json" with { type: "json" };
import TOOLS from "../../data/tools.json" with { type: "json" };
import { registerAllMessages } from "../../core/i18n_all.ts";
import {
  hasMessages,
  LANGS,
  maybeMessage,
  message,
  negotiateLang,
  type TranslatedEntry,
} from "../../core/i18n.ts";

const SINHALA = /[\u0D80-\u0DFF]/;
const TAMIL = /[\u0B80-\u0BFF]/;
const ZWJ = /\u200D/g;

const translated = {
  si: SI.messages as Record<string, TranslatedEntry>,
  ta: TA.messages as Record<string, TranslatedEntry>,
};
const terms = GLOSSARY.terms as Record<
  string,
  { en: string; si: string; ta: string; source: string; confirmed: { si: boolean; ta: boolean } }
>;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

Deno.test("every catalogue key exists in English, Sinhala and Tamil, and no other", () => {
  const en = Object.keys(EN.messages).sort();
  assert.ok(en.length > 0);
  assert.deepEqual(Object.keys(translated.si).sort(), en);
  assert.deepEqual(Object.keys(translated.ta).sort(), en);
});

Deno.test("no entry is empty and each is in its own script", async (t) => {
  for (const [key, text] of Object.entries(EN.messages)) {
    assert.ok(text.trim() !== "", `en ${key} is empty`);
  }
  for (const [lang, script] of [["si", SINHALA], ["ta", TAMIL]] as const) {
    await t.step(lang, () => {
      for (const [key, entry] of Object.entries(translated[lang])) {
        assert.ok(entry.text.trim() !== "", `${lang} ${key} is empty`);
        assert.match(entry.text, script, `${lang} ${key} has no letter of its script`);
        assert.notEqual(entry.text, (EN.messages as Record<string, string>)[key]);
      }
    });
  }
});

Deno.test("each Sinhala and Tamil entry says whether a source or the project wrote it", () => {
  for (const lang of ["si", "ta"] as const) {
    for (const [key, entry] of Object.entries(translated[lang])) {
      assert.ok(["sourced", "ours"].includes(entry.basis), `${lang} ${key}: basis ${entry.basis}`);
      if (entry.basis === "sourced") {
        assert.ok(entry.source && entry.source.length > 10, `${lang} ${key}: sourced, no source`);
      }
    }
  }
});

/** Tamil "ma" with pulli (U+0BAE U+0BCD), the ending of nouns such as thinam (day). */
const TAMIL_M = "\u0BAE\u0BCD";

/**
 * Whether `text` spells the glossary's `spelling`. A Tamil term ending in ma with pulli drops it
 * before a case ending, a plural or a compound (the rule the tool search follows): the term for a
 * poya day, muzhunonmathi thinam, is written thinaththil ("on"), thinangal ("days"), thina
 * vidumurai ("holiday"), so its stem, the spelling without the final ma with pulli, is enough.
 */
function spells(text: string, spelling: string, lang: "si" | "ta"): boolean {
  const plain = text.replace(ZWJ, "");
  const term = spelling.replace(ZWJ, "");
  if (plain.includes(term)) return true;
  return lang === "ta" && term.endsWith(TAMIL_M) && plain.includes(term.slice(0, -TAMIL_M.length));
}

Deno.test("the glossary terms an entry claims to use are spelt as the glossary spells them", () => {
  for (const lang of ["si", "ta"] as const) {
    for (const [key, entry] of Object.entries(translated[lang])) {
      for (const term of entry.terms ?? []) {
        const spelling = terms[term]?.[lang];
        assert.ok(spelling, `${lang} ${key}: no glossary term "${term}"`);
        assert.ok(
          spells(entry.text, spelling, lang),
          `${lang} ${key}: does not contain the glossary's "${spelling}"`,
        );
      }
    }
  }
});

Deno.test("an inflected Tamil term counts, another word does not", () => {
  const poya = terms.poya!.ta;
  assert.equal(poya, "முழுநோன்மதி தினம்");
  // Source of the forms: the catalogue's own Tamil (page.holidaypay.answer_poya, the holiday
  // tools' titles) and the Tamil rule for -am nouns (thinam, thinaththukkum, thina vidumurai).
  assert.ok(spells("ஒவ்வொரு முழுநோன்மதி தினத்துக்கும்", poya, "ta"));
  assert.ok(spells("முழுநோன்மதி தின விடுமுறைகள்", poya, "ta"));
  assert.ok(!spells("போயா நாள்", poya, "ta"));
  assert.ok(!spells("பௌர்ணமி தினம்", poya, "ta"));
  // Sinhala has no such rule: the mercantile holiday's other spelling does not count.
  assert.ok(spells("වෙළෙඳ නිවාඩු දිනයක්", terms.mercantile_holiday!.si, "si"));
  assert.ok(!spells("වෙළඳ නිවාඩු දිනය", terms.mercantile_holiday!.si, "si"));
});

Deno.test("placeholders are the same in every language", () => {
  for (const [key, text] of Object.entries(EN.messages)) {
    for (const lang of ["si", "ta"] as const) {
      assert.deepEqual(placeholders(translated[lang][key]!.text), placeholders(text), key);
    }
  }
});

Deno.test("the glossary gives every term in three languages with a source", () => {
  assert.ok(GLOSSARY.source && GLOSSARY.last_verified);
  for (const [id, term] of Object.entries(terms)) {
    assert.ok(term.en.trim(), id);
    assert.match(term.si, SINHALA, id);
    assert.match(term.ta, TAMIL, id);
    assert.ok(term.source.length > 10, `${id} has no source`);
    assert.equal(typeof term.confirmed.si, "boolean", id);
    assert.equal(typeof term.confirmed.ta, "boolean", id);
  }
  // The research's glossary (section 4): the DRP's own names for the card.
  assert.equal(terms.nic?.si, "ජාතික හැඳුනුම්පත");
  assert.equal(terms.nic?.ta, "தேசிய அடையாள அட்டை");
});

Deno.test("the catalogue files carry their provenance", () => {
  for (const file of [EN, SI, TA]) {
    assert.ok(file.source.length > 10);
    assert.match(file.last_verified, /^\d{4}-\d{2}-\d{2}$/);
  }
  assert.deepEqual([EN.lang, SI.lang, TA.lang], [...LANGS]);
});

Deno.test("message() fills placeholders and maybeMessage() knows missing keys", () => {
  registerAllMessages();
  assert.ok(hasMessages("si") && hasMessages("ta"));
  assert.equal(message("en", "lang.name"), "English");
  assert.equal(message("si", "lang.name"), "සිංහල");
  assert.equal(message("ta", "lang.name"), "தமிழ்");
  assert.equal(maybeMessage("si", "no.such.key"), undefined);
});

Deno.test("English tool titles in the catalogue are the data file's", () => {
  for (const tool of TOOLS.tools) {
    assert.equal(maybeMessage("en", `tool.${tool.slug}.title`), tool.title);
    assert.equal(maybeMessage("en", `tool.${tool.slug}.description`), tool.description);
    assert.ok(maybeMessage("en", `tool.category.${tool.category}`), tool.category);
  }
});

Deno.test("negotiateLang() follows Accept-Language quality values (RFC 9110, 12.5.4)", async (t) => {
  const cases: [string | null, string | undefined][] = [
    [null, undefined],
    ["", undefined],
    ["si", "si"],
    ["ta-LK", "ta"],
    ["SI-lk, en;q=0.5", "si"],
    ["en-GB,en;q=0.9,si;q=0.8", "en"],
    ["fr, ta;q=0.4, si;q=0.6", "si"],
    ["ta;q=0, en;q=0.1", "en"],
    ["fr-FR, de", undefined],
    ["*", undefined],
    ["si;q=0.5, ta;q=0.5", "si"], // a tie goes to the first named
  ];
  for (const [header, expected] of cases) {
    await t.step(String(header), () => assert.equal(negotiateLang(header), expected));
  }
});
