/**
 * Numbers and rupee amounts in words, in English, Sinhala and Tamil, as written on cheques and
 * receipts. Pure and schema-free; the operation in `../ops/words.ts` adds the zod schemas.
 *
 * No machine source spells Sinhala numbers (ICU has no Sinhala rules) and ICU's Tamil is a
 * word-by-word concatenation, so the rules below are ours, written from grammars and published
 * examples (the sources are named beside each expected value in `tests/core/words_test.ts`, and
 * the choices are listed in `docs/words.md` for native-speaker review).
 *
 * - English: international (million, billion) or lakh (lakh, crore) grouping, no "and" inside a
 *   number, hyphenated tens ("thirty-four").
 * - Sinhala: lakh/koti grouping. A number before a unit word takes its bound form (දොළොස් දහස්,
 *   "twelve thousand"), a single digit joined to the unit (දෙදහස්, හත්සිය, හාරකෝටි); a number
 *   standing alone takes its free form (දොළහ, දෙසියය, දහස). The bare සියය, දහස, ලක්ෂය, කෝටිය are
 *   exactly 100, 1,000, 10^5, 10^7; after a higher unit one is spelt out (එක්දහස් එකසියය). Cents
 *   are ශත; one rupee රුපියලක්, one cent ශතයක්.
 * - Tamil: lakh/crore grouping with the linking forms (இருபத்து, நூற்று, ஆயிரத்து, இலட்சத்து,
 *   கோடியே) followed by a space, the thousands joined (இரண்டாயிரம், மூவாயிரம்). A number before a
 *   noun (ரூபா, சதம், இலட்சம், கோடி) ends in the attributive one, joined to a linking form before it
 *   (ஒரு இலட்சம், இருபத்தொரு ரூபா, ஆயிரத்தொரு ரூபா, இருபத்தோராயிரம்). Zero is பூச்சியம், the rupee
 *   ரூபா, cents சதம்.
 *
 * The words themselves live in `data/number_words.json`.
 *
 * @module
 */
import numberWords from "../../data/number_words.json" with { type: "json" };

/** Languages of {@linkcode amountInWords}. */
export type WordsLanguage = "en" | "si" | "ta";
/** Digit grouping: international (million) or South Asian (lakh, crore). */
export type WordsStyle = "international" | "lakh";

/** The largest amount spelled: 999,999,999,999.99 rupees. */
export const MAX_WORDS_AMOUNT = 999_999_999_999.99;
/** The largest whole number spelled by {@linkcode numberInWords}. */
export const MAX_WORDS_NUMBER = 999_999_999_999;

/** Options of {@linkcode numberInWords}. */
export interface NumberInWordsOptions {
  /** A whole number from 0 to 999,999,999,999. */
  value: number;
  /** Language; default `en`. */
  lang?: WordsLanguage;
  /**
   * Grouping; default `international` for English and `lakh` for Sinhala and Tamil, which are
   * written in lakh and koti/கோடி only.
   */
  style?: WordsStyle;
  /**
   * Tamil only: the number stands before a noun, so a final one takes the attributive form
   * (ஒரு, பதினொரு, இருபத்தொரு, நூற்றொரு), as in an amount. Default false (the number stands
   * alone: இருபத்து ஒன்று). No effect in English and Sinhala, which write the number after the
   * noun (රුපියල් විසි එක).
   */
  beforeNoun?: boolean;
}

/** Options of {@linkcode amountInWords}. */
export interface AmountInWordsOptions {
  /** Rupees, from 0 to 999,999,999,999.99, with at most two decimals (cents). */
  amount: number;
  /** Language; default `en`. */
  lang?: WordsLanguage;
  /** Grouping; default as in {@linkcode NumberInWordsOptions.style}. */
  style?: WordsStyle;
  /** End with "only" (පමණි, மட்டும்), as cheques do to stop additions; default false. */
  only?: boolean;
}

/**
 * The default grouping of a language.
 *
 * @param lang The language.
 * @returns `international` for English, `lakh` for Sinhala and Tamil.
 */
export function defaultWordsStyle(lang: WordsLanguage): WordsStyle {
  return lang === "en" ? "international" : "lakh";
}

