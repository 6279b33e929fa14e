/**
 * Long weekends: the runs of three or more days off in a year, a day off being a Saturday, a
 * Sunday or a holiday of the calendar chosen, exactly as `/working-days` counts them (the same
 * counter: public, bank, mercantile with Poya days off unless `poya=working`, or government with
 * its office closures). A run that crosses New Year is found whole when the neighbouring year is
 * held too, and listed in each year it touches.
 *
 * @module
 */
import { dayNumber, isoFromDayNumber, weekdayOf } from "../day_number.ts";
import { unknownYearError, yearSource } from "./holidays.ts";
import {
  type PoyaReading,
  type WorkCalendar,
  WORKING_DAYS,
  type WorkingDayHoliday,
} from "./working_days.ts";

/** One run of days off. */
export interface LongWeekend {
  /** Its first day, `YYYY-MM-DD`. */
  from: string;
  /** Its last day. */
  to: string;
  /** Days in the run. */
  days: number;
  /** The weekday of its first day (English name; localized by the operation). */
  fromWeekday: string;
  /** The weekday of its last day. */
  toWeekday: string;
  /** The holidays (and office closures) that make it longer than a weekend, in date order. */
  holidays: WorkingDayHoliday[];
}

/** The long weekends of a year. */
export interface LongWeekendsResult {
  year: number;
  /** The calendar whose holidays count as days off. */
  calendar: WorkCalendar;
  /** How Poya days counted (`working` only asked for with the mercantile calendar). */
  poya: PoyaReading;
  /** The shortest run listed, in days. */
  minDays: number;
  /** How many runs. */
  count: number;
  /** The runs, in date order. */
  runs: LongWeekend[];
  /** The publishing body and gazette of the year's holidays. */
  source: string;
  sourceUrl: string;
  lastVerified: string;
}

/** Inputs of {@linkcode longWeekends}. */
export interface LongWeekendsOptions {
  /** A year held (2021 to 2027). */
  year: number;
  /** Whose holidays count as days off. */
  calendar: WorkCalendar;
  /** How Poya days count in the mercantile calendar (default `holiday`). */
  poya?: PoyaReading | undefined;
  /** The shortest run to list (default 3). */
  minDays?: number | undefined;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** How far a run is followed into a held neighbouring year (no run is longer). */
const REACH = 31;

/**
 * The runs of days off in a year.
 *
 * @param options The year, the calendar, the Poya reading and the shortest run.
 * @returns The runs with the year's source.
 * @throws {ApiError} 404 naming `year` when the year's holidays are not held.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { longWeekends } from "./long_weekends.ts";
 * // Gazette 2438/22: May Day and Adhi Vesak Poya fall on Friday 1 May 2026: 1-3 May is a long weekend.
 * const runs = longWeekends({ year: 2026, calendar: "public" }).runs;
 * assert.ok(runs.some((r) => r.from === "2026-05-01" && r.days === 3));
 * ```
 */
export function longWeekends(options: LongWeekendsOptions): LongWeekendsResult {
  const { year, calendar } = options;
  const poya = options.poya ?? "holiday";
  const minDays = options.minDays ?? 3;
  const source = yearSource(year);
  if (!source) throw unknownYearError("year", year);
  const first = dayNumber(`${year}-01-01`);
  const last = dayNumber(`${year}-12-31`);
  const lo = Math.max(first - REACH, dayNumber(WORKING_DAYS.first));
  const hi = Math.min(last + REACH, dayNumber(WORKING_DAYS.last));
  const isOff = (day: number) => {
    const iso = isoFromDayNumber(day);
    return WORKING_DAYS.count(iso, iso, calendar, false, poya).workingDays === 0;
  };
  const runs: LongWeekend[] = [];
  let start: number | undefined;
  for (let day = lo; day <= hi + 1; day++) {
    if (day <= hi && isOff(day)) {
      start ??= day;
      continue;
    }
    if (start !== undefined) {
      const end = day - 1;
      if (end - start + 1 >= minDays && end >= first && start <= last) {
        const from = isoFromDayNumber(start);
        const to = isoFromDayNumber(end);
        runs.push({
          from,
          to,
          days: end - start + 1,
          fromWeekday: WEEKDAYS[weekdayOf(start)]!,
          toWeekday: WEEKDAYS[weekdayOf(end)]!,
          holidays: WORKING_DAYS.count(from, to, calendar, false, poya).holidays,
        });
      }
      start = undefined;
    }
  }
  return {
    year,
    calendar,
    poya: calendar === "mercantile" ? poya : "holiday",
    minDays,
    count: runs.length,
    runs,
    source: source.source,
    sourceUrl: source.sourceUrl,
    lastVerified: source.lastVerified,
  };
}
