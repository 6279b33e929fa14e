/**
 * Sinhala and Tamil text normalisation for `text_normalization: true`: numbers, rupee amounts,
 * percentages and dates become words before eSpeak NG sees them, spelled by the same code as
 * `GET /api/v1/words` (`core/calc/words.ts`). eSpeak's own Sinhala number rules read "1000" as
 * "ahas" (අහස, "sky") instead of "dahasa" and mix "viliyan" with කෝටි above 10⁹
 * (`../shared/research/sinhala-tamil.md` section 3.4), so digits must not reach it.
 *
 * @module
 */
import { amountInWords, MAX_WORDS_NUMBER, numberInWords } from "../../core/calc/words.ts";
import voiceWords from "../../data/voice_words.json" with { type: "json" };

/** The two languages normalised here. */
export type SinhalaOrTamil = "si" | "ta";

/**
 * Gregorian month names. Sinhala: CLDR `si` (format-wide), as shipped in CLDR-derived locale
 * files; Deno's ICU has no Sinhala calendar data. Tamil: CLDR `ta` as ICU formats it
 * (`Intl.DateTimeFormat("ta", { month: "long" })`); Sri Lankan print also writes ஓகஸ்ட்,
 * ஒக்டோபர், which sound nearly the same.
 */
const MONTHS: Readonly<Record<SinhalaOrTamil, readonly string[]>> = voiceWords.months;

/** The decimal point read aloud: දශම (Sinhala), புள்ளி (Tamil). */
const POINT: Readonly<Record<SinhalaOrTamil, string>> = voiceWords.point;

/** Rupee abbreviations written before an amount, each with or without its dot: රු., ரூ. */
const RUPEE_ABBREVIATIONS = Object.values(voiceWords.rupee_abbreviations)
  .map((abbreviation) => `${abbreviation}\\.?`)
  .join("|");

const CURRENCY = new RegExp(
  String
    .raw`(?<![\p{L}\p{M}\p{N}])(?:Rs\.?|LKR|SLRs\.?|${RUPEE_ABBREVIATIONS}|₨)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?:\/=|\/-)?(?![\p{N}])`,
  "giu",
);
const ISO_DATE = /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}-])/gu;
const DMY_DATE = /(?<![\p{N}/.])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\p{N}/])/gu;
const PERCENT = /(?<![\p{N}.,])(\d+(?:\.\d+)?)\s?%/gu;
const NUMBER = /(?<![\p{N}.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\p{N}])/gu;

function digits(text: string, lang: SinhalaOrTamil): string {
  return [...text].map((d) => numberInWords({ value: Number(d), lang })).join(" ");
}

/**
 * Tamil unit words that follow a number ("21 ரூபா", "21 இலட்சம்"): before them a final one is
 * attributive (இருபத்தொரு ரூபா), as in the words endpoint's amounts.
 */
const TA_UNIT_AFTER = new RegExp(
  `^\\s*(?:${voiceWords.ta_units_after_number.join("|")})(?![\\p{L}\\p{M}])`,
  "u",
);

function number(
  whole: string,
  fraction: string | undefined,
  lang: SinhalaOrTamil,
  beforeNoun = false,
): string {
  const plain = whole.replace(/,/g, "");
  const value = Number(plain);
  // A leading zero (a phone or account number) or a value past the words range: digit by digit.
  const spoken = (plain.length > 1 && plain.startsWith("0")) || value > MAX_WORDS_NUMBER
    ? digits(plain, lang)
    : numberInWords({ value, lang, beforeNoun: beforeNoun && !fraction });
  return fraction ? `${spoken} ${POINT[lang]} ${digits(fraction, lang)}` : spoken;
}

function date(year: number, month: number, day: number, lang: SinhalaOrTamil): string | undefined {
  const name = MONTHS[lang][month - 1];
  if (!name || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  // Year, month, day: the order both languages write dates in (2024 මාර්තු 4, 2024 மார்ச் 4).
  return `${numberInWords({ value: year, lang })} ${name} ${numberInWords({ value: day, lang })}`;
}

/**
 * Rewrites rupee amounts, dates, percentages and numbers of Sinhala or Tamil text into words.
 *
 * - Rupees: `Rs.`, `LKR`, `රු.`, `ரூ.` before the amount -> the amount in words (රුපියල් ... සහ
 *   ශත ..., ... ரூபா மற்றும் ... சதம்); the Sri Lankan `/=` or `/-` after a whole amount
 *   ("රු. 1,500/=") is dropped.
 * - Dates: `2024-03-04`, day-first `4/3/2024` or `04.03.2024` -> year, month name, day.
 * - Percentages: `5%` -> සියයට පහ / ஐந்து சதவீதம்.
 * - Numbers: `1,234,567` and `12.5` -> words (lakh and koti grouping); a number with a leading
 *   zero, or past 999,999,999,999, is read digit by digit. In Tamil a whole number before a unit
 *   word (ரூபா, சதம், இலட்சம், கோடி) takes the attributive one: "21 ரூபா" -> இருபத்தொரு ரூபா.
 *
 * @param text Sinhala or Tamil text (without effect tags).
 * @param lang `si` or `ta`.
 * @returns The text to speak.
 *
 * @example Usage
 * ```ts
 * import { normalizeSinhalaTamil } from "./normalize_si_ta.ts";
 * console.log(normalizeSinhalaTamil("රු. 1000", "si")); // "රුපියල් දහස"
 * ```
 */
export function normalizeSinhalaTamil(text: string, lang: SinhalaOrTamil): string {
  let out = text.replace(CURRENCY, (all, whole: string, fraction?: string) => {
    const cents = fraction ? Number(fraction.padEnd(2, "0")) : 0;
    const rupees = Number(whole.replace(/,/g, ""));
    if (rupees > MAX_WORDS_NUMBER) return all;
    return amountInWords({ amount: (rupees * 100 + cents) / 100, lang });
  });
  out = out.replace(
    ISO_DATE,
    (all, y: string, m: string, d: string) => date(Number(y), Number(m), Number(d), lang) ?? all,
  );
  out = out.replace(DMY_DATE, (all, a: string, _sep: string, b: string, y: string) => {
    const first = Number(a), second = Number(b);
    const [day, month] = first > 12 || second <= 12 ? [first, second] : [second, first];
    return date(Number(y), month, day, lang) ?? all;
  });
  out = out.replace(PERCENT, (_all, value: string) => {
    const [whole, fraction] = value.split(".") as [string, string | undefined];
    const spoken = number(whole, fraction, lang);
    const { before, after } = voiceWords.percent[lang];
    return [before, spoken, after].filter(Boolean).join(" ");
  });
  return out.replace(
    NUMBER,
    (all, whole: string, fraction: string | undefined, offset: number, input: string) =>
      number(
        whole,
        fraction,
        lang,
        lang === "ta" && TA_UNIT_AFTER.test(input.slice(offset + all.length)),
      ),
  );
}
