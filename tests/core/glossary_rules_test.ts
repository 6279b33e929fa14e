/**
 * Issue 28: one glossary rules every term. Each concept of `data/glossary.json` has one preferred
 * form per language (with its source) and may list non-preferred forms (`avoid`); no Sinhala or
 * Tamil catalogue entry may use one.
 *
 * A rule applies to every key, or only to the keys starting with one of its `in` prefixes (for a
 * word that is right in another sense: සාමාන්‍යය and சராசரி are "average" in general and wrong only
 * for the statistical mean, මාතෘකාව and தலைப்பு are "title" and wrong only where the store names
 * its topics). `word: true` matches only the whole word (ரூபாய் the unit, not ரூபாய்த் தொகை;
 * සාමාන්‍යය, not සාමාන්‍යයෙන් "usually"). Forms are compared without zero-width joiners.
 */
import assert from "node:assert/strict";
import GLOSSARY from "../../data/glossary.json" with { type: "json" };
import { SI, TA } from "../_helpers/catalogue.ts";

interface AvoidRule {
  lang: "si" | "ta";
  form: string;
  word?: boolean;
  in?: string[];
  /** Keys the rule does not apply to: search keywords list the words people type, preferred or not. */
  except?: string[];
  why: string;
}
interface Term {
  en: string;
  si: string;
  ta: string;
  source: string;
  avoid?: AvoidRule[];
}

const TERMS = GLOSSARY.terms as Record<string, Term>;
const CATALOGUE = {
  si: SI.messages as Record<string, { text: string }>,
  ta: TA.messages as Record<string, { text: string }>,
};
const ZWJ = /\u200D/g;

/** Where `rule` is broken in `entries` (key -> text): the offending keys. */
function violations(rule: AvoidRule, entries: Record<string, { text: string }>): string[] {
  const form = rule.form.replace(ZWJ, "");
  const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A whole word: not preceded or followed by a letter or mark of any script.
  const pattern = new RegExp(
    rule.word ? `(?<![\\p{L}\\p{M}])${escaped}(?![\\p{L}\\p{M}])` : escaped,
    "u",
  );
  return Object.entries(entries)
    .filter(([key]) => !rule.in || rule.in.some((prefix) => key.startsWith(prefix)))
    .filter(([key]) => !rule.except?.some((prefix) => key.startsWith(prefix)))
    .filter(([, entry]) => pattern.test(entry.text.replace(ZWJ, "")))
    .map(([key]) => key);
}

const RULES = Object.entries(TERMS).flatMap(([id, term]) =>
  (term.avoid ?? []).map((rule) => ({ id, term, rule }))
);

Deno.test("no Sinhala or Tamil catalogue entry uses a form the glossary lists as non-preferred", () => {
  assert.ok(RULES.length >= 30, `${RULES.length} rules`);
  const broken: string[] = [];
  for (const { id, term, rule } of RULES) {
    for (const key of violations(rule, CATALOGUE[rule.lang])) {
      broken.push(
        `${rule.lang} ${key}: "${rule.form}" (${id}: write ${term[rule.lang]}; ${rule.why})`,
      );
    }
  }
  assert.deepEqual(broken, []);
});

Deno.test("every rule is well formed: a reason, a real scope, and not the preferred form itself", () => {
  const keys = Object.keys(CATALOGUE.si);
  for (const { id, term, rule } of RULES) {
    assert.ok(["si", "ta"].includes(rule.lang), id);
    assert.ok(rule.why.length > 10, `${id}: no reason for "${rule.form}"`);
    assert.ok(term.source.length > 10, `${id}: no source`);
    // The preferred form must not break its own rule (or the rule would forbid the term).
    assert.deepEqual(violations(rule, { preferred: { text: term[rule.lang] } }), [], id);
    // A scope names keys that exist, so a renamed key cannot silently switch a rule off.
    for (const prefix of rule.in ?? []) {
      assert.ok(keys.some((key) => key.startsWith(prefix)), `${id}: no key starts with ${prefix}`);
    }
  }
});

