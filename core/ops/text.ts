/**
 * Sinhala and Tamil text: legacy fonts to Unicode (`POST /text/unicode`), Unicode to FM Abhaya
 * or DL Manel (`POST /text/legacy`), and Latin letters to Unicode (`POST /text/singlish`). The
 * text travels in a JSON body (it may be long), bounded by the server like every body
 * (`docs/text.md`); the conversions are pure and linear in the text's length.
 *
 * @module
 */
import * as z from "zod/mini";
import { bodyChoice as choice, inputText as got } from "../_body_fields.ts";
import { detectFont, SURE_LETTERS, SURE_MARGIN, SURE_SCORE } from "../calc/font_detect.ts";
import {
  fontName,
  fontScript,
  LEGACY_FONTS,
  type LegacyFont,
  legacyToUnicode,
  unicodeToLegacy,
  WRITABLE_FONTS,
  type WritableFont,
} from "../calc/legacy_fonts.ts";
import {
  type SinglishLanguage,
  type SinglishSuggestion,
  singlishToUnicode,
} from "../calc/singlish.ts";
import { ApiError } from "../errors.ts";
import { type AnyOperation, defineBodyOperation, type Operation } from "../operation.ts";

export { detectFont, legacyToUnicode, singlishToUnicode, unicodeToLegacy };
export type { LegacyFont, SinglishLanguage, SinglishSuggestion, WritableFont };

const textField = (description: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined
        ? "is required: expected a string"
        : `must be a string: got ${got(issue.input)}`,
  }).check(z.describe(description));

const strict = <S extends Record<string, z.ZodMiniType>>(shape: S, allowed: string) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `has unknown field${issue.keys.length > 1 ? "s" : ""} ${
          issue.keys.map((k) => JSON.stringify(k)).join(", ")
        }: allowed are ${allowed}`
        : `must be a JSON object: got ${got(issue.input)}`,
  });

/** The body of `POST /text/unicode`. */
export interface TextUnicodeParams {
  /** The text as stored in the legacy font. */
  text: string;
  /** The font it was typed in, or `auto` to guess. */
  font: LegacyFont | "auto";
}

/** How `font: "auto"` chose. */
export interface FontDetection {
  /** The best font's score, 0 to 1 (see docs/text.md). */
  confidence: number;
  /** Fonts that read this text exactly as the chosen one does. */
  sameReading: LegacyFont[];
  /** Every font with its score, best first. */
  candidates: { font: LegacyFont; score: number }[];
}

/** What `POST /text/unicode` answers. */
export interface TextUnicodeResult {
  /** The text in Unicode: NFC, with no zero-width joiner that joins nothing. */
  text: string;
  /** The font read (the one asked for, or the one `auto` chose). */
  font: LegacyFont;
  /** The font's name. */
  fontName: string;
  /** The script it writes: si (Sinhala) or ta (Tamil). */
  script: "si" | "ta";
  /** Characters of the input read as the font's codes. */
  converted: number;
  /** Characters passed through unchanged (not codes of the font: Unicode, line breaks...). */
  unchanged: number;
  /** converted / (converted + unchanged), to 4 decimals; 0 for an empty text. */
  convertedShare: number;
  /** Signs with no letter to attach to: a sign the text is not in this font. */
  orphans: number;
  /** Distinct printable characters passed through (at most 20), first seen first. */
  unknown: string[];
  /** With `font: "auto"`: how the font was chosen; otherwise null. */
  detection: FontDetection | null;
}

/** The body of `POST /text/legacy`. */
export interface TextLegacyParams {
  /** Unicode Sinhala. */
  text: string;
  /** The font to write. */
  font: WritableFont;
}

/** What `POST /text/legacy` answers. */
export interface TextLegacyResult {
  /** The text in the font's codes (set it in that font to read it). */
  text: string;
  font: WritableFont;
  fontName: string;
  /** Characters written as the font's codes. */
  converted: number;
  /** Characters passed through unchanged. */
  unchanged: number;
  /**
   * Characters passed through that the font draws as something else (a Latin letter is a
   * Sinhala glyph in these fonts), at most 20: set them in another font.
   */
  clashes: string[];
}

/** The body of `POST /text/singlish`. */
export interface TextSinglishParams {
  /** The text in Latin letters. */
  text: string;
  /** si (Sinhala, default) or ta (Tamil). */
  lang: SinglishLanguage;
}

