/**
 * The text converters against the 806 vectors of `../shared/research/legacy-fonts-vectors.json`
 * (copied to `tests/fixtures/legacy_font_vectors.json`), and their properties: Unicode to legacy
 * to Unicode is the identity on every DS-division name (`tests/fixtures/ds_division_names_si.json`,
 * from HDX COD-AB via the research) and on the Sinhala words of the catalogue, and every output
 * is NFC with no zero-width joiner that joins nothing.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import vectorsFile from "../fixtures/legacy_font_vectors.json" with { type: "json" };
import dsNames from "../fixtures/ds_division_names_si.json" with { type: "json" };
import tableFile from "../../data/legacy_fonts.json" with { type: "json" };
import si from "../../data/messages/si.json" with { type: "json" };
import {
  dropStrayJoiners,
  LEGACY_FONTS,
  legacyToUnicode,
  unicodeToLegacy,
  WRITABLE_FONTS,
} from "../../core/calc/legacy_fonts.ts";
import { detectFont } from "../../core/calc/font_detect.ts";
import { singlishToUnicode } from "../../core/calc/singlish.ts";
import { isApiError } from "../../core/errors.ts";
import { textUnicode } from "../../core/ops/text.ts";

interface Vector {
  id: string;
  scheme: string;
  direction: string;
  input: string;
  expected: string;
  origin: string;
  checks?: string[];
}
const vectors = vectorsFile.vectors as Vector[];
const ZWJ = "\u200d";

/**
 * Vectors shown wrong, with the evidence (docs/text.md lists the same, one line each): what the
 * converter gives instead.
 */
const WRONG: Record<string, { got: (v: Vector) => string; why: string }> = {
  // The expected text keeps a zero-width joiner between ත and ශ that follows no virama (the
  // input has it too): it joins nothing (Unicode 16.0 section 13.2: a ZWJ after al-lakuna asks
  // for a conjunct; nowhere else does it do anything), and the issue asks for no stray joiners.
  "fm-pk-4": { got: (v) => dropStrayJoiners(v.expected), why: "stray ZWJ" },
  // No Tamil word begins with ன: the scheme's own note calls "naan" -> னான் a quirk; the word is
  // நான் ("I"), which ours gives (word-initial n is ந).
  "tanglish-naan": { got: () => "\u0BA8\u0BBE\u0BA9\u0BCD", why: "word-initial n" },
};

/** The fonts a vector holds for: both for a 3-way one, the ones its checks confirm otherwise. */
function fontsOf(v: Vector): string[] {
  if (v.scheme === "fm_abhaya") return ["fm-abhaya"];
  if (v.scheme === "dl_manel") return ["dl-manel"];
  if (v.scheme === "kaputa" || v.scheme === "bamini") return [v.scheme];
  if (v.origin === "derived_3way") return ["dl-manel", "fm-abhaya"];
  if (v.origin === "derived_disagreement") {
    // The input was written by a DL Manel encoder; FM Abhaya reads it only where checked.
    return v.checks?.includes("pandukabhaya_fm_ok") ? ["dl-manel", "fm-abhaya"] : ["dl-manel"];
  }
  return [];
}

Deno.test("the fixture holds the research's 806 vectors", () => {
  assert.equal(vectors.length, 806);
});

Deno.test("every legacy font vector reads as expected, but those shown wrong", async (t) => {
  const counts: Record<string, number> = {};
  for (const v of vectors.filter((v) => v.direction === "legacy_to_unicode")) {
    if (v.scheme.includes("glish")) continue;
    for (const font of fontsOf(v)) {
      const got = legacyToUnicode(v.input, font as "fm-abhaya").text;
      const wrong = WRONG[v.id];
      if (wrong) {
        assert.equal(got, wrong.got(v), `${v.id} (${wrong.why})`);
        assert.notEqual(got, v.expected, `${v.id} is listed as wrong but passes`);
      } else {
        assert.equal(got, v.expected, `${v.id} in ${font}: ${JSON.stringify(v.input)}`);
      }
      counts[font] = (counts[font] ?? 0) + 1;
    }
  }
  await t.step("each font was read on its vectors", () => {
    // 6 + 1 source tests, the README's 1, 331 three-way, 18 disagreement vectors, of which FM
    // Abhaya reads the 3 its checks confirm.
    assert.deepEqual(counts, { "fm-abhaya": 341, "dl-manel": 351, kaputa: 60, bamini: 357 });
  });
});