function checkStyle(lang: WordsLanguage, style: WordsStyle): void {
  if (lang !== "en" && style !== "lakh") {
    throw new RangeError(
      `Cannot write ${lang} in style "${style}": Sinhala and Tamil amounts are written in lakh and koti`,
    );
  }
}

// ---------------------------------------------------------------- English

const EN_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen " +
  "fourteen fifteen sixteen seventeen eighteen nineteen").split(" ");
const EN_TENS = "  twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

function enBelow1000(n: number): string[] {
  const out: string[] = [];
  const hundreds = Math.floor(n / 100), rest = n % 100;
  if (hundreds) out.push(EN_ONES[hundreds]!, "hundred");
  if (rest >= 20) {
    const unit = rest % 10;
    out.push(unit ? `${EN_TENS[Math.floor(rest / 10)]}-${EN_ONES[unit]}` : EN_TENS[rest / 10]!);
  } else if (rest) out.push(EN_ONES[rest]!);
  return out;
}

function enWords(n: number, style: WordsStyle): string[] {
  if (n === 0) return ["zero"];
  const scales: [number, string][] = style === "lakh"
    ? [[1e7, "crore"], [1e5, "lakh"], [1e3, "thousand"]]
    : [[1e9, "billion"], [1e6, "million"], [1e3, "thousand"]];
  const out: string[] = [];
  let rest = n;
  for (const [size, word] of scales) {
    const multiplier = Math.floor(rest / size);
    rest -= multiplier * size;
    // There is no common word above crore, so a crore multiplier of a thousand or more nests
    // ("ninety-nine thousand ... crore"), as ICU's en_IN rules do.
    if (multiplier) out.push(...enWords(multiplier, style), word);
  }
  if (rest) out.push(...enBelow1000(rest));
  return out;
}

// ---------------------------------------------------------------- Sinhala

// Free forms (a number standing alone) and bound forms (before a unit word or another number).
const SI = numberWords.si;
const SI_UNIT_FREE: readonly string[] = SI.unit_free;
const SI_UNIT_BOUND: readonly string[] = SI.unit_bound;
const SI_TEEN_FREE: readonly string[] = SI.teen_free;
const SI_TEEN_BOUND: readonly string[] = SI.teen_bound;
const SI_TENS_FREE: readonly string[] = SI.tens_free;
const SI_TENS_BOUND: readonly string[] = SI.tens_bound;
// එකසිය, දෙසිය, තුන්සිය ... නවසිය: the bound digit joined with සිය (one is එක, not එක්).
const SI_HUNDRED_BOUND: readonly string[] = SI.hundred_bound;
// සියය, දෙසියය ... නවසියය: a round hundred standing alone.
const SI_HUNDRED_FREE: readonly string[] = SI.hundred_free;

function siBelow100(n: number, bound: boolean): string[] {
  if (n < 10) return [(bound ? SI_UNIT_BOUND : SI_UNIT_FREE)[n]!];
  if (n < 20) return [(bound ? SI_TEEN_BOUND : SI_TEEN_FREE)[n - 10]!];
  const tens = Math.floor(n / 10), unit = n % 10;
  if (!unit) return [(bound ? SI_TENS_BOUND : SI_TENS_FREE)[tens]!];
  return [SI_TENS_BOUND[tens]!, (bound ? SI_UNIT_BOUND : SI_UNIT_FREE)[unit]!];
}

function siBelow1000(n: number, bound: boolean, after: boolean): string[] {
  const hundreds = Math.floor(n / 100), rest = n % 100;
  if (!hundreds) return siBelow100(rest, bound);
  if (rest) return [SI_HUNDRED_BOUND[hundreds]!, ...siBelow100(rest, bound)];
  if (bound) return [SI_HUNDRED_BOUND[hundreds]!];
  // The bare සියය is exactly 100; after a higher unit one hundred is spelt out (එක්දහස් එකසියය).
  if (hundreds === 1 && after) return [SI.hundred_one_after];
  return [SI_HUNDRED_FREE[hundreds]!];
}

