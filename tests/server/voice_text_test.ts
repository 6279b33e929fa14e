/** Pure parts of the voice pipeline: tags, escaping, normalisation, bit rates, languages. */
import assert from "node:assert/strict";
import fc from "fast-check";
import { VOICE_LANGUAGES } from "../../core/ops/voice.ts";
import { mp3Kbps } from "../../server/voice/audio.ts";
import { fromDetected, LANGUAGES, qualityWarning } from "../../server/voice/languages.ts";
import { normalizeEnglish, ordinal } from "../../server/voice/normalize.ts";
import { escapeForEspeak, hasContent, parseTags, TagError } from "../../server/voice/tags.ts";

Deno.test("parseTags() reads inline and nested wrapping tags, case-insensitively", () => {
  assert.deepEqual(parseTags("Hi [PAUSE] <whisper>a <Soft>b</soft></whisper>[tsk]"), [
    { kind: "text", text: "Hi ", wraps: [] },
    { kind: "effect", effect: "pause", wraps: [] },
    { kind: "text", text: " ", wraps: [] },
    { kind: "text", text: "a ", wraps: ["whisper"] },
    { kind: "text", text: "b", wraps: ["whisper", "soft"] },
    { kind: "effect", effect: "tsk", wraps: [] },
  ]);
});

Deno.test("parseTags() keeps unknown tags and lookalikes as text", () => {
  for (const text of ["<b>x</b>", "[sic]", "<speak>", "[[h'a]]", "< whisper>", "[ pause ]", "<3"]) {
    assert.deepEqual(parseTags(text), [{ kind: "text", text, wraps: [] }]);
  }
});

Deno.test("parseTags() names the tag of unbalanced or crossed wrapping tags", () => {
  const cases: [string, string][] = [
    ["<soft>x", "<soft>"],
    ["x</loud>", "</loud>"],
    ["<slow><fast>x</slow></fast>", "</slow>"],
    ["<whisper><whisper>x</whisper>", "<whisper>"],
  ];
  for (const [text, tag] of cases) {
    assert.throws(() => parseTags(text), (e) => e instanceof TagError && e.tag === tag);
  }
});

Deno.test("escapeForEspeak() escapes markup, breaks [[ and ]] and blanks control characters", () => {
  assert.equal(escapeForEspeak("a<b>&c"), "a&lt;b&gt;&amp;c");
  assert.equal(escapeForEspeak("[[h'a]] [[[x]]]"), "[ [h'a] ] [ [ [x] ] ]");
  assert.equal(escapeForEspeak("a\u0000b\u0007c\nd"), "a b c\nd");
  assert.equal(escapeForEspeak('don\'t "quote"'), 'don\'t "quote"');
});

Deno.test("escapeForEspeak() output never holds a tag, an entity we did not write, or [[", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 60 }), (text) => {
      const out = escapeForEspeak(text);
      assert.ok(!/[<>]/.test(out));
      assert.ok(!out.includes("[[") && !out.includes("]]"));
      assert.ok(!/&(?!amp;|lt;|gt;)/.test(out));
    }),
    { numRuns: 300 },
  );
});

Deno.test("hasContent() is false for blanks, punctuation and empty tags", () => {
  assert.equal(hasContent(parseTags("  ...  ")), false);
  assert.equal(hasContent(parseTags("<whisper></whisper>")), false);
  assert.equal(hasContent(parseTags("[pause]")), true);
  assert.equal(hasContent(parseTags("ok")), true);
  assert.equal(hasContent(parseTags("日本")), true);
});

Deno.test("normalizeEnglish() speaks currency amounts in words", () => {
  const cases: [string, string][] = [
    ["Rs. 2,500", "2500 rupees"],
    ["Rs 2,500.50 due", "2500 rupees and 50 cents due"],
    ["LKR 1,000,000", "1000000 rupees"],
    ["It is 2,500 LKR", "It is 2500 rupees"],
    ["Rs.1", "1 rupee"],
    ["Rs. 2.5 mn", "2.5 million rupees"],
    ["$25.50", "25 dollars and 50 cents"],
    ["US$ 3 billion", "3 billion dollars"],
    ["£1.01", "1 pound and 1 penny"],
    ["€ 10.5", "10 euros and 50 cents"],
    ["Rs. 100.00", "100 rupees"],
  ];
  for (const [input, expected] of cases) assert.equal(normalizeEnglish(input), expected, input);
});