Deno.test("FM Abhaya does not read DL Manel's own codes as DL Manel does", () => {
  // The disagreement vectors that only DL Manel reads: ඟ at Û, ලු at Æ, ලූ at ¨, the hyphen at ')'.
  const only = vectors.filter((v) => fontsOf(v).length === 1 && v.origin.startsWith("derived"));
  assert.equal(only.length, 15);
  for (const v of only) {
    const fm = legacyToUnicode(v.input, "fm-abhaya").text;
    // '¥' draws දූ in both fonts' glyph charts (docs/text.md), a code Pandukabhaya's table lacks.
    if (v.input.includes("\u00a5")) assert.equal(fm, v.expected, v.id);
    else assert.notEqual(fm, v.expected, v.id);
  }
});

Deno.test("the Unicode to DL Manel vector is written exactly", () => {
  const v = vectors.find((v) => v.direction === "unicode_to_legacy")!;
  assert.equal(unicodeToLegacy(v.input, "dl-manel").text, v.expected);
});

Deno.test("every Singlish and Tanglish vector reads as expected, but those shown wrong", () => {
  for (const v of vectors.filter((v) => v.scheme.includes("glish"))) {
    const got = singlishToUnicode(v.input, v.scheme.startsWith("singlish") ? "si" : "ta").text;
    const wrong = WRONG[v.id];
    assert.equal(got, wrong ? wrong.got(v) : v.expected, v.id);
  }
});

Deno.test("Unicode to legacy to Unicode is exact on every Sinhala vector", () => {
  for (const v of vectors.filter((v) => v.direction === "legacy_to_unicode")) {
    if (!fontsOf(v).some((f) => f === "fm-abhaya" || f === "dl-manel")) continue;
    const text = dropStrayJoiners(v.expected.normalize("NFC"));
    for (const font of WRITABLE_FONTS) {
      const back = legacyToUnicode(unicodeToLegacy(text, font).text, font).text;
      assert.equal(back, text, `${v.id} through ${font}`);
    }
  }
});

Deno.test("Unicode to legacy to Unicode is the identity on every DS-division name", () => {
  assert.equal(dsNames.names.length, 339);
  for (const name of dsNames.names) {
    for (const font of WRITABLE_FONTS) {
      const written = unicodeToLegacy(name, font);
      assert.deepEqual(written.clashes, [], `${name} in ${font}`);
      assert.equal(legacyToUnicode(written.text, font).text, name, `${name} through ${font}`);
    }
  }
});

/** The Sinhala words of the catalogue: runs of Sinhala letters, signs and joiners. */
function catalogueWords(): string[] {
  const words = new Set<string>();
  for (const entry of Object.values(si.messages) as { text?: string }[]) {
    for (const word of (entry.text ?? "").match(/[\u0D80-\u0DFF\u200d]+/gu) ?? []) {
      words.add(word);
    }
  }
  return [...words];
}

Deno.test("Unicode to legacy to Unicode is the identity on the catalogue's Sinhala", () => {
  const words = catalogueWords();
  assert.ok(words.length > 2000, `${words.length} words`);
  for (const font of WRITABLE_FONTS) {
    for (const word of words) {
      const text = dropStrayJoiners(word.normalize("NFC"));
      assert.equal(legacyToUnicode(unicodeToLegacy(text, font).text, font).text, text, word);
    }
  }
});