// [size, free form when it ends the number, bound form before more]: koti, lakh, thousand.
const SI_SCALES: [number, string, string][] = SI.scales.map((s) => [s.size, s.free, s.bound]);

function siWords(n: number, bound: boolean): string[] {
  if (n === 0) return [SI_UNIT_FREE[0]!];
  const out: string[] = [];
  let rest = n;
  for (const [size, free, boundUnit] of SI_SCALES) {
    const multiplier = Math.floor(rest / size);
    rest -= multiplier * size;
    if (!multiplier) continue;
    const unitBound = rest > 0 || bound;
    if (multiplier === 1 && !unitBound) {
      // The bare දහස, ලක්ෂය, කෝටිය are exactly 1,000, 10^5, 10^7; after a higher unit one
      // thousand or one lakh is spelt out (එක්ලක්ෂ එක්දහස, එක්කෝටි එක්ලක්ෂය).
      out.push(out.length ? SI_UNIT_BOUND[1] + free : free);
      continue;
    }
    const unit = unitBound ? boundUnit : free;
    const words = siWords(multiplier, true);
    const lastTwo = multiplier % 100;
    // A last word that is a single digit joins the unit word (දෙදහස්, හැත්තෑ දෙදහස්,
    // හාරකෝටි); a teen or a round ten stands apart (දොළොස් දහස්, විසි දහස්).
    if (lastTwo % 10 !== 0 && (lastTwo < 10 || lastTwo > 20)) words.push(words.pop()! + unit);
    else words.push(unit);
    out.push(...words);
  }
  if (rest) out.push(...siBelow1000(rest, bound, out.length > 0));
  return out;
}

// ---------------------------------------------------------------- Tamil

const TA = numberWords.ta;
const TA_UNIT: readonly string[] = TA.unit;
const TA_TEEN: readonly string[] = TA.teen;
const TA_TENS: readonly string[] = TA.tens;
const TA_HUNDRED: readonly string[] = TA.hundred;
const TA_LINK_ENDINGS = new Map(TA.link_endings.map(([end, link]) => [end!, link!]));
const TA_LINK_END = new RegExp(`(?:${[...TA_LINK_ENDINGS.keys()].join("|")})$`);
/** The linking form before more: இருபது -> இருபத்து, நூறு -> நூற்று, தொள்ளாயிரம் -> தொள்ளாயிரத்து. */
const taLink = (w: string): string => w.replace(TA_LINK_END, (end) => TA_LINK_ENDINGS.get(end)!);
const TA_TENS_LINK = TA_TENS.map(taLink);
const TA_HUNDRED_LINK = TA_HUNDRED.map(taLink);

/**
 * The attributive one (ஒரு, and ஓர் in ஓராயிரம், ஓராயிரத்து) joins a linking form before it, whose
 * final ு gives way to the vowel: இருபத்து + ஒரு -> இருபத்தொரு, ஆயிரத்து + ஒரு -> ஆயிரத்தொரு,
 * இருபத்து + ஓராயிரம் -> இருபத்தோராயிரம். Nothing else is joined (இருபத்து ஐந்து, கோடியே ஒரு stay
 * apart).
 */
const TA_ONE_JOINED = Object.entries(TA.one_joined as Record<string, string>);

function taJoinOne(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const prev = out[out.length - 1];
    const joined = TA_ONE_JOINED.find(([start]) => word.startsWith(start));
    if (joined && prev?.endsWith(TA.link_final)) {
      const [start, tail] = joined;
      out[out.length - 1] = `${prev.slice(0, -TA.link_final.length)}${tail}${
        word.slice(start.length)
      }`;
    } else out.push(word);
  }
  return out;
}

/** 1-99; `before` a noun, a final one is attributive: ஒரு, பதினொரு, இருபத்தொரு. */
function taBelow100(n: number, before: boolean): string[] {
  if (before && n === 1) return [TA.one_before];
  if (before && n === 11) return [TA.eleven_before];
  if (n < 10) return [TA_UNIT[n]!];
  if (n < 20) return [TA_TEEN[n - 10]!];
  const tens = Math.floor(n / 10), unit = n % 10;
  if (!unit) return [TA_TENS[tens]!];
  return [TA_TENS_LINK[tens]!, before && unit === 1 ? TA.one_before : TA_UNIT[unit]!];
}

