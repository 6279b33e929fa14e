import assert from "node:assert/strict";
import {
  foldForSearch,
  independentSources,
  readingMinutes,
  sourceHost,
} from "../../core/ops/news.ts";
import { slugify } from "../../server/news/store.ts";

Deno.test("foldForSearch() drops case and Latin accents but keeps Sinhala and Tamil vowel signs", () => {
  assert.equal(foldForSearch("  Café  ÉTÉ\tñ "), "cafe ete n");
  // Sinhala "vesak": ව + ෙ (vowel sign e) + ස + ක + ් (al-lakuna). The signs stay (NFKD keeps them).
  assert.equal(foldForSearch("වෙසක්"), "\u0dc0\u0dd9\u0dc3\u0d9a\u0dca");
  // Tamil "vesak": வ + ெ + ச + ா + க + ்.
  assert.equal(foldForSearch("வெசாக்"), "\u0bb5\u0bc6\u0b9a\u0bbe\u0b95\u0bcd");
  // Tamil ொ (U+0BCA) decomposes canonically to ெ + ா, so both spellings fold alike.
  assert.equal(foldForSearch("\u0b95\u0bca"), foldForSearch("\u0b95\u0bc6\u0bbe"));
  // The zero-width joiner of ශ්‍රී is dropped.
  assert.equal(foldForSearch("ශ්\u200dරී"), foldForSearch("ශ්රී"));
  // Compatibility forms: the "ﬁ" ligature and full-width letters.
  assert.equal(foldForSearch("ﬁnance ＴＡＸ"), "finance tax");
});

Deno.test("readingMinutes() counts words at 200 a minute, at least one", () => {
  assert.equal(readingMinutes(""), 1);
  assert.equal(readingMinutes("word ".repeat(200)), 1);
  assert.equal(readingMinutes("word ".repeat(201)), 2);
  // Markdown punctuation alone ("#", "-", "|") is not a word.
  assert.equal(readingMinutes(`# ${"a ".repeat(200)} - | ---`), 1);
});

Deno.test("independentSources() counts distinct http(s) hosts, www. and case ignored", () => {
  assert.equal(sourceHost("https://WWW.IRD.gov.lk/x"), "ird.gov.lk");
  assert.equal(sourceHost("ftp://a.lk/x"), null);
  assert.equal(sourceHost("javascript:alert(1)"), null);
  assert.equal(sourceHost("not a url"), null);
  assert.equal(independentSources([]), 0);
  assert.equal(independentSources(["https://ird.gov.lk/a", "http://www.ird.gov.lk/b"]), 1);
  assert.equal(independentSources(["https://ird.gov.lk/a", "https://kpmg.com/b", "ftp://x.lk"]), 2);
});

Deno.test("slugify() makes ASCII slugs from titles and nothing from Sinhala", () => {
  assert.equal(
    slugify("Vesak 2026: the day-after holiday moved!"),
    "vesak-2026-the-day-after-holiday-moved",
  );
  assert.equal(slugify("Café à Colombo"), "cafe-a-colombo");
  assert.equal(slugify("වෙසක් පෝය"), "");
  assert.ok(slugify("x".repeat(100)).length <= 80);
});