Deno.test("any sentence of names and catalogue words survives the round trip (property)", () => {
  const pool = [...dsNames.names, ...catalogueWords()].map((w) =>
    dropStrayJoiners(w.normalize("NFC"))
  );
  const separators = [" ", ", ", ". ", "\n", " (", ") ", " - ", "? ", "1 ", " 2026 "];
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.constantFrom(...pool), fc.constantFrom(...separators)), {
        minLength: 1,
        maxLength: 12,
      }),
      fc.constantFrom(...WRITABLE_FONTS),
      (parts, font) => {
        const text = parts.map(([word, sep]) => word + sep).join("");
        const back = legacyToUnicode(unicodeToLegacy(text, font).text, font).text;
        assert.equal(back, text);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("every output is NFC with no stray zero-width joiner, for any input (property)", () => {
  const stray = (s: string) => dropStrayJoiners(s) !== s;
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({
          unit: fc.constantFrom(..."lkfdasq%HYa¾_ÛÆ¨ffwtT!;:,.<>{}[]|\\`@#$^&*()+=~\u200d"),
          maxLength: 60,
        }),
      ),
      (input) => {
        for (const font of LEGACY_FONTS) {
          const out = legacyToUnicode(input, font).text;
          assert.equal(out, out.normalize("NFC"), `${font}: ${JSON.stringify(input)}`);
          assert.ok(!stray(out), `${font}: ${JSON.stringify(input)}`);
        }
        for (const lang of ["si", "ta"] as const) {
          const out = singlishToUnicode(input, lang).text;
          assert.equal(out, out.normalize("NFC"), `${lang}: ${JSON.stringify(input)}`);
          assert.ok(!stray(out), `${lang}: ${JSON.stringify(input)}`);
        }
        for (const font of WRITABLE_FONTS) {
          const back = legacyToUnicode(unicodeToLegacy(input, font).text, font).text;
          assert.equal(back, back.normalize("NFC"), `${font} back: ${JSON.stringify(input)}`);
          assert.ok(!stray(back), `${font} back: ${JSON.stringify(input)}`);
        }
      },
    ),
    // The counterexamples of other seeds, kept: an orphan kombuva, a joiner and a virama sign
    // (FM Abhaya, Kaputa), a joiner alone and U+2000, which NFC makes U+2002 (Singlish passed
    // both through).
    { numRuns: 400, examples: [["f\u200d%"], ["@\u200d~"], ["\u200d"], ["a\u200d"], ["\u2000"]] },
  );
});

Deno.test("an orphan kombuva before a joined virama still reads as NFC with no stray joiner", () => {
  // The property's counterexamples (fast-check, seeds 1 to 60, 2,000 runs each): a kombuva with
  // no letter, a joiner, then a sign holding a virama. Removing the first joiner put ෙ beside ්,
  // which NFC composes into ේ, and the joiner after ේ then joins nothing.
  for (const [input, font] of [["f\u200d%", "fm-abhaya"], ["@\u200d~", "kaputa"]] as const) {
    const out = legacyToUnicode(input, font).text;
    assert.equal(out, out.normalize("NFC"), `${font}: ${JSON.stringify(input)}`);
    assert.equal(dropStrayJoiners(out), out, `${font}: ${JSON.stringify(input)}`);
  }
  // The same text given as Unicode to the writer is read first as NFC without stray joiners.
  const odd = "\u0dd9\u200d\u0dca\u200d\u0dbb";
  for (const font of WRITABLE_FONTS) {
    const back = legacyToUnicode(unicodeToLegacy(odd, font).text, font).text;
    assert.equal(back, back.normalize("NFC"));
    assert.equal(dropStrayJoiners(back), back);
  }
});

Deno.test("text that is not in the font passes through unchanged and is counted", () => {
  const mixed = legacyToUnicode("Y%S ,xld 😀 ශ්‍රී\n", "fm-abhaya");
  assert.equal(mixed.text, "ශ්‍රී ලංකා 😀 ශ්‍රී\n");
  // 😀 (one character), the Unicode word (five) and the line break pass through; the spaces too.
  assert.equal(mixed.unchanged, 10);
  assert.equal(mixed.converted, 7);
});

