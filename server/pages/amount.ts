/**
 * What people type into a number field of a tool page, read as the API's plain decimal text:
 * "250000", "250,000", "2,50,000" (lakh grouping), "Rs. 250,000", "LKR 250000.50", "250,000/=",
 * "රු. 250,000", "ரூ. 250,000", with spaces (a dictation's or a phone's), all the same in the
 * three languages. Only the pages read numbers this way: `/api/v1` keeps its strict plain decimal
 * rule (docs/pages.md).
 *
 * @module
 */

// Currency words and signs before or after the figure: Rs, Rs., LKR, SLR, රු, ரூ (the rupee's
// abbreviations in Sinhala and Tamil), and the "/=" written after a whole amount.
const CURRENCY = /^(?:rs\.?|lkr\.?|slr\.?|රු\.?|ரூ\.?|₨)\s*|\s*(?:\/=|\/-|rs\.?|lkr|රු\.?|ரூ\.?)$/iu;
// Digit groups of 2 or 3 after a first group of 1 to 3: Western (250,000) and Indian/Sri Lankan
// (2,50,000) grouping alike.
const GROUPED = /^\d{1,3}(?:,\d{2,3})+(?:\.\d+)?$/;

/**
 * A typed amount as plain decimal text, or the text itself (trimmed) when it is not an amount
 * written in one of the accepted ways (the operation's own parser then names the problem).
 *
 * @param typed What the person typed.
 * @returns Plain decimal text ("250000.50"), or the input unchanged when not understood.
 *
 * @example Usage
 * ```ts
 * import { readAmount } from "./amount.ts";
 * console.log(readAmount("Rs. 2,50,000/=")); // "250000"
 * ```
 */
export function readAmount(typed: string): string {
  let text = typed.normalize("NFC").replace(/[\s\u00a0\u202f]+/g, " ").trim();
  // Up to two currency marks ("Rs. 250,000/=").
  for (let i = 0; i < 2; i++) text = text.replace(CURRENCY, "").trim();
  const squashed = text.replace(/ /g, "");
  if (/^\d+(?:\.\d+)?$/.test(squashed)) return squashed;
  if (GROUPED.test(squashed)) return squashed.replace(/,/g, "");
  return typed.trim();
}

/**
 * A whole number as people type it ("1,200", "12 "), as plain digits, or the text itself
 * (trimmed) when it is not one.
 *
 * @param typed What the person typed.
 * @returns Plain digits, or the input unchanged.
 */
export function readCount(typed: string): string {
  const squashed = typed.replace(/[\s\u00a0\u202f]+/g, "");
  if (/^\d+$/.test(squashed)) return squashed;
  if (/^\d{1,3}(?:,\d{2,3})+$/.test(squashed)) return squashed.replace(/,/g, "");
  return typed.trim();
}
