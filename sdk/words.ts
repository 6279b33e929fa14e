/**
 * Numbers and rupee amounts in English, Sinhala and Tamil words, as on a cheque (a subpath, so
 * that the main entry does not ship the word tables). Import it as `@lanka/api/words` (npm) or
 * `jsr:@lanka/api/words`.
 *
 * @module
 */
export {
  amountInWords,
  defaultWordsStyle,
  MAX_WORDS_AMOUNT,
  MAX_WORDS_NUMBER,
  numberInWords,
  splitRupees,
} from "../core/calc/words.ts";
export { words } from "../core/ops/words.ts";
