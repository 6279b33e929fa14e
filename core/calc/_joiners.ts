/**
 * Zero-width joiners in Sinhala and Tamil text: which ones join something, and text that is NFC
 * with none that join nothing (what every text converter answers).
 *
 * @module
 */

const ZWJ = "\u200d";

/** A Sinhala or Tamil consonant. */
const isConsonant = (c: number) => (c >= 0x0d9a && c <= 0x0dc6) || (c >= 0x0b95 && c <= 0x0bb9);

/**
 * Removes zero-width joiners that join nothing: a joiner stays only between a virama (් or ்)
 * and a consonant, where it asks for a conjunct, a rakaransaya, a yansaya or a repaya.
 *
 * @param text Unicode text.
 * @returns The text without stray joiners.
 *
 * @example Usage
 * ```ts
 * import { dropStrayJoiners } from "./_joiners.ts";
 * console.log(dropStrayJoiners("ක\u200d්\u200dර").length); // 4 (ක්‍ර)
 * ```
 */
export function dropStrayJoiners(text: string): string {
  if (!text.includes(ZWJ)) return text;
  let out = "";
  let from = 0;
  for (let i = text.indexOf(ZWJ); i !== -1; i = text.indexOf(ZWJ, i + 1)) {
    const before = text.charCodeAt(i - 1);
    const after = text.charCodeAt(i + 1);
    const joins = (before === 0x0dca || before === 0x0bcd) && isConsonant(after);
    if (!joins) {
      out += text.slice(from, i);
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

/**
 * The text in NFC with no joiner that joins nothing, in an order that keeps both: stray joiners
 * go first (one can stand between ෙ and ්, keeping NFC from composing them), then NFC, then the
 * joiners again, since composing can take the virama before a joiner into ේ or ෝ and leave that
 * joiner joining nothing. Removing such a joiner puts a vowel sign before a consonant, which
 * composes with nothing, so the result stays NFC.
 *
 * @param text Unicode text.
 * @returns The text, NFC, without stray joiners.
 *
 * @example Usage
 * ```ts
 * import { tidyUnicode } from "./_joiners.ts";
 * // ෙ, a joiner, ්, a joiner, ර: ේ and ර (the second joiner follows ේ once composed).
 * console.log(tidyUnicode("\u0dd9\u200d\u0dca\u200d\u0dbb") === "\u0dda\u0dbb"); // true
 * ```
 */
export function tidyUnicode(text: string): string {
  return dropStrayJoiners(dropStrayJoiners(text).normalize("NFC"));
}
