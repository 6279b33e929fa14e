/**
 * How place names are compared: {@linkcode fold} makes two spellings of the same letters equal
 * (case, accents, punctuation, the zero-width joiner, the order Unicode allows for a vowel sign),
 * and {@linkcode skeleton} makes two spellings of the same sounds equal, as people write Sri
 * Lankan names in the Latin script ("Mullaitivu", "Mullathivu"; "Vavuniya", "Wavuniya"), in
 * Sinhala (retroflex or dental na and la, long or short vowels, aspirated or plain consonants)
 * and in Tamil (the three l, the three n, the two r, long or short vowels).
 *
 * Pure and zod-free. The letters are written as escapes: no Sinhala or Tamil in `.ts` files.
 *
 * @module
 */

/** Combining accents (U+0300 to U+036F), which {@linkcode fold} drops after decomposing. */
const ACCENTS = /[\u0300-\u036f]/g;
/** Zero-width joiner and non-joiner, zero-width space, soft hyphen, byte order mark. */
const INVISIBLE = /[\u200b-\u200d\u00ad\ufeff]/g;
/** Anything that is not a letter, a mark or a digit separates words. */
const SEPARATOR = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * A name as it is compared letter by letter: decomposed (so a vowel sign typed as two parts and
 * the precomposed one are equal), lower case, without accents, without zero-width characters,
 * with every run of spaces and punctuation one space, trimmed.
 *
 * @param text A name or a query as typed.
 * @returns The folded text, words separated by single spaces.
 *
 * @example Usage
 * ```ts
 * import { fold } from "./normalize.ts";
 * console.log(fold("  Mount .Lavinia ")); // "mount lavinia"
 * console.log(fold("Kurunégala")); // "kurunegala"
 * ```
 */
export function fold(text: string): string {
  return text.normalize("NFD").toLowerCase().replace(ACCENTS, "").replace(INVISIBLE, "")
    .replace(SEPARATOR, " ").trim();
}

/** Latin consonants written with an h for the aspirated or dental sound (th, dh, ch, sh, ...). */
const ASPIRABLE = "bcdgjkpst";
/** Latin letters written for one another. */
const LATIN: Readonly<Record<string, string>> = { c: "k", q: "k", x: "ks", z: "s", f: "p", w: "v" };
/** Latin vowel pairs that spell one long vowel. */
const LONG_VOWELS: Readonly<Record<string, string>> = {
  ee: "i",
  ea: "i",
  ie: "i",
  oo: "u",
  ou: "u",
};
const VOWELS = "aeiouy";

/** Sinhala letters (after NFD) and the letter each is read as, for {@linkcode skeleton}. */
const SINHALA: Readonly<Record<string, string>> = {
  // Long independent vowels as short ones.
  "\u0d86": "\u0d85", // aa -> a
  "\u0d88": "\u0d87", // long ae -> ae
  "\u0d8a": "\u0d89", // ii -> i
  "\u0d8c": "\u0d8b", // uu -> u
  "\u0d92": "\u0d91", // ee -> e
  "\u0d95": "\u0d94", // oo -> o
  // Long vowel signs as short ones (NFD has split the two-part signs).
  "\u0dcf": "", // the aa sign: "a" and "aa" are written alike here
  "\u0dd1": "\u0dd0", // long ae sign -> ae sign
  "\u0dd3": "\u0dd2", // ii sign -> i sign
  "\u0dd6": "\u0dd4", // uu sign -> u sign
  "\u0dda": "\u0dd9", // ee sign -> e sign
  // Aspirated consonants as plain ones.
  "\u0d9b": "\u0d9a", // kha -> ka
  "\u0d9d": "\u0d9c", // gha -> ga
  "\u0da1": "\u0da0", // cha -> ca
  "\u0da3": "\u0da2", // jha -> ja
  "\u0da8": "\u0da7", // ttha -> tta
  "\u0daa": "\u0da9", // ddha -> dda
  "\u0dae": "\u0dad", // tha -> ta
  "\u0db0": "\u0daf", // dha -> da
  "\u0db5": "\u0db4", // pha -> pa
  "\u0db7": "\u0db6", // bha -> ba
  // The letters spelt alike: retroflex na and la, the three sibilants.
  "\u0dab": "\u0db1", // nna -> na
  "\u0dc5": "\u0dbd", // lla -> la
  "\u0dc1": "\u0dc3", // sha -> sa
  "\u0dc2": "\u0dc3", // ssa -> sa
};

