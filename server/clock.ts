/**
 * Time, injected so tests can fix it.
 *
 * @module
 */

/** A source of the current time. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** Sri Lanka has kept UTC+05:30 without daylight saving since 15 April 2006. */
const COLOMBO_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/**
 * The calendar date in Asia/Colombo at an instant.
 *
 * @param epochMs Milliseconds since the epoch.
 * @returns `YYYY-MM-DD`.
 */
export function colomboDate(epochMs: number): string {
  return new Date(epochMs + COLOMBO_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A function giving today's Asia/Colombo date for a clock, recomputed only when the day turns
 * (it runs on every request).
 *
 * @param clock The clock.
 * @returns A function returning `YYYY-MM-DD`.
 */
export function colomboToday(clock: Clock): () => string {
  let start = 0;
  let end = 0;
  let today = "";
  return () => {
    const now = clock.now();
    if (now < start || now >= end) {
      today = colomboDate(now);
      start = Date.parse(`${today}T00:00:00Z`) - COLOMBO_OFFSET_MS;
      end = start + 86_400_000;
    }
    return today;
  };
}

/**
 * The UTC calendar date at an instant (quota days run in UTC).
 *
 * @param epochMs Milliseconds since the epoch.
 * @returns `YYYY-MM-DD`.
 */
export function utcDate(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/**
 * The next 00:00 UTC after an instant, in epoch seconds (when daily counters reset).
 *
 * @param epochMs Milliseconds since the epoch.
 * @returns Epoch seconds.
 */
export function nextUtcMidnight(epochMs: number): number {
  const day = 86_400_000;
  return (Math.floor(epochMs / day) + 1) * (day / 1000);
}
