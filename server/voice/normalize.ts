/**
 * English text normalisation for `text_normalization: true`: rewrites what eSpeak NG reads badly
 * (it reads `Rs. 2,500` as "R R S two thousand five hundred", `2024-03-04` as "two thousand
 * twenty four dash zero three dash zero four", `5 km` as "five K M") into words it reads well.
 * Plain numbers, percentages, times, ordinals and most abbreviations (Dr., etc., e.g., Ltd.) it
 * already reads correctly, so they are left alone.
 *
 * Sinhala and Tamil are normalised in `normalize_si_ta.ts`; other languages pass through: eSpeak NG
 * expands numbers and currency in each language itself.
 *
 * @module
 */

import { MONTH_NAMES } from "../../core/_calendar.ts";

/**
 * The ordinal of a day number: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st...
 *
 * @param n A day of the month.
 * @returns The number with its English ordinal suffix (eSpeak reads "4th" as "fourth").
 */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix}`;
}

function spokenDate(year: number, month: number, day: number): string | undefined {
  const monthName = MONTH_NAMES[month - 1];
  if (!monthName || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
    return undefined;
  }
  return `${ordinal(day)} of ${monthName} ${year}`;
}

interface Currency {
  one: string;
  many: string;
  minorOne: string;
  minorMany: string;
}

const RUPEE: Currency = { one: "rupee", many: "rupees", minorOne: "cent", minorMany: "cents" };
const DOLLAR: Currency = { one: "dollar", many: "dollars", minorOne: "cent", minorMany: "cents" };
const EURO: Currency = { one: "euro", many: "euros", minorOne: "cent", minorMany: "cents" };
const POUND: Currency = { one: "pound", many: "pounds", minorOne: "penny", minorMany: "pence" };

const CURRENCY_SYMBOLS: ReadonlyArray<[RegExp, Currency]> = [
  // \u0DBB\u0DD4 is රු, the Sinhala rupee abbreviation.
  [/^(?:rs\.?|lkr|slrs\.?|\u0DBB\u0DD4\.?)$/i, RUPEE],
  [/^(?:\$|us\$|usd)$/i, DOLLAR],
  [/^(?:€|eur)$/i, EURO],
  [/^(?:£|gbp)$/i, POUND],
];

const SCALE = /^(thousand|million|billion|trillion|mn|bn|k)$/i;
const SCALE_WORD: Record<string, string> = {
  k: "thousand",
  mn: "million",
  bn: "billion",
};

function spokenAmount(
  currency: Currency,
  whole: string,
  fraction: string | undefined,
  scale: string | undefined,
): string {
  const units = whole.replace(/,/g, "");
  if (scale) {
    const word = SCALE_WORD[scale.toLowerCase()] ?? scale.toLowerCase();
    return `${units}${fraction ? `.${fraction}` : ""} ${word} ${currency.many}`;
  }
  const n = Number(units);
  let out = `${units} ${n === 1 ? currency.one : currency.many}`;
  if (fraction) {
    const minor = Number(fraction.padEnd(2, "0"));
    if (minor > 0) out += ` and ${minor} ${minor === 1 ? currency.minorOne : currency.minorMany}`;
  }
  return out;
}

// "Rs. 2,500.50", "LKR 1,000", "රු. 500" (\u0DBB\u0DD4), "$25.50", "US$ 3 million"; also "2,500 LKR" / "2500 rupees" forms
const PREFIX_AMOUNT =
  /(?<![\p{L}\p{N}])(Rs\.?|LKR|SLRs\.?|\u0DBB\u0DD4\.?|US\$|USD|EUR|GBP|\$|€|£)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?:\s?(thousand|million|billion|trillion|mn|bn|k)\b)?(?![\p{N}])/giu;
const SUFFIX_AMOUNT =
  /(?<![\p{L}\p{N}.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(LKR|USD|EUR|GBP)\b/gu;
const ISO_DATE = /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}-])/gu;
const DMY_DATE = /(?<![\p{N}/.])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\p{N}/])/gu;
const UNITS: ReadonlyArray<[RegExp, string]> = [
  [/(\d)\s?km\/h\b/g, "$1 kilometres per hour"],
  [/(\d)\s?km\b/g, "$1 kilometres"],
  [/(\d)\s?kg\b/g, "$1 kilograms"],
  [/(\d)\s?cm\b/g, "$1 centimetres"],
  [/(\d)\s?mm\b/g, "$1 millimetres"],
  [/(\d)\s?ml\b/g, "$1 millilitres"],
  [/(\d)\s?sq\.?\s?ft\b/g, "$1 square feet"],
];
const ABBREVIATIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bNo\.\s?(?=\d)/g, "number "],
  [/\bNos\.\s?(?=\d)/g, "numbers "],
  [/\bTel\.\s?(?=[\d+])/g, "telephone "],
  [/\bapprox\./gi, "approximately"],
  [/\bPvt\.?\s+Ltd\b\.?/g, "Private Limited"],
  [/\bGovt\./g, "Government"],
  [/\bDept\./g, "Department"],
  [/\bMt\.\s(?=\p{Lu})/gu, "Mount "],
  [/\bRd\.(?=[\s,]|$)/g, "Road"],
  [/\bAve\.(?=[\s,]|$)/g, "Avenue"],
  [/\bvs\.(?=\s)/g, "versus"],
  [/\bi\.e\.(?=[\s,])/g, "that is"],
  [/\bJan\.\s?(?=\d)/g, "January "],
  [/\bFeb\.\s?(?=\d)/g, "February "],
  [/\bAug\.\s?(?=\d)/g, "August "],
  [/\bSept?\.\s?(?=\d)/g, "September "],
  [/\bOct\.\s?(?=\d)/g, "October "],
  [/\bNov\.\s?(?=\d)/g, "November "],
  [/\bDec\.\s?(?=\d)/g, "December "],
];

/**
 * Rewrites currency amounts, dates, units and abbreviations of English text into words.
 *
 * - Currency: `Rs.`/`LKR`/`රු.`, `$`/`US$`/`USD`, `€`/`EUR`, `£`/`GBP` before or (codes) after
 *   the amount; thousands separators removed, cents spoken: `Rs. 2,500.50` -> `2500 rupees and
 *   50 cents`; `Rs. 2.5 mn` -> `2.5 million rupees`.
 * - Dates: `2024-03-04` and day-first `4/3/2024` or `04.03.2024` (Sri Lankan order; month-first
 *   only when the first number cannot be a month) -> `4th of March 2024`; impossible dates are
 *   left alone.
 * - Units after numbers (km, km/h, kg, cm, mm, ml, sq ft) and abbreviations eSpeak misreads
 *   (`No. 5`, `approx.`, `Pvt. Ltd.`, `Govt.`, `Dept.`, `Rd.`, `vs.`, `i.e.`, `Jan. 5`...).
 *
 * @param text English text (without effect tags).
 * @returns The text to speak.
 *
 * @example Usage
 * ```ts
 * import { normalizeEnglish } from "./normalize.ts";
 * console.log(normalizeEnglish("Pay Rs. 2,500 by 2024-03-04")); // "Pay 2500 rupees by 4th of March 2024"
 * ```
 */
export function normalizeEnglish(text: string): string {
  let out = text.replace(
    PREFIX_AMOUNT,
    (all, symbol: string, whole: string, fraction?: string, scale?: string) => {
      const currency = CURRENCY_SYMBOLS.find(([re]) => re.test(symbol))?.[1];
      if (!currency) return all;
      return spokenAmount(
        currency,
        whole,
        fraction,
        scale && SCALE.test(scale) ? scale : undefined,
      );
    },
  );
  out = out.replace(SUFFIX_AMOUNT, (all, whole: string, fraction: string | undefined, code) => {
    const currency = CURRENCY_SYMBOLS.find(([re]) => re.test(code))?.[1];
    return currency ? spokenAmount(currency, whole, fraction, undefined) : all;
  });
  out = out.replace(
    ISO_DATE,
    (all, y: string, m: string, d: string) => spokenDate(Number(y), Number(m), Number(d)) ?? all,
  );
  out = out.replace(DMY_DATE, (all, a: string, _sep: string, b: string, y: string) => {
    const first = Number(a), second = Number(b);
    const [day, month] = first > 12 || second <= 12 ? [first, second] : [second, first];
    return spokenDate(Number(y), month, day) ?? all;
  });
  for (const [re, replacement] of UNITS) out = out.replace(re, replacement);
  for (const [re, replacement] of ABBREVIATIONS) out = out.replace(re, replacement);
  return out;
}
