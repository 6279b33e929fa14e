/**
 * Which legacy font a text was typed in, with how sure the guess is. Each font reads the text;
 * a wrong font leaves tell-tale marks in what it reads: vowel signs with no letter to carry them,
 * codes it does not have, independent vowels inside words (in Sinhala and Tamil an independent
 * vowel begins a word; a wrong layout puts them anywhere), and pairs of characters that the
 * project's Sinhala and Tamil catalogue never has (`data/text_bigrams.json`). The score of a font
 * is one less those marks per letter read. Fonts whose readings are the same text (FM Abhaya and DL
 * Manel share most codes) are one answer, not a doubt.
 *
 * @module
 */
import bigrams from "../../data/text_bigrams.json" with { type: "json" };
import { type Decoded, LEGACY_FONTS, type LegacyFont, legacyToUnicode } from "./legacy_fonts.ts";

/** One font's reading of the text. */
export interface FontCandidate {
  /** The font. */
  font: LegacyFont;
  /** 0 to 1: one less the marks of a wrong font per letter read (see the module). */
  score: number;
  /** Sinhala or Tamil letters in the reading. */
  letters: number;
  /** The reading. */
  decoded: Decoded;
}

/** What {@linkcode detectFont} finds. */
export interface FontGuess {
  /** Every font, best first. */
  candidates: FontCandidate[];
  /** Fonts that read the text exactly as the best one does (FM Abhaya and DL Manel, often). */
  sameReading: LegacyFont[];
  /**
   * Whether the best font is sure: it reads at least {@linkcode SURE_LETTERS} letters, its score
   * is at least {@linkcode SURE_SCORE}, and every font
   * that reads the text differently scores at least {@linkcode SURE_MARGIN} lower.
   */
  sure: boolean;
}

/** The least score of a sure guess. */
export const SURE_SCORE = 0.9;
/** The least lead of a sure guess over a font that reads the text differently. */
export const SURE_MARGIN = 0.1;
/** The fewest letters the best font must read for a sure guess (one word is not enough). */
export const SURE_LETTERS = 12;

const LETTER = /[\u0D85-\u0D96\u0D9A-\u0DC6\u0B85-\u0B94\u0B95-\u0BB9]/u;
const VOWEL = /[\u0D85-\u0D96\u0B85-\u0B94]/u;
const PRINTABLE = /[\u0021-\u007e\u00a1-\u00ff]/u;
const DIGIT = /[0-9]/;

const PAIR = /[\u0D80-\u0DFF\u200d\u0B80-\u0BFF]/u;
let known: Set<string> | undefined;

/** The pairs of adjacent characters the catalogue has, read on first use. */
function knownPairs(): Set<string> {
  known ??= new Set(`${bigrams.si} ${bigrams.ta}`.split(" "));
  return known;
}

function score(decoded: Decoded): { score: number; letters: number } {
  const pairs = knownPairs();
  let letters = 0;
  let marks = decoded.orphans;
  let previous = "";
  let previousLetter = false;
  for (const char of decoded.text) {
    const letter = LETTER.test(char);
    if (letter) {
      letters++;
      if (previousLetter && VOWEL.test(char)) marks++;
    }
    if (PAIR.test(char) && PAIR.test(previous) && !pairs.has(previous + char)) marks++;
    previousLetter = letter || (previousLetter && /[\u0D82-\u0DF3\u0B82-\u0BD7\u200d]/u.test(char));
    previous = char;
  }
  if (letters === 0) return { score: 0, letters };
  marks += decoded.unknown.filter((c) => PRINTABLE.test(c) && !DIGIT.test(c)).length;
  return { score: Math.max(0, 1 - marks / letters), letters };
}

/**
 * Reads a text with every legacy font and ranks them.
 *
 * @param text The text as stored.
 * @returns The fonts, best first, and whether the best is sure.
 *
 * @example Usage
 * ```ts
 * import { detectFont } from "./font_detect.ts";
 * const guess = detectFont("Y%S ,xldfõ iEu m<d;ls");
 * console.log(guess.candidates[0]?.font, guess.sure); // fm-abhaya true
 * ```
 */
export function detectFont(text: string): FontGuess {
  const candidates = LEGACY_FONTS.map((font) => {
    const decoded = legacyToUnicode(text, font);
    return { font, ...score(decoded), decoded };
  }).sort((a, b) => b.score - a.score);
  const best = candidates[0]!;
  const sameReading = candidates.slice(1)
    .filter((c) => c.decoded.text === best.decoded.text)
    .map((c) => c.font);
  const rivals = candidates.slice(1).filter((c) => c.decoded.text !== best.decoded.text);
  const sure = best.score >= SURE_SCORE && best.letters >= SURE_LETTERS &&
    rivals.every((c) => c.score <= best.score - SURE_MARGIN);
  return { candidates, sameReading, sure };
}