function taBelow1000(n: number, before: boolean): string[] {
  const hundreds = Math.floor(n / 100), rest = n % 100;
  if (!hundreds) return taBelow100(rest, before);
  return rest ? [TA_HUNDRED_LINK[hundreds]!, ...taBelow100(rest, before)] : [TA_HUNDRED[hundreds]!];
}

/** A number of thousands (1-99) joined with ஆயிரம்: ஆயிரம், இரண்டாயிரம், மூவாயிரம், இருபத்து ஓராயிரம். */
function taThousands(multiplier: number): string[] {
  if (multiplier === 1) return [TA.thousand];
  const irregular = (TA.thousands_irregular as Record<string, string>)[multiplier];
  if (irregular) return [irregular];
  const words = taBelow100(multiplier, false);
  const last = words.pop()!;
  const sandhi = TA.thousands_sandhi.find(([end]) => last.endsWith(end!));
  // மூன்று -> மூவாயிரம், ஒன்று -> ஓராயிரம்; otherwise drop the final ு: இரண்டு -> இரண்டாயிரம்
  const joined = sandhi
    ? `${last.slice(0, -sandhi[0]!.length)}${sandhi[1]}`
    : `${last.slice(0, -1)}${TA.thousands_join}`;
  return [...words, joined];
}

/** `before`: the number stands before a noun (ரூபா, சதம், இலட்சம், கோடி, ...). */
function taWords(n: number, before: boolean): string[] {
  if (n === 0) return [TA_UNIT[0]!];
  const out: string[] = [];
  const crores = Math.floor(n / 1e7);
  const lakhs = Math.floor(n / 1e5) % 100;
  const thousands = Math.floor(n / 1e3) % 100;
  const rest = n % 1000;
  if (crores) {
    // A multiplier stands before கோடி, so a final one is attributive (இருபத்தொரு கோடி).
    out.push(...taWords(crores, true));
    out.push(n % 1e7 ? TA.crore_link : TA.crore);
  }
  if (lakhs) {
    out.push(...taBelow100(lakhs, true));
    out.push(n % 1e5 ? TA.lakh_link : TA.lakh);
  }
  if (thousands) {
    const words = taThousands(thousands);
    // ...ஆயிரம் -> ...ஆயிரத்து before more
    if (rest) words.push(taLink(words.pop()!));
    out.push(...words);
  }
  if (rest) out.push(...taBelow1000(rest, before));
  return taJoinOne(out);
}

// ---------------------------------------------------------------- public

function checkWhole(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_WORDS_NUMBER) {
    throw new RangeError(
      `Cannot write ${value} in words: expected a whole number from 0 to 999999999999`,
    );
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A whole number in words, as it stands alone (Sinhala free forms, Tamil without a linking form
 * at the end).
 *
 * @param options The number, language and grouping.
 * @returns The words, lower case in English.
 * @throws {RangeError} For a value that is not a whole number from 0 to 999,999,999,999, or a
 * style the language is not written in.
 *
 * @example Usage
 * ```ts
 * import { numberInWords } from "./words.ts";
 * console.log(numberInWords({ value: 1234567, style: "lakh" }));
 * // "twelve lakh thirty-four thousand five hundred sixty-seven"
 * console.log(numberInWords({ value: 2000, lang: "ta" })); // "இரண்டாயிரம்"
 * ```
 */
export function numberInWords(options: NumberInWordsOptions): string {
  const { value, lang = "en" } = options;
  const style = options.style ?? defaultWordsStyle(lang);
  checkStyle(lang, style);
  checkWhole(value);
  const words = lang === "en"
    ? enWords(value, style)
    : lang === "si"
    ? siWords(value, false)
    : taWords(value, options.beforeNoun ?? false);
  return words.join(" ");
}

/**
 * Splits an amount into whole rupees and cents, exactly.
 *
 * @param amount Rupees with at most two decimals, 0 to 999,999,999,999.99.
 * @returns Rupees and cents.
 * @throws {RangeError} For a negative, too large or non-finite amount, or one with fractions of
 * a cent.
 *
 * @example Usage
 * ```ts
 * import { splitRupees } from "./words.ts";
 * console.log(splitRupees(1234567.5)); // { rupees: 1234567, cents: 50 }
 * ```
 */
export function splitRupees(amount: number): { rupees: number; cents: number } {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_WORDS_AMOUNT) {
    throw new RangeError(
      `Cannot write ${amount} in words: expected an amount from 0 to 999999999999.99`,
    );
  }
  const total = Math.round(amount * 100);
  // amount * 100 carries a relative error of a few units of 2^-53 (1.1e-16); anything further from
  // a whole number of cents than that was written with more than two decimals.
  const scaled = amount * 100;
  if (Math.abs(total - scaled) > Math.max(1e-9, scaled * 4e-16)) {
    throw new RangeError(`Cannot write ${amount} in words: expected at most two decimals`);
  }
  return { rupees: Math.floor(total / 100), cents: total % 100 };
}