Deno.test("the checker finds what it must and spares the other senses (it is not a rubber stamp)", () => {
  const rule = (id: string, form: string) =>
    RULES.find((r) => r.id === id && r.rule.form === form)!.rule;
  // A planted non-preferred form is found, in scope only.
  assert.deepEqual(
    violations(rule("exam", "தேர்வு"), { "store.x": { text: "ஒரு தேர்வு" } }),
    ["store.x"],
  );
  const mean = rule("statistical_mean", "සාමාන්‍යය");
  assert.deepEqual(
    violations(mean, {
      "zscore.text.a": { text: "විෂය Z අගයන්ගේ සාමාන්‍යය" },
      "zscore.text.b": { text: "සාමාන්‍යයෙන් ව්‍යාපාර අධ්‍යයනය" }, // "usually": another word
      "payroll.x": { text: "සාමාන්‍යය" }, // outside statistics
    }),
    ["zscore.text.a"],
  );
  const rupee = rule("rupee", "ரூபாய்");
  assert.deepEqual(
    violations(rupee, {
      a: { text: "100 ரூபாய்." },
      b: { text: "ரூபாய்த் தொகை" },
      c: { text: "ரூபா" },
    }),
    ["a"],
  );
  // The terms the audit found used two ways are in the glossary with their rule.
  for (
    const id of [
      "exam",
      "statistical_mean",
      "normal_distribution",
      "api_key",
      "rounding",
      "store_topic",
      "vendor",
      "minimum_wage_act",
      "loan_schedule",
      "rupee",
    ]
  ) {
    assert.ok(TERMS[id]?.avoid?.length, id);
  }
  assert.equal(TERMS.exam?.ta, "பரீட்சை");
  assert.equal(TERMS.normal_distribution?.si, "ප්‍රමත ව්‍යාප්තිය");
  assert.equal(TERMS.normal_distribution?.ta, "செவ்வன் பரம்பல்");
});

Deno.test("the holiday words: one spelling where the holidays are meant, the other senses spared", () => {
  // Research notes section 4 and the Central Bank's notices (glossary sources): වෙළෙඳ / வணிக for
  // the mercantile holiday, පෝය / முழுநோன்மதி தினம் for the poya day.
  assert.equal(TERMS.mercantile_holiday?.si, "වෙළෙඳ නිවාඩු දිනය");
  assert.equal(TERMS.mercantile_holiday?.ta, "வணிக விடுமுறை");
  assert.equal(TERMS.poya?.si, "පෝය දිනය");
  assert.equal(TERMS.poya?.ta, "முழுநோன்மதி தினம்");
  const broken = (id: string, lang: "si" | "ta", entries: Record<string, { text: string }>) =>
    [
      ...new Set(
        RULES.filter((r) => r.id === id && r.rule.lang === lang)
          .flatMap(({ rule }) => violations(rule, entries)),
      ),
    ].sort();
  // The older spellings are refused in the holiday keys, not in other senses or the search words.
  assert.deepEqual(
    broken("mercantile_holiday", "si", {
      "value.holiday.mercantile": { text: "වෙළඳ නිවාඩු දිනය" },
      "op.holiday-pay.description": { text: "වෙළඳ, පෝය, රජයේ හෝ බැංකු නිවාඩු දිනයක" },
      "tool.store.title": { text: "සහතික විභාග වවුචර් වෙළඳසැල" }, // "shop": another word
      "district.tagline.x": { text: "වෙළඳ මධ්‍යස්ථානය" }, // not a holiday key
      "page.keywords.holiday-pay": { text: "වෙළඳ නිවාඩු" }, // the words people type
    }),
    ["op.holiday-pay.description", "value.holiday.mercantile"],
  );
  assert.deepEqual(
    broken("mercantile_holiday", "ta", {
      "value.holiday.mercantile": { text: "வர்த்தக விடுமுறை" },
      "tool.holiday-pay.description": { text: "வர்த்தக, பொது அல்லது வங்கி விடுமுறை" },
      "district.tagline.colombo": { text: "வர்த்தகத் தலைநகரம்" },
      "news.x": { text: "வர்த்தக வங்கிகள்" },
      "page.keywords.holidays": { text: "வர்த்தக விடுமுறை" },
    }),
    ["tool.holiday-pay.description", "value.holiday.mercantile"],
  );
  assert.deepEqual(
    broken("poya", "ta", {
      "labour.text.holiday.poya": { text: "பௌர்ணமி போயா நாளில்" },
      "value.holiday.poya": { text: "போயா நாள்" },
      "x.y": { text: "போயாவுக்கு" },
      "page.keywords.holidays": { text: "போயா, பௌர்ணமி" },
    }),
    ["labour.text.holiday.poya", "value.holiday.poya", "x.y"],
  );
  assert.deepEqual(
    broken("poya", "si", { a: { text: "පොහොය දිනය" }, b: { text: "පෝය දිනය" } }),
    ["a"],
  );
});

/**
 * Issue 43 (second review, systemic finding 1): a glossary replacement done by search and replace
 * must redo the grammar around it. In Tamil a word that takes the doubling of sandhi (வலி மிகுதல்)
 * ends in the first hard consonant of the next word with a pulli (இந்தப் பரீட்சை, சம்பளச் சீட்டு):
 * after தேர்வு became பரீட்சை, "இந்தத் பரீட்சை" kept the old doubling. Tamil words do not end in
 * க், ச், த் or ப் by themselves, so such an ending before a word that does not begin with that
 * consonant is a broken doubling, unless the word is a loanword or a name that ends so.
 */
