/**
 * Sinhala typed in Latin letters ("Singlish") and Tamil ("Tanglish") to Unicode. Pure and
 * schema-free; the operation in `../ops/text.ts` adds the schemas. The key tables are data
 * (`data/singlish.json`, each scheme with its source), read here by one left-to-right scan that
 * tries the longest key first at every position: linear in the text's length.
 *
 * A syllable is a consonant key, then either a vowel key (its sign), or `r` and a vowel key (a
 * rakaransaya, Sinhala only), or nothing (the consonant takes a virama). A vowel key with no
 * consonant before it is the independent vowel. Anything else passes through.
 *
 * @module
 */
import schemes from "../../data/singlish.json" with { type: "json" };
import { tidyUnicode } from "./_joiners.ts";

/** The languages of {@linkcode singlishToUnicode}. */
export type SinglishLanguage = "si" | "ta";

/** One word with more than one reading. */
export interface SinglishSuggestion {
  /** The word as typed. */
  input: string;
  /** The scheme's reading (the one in the text). */
  reading: string;
  /** Other readings: the same word with one ambiguous letter read the other way. */
  alternatives: string[];
}

/** What {@linkcode singlishToUnicode} gives. */
export interface SinglishResult {
  /** The text in Unicode (NFC, no zero-width joiner that joins nothing). */
  text: string;
  /** Latin letters read as the scheme's keys. */
  converted: number;
  /** Characters passed through unchanged. */
  unchanged: number;
  /** Words with other readings, in order (at most {@linkcode MAX_SUGGESTIONS}). */
  suggestions: SinglishSuggestion[];
  /** Whether more words had other readings than are listed. */
  moreSuggestions: boolean;
}

/** The most words listed with other readings. */
export const MAX_SUGGESTIONS = 50;
const MAX_ALTERNATIVES = 6;
const ZWJ = "\u200d";

interface Scheme {
  consonants: Map<string, string>;
  vowels: Map<string, { sign: string; letter: string }>;
  specials: Map<string, string>;
  raSigns: Map<string, string>;
  rakar: string | undefined;
  wordInitial: Map<string, string>;
  alternatives: Map<string, readonly string[]>;
  virama: string;
  longest: number;
}

interface SchemeData {
  consonants: string[][];
  vowels: string[][];
  specials: string[][];
  ra_signs?: string[][];
  rakaransaya?: string;
  word_initial?: Record<string, string>;
  alternatives: Record<string, string[]>;
}

const built = new Map<SinglishLanguage, Scheme>();

function scheme(lang: SinglishLanguage): Scheme {
  let found = built.get(lang);
  if (found) return found;
  const data = (schemes as unknown as Record<string, SchemeData>)[lang]!;
  const pairs = (rows: string[][]) => new Map(rows.map(([key, value]) => [key!, value!]));
  const vowels = new Map(
    data.vowels.map(([key, sign, letter]) => [key!, { sign: sign!, letter: letter! }]),
  );
  const keys = [
    ...data.consonants.map(([k]) => k!),
    ...data.vowels.map(([k]) => k!),
    ...data.specials.map(([k]) => k!),
    ...(data.ra_signs ?? []).map(([k]) => k!),
  ];
  found = {
    consonants: pairs(data.consonants),
    vowels,
    specials: pairs(data.specials),
    raSigns: pairs(data.ra_signs ?? []),
    rakar: data.rakaransaya,
    wordInitial: new Map(Object.entries(data.word_initial ?? {})),
    alternatives: new Map(Object.entries(data.alternatives)),
    virama: lang === "si" ? "\u0dca" : "\u0bcd",
    longest: Math.max(...keys.map((k) => k.length)),
  };
  built.set(lang, found);
  return found;
}

/** The longest key of `table` at `at`, if any. */
function keyAt(text: string, at: number, table: Map<string, unknown>, longest: number) {
  for (let size = Math.min(longest, text.length - at); size > 0; size--) {
    const key = text.slice(at, at + size);
    if (table.has(key)) return key;
  }
  return undefined;
}

const isLetter = (c: string) => /[A-Za-z]/.test(c);

interface Token {
  /** The key as typed (consonant keys only: what an alternative replaces). */
  key: string;
  /** Where the key starts in the word. */
  at: number;
}