/** What `POST /text/singlish` answers. */
export interface TextSinglishResult {
  /** The text in Unicode (NFC, no zero-width joiner that joins nothing). */
  text: string;
  lang: SinglishLanguage;
  /** The scheme read: `ucsc` (Sinhala) or `lanka-tanglish` (Tamil); see docs/text.md. */
  scheme: "ucsc" | "lanka-tanglish";
  /** Latin letters read as the scheme's keys. */
  converted: number;
  /** Characters passed through unchanged. */
  unchanged: number;
  /** Words with other readings (at most 50), in order. */
  suggestions: SinglishSuggestion[];
  /** Whether more words had other readings than are listed. */
  moreSuggestions: boolean;
}

const FONT_LIST = [...LEGACY_FONTS] as [LegacyFont, ...LegacyFont[]];
const WRITABLE_LIST = [...WRITABLE_FONTS] as [WritableFont, ...WritableFont[]];

const unicodeBody: z.ZodMiniType<TextUnicodeParams> = strict({
  text: textField("The text as stored in the legacy font (the codes, as copied from the file)"),
  font: choice(
    [...FONT_LIST, "auto"] as const,
    "fm-abhaya, dl-manel, kaputa, bamini, or auto to guess (a 422 when the guess is not sure)",
  ),
}, "text, font") as unknown as z.ZodMiniType<TextUnicodeParams>;

const legacyBody: z.ZodMiniType<TextLegacyParams> = strict({
  text: textField("Unicode Sinhala"),
  font: choice(WRITABLE_LIST, "fm-abhaya or dl-manel"),
}, "text, font") as unknown as z.ZodMiniType<TextLegacyParams>;

const singlishBody: z.ZodMiniType<TextSinglishParams> = strict({
  text: textField("Sinhala (or Tamil) typed in Latin letters"),
  lang: z._default(choice(["si", "ta"] as const, "si (Sinhala, default) or ta (Tamil)"), "si"),
}, "text, lang") as unknown as z.ZodMiniType<TextSinglishParams>;

const share = (converted: number, unchanged: number) =>
  converted + unchanged === 0 ? 0 : Math.round(converted / (converted + unchanged) * 1e4) / 1e4;
const round = (n: number) => Math.round(n * 1e4) / 1e4;

const fontEnum = z.enum(FONT_LIST);
const unicodeResult: z.ZodMiniType<TextUnicodeResult> = z.object({
  text: z.string().check(z.describe("Unicode, NFC, without stray zero-width joiners")),
  font: fontEnum,
  fontName: z.string(),
  script: z.enum(["si", "ta"]),
  converted: z.int().check(z.describe("Characters read as the font's codes")),
  unchanged: z.int().check(z.describe("Characters passed through unchanged")),
  convertedShare: z.number().check(z.describe("converted / (converted + unchanged)")),
  orphans: z.int().check(z.describe("Signs with no letter to attach to")),
  unknown: z.array(z.string()).check(z.describe("Printable characters passed through")),
  detection: z.nullable(z.object({
    confidence: z.number(),
    sameReading: z.array(fontEnum),
    candidates: z.array(z.object({ font: fontEnum, score: z.number() })),
  })),
});

const legacyResult: z.ZodMiniType<TextLegacyResult> = z.object({
  text: z.string().check(z.describe("The font's codes")),
  font: z.enum(WRITABLE_LIST),
  fontName: z.string(),
  converted: z.int(),
  unchanged: z.int(),
  clashes: z.array(z.string()).check(
    z.describe("Characters the font draws as something else (Latin letters)"),
  ),
});

const singlishResult: z.ZodMiniType<TextSinglishResult> = z.object({
  text: z.string(),
  lang: z.enum(["si", "ta"]),
  scheme: z.enum(["ucsc", "lanka-tanglish"]),
  converted: z.int(),
  unchanged: z.int(),
  suggestions: z.array(z.object({
    input: z.string(),
    reading: z.string(),
    alternatives: z.array(z.string()),
  })),
  moreSuggestions: z.boolean(),
});

