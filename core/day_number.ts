/**
 * Allocation-free arithmetic on `YYYY-MM-DD` dates as day numbers (days since 1970-01-01), for
 * calendar code that runs on hot paths. Pure: nothing here reads the clock.
 *
 * @module
 */

const MS_PER_DAY = 86_400_000;

function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

/**
 * The day number of a valid `YYYY-MM-DD` date: days since 1970-01-01 (negative before).
 *
 * @param iso A date already validated as `YYYY-MM-DD`.
 * @returns The day number.
 *
 * @example Usage
 * ```ts
 * import { dayNumber } from "./day_number.ts";
 * console.log(dayNumber("1970-01-02")); // 1
 * ```
 */
export function dayNumber(iso: string): number {
  return Date.UTC(digits(iso, 0, 4), digits(iso, 5, 7) - 1, digits(iso, 8, 10)) / MS_PER_DAY;
}

/**
 * The `YYYY-MM-DD` date of a day number.
 *
 * @param day Days since 1970-01-01.
 * @returns The date.
 *
 * @example Usage
 * ```ts
 * import { isoFromDayNumber } from "./day_number.ts";
 * console.log(isoFromDayNumber(1)); // "1970-01-02"
 * ```
 */
export function isoFromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The weekday of a day number, 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
 *
 * @param day Days since 1970-01-01.
 * @returns 0-6.
 *
 * @example Usage
 * ```ts
 * import { dayNumber, weekdayOf } from "./day_number.ts";
 * console.log(weekdayOf(dayNumber("2026-05-30"))); // 6 (a Saturday)
 * ```
 */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
