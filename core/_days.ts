/**
 * Date arithmetic on `YYYY-MM-DD` strings for the labour calculators (internal: not part of the
 * package's entries).
 *
 * @module
 */

/**
 * A date moved by a number of days.
 *
 * @param date `YYYY-MM-DD`.
 * @param days Days to add (negative to go back).
 * @returns The date, `YYYY-MM-DD`.
 *
 * @example Usage
 * ```ts
 * import { addDays } from "./_days.ts";
 * console.log(addDays("2026-03-01", -1)); // "2026-02-28"
 * ```
 */
export function addDays(date: string, days: number): string {
  const [y, m, d] = ymd(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Days from one date to another (0 for the same day).
 *
 * @param from `YYYY-MM-DD`.
 * @param to `YYYY-MM-DD`.
 * @returns `to - from` in days.
 */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = ymd(from);
  const [y2, m2, d2] = ymd(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/**
 * The year, month and day of a `YYYY-MM-DD` date.
 *
 * @param date The date.
 * @returns `[year, month, day]`.
 */
export function ymd(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/**
 * The number of days in a month.
 *
 * @param year The year.
 * @param month The month, 1-12.
 * @returns 28 to 31.
 */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
