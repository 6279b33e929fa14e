/**
 * Rounding of money and of reported figures, in one place.
 *
 * @module
 */

/** Exact powers of ten for the fast path of {@linkcode roundTo}. */
const POWERS: readonly number[] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/**
 * Rounds a value to a number of decimal places, half away from zero, on its shortest decimal
 * representation (so 1.005 rounds to 1.01, not 1.00 as `Math.round(1.005 * 100) / 100` gives).
 *
 * @param value A finite number.
 * @param places Decimal places to keep (0-10).
 * @returns The rounded number.
 *
 * @example Usage
 * ```ts
 * import { roundTo } from "./money.ts";
 * console.log(roundTo(1.005, 2)); // 1.01
 * ```
 */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Cannot round ${value}: expected a finite number`);
  }
  // Whole numbers are already rounded (the string path below returns them unchanged, -0 as 0);
  // skipping it makes the common case of whole amounts about ten times faster.
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const magnitude = Math.abs(value);
  // At 1e15 and above a double has no fractional digits left to round.
  if (magnitude >= 1e15) return value;
  // Unless the scaled value sits within float error of a half (where the decimal digits decide),
  // rounding it in binary gives the same result as rounding the shortest decimal form, and
  // dividing by a power of ten is correctly rounded like `Number("<digits>e-<places>")`.
  const scale = POWERS[places];
  if (scale !== undefined) {
    const scaled = magnitude * scale;
    const fraction = scaled - Math.floor(scaled);
    if (Math.abs(fraction - 0.5) > scaled * 1e-12 + 1e-12) {
      const rounded = Math.round(scaled) / scale;
      return value < 0 && rounded !== 0 ? -rounded : rounded;
    }
  }
  const [mantissa, exponent] = magnitude.toExponential().split("e") as [string, string];
  const shifted = Number(`${mantissa}e${Number(exponent) + places}`);
  const rounded = Number(`${Math.round(shifted)}e-${places}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * Rounds an amount of money to cents: the one helper every calculator uses.
 *
 * @param value A finite amount.
 * @returns The amount rounded to two decimals, half away from zero.
 *
 * @example Usage
 * ```ts
 * import { roundMoney } from "./money.ts";
 * console.log(roundMoney(8000.004999)); // 8000
 * ```
 */
export function roundMoney(value: number): number {
  return roundTo(value, 2);
}