function toUnicode(p: TextUnicodeParams): TextUnicodeResult {
  let font: LegacyFont;
  let detection: FontDetection | null = null;
  let decoded;
  if (p.font === "auto") {
    const guess = detectFont(p.text);
    const best = guess.candidates[0]!;
    const candidates = guess.candidates.map((c) => ({ font: c.font, score: round(c.score) }));
    if (!guess.sure) {
      throw new ApiError(
        422,
        "font_uncertain",
        `Cannot tell the font of this text for sure: ${
          candidates.map((c) => `${c.font} ${c.score}`).join(", ")
        } (a sure guess reads at least ${SURE_LETTERS} letters, scores at least ${SURE_SCORE} ` +
          `and leads every other reading by ${SURE_MARGIN}); send font`,
        {
          details: [{
            param: "font",
            message: `Parameter "font" is needed: the text could be ${
              guess.candidates.filter((c) => c.score > 0).map((c) => c.font).join(" or ") ||
              "in no legacy font"
            }`,
          }],
          extra: {
            candidates: guess.candidates.map((c) => ({
              font: c.font,
              score: round(c.score),
              preview: [...c.decoded.text].slice(0, 80).join(""),
            })),
          },
        },
      );
    }
    font = best.font;
    decoded = best.decoded;
    detection = { confidence: round(best.score), sameReading: guess.sameReading, candidates };
  } else {
    font = p.font;
    decoded = legacyToUnicode(p.text, font);
  }
  return {
    text: decoded.text,
    font,
    fontName: fontName(font),
    script: fontScript(font),
    converted: decoded.converted,
    unchanged: decoded.unchanged,
    convertedShare: share(decoded.converted, decoded.unchanged),
    orphans: decoded.orphans,
    unknown: decoded.unknown,
    detection,
  };
}

/** `POST /api/v1/text/unicode`: text in a legacy font to Unicode. */
export const textUnicode: Operation<TextUnicodeParams, TextUnicodeResult> = defineBodyOperation({
  name: "text-unicode",
  path: "/text/unicode",
  title: "Legacy font text to Unicode",
  description:
    "Sinhala typed in FM Abhaya, DL Manel or Kaputa, or Tamil typed in Bamini, to Unicode (NFC). " +
    "Characters that are not codes of the font pass through and are counted; font auto guesses " +
    "the font and says how sure it is, or answers 422 with the candidates.",
  tag: "Text",
  body: unicodeBody,
  result: unicodeResult,
  example: "/api/v1/text/unicode",
  // The DL Manel example of Open-SL/sinhala-unicode-converter's README, which FM Abhaya shares:
  // "Sri Lanka" in Sinhala.
  exampleBody: { text: "Y%S ,xld", font: "fm-abhaya" },
  page: "text",
  errors: { "422": "font auto could not tell the font for sure (`font_uncertain`)" },
  run: (p) => toUnicode(p),
});

/** `POST /api/v1/text/legacy`: Unicode Sinhala to FM Abhaya or DL Manel codes. */
export const textLegacy: Operation<TextLegacyParams, TextLegacyResult> = defineBodyOperation({
  name: "text-legacy",
  path: "/text/legacy",
  title: "Unicode to a legacy font",
  description:
    "Unicode Sinhala to FM Abhaya or DL Manel codes, for templates that still need them; reading " +
    "the codes back gives the same text.",
  tag: "Text",
  body: legacyBody,
  result: legacyResult,
  example: "/api/v1/text/legacy",
  // The same README's example the other way: "Sri Lanka" in Sinhala (escaped) to Y%S ,xld.
  exampleBody: {
    text: "\u0dc1\u0dca\u200d\u0dbb\u0dd3 \u0dbd\u0d82\u0d9a\u0dcf",
    font: "dl-manel",
  },
  page: "text",
  run: (p) => {
    const encoded = unicodeToLegacy(p.text, p.font);
    return {
      text: encoded.text,
      font: p.font,
      fontName: fontName(p.font),
      converted: encoded.converted,
      unchanged: encoded.unchanged,
      clashes: encoded.clashes,
    };
  },
});

/** `POST /api/v1/text/singlish`: Sinhala or Tamil in Latin letters to Unicode. */
export const textSinglish: Operation<TextSinglishParams, TextSinglishResult> = defineBodyOperation({
  name: "text-singlish",
  path: "/text/singlish",
  title: "Singlish to Sinhala",
  description:
    "Sinhala typed in Latin letters (the UCSC Singlish scheme), or Tamil with lang ta, to " +
    "Unicode, with the other readings of words whose letters are ambiguous.",
  tag: "Text",
  body: singlishBody,
  result: singlishResult,
  example: "/api/v1/text/singlish",
  // The Singlish test of the same repository: "Sri Lanka" in Sinhala.
  exampleBody: { text: "shrii la\\nkaa", lang: "si" },
  page: "text",
  run: (p) => {
    const read = singlishToUnicode(p.text, p.lang);
    return {
      text: read.text,
      lang: p.lang,
      scheme: p.lang === "si" ? "ucsc" : "lanka-tanglish",
      converted: read.converted,
      unchanged: read.unchanged,
      suggestions: read.suggestions,
      moreSuggestions: read.moreSuggestions,
    };
  },
});

/** The three text operations, in the order the registry lists them. */
export const textOperations: readonly AnyOperation[] = [textUnicode, textLegacy, textSinglish];