const HARD = /([\u0B80-\u0BFF]*?)([\u0B95\u0B9A\u0BA4\u0BAA])\u0BCD\s+([\u0B80-\u0BFF])/g;
/** Words that end in a hard consonant of their own (loanwords and names), with what they are. */
const OWN_ENDING: Record<string, string> = {
  "பேர்ச்": "perch, the land measure",
  "கோச்": "coach (the bus class)",
  "வெசாக்": "Vesak",
  "பிரீஃப்": "Brief (Bevis Bawa's garden)",
  "போபத்": "Bopath (the falls)",
  "மார்ச்": "March",
  "டயலொக்": "Dialog (the operator)",
  "தாவூத்": "Dawood (the author cited)",
};

/** The broken doublings of a Tamil text: "word + next letter" for each. */
function brokenDoublings(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(HARD)) {
    const word = `${m[1]}${m[2]}\u0BCD`;
    if (m[3] !== m[2] && !OWN_ENDING[word]) found.push(`${word} ${m[3]}`);
  }
  return found;
}

Deno.test("a Tamil doubled consonant matches the next word (sandhi after a replaced word)", () => {
  const broken = Object.entries(CATALOGUE.ta).flatMap(([key, entry]) =>
    brokenDoublings(entry.text).map((b) => `${key}: ${b}`)
  );
  assert.deepEqual(broken, []);
  // It finds what the review found, and spares the right doublings and the listed words.
  assert.deepEqual(brokenDoublings("இந்தத் பரீட்சைப் பதிப்பு"), ["இந்தத் ப"]);
  assert.deepEqual(brokenDoublings("இந்தப் பரீட்சைப் பதிப்பு, சம்பளச் சீட்டு"), []);
  assert.deepEqual(brokenDoublings("வெசாக் முழுநோன்மதி தினம்"), []);
  assert.deepEqual(brokenDoublings("நட்டஈட்டுக் (TEWA) கணிப்பான்"), []);
});

Deno.test("the second review's terms are in the glossary, each with one form held by its rules", () => {
  // ../shared/research/sinhala-tamil-review-2.md, systemic findings 1 to 3: the labour Acts'
  // names, employer, WHT, SSCL and "in rupees", and the calques.
  for (
    const id of [
      "shop_office_act",
      "maternity_ordinance",
      "workmens_compensation_ordinance",
      "tewa",
      "gratuity_act",
      "holidays_act",
      "employer",
      "wht",
      "sscl",
      "in_rupees",
      "one_and_a_half_times",
      "held_by_us",
      "divisor",
      "uan",
      "self_declaration",
    ]
  ) {
    assert.ok(TERMS[id]?.avoid?.length, id);
  }
  const found = (id: string, lang: "si" | "ta", text: string) =>
    RULES.filter((r) => r.id === id && r.rule.lang === lang)
      .flatMap(({ rule }) => violations(rule, { "labour.text.x": { text } })).length > 0;
  // The two high findings: "one quarter" and "one and a half turns".
  assert.ok(found("one_and_a_half_times", "si", "එය නියම කර නැති විට එක හතරෙන් එකක් වාරයක්"));
  assert.ok(found("one_and_a_half_times", "si", "මෙන් එක හමාරක් වාරයකට නොඅඩු ලෙස"));
  assert.ok(!found("one_and_a_half_times", "si", "මෙන් එක හමාර ගුණයකට නොඅඩු ලෙස"));
  assert.ok(found("api_key", "ta", "உங்கள் விசைகள் செயல்படும்"));
  assert.ok(!found("api_key", "ta", "உங்கள் திறவுகோல்கள் செயல்படும்"));
  assert.ok(found("employer", "ta", "உங்கள் தொழில் வழங்குநர் கழிக்கும்"));
  assert.ok(found("in_rupees", "ta", "மாதாந்த சம்பளம், ரூபாயில்"));
  assert.ok(!found("in_rupees", "ta", "மாதாந்த சம்பளம், ரூபாவில்"));
  assert.ok(found("sscl", "ta", "சமூகப் பாதுகாப்புப் பங்களிப்பு அறவீடு"));
  assert.ok(found("shop_office_act", "si", "සාප්පු සහ කාර්යාල සේවක පනත"));
  assert.equal(TERMS.employer?.ta, "தொழில்தருநர்");
  assert.equal(TERMS.in_rupees?.ta, "ரூபாவில்");
});