/**
 * A rupee amount in words, as written on a cheque or receipt.
 *
 * - English: "One million two hundred thirty-four thousand five hundred sixty-seven rupees and
 *   fifty cents" (international) or "Twelve lakh thirty-four thousand ..." (lakh).
 * - Sinhala: "රුපියල් දොළොස් දහස් තුන්සිය හතළිස් පහ සහ ශත පනහ" (one rupee: රුපියලක්).
 * - Tamil: "பன்னிரண்டாயிரத்து முந்நூற்று நாற்பத்து ஐந்து ரூபா மற்றும் ஐம்பது சதம்"; a count before ரூபா
 *   or சதம் ends in the attributive one (இருபத்தொரு ரூபா).
 *
 * No rupees and some cents gives the cents alone ("Fifty cents"); zero gives "Zero rupees".
 *
 * @param options The amount, language, grouping and whether to end with "only".
 * @returns The words, capitalised in English.
 * @throws {RangeError} For an amount out of range or with fractions of a cent, or a style the
 * language is not written in.
 *
 * @example Usage
 * ```ts
 * import { amountInWords } from "./words.ts";
 * console.log(amountInWords({ amount: 1234567.5 }));
 * // "One million two hundred thirty-four thousand five hundred sixty-seven rupees and fifty cents"
 * console.log(amountInWords({ amount: 12345.5, lang: "si", only: true }));
 * // "රුපියල් දොළොස් දහස් තුන්සිය හතළිස් පහ සහ ශත පනහ පමණි"
 * ```
 */
export function amountInWords(options: AmountInWordsOptions): string {
  const { amount, lang = "en", only = false } = options;
  const style = options.style ?? defaultWordsStyle(lang);
  checkStyle(lang, style);
  const { rupees, cents } = splitRupees(amount);
  const number = (value: number) => numberInWords({ value, lang, style });
  let text: string;
  if (lang === "en") {
    const r = `${number(rupees)} ${rupees === 1 ? "rupee" : "rupees"}`;
    const c = `${number(cents)} ${cents === 1 ? "cent" : "cents"}`;
    text = capitalise(cents === 0 ? r : rupees === 0 ? c : `${r} and ${c}`);
    if (only) text += " only";
  } else if (lang === "si") {
    // One rupee is රුපියලක් and one cent ශතයක් (the indefinite "a rupee", "a cent").
    const r = rupees === 1 ? SI.rupee_one : `${SI.rupees} ${number(rupees)}`;
    const c = cents === 1 ? SI.cent_one : `${SI.cents} ${number(cents)}`;
    text = cents === 0 ? r : rupees === 0 ? c : `${r} ${SI.and} ${c}`;
    if (only) text += ` ${SI.only}`;
  } else {
    // The counts stand before ரூபா and சதம், so a final one is attributive (இருபத்தொரு ரூபா).
    const before = (value: number) => numberInWords({ value, lang, style, beforeNoun: true });
    const r = `${before(rupees)} ${TA.rupees}`;
    const c = `${before(cents)} ${TA.cents}`;
    text = cents === 0 ? r : rupees === 0 ? c : `${r} ${TA.and} ${c}`;
    if (only) text += ` ${TA.only}`;
  }
  return text;
}
