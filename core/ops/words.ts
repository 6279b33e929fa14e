import * as z from "zod/mini";
import {
  amountInWords,
  defaultWordsStyle,
  MAX_WORDS_AMOUNT,
  numberInWords,
  splitRupees,
  type WordsLanguage,
  type WordsStyle,
} from "../calc/words.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { langParam } from "../lang_param.ts";
import { decimal, flag, oneOf } from "../params.ts";

export { amountInWords, numberInWords, splitRupees };
export type { WordsLanguage, WordsStyle };

/** Parameters of {@linkcode words}. */
export interface WordsParams {
  /** Rupees, 0 to 999,999,999,999.99 (to the cent). */
  amount: number;
  /** Language of the words; default en. */
  lang?: WordsLanguage | undefined;
  /** Grouping; default international for English, lakh for Sinhala and Tamil. */
  style?: WordsStyle | undefined;
  /** End with "only" (පමණි, மட்டும்), as on a cheque. */
  only: boolean;
}

/** Result of `GET /api/v1/words`. */
export interface WordsResult {
  /** The amount, as parsed. */
  amount: number;
  /** Whole rupees. */
  rupees: number;
  /** Cents, 0-99. */
  cents: number;
  lang: WordsLanguage;
  style: WordsStyle;
  only: boolean;
  /** The amount in words. */
  words: string;
  currency: "LKR";
}

const LANGS = ["en", "si", "ta"] as const;
const STYLES = ["international", "lakh"] as const;

const params = z.object({
  amount: decimal({
    min: 0,
    max: MAX_WORDS_AMOUNT,
    maxDecimals: 2,
    description:
      "Amount in rupees, 0 to 999999999999.99; digits past the cent are rounded half away from zero",
    example: "1234567.50",
  }),
  // The shared `lang` parameter: here it is the language of the words themselves, and, as for
  // every operation, Accept-Language chooses it when the query has none.
  lang: langParam(),
  style: z.optional(oneOf(STYLES, {
    description: "Grouping: international (million; default for en) or lakh (lakh and crore; " +
      "default, and the only one, for si and ta)",
    ignoreCase: true,
  })),
  only: z._default(
    flag({ description: "1 ends the words with only (පමණි, மட்டும்), as on a cheque" }),
    false,
  ),
});

const result: z.ZodMiniType<WordsResult> = z.object({
  amount: z.number().check(z.describe("The amount, as parsed")),
  rupees: z.int().check(z.describe("Whole rupees")),
  cents: z.int().check(z.describe("Cents, 0-99")),
  lang: z.enum(LANGS),
  style: z.enum(STYLES),
  only: z.boolean(),
  words: z.string().check(z.describe("The amount in words, as written on a cheque")),
  currency: z.literal("LKR"),
});

function run(p: WordsParams): WordsResult {
  const lang = p.lang ?? "en";
  const style = p.style ?? defaultWordsStyle(lang);
  if (lang !== "en" && style !== "lakh") {
    throw ApiError.invalidParam(
      "style",
      `Parameter "style" must be "lakh" for lang=${lang}: Sinhala and Tamil amounts are ` +
        `written in lakh and koti, got "${style}"`,
    );
  }
  const { rupees, cents } = splitRupees(p.amount);
  return {
    amount: p.amount,
    rupees,
    cents,
    lang,
    style,
    only: p.only,
    words: amountInWords({ amount: p.amount, lang, style, only: p.only }),
    currency: "LKR",
  };
}

/** `GET /api/v1/words`: a rupee amount in words, in English, Sinhala or Tamil. */
export const words: Operation<WordsParams, WordsResult> = defineOperation({
  name: "words",
  method: "GET",
  path: "/words",
  title: "Amount in words",
  description:
    "A rupee amount in words as written on cheques and receipts, in English (million or lakh " +
    "style), Sinhala or Tamil, optionally ending with only.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/words?amount=1234567.50&lang=en",
  page: "words",
  run,
});