Deno.test("font auto is never sure and wrong on five names at a time", () => {
  const groups: [string, string[]][] = [
    ["dl_manel+fm_abhaya", ["dl-manel", "fm-abhaya"]],
    ["kaputa", ["kaputa"]],
    ["bamini", ["bamini"]],
  ];
  for (const [scheme, fonts] of groups) {
    const all = vectors.filter((v) => v.scheme === scheme);
    let sure = 0;
    for (let i = 0; i + 5 <= all.length; i += 5) {
      const chunk = all.slice(i, i + 5);
      const guess = detectFont(chunk.map((v) => v.input).join(" "));
      if (!guess.sure) continue;
      sure++;
      assert.ok(fonts.includes(guess.candidates[0]!.font), chunk[0]!.id);
      assert.equal(guess.candidates[0]!.decoded.text, chunk.map((v) => v.expected).join(" "));
    }
    assert.ok(sure > 0, `${scheme}: never sure`);
  }
});

Deno.test("font auto answers 422 with the candidates when it is not sure", () => {
  try {
    textUnicode.run!({ text: "Y%S", font: "auto" }, { today: "2026-11-28", baseUrl: "" });
    assert.fail("expected a 422");
  } catch (error) {
    assert.ok(isApiError(error));
    assert.equal(error.status, 422);
    assert.equal(error.code, "font_uncertain");
    const candidates = error.extra?.candidates as { font: string }[];
    assert.deepEqual(candidates.map((c) => c.font).sort(), [...LEGACY_FONTS].sort());
  }
});

Deno.test("a rakaransaya is written with the joiner after the virama only", () => {
  // Open-SL's FM table writes ZWJ + virama + ZWJ + ra (../shared/research/legacy-fonts.md).
  const out = legacyToUnicode("m%", "fm-abhaya").text;
  assert.equal(out, `\u0DB4\u0DCA${ZWJ}\u0DBB`);
});

/** The provenance of one font's table (`data/legacy_fonts.json`). */
interface Provenance {
  text?: string;
  chart?: {
    file: string;
    name_table: string;
    repo: string;
    commit: string;
    sha256: string;
    date: string;
  } | null;
  searched?: string;
  note?: string;
}

/** Each font's provenance, read from the table the converter loads. */
function provenances(fonts: Record<string, { provenance?: Provenance; licence?: string }>) {
  return LEGACY_FONTS.map((id) => ({ id, font: fonts[id], p: fonts[id]?.provenance }));
}

/** Whether a font's provenance says where its facts were checked; the reason if not. */
function provenanceProblem(
  id: string,
  p: Provenance | undefined,
  licence: string | undefined,
): string | undefined {
  if (!p) return `${id}: no provenance`;
  if (p.chart) {
    const c = p.chart;
    if (!/^[0-9a-f]{40}$/.test(c.commit)) return `${id}: commit ${c.commit}`;
    if (!/^[0-9a-f]{64}$/.test(c.sha256)) return `${id}: sha256`;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(c.date)) return `${id}: date`;
    if (!c.file || !c.name_table || !/^[\w.-]+\/[\w.-]+$/.test(c.repo)) return `${id}: chart`;
    const text =
      `verified against the font's glyph chart, file ${c.file}, name table ${c.name_table}, from ${c.repo}@${
        c.commit.slice(0, 7)
      }, ${c.date}`;
    if (p.text !== text) return `${id}: text ${p.text} is not ${text}`;
    return undefined;
  }
  // No chart: the record must say so, say where the font was looked for, and not call the
  // source's licence clear.
  if (!p.text?.startsWith("not verified against a glyph chart")) return `${id}: no chart, text`;
  if (!p.searched || p.searched.length < 40) return `${id}: no chart, where searched`;
  if (!licence?.includes("unclear")) return `${id}: no chart, licence`;
  return undefined;
}