Deno.test("normalizeEnglish() reads dates day first, as in Sri Lanka, and skips impossible ones", () => {
  const cases: [string, string][] = [
    ["2024-03-04", "4th of March 2024"],
    ["on 4/3/2024.", "on 4th of March 2024."],
    ["04.03.2024", "4th of March 2024"],
    ["3/25/2024", "25th of March 2024"], // 25 cannot be a month: month first
    ["2024-02-29", "29th of February 2024"],
    ["2023-02-29", "2023-02-29"],
    ["31/04/2024", "31/04/2024"],
    ["21/12/2026 and 22/12/2026", "21st of December 2026 and 22nd of December 2026"],
  ];
  for (const [input, expected] of cases) assert.equal(normalizeEnglish(input), expected, input);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal), [
    "1st",
    "2nd",
    "3rd",
    "4th",
    "11th",
    "12th",
    "13th",
    "21st",
    "22nd",
    "23rd",
    "31st",
  ]);
});

Deno.test("normalizeEnglish() expands units and abbreviations eSpeak NG misreads", () => {
  const cases: [string, string][] = [
    ["No. 5, Galle Rd.", "number 5, Galle Road"],
    ["5 km at 60km/h", "5 kilometres at 60 kilometres per hour"],
    ["10kg", "10 kilograms"],
    ["ABC Pvt. Ltd.", "ABC Private Limited"],
    ["approx. 20", "approximately 20"],
    ["Govt. Dept.", "Government Department"],
    ["Jan. 5", "January 5"],
    ["No one", "No one"],
    ["Nothing to change here.", "Nothing to change here."],
  ];
  for (const [input, expected] of cases) assert.equal(normalizeEnglish(input), expected, input);
});

Deno.test("mp3Kbps() snaps down to encoder rates and applies LAME's caps by sample rate", () => {
  // Research section 4: 8 kHz max 64 kbps; 16-24 kHz max 160; 44.1/48 kHz 192; no 56 or 144.
  assert.equal(mp3Kbps(192000, 8000), 64);
  assert.equal(mp3Kbps(32000, 8000), 32);
  assert.equal(mp3Kbps(192000, 16000), 160);
  assert.equal(mp3Kbps(192000, 22050), 160);
  assert.equal(mp3Kbps(192000, 24000), 160);
  assert.equal(mp3Kbps(192000, 44100), 192);
  assert.equal(mp3Kbps(56000, 48000), 48);
  assert.equal(mp3Kbps(144000, 48000), 128);
  assert.equal(mp3Kbps(100000, 48000), 96);
});

Deno.test("all 30 languages map to an eSpeak NG voice; detection maps ms to id and regions", () => {
  // The spec's 28, then Sinhala and Tamil (issue 19).
  assert.equal(VOICE_LANGUAGES.length, 30);
  assert.deepEqual(VOICE_LANGUAGES.slice(28), ["si", "ta"]);
  assert.equal(LANGUAGES.si.espeak, "si");
  assert.equal(LANGUAGES.ta.espeak, "ta");
  for (const code of VOICE_LANGUAGES) assert.ok(LANGUAGES[code].espeak, code);
  assert.equal(LANGUAGES.fr.espeak, "fr"); // fr-fr does not exist in this build
  assert.equal(fromDetected("ms"), "id");
  assert.equal(fromDetected("pt"), "pt-BR");
  assert.equal(fromDetected("de"), "de");
  assert.equal(fromDetected("zu"), undefined);
  assert.equal(fromDetected(""), undefined);
});

Deno.test("qualityWarning() warns for Thai, Sinhala and Arabic without diacritics only", () => {
  assert.match(qualityWarning("si", "ලංකාව") ?? "", /Sinhala/);
  assert.equal(qualityWarning("ta", "இலங்கை"), undefined);
  assert.match(qualityWarning("th", "สวัสดี") ?? "", /Thai/);
  assert.match(qualityWarning("ar-SA", "مرحبا") ?? "", /diacritics/);
  assert.equal(qualityWarning("ar-SA", "مَرْحَبًا"), undefined);
  assert.match(qualityWarning("ar-EG", "مَرْحَبًا") ?? "", /Modern Standard Arabic/);
  assert.equal(qualityWarning("en", "hello"), undefined);
});