/** Converts one run; reports the consonant keys read, for the suggestions. */
function convertRun(
  s: Scheme,
  text: string,
  tokens: Token[] | undefined,
): { out: string; converted: number; unchanged: number } {
  let out = "";
  let converted = 0;
  let unchanged = 0;
  let i = 0;
  while (i < text.length) {
    const special = keyAt(text, i, s.specials, s.longest);
    if (special) {
      out += s.specials.get(special);
      converted += special.length;
      i += special.length;
      continue;
    }
    const consonant = keyAt(text, i, s.consonants, s.longest);
    if (consonant) {
      tokens?.push({ key: consonant, at: i });
      const initial = i === 0 || !isLetter(text.charAt(i - 1));
      let letter = (initial ? s.wordInitial.get(consonant) : undefined) ??
        s.consonants.get(consonant)!;
      let j = i + consonant.length;
      const ra = keyAt(text, j, s.raSigns, s.longest);
      let sign: string | undefined;
      if (ra) {
        sign = s.raSigns.get(ra)!;
        j += ra.length;
      } else {
        if (s.rakar && text.startsWith(s.rakar, j)) {
          // A consonant then r: a rakaransaya, with the vowel that follows (or none).
          letter += `${s.virama}${ZWJ}${s.consonants.get(s.rakar)}`;
          j += s.rakar.length;
        }
        const vowel = keyAt(text, j, s.vowels, s.longest);
        if (vowel) {
          sign = s.vowels.get(vowel)!.sign;
          j += vowel.length;
        }
      }
      // A consonant with no vowel takes a virama (before a yansaya key's joiner too).
      out += letter + (sign ?? s.virama);
      converted += j - i;
      i = j;
      continue;
    }
    const vowel = keyAt(text, i, s.vowels, s.longest);
    if (vowel) {
      out += s.vowels.get(vowel)!.letter;
      converted += vowel.length;
      i += vowel.length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    out += char;
    unchanged++;
    i += char.length;
  }
  return { out, converted, unchanged };
}

/**
 * Reads Sinhala or Tamil typed in Latin letters. Where a spelling has other readings (`n` may be
 * න or ණ), the word is listed in `suggestions` with them.
 *
 * @param text The text in Latin letters.
 * @param lang `si` (the UCSC Singlish scheme) or `ta` (our Tanglish scheme).
 * @returns The Unicode text, counts and suggestions.
 *
 * @example Usage
 * ```ts
 * import { singlishToUnicode } from "./singlish.ts";
 * // The test of Open-SL/sinhala-unicode-converter (one backslash before the n).
 * console.log(singlishToUnicode("shrii la\\nkaa", "si").text); // "ශ්‍රී ලංකා"
 * ```
 */
export function singlishToUnicode(text: string, lang: SinglishLanguage): SinglishResult {
  const s = scheme(lang);
  const suggestions: SinglishSuggestion[] = [];
  let more = false;
  let converted = 0;
  let unchanged = 0;
  const parts: string[] = [];
  // Words (runs without white space) are converted one at a time, so that each word's
  // alternatives can be read again on their own.
  const words = /\S+|\s+/g;
  for (let match = words.exec(text); match; match = words.exec(text)) {
    const word = match[0];
    if (/^\s/.test(word)) {
      parts.push(word);
      unchanged += word.length;
      continue;
    }
    const wanted = suggestions.length < MAX_SUGGESTIONS;
    const tokens: Token[] | undefined = wanted ? [] : undefined;
    const read = convertRun(s, word, tokens);
    const reading = tidyUnicode(read.out);
    parts.push(reading);
    converted += read.converted;
    unchanged += read.unchanged;
    const ambiguous = (tokens ?? []).filter((t) => s.alternatives.has(t.key));
    if (!ambiguous.length) continue;
    if (!wanted) {
      more = true;
      continue;
    }
    const alternatives = new Set<string>();
    for (const token of ambiguous) {
      for (const other of s.alternatives.get(token.key)!) {
        if (alternatives.size >= MAX_ALTERNATIVES) break;
        const respelt = word.slice(0, token.at) + other + word.slice(token.at + token.key.length);
        const alternative = tidyUnicode(convertRun(s, respelt, undefined).out);
        if (alternative !== reading) alternatives.add(alternative);
      }
    }
    if (alternatives.size) {
      suggestions.push({ input: word, reading, alternatives: [...alternatives] });
    }
  }
  // Once more over the whole: white space passes through as typed, and NFC maps some (U+2000).
  return {
    text: tidyUnicode(parts.join("")),
    converted,
    unchanged,
    suggestions,
    moreSuggestions: more,
  };
}