Deno.test("every font's table names the glyph chart it was verified against, or why none", async (t) => {
  const fonts = tableFile.fonts as Record<string, { provenance?: Provenance; licence?: string }>;
  for (const { id, font, p } of provenances(fonts)) {
    assert.equal(provenanceProblem(id, p, font?.licence), undefined);
  }
  // Every font's file was found (Kaputa's last: kaputa.ttf, name table kaputadotcom), so every
  // table carries a chart.
  assert.deepEqual(
    provenances(fonts).filter(({ p }) => p?.chart).map(({ id }) => id),
    ["fm-abhaya", "dl-manel", "kaputa", "bamini"],
  );
  await t.step("a font without its provenance fails the check", () => {
    const copy = structuredClone(fonts);
    delete copy["dl-manel"]!.provenance;
    const problems = provenances(copy).map(({ id, font, p }) =>
      provenanceProblem(id, p, font?.licence)
    );
    assert.deepEqual(problems.filter(Boolean), ["dl-manel: no provenance"]);
  });
  await t.step("a chart without its commit fails the check", () => {
    const copy = structuredClone(fonts);
    copy["bamini"]!.provenance!.chart!.commit = "";
    assert.match(provenanceProblem("bamini", copy["bamini"]!.provenance, "x") ?? "", /commit/);
  });
  await t.step("a table with no chart must say where the font was looked for", () => {
    const none: Provenance = {
      text: "not verified against a glyph chart: no font file",
      chart: null,
    };
    assert.match(provenanceProblem("x", none, "unclear source") ?? "", /where searched/);
    none.searched = "every name table of a repository of 798 fonts, and none was this font";
    assert.equal(provenanceProblem("x", none, "unclear source"), undefined);
    assert.match(provenanceProblem("x", none, "MIT") ?? "", /licence/);
  });
});

Deno.test("DL Manel reads the codes its glyph chart settled, and not those it has no glyph for", () => {
  // docs/text.md "DL Manel's glyph chart": Õ draws ඟ (as Û does), Î ඪි, Ó ථි, ‰ ඡි, – ජ්, ™ ඤු.
  const read = (s: string) => legacyToUnicode(s, "dl-manel").text;
  assert.equal(read("\u00d5"), "\u0D9F");
  assert.equal(read("\u00ce"), "\u0DAA\u0DD2");
  assert.equal(read("\u00d3"), "\u0DAE\u0DD2");
  assert.equal(read("\u2030"), "\u0DA1\u0DD2");
  assert.equal(read("\u2013"), "\u0DA2\u0DCA");
  assert.equal(read("\u2122"), "\u0DA4\u0DD4");
  // '`' draws '!' in DL Manel, so FM Abhaya's backtick pair for ඟ is not read.
  assert.equal(read("`."), "!\u0D9C");
  // 'z' and '†' have no glyph in the DL Manel file: passed through and counted.
  const none = legacyToUnicode("z\u2020", "dl-manel");
  assert.equal(none.text, "z\u2020");
  assert.deepEqual(none.unknown, ["z", "\u2020"]);
  // FM Abhaya draws ˆ as න්‍දා, DL Manel as a turned comma.
  assert.equal(read("\u02c6"), "\u2018");
});

Deno.test("Kaputa reads the codes as its glyph chart draws them", () => {
  // docs/text.md "The glyph charts": kaputa.ttf (name table kaputadotcom) draws '*' as a raised
  // ×; '#' after ර is the hook of රු and 'F' the taller ැ of රැ ('$' රූ, 'H' රෑ); '~' and '\' are
  // the upright virama stroke (ක්, and on එ it makes ඒ), '|' the arched one (ම්, and on ඔ ඕ).
  const read = (s: string) => legacyToUnicode(s, "kaputa").text;
  assert.equal(read("*"), "\u00d7");
  assert.equal(read("r#"), "\u0dbb\u0dd4");
  assert.equal(read("rF"), "\u0dbb\u0dd0");
  assert.equal(read("r$"), "\u0dbb\u0dd6");
  assert.equal(read("rH"), "\u0dbb\u0dd1");
  assert.equal(read("k~"), "\u0d9a\u0dca");
  assert.equal(read("k\\"), "\u0d9a\u0dca");
  assert.equal(read("m|"), "\u0db8\u0dca");
  assert.equal(read("e~"), "\u0d92");
  assert.equal(read("o|"), "\u0d95");
  // '©' and 'ÿ' draw the makers' marks (www.kaputa.com and an elephant): no text, passed through.
  const marks = legacyToUnicode("\u00a9\u00ff", "kaputa");
  assert.equal(marks.text, "\u00a9\u00ff");
  assert.deepEqual(marks.unknown, ["\u00a9", "\u00ff"]);
});