/** Tamil letters (after NFD) and the letter each is read as, for {@linkcode skeleton}. */
const TAMIL: Readonly<Record<string, string>> = {
  // Long independent vowels as short ones.
  "\u0b86": "\u0b85", // aa -> a
  "\u0b88": "\u0b87", // ii -> i
  "\u0b8a": "\u0b89", // uu -> u
  "\u0b8f": "\u0b8e", // ee -> e
  "\u0b93": "\u0b92", // oo -> o
  // Long vowel signs as short ones.
  "\u0bbe": "", // the aa sign
  "\u0bc0": "\u0bbf", // ii sign -> i sign
  "\u0bc2": "\u0bc1", // uu sign -> u sign
  "\u0bc7": "\u0bc6", // ee sign -> e sign
  // The three l, the three n, the two r.
  "\u0bb3": "\u0bb2", // lla -> la
  "\u0bb4": "\u0bb2", // llla -> la
  "\u0ba3": "\u0ba8", // nna -> nna (dental)
  "\u0ba9": "\u0ba8", // nnna -> nna (dental)
  "\u0bb1": "\u0bb0", // rra -> ra
  // Grantha letters as the Tamil letters that replace them (kampaha, kampaka).
  "\u0bb9": "\u0b95", // ha -> ka
  "\u0bb8": "\u0b9a", // sa -> ca
  "\u0bb7": "\u0b9a", // ssa -> ca
  "\u0b9c": "\u0b9a", // ja -> ca
};

const INDIC = /[\u0b80-\u0bff\u0d80-\u0dff]/;
/** First code unit of the two scripts' blocks (Tamil U+0B80, Sinhala U+0D80 to U+0DFF). */
const BASE = 0x0b80;
/**
 * What each code unit from U+0B80 to U+0DFF is read as, by offset from {@linkcode BASE}: the
 * letter it is read as, 0 to drop it (a long vowel sign, the virama of each script: a consonant
 * with or without one is equal), itself otherwise.
 */
const READ_AS = (() => {
  const table = new Uint16Array(0x0e00 - BASE);
  for (let i = 0; i < table.length; i++) table[i] = BASE + i;
  for (const [from, to] of Object.entries({ ...SINHALA, ...TAMIL })) {
    table[from.charCodeAt(0) - BASE] = to ? to.charCodeAt(0) : 0;
  }
  table[0x0dca - BASE] = 0; // Sinhala al-lakuna
  table[0x0bcd - BASE] = 0; // Tamil pulli
  return table;
})();

/** Letters with each run of one letter made one. */
function single(letters: readonly string[]): string {
  let out = "";
  let last = "";
  for (const c of letters) {
    if (c !== last) out += c;
    last = c;
  }
  return out;
}

/** A folded Latin name's skeleton (see {@linkcode skeleton}). */
function latinSkeleton(text: string): string {
  const mapped: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1] ?? " ";
    if (c === "l" && (i === 0 || text[i - 1] === " ") && !VOWELS.includes(next) && next !== " ") {
      // An "l" standing for a capital I before a consonant ("lngiriya", "lhala"): a transcription
      // error the older lists are full of.
      mapped.push("i");
      continue;
    }
    mapped.push(LATIN[c] ?? c);
    // th, dh, ch, sh, ... (and "thh") as t, d, c, s.
    if (ASPIRABLE.includes(c)) { while (text[i + 1] === "h") i++; }
  }
  const letters: string[] = [];
  for (let i = 0; i < mapped.length; i++) {
    const long = LONG_VOWELS[mapped[i]! + (mapped[i + 1] ?? "")];
    if (long) {
      letters.push(long);
      i++;
    } else letters.push(mapped[i]!);
  }
  return single(letters);
}

/**
 * A folded name reduced to how it sounds: in the Latin script aspirates, doubled letters and
 * `w`/`v` spellings made one; in Sinhala and Tamil the letters commonly written for one another
 * made one, vowels short, the virama dropped, doubled letters single. Spaces are kept (words
 * still start where they did).
 *
 * @param folded Text from {@linkcode fold}.
 * @returns The skeleton.
 *
 * @example Usage
 * ```ts
 * import { fold, skeleton } from "./normalize.ts";
 * console.log(skeleton(fold("Mullathivu")) === skeleton(fold("Mullaitivu"))); // false
 * console.log(skeleton(fold("Mullathivu")) === skeleton(fold("Mullativu"))); // true
 * console.log(skeleton(fold("Wavuniya")) === skeleton(fold("Vavuniya"))); // true
 * ```
 */
export function skeleton(folded: string): string {
  if (!INDIC.test(folded)) return latinSkeleton(folded);
  // Code unit by code unit; each run of one letter made one. Latin letters mixed in are left
  // as they are.
  let out = "";
  let last = -1;
  for (let i = 0; i < folded.length; i++) {
    let c = folded.charCodeAt(i);
    if (c >= BASE && c < 0x0e00) c = READ_AS[c - BASE]!;
    if (c === 0 || c === last) continue;
    out += String.fromCharCode(c);
    last = c;
  }
  return out;
}