Deno.test("Bamini reads its precomposed glyphs and moved punctuation as its glyph chart draws them", () => {
  // docs/text.md "The glyph charts": each code drawn in Baamini.ttf beside the reading in Noto Sans
  // Tamil. 'À' is தூ (the ா-like tail of ூ that '}' also draws), not தா; 'Å' is றூ, not ரூ ('&').
  const chart: [string, string][] = [
    ["\u00a2", "\u0b95\u0bbf"], // ¢ கி
    ["\u00a3", "\u0b95\u0bc0"], // £ கீ
    ["\u00a4", "\u0b9a\u0bbf"], // ¤ சி
    ["\u00a5", "\u0b9a\u0bc0"], // ¥ சீ
    ["\u00a7", "\u0ba4\u0bbf"], // § தி
    ["\u00a9", "\u0ba4\u0bc0"], // © தீ
    ["\u00df", "\u0baa\u0bbf"], // ß பி
    ["\u00e0", "\u0baa\u0bc0"], // à பீ
    ["\u00e1", "\u0baf\u0bbf"], // á யி
    ["\u00e2", "\u0baf\u0bc0"], // â யீ
    ["\u00e5", "\u0bb5\u0bbf"], // å வி
    ["\u00e6", "\u0bb5\u0bc0"], // æ வீ
    ["\u00e7", "\u0bb2\u0bbf"], // ç லி
    ["\u00e8", "\u0bb2\u0bc0"], // è லீ
    ["\u00c0", "\u0ba4\u0bc2"], // À தூ
    ["\u00c1", "\u0ba8\u0bc2"], // Á நூ
    ["\u00c2", "\u0bb2\u0bc2"], // Â லூ
    ["\u00c5", "\u0bb1\u0bc2"], // Å றூ
    ["\u00c7", "\u0ba3\u0bc2"], // Ç ணூ
    ["\u00c8", "\u0ba9\u0bc2"], // È னூ
    ["\u00e9", "\u0baa\u0bc2"], // é பூ
    ["\u00ea", "\u0baf\u0bc2"], // ê யூ
    ["\u00eb", "\u0bb5\u0bc2"], // ë வூ
    ["@", "\u0bb3\u0bc2"], // @ ளூ
    ["H", "\u0bb0\u0bcd"], // H ர்
    ["\u00d1", "\u0b95\u0bcd\u0bb7"], // Ñ க்ஷ
    ["\u00d9", "\u0be8"], // Ù ௨ (the pillaiyar suḻi, drawn as Noto draws ௨)
    ["[{", "\u0b9c\u0bc1"], // '{' the grantha letters' ு: ஜு
    ["[_", "\u0b9c\u0bc2"], // '_' their ூ: ஜூ
    ["\u00ca", "\u0bcd"], // Ê and Ë: the pulli set further left, for wider letters
    ["\u00cb", "\u0bcd"],
    ["|", "\u2019"],
    ["'", "\u201c"],
    ['"', "\u201d"],
    ["\u00ae", "="], // the punctuation whose keys are letters: = / ; + × ¢
    ["\u00c6", "/"],
    ["\u00c9", ";"],
    ["\u00f1", "+"],
    ["\u00f9", "\u00d7"],
    ["\u00b6", "\u00a2"],
  ];
  for (const [code, reading] of chart) {
    const out = legacyToUnicode(code, "bamini");
    assert.equal(out.text, reading, JSON.stringify(code));
    assert.equal(out.unchanged, 0, JSON.stringify(code));
  }
  // In words: கிளி, தூண், வீடு, யூதர்.
  assert.equal(legacyToUnicode("\u00a2sp", "bamini").text, "\u0b95\u0bbf\u0bb3\u0bbf");
  assert.equal(legacyToUnicode("\u00c0z;", "bamini").text, "\u0ba4\u0bc2\u0ba3\u0bcd");
  assert.equal(legacyToUnicode("\u00e6L", "bamini").text, "\u0bb5\u0bc0\u0b9f\u0bc1");
  assert.equal(legacyToUnicode("\u00eajH", "bamini").text, "\u0baf\u0bc2\u0ba4\u0bb0\u0bcd");
  // '™' draws the maker's mark (©HARAN Graph): passed through and counted.
  assert.deepEqual(legacyToUnicode("\u2122", "bamini").unknown, ["\u2122"]);
});
