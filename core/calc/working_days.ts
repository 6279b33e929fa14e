/**
 * Working days between two dates over the holiday data, without schemas, so that importing
 * {@linkcode countWorkingDays} alone bundles without zod (the operation in
 * `../ops/working_days.ts` adds the schemas).
 *
 * @module
 */
import { dayNumber, isoFromDayNumber, weekdayOf } from "../day_number.ts";
import { ApiError, type ErrorDetail } from "../errors.ts";
import {
  HOLIDAY_DATA,
  type HolidayDataset,
  type HolidayType,
  unknownYearError,
  unknownYearMessage,
} from "./holidays.ts";

/** The calendars working days can be counted in. */
export type WorkCalendar = "public" | "bank" | "mercantile" | "government";

/**
 * How a Poya day counts in the mercantile calendar: `holiday` (the default), as the Shop and
 * Office Employees Act gives every shop and office worker a holiday on each Full Moon Poya Day
 * (section 7A), or `working`, the Central Bank's mercantile list alone, which marks only the
 * Act's statutory holidays (section 7) and leaves Poya days out (docs/calendar.md). The public,
 * bank and government calendars always hold Poya days as holidays.
 */
export type PoyaReading = "holiday" | "working";

/** Calendars in a fixed order (their table index). */
export const WORK_CALENDARS: readonly WorkCalendar[] = [
  "public",
  "bank",
  "mercantile",
  "government",
];

/**
 * Longest range counted in one call, in days (three years; the data covers 2021 to 2027).
 */
export const MAX_SPAN_DAYS = 1096;

/** A holiday (or government-office closure) that fell on a working day of the range. */
export interface WorkingDayHoliday {
  date: string;
  name: string;
  /** The kind of holiday, or `closure` for a government-office closure. */
  type: HolidayType | "closure";
}

/** Result of {@linkcode countWorkingDays} (spec 2.5, plus `saturday` and `holidays`). */
export interface WorkingDaysResult {
  from: string;
  to: string;
  calendar: WorkCalendar;
  /** Whether Saturdays were counted as working days. */
  saturday: boolean;
  /** How Poya days counted ({@linkcode PoyaReading}; always `holiday` outside mercantile). */
  poya: PoyaReading;
  workingDays: number;
  totalDays: number;
  /** Sundays, and Saturdays unless `saturday`. */
  weekendDays: number;
  /** Distinct non-weekend days that are holidays of the calendar. */
  holidayDays: number;
  /** The holidays behind `holidayDays`, by date (two on one day are both listed). */
  holidays: WorkingDayHoliday[];
}

/** Result of {@linkcode addWorkingDays}. */
export interface AddWorkingDaysResult {
  from: string;
  /** Working days added (negative: counted back). */
  days: number;
  calendar: WorkCalendar;
  /** Whether Saturdays were counted as working days. */
  saturday: boolean;
  /** How Poya days counted ({@linkcode PoyaReading}; always `holiday` outside mercantile). */
  poya: PoyaReading;
  /**
   * The date `days` working days after `from` (before it when negative): `from` itself is not
   * counted, the answer is. `from` when `days` is 0.
   */
  date: string;
  /** Calendar days from `from` to `date` (negative when counting back). */
  calendarDays: number;
  /** Sundays, and Saturdays unless `saturday`, strictly between `from` and `date` or on `date`. */
  weekendDays: number;
  /** Distinct non-weekend holiday days skipped on the way. */
  holidayDays: number;
  /** The holidays skipped, by date. */
  holidays: WorkingDayHoliday[];
}

/** Counts working days over the years of one dataset, from tables built once. */
export interface WorkingDayCounter {
  /** First covered date, `YYYY-MM-DD`. */
  readonly first: string;
  /** Last covered date, `YYYY-MM-DD`. */
  readonly last: string;
  /**
   * Counts from `from` to `to` inclusive.
   *
   * @param from Start date, a valid `YYYY-MM-DD`.
   * @param to End date, a valid `YYYY-MM-DD`.
   * @param calendar Whose holidays are excluded.
   * @param saturday Whether Saturdays are working days.
   * @param poya How Poya days count in the mercantile calendar (default `holiday`).
   * @returns The counts.
   * @throws {ApiError} 400 for dates outside the data, `from` after `to`, or a range over the cap.
   */
  count(
    from: string,
    to: string,
    calendar: WorkCalendar,
    saturday: boolean,
    poya?: PoyaReading,
  ): WorkingDaysResult;
  /**
   * The date `days` working days after `from` (before it when negative).
   *
   * @param from Start date, a valid `YYYY-MM-DD`; not itself counted.
   * @param days Working days to add; negative counts back; 0 gives `from`.
   * @param calendar Whose holidays are skipped.
   * @param saturday Whether Saturdays are working days.
   * @param poya How Poya days count in the mercantile calendar (default `holiday`).
   * @returns The date and the holidays skipped.
   * @throws {ApiError} 404 when `from` or the answer falls in a year that is not held.
   */
  add(
    from: string,
    days: number,
    calendar: WorkCalendar,
    saturday: boolean,
    poya?: PoyaReading,
  ): AddWorkingDaysResult;
}

interface Table {
  /** Prefix sums over day indexes: `working[i]` = working days among indexes `0..i-1`. */
  working: Int32Array;
  weekend: Int32Array;
  holiday: Int32Array;
  /** Holidays on working days, sorted by day, with their day indexes. */
  entries: readonly WorkingDayHoliday[];
  entryDays: Int32Array;
}

function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Builds the per-calendar tables for a dataset: for every calendar (the mercantile one twice, with
 * Poya days as holidays and as working days) and Saturday rule, prefix
 * sums of working, weekend and holiday days and the list of holidays on working days. Every
 * call then costs two subtractions per count and a binary search, whatever the span.
 *
 * @param data Years (contiguous), holidays and government closures.
 * @param maxSpanDays The longest range counted in one call.
 * @returns The counter.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOLIDAY_DATA } from "./holidays.ts";
 * import { buildWorkingDayCounter } from "./working_days.ts";
 * const counter = buildWorkingDayCounter(HOLIDAY_DATA);
 * // 21-27 December 2026: five weekdays, less Unduvap Poya (Wednesday 23rd, a holiday for shop
 * // and office workers, s.7A) and Christmas (Friday 25th).
 * assert.equal(counter.count("2026-12-21", "2026-12-27", "mercantile", false).workingDays, 3);
 * // The Central Bank's mercantile list alone: Christmas only.
 * assert.equal(counter.count("2026-12-21", "2026-12-27", "mercantile", false, "working").workingDays, 4);
 * ```
 */
export function buildWorkingDayCounter(
  data: Pick<HolidayDataset, "years" | "holidays" | "governmentClosures">,
  maxSpanDays: number = MAX_SPAN_DAYS,
): WorkingDayCounter {
  const years = data.years;
  const first = `${years[0]}-01-01`;
  const last = `${years[years.length - 1]}-12-31`;
  const start = dayNumber(first);
  const size = dayNumber(last) - start + 1;

  // Holidays by day index and calendar (government shares the public list); the last list is the
  // mercantile calendar with Poya days as holidays (the Shop and Office Employees Act, s.7A).
  const byDay: WorkingDayHoliday[][][] = [...WORK_CALENDARS, "mercantile"].map(() =>
    Array.from({ length: size }, () => [])
  );
  const poyaList = WORK_CALENDARS.length;
  for (const h of data.holidays) {
    const i = dayNumber(h.date) - start;
    if (i < 0 || i >= size) continue;
    const entry = Object.freeze({ date: h.date, name: h.name, type: h.type });
    WORK_CALENDARS.forEach((calendar, c) => {
      if (h[calendar === "government" ? "public" : calendar]) byDay[c]![i]!.push(entry);
    });
    if (h.mercantile || h.type === "poya") byDay[poyaList]![i]!.push(entry);
  }
  const government = byDay[WORK_CALENDARS.indexOf("government")]!;
  for (const closure of data.governmentClosures) {
    const from = Math.max(dayNumber(closure.from) - start, 0);
    const to = Math.min(closure.to === null ? size - 1 : dayNumber(closure.to) - start, size - 1);
    for (let i = from; i <= to; i++) {
      if (weekdayOf(start + i) !== closure.weekday || government[i]!.length) continue;
      government[i]!.push(
        Object.freeze({ date: isoFromDayNumber(start + i), name: closure.name, type: "closure" }),
      );
    }
  }

  const tables: Table[] = [];
  for (let c = 0; c < byDay.length; c++) {
    for (const saturday of [false, true]) {
      const working = new Int32Array(size + 1);
      const weekend = new Int32Array(size + 1);
      const holiday = new Int32Array(size + 1);
      const entries: WorkingDayHoliday[] = [];
      const entryDays: number[] = [];
      for (let i = 0; i < size; i++) {
        const weekday = weekdayOf(start + i);
        const isWeekend = weekday === 0 || (weekday === 6 && !saturday);
        const onDay = byDay[c]![i]!;
        const isHoliday = !isWeekend && onDay.length > 0;
        working[i + 1] = working[i]! + (isWeekend || isHoliday ? 0 : 1);
        weekend[i + 1] = weekend[i]! + (isWeekend ? 1 : 0);
        holiday[i + 1] = holiday[i]! + (isHoliday ? 1 : 0);
        if (isHoliday) {
          for (const entry of onDay) {
            entries.push(entry);
            entryDays.push(i);
          }
        }
      }
      tables.push({ working, weekend, holiday, entries, entryDays: Int32Array.from(entryDays) });
    }
  }

  const outside = (param: string, value: string): ErrorDetail => ({
    param,
    message:
      `Parameter "${param}" must be a date from ${first} to ${last} (the years with holiday data): got "${value}"`,
  });

  // The table of a calendar, a Saturday rule and a Poya reading (which only the mercantile
  // calendar has two of).
  const tableOf = (calendar: WorkCalendar, saturday: boolean, poya: PoyaReading): Table => {
    const c = calendar === "mercantile" && poya === "holiday"
      ? poyaList
      : WORK_CALENDARS.indexOf(calendar);
    return tables[c * 2 + (saturday ? 1 : 0)]!;
  };
  const reading = (calendar: WorkCalendar, poya: PoyaReading): PoyaReading =>
    calendar === "mercantile" ? poya : "holiday";

  const firstYear = years[0]!;
  const lastYear = years[years.length - 1]!;
  const beyond = (days: number): ApiError => {
    const year = days > 0 ? lastYear + 1 : firstYear - 1;
    const edge = days > 0 ? last : first;
    const message = `The answer falls ${days > 0 ? "after" : "before"} ${edge}, the ${
      days > 0 ? "last" : "first"
    } day with holiday data: ${unknownYearMessage(year)}`;
    return new ApiError(404, "not_found", message, {
      details: [{ param: "days", message }],
      extra: { known: false },
    });
  };

  return {
    first,
    last,
    add(from, days, calendar, saturday, poya = "holiday") {
      const i = dayNumber(from) - start;
      if (!(i >= 0 && i < size)) throw unknownYearError("from", Number(from.slice(0, 4)));
      const t = tableOf(calendar, saturday, poya);
      let j = i;
      if (days > 0) {
        // The first day j > i with days working days in i+1..j: working[j + 1] = working[i + 1] + days.
        const k = lowerBound(t.working, t.working[i + 1]! + days);
        if (k > size) throw beyond(days);
        j = k - 1;
      } else if (days < 0) {
        // The last day j < i with -days working days in j..i-1: working[j] = working[i] + days.
        const target = t.working[i]! + days;
        if (target < 0) throw beyond(days);
        j = lowerBound(t.working, target + 1) - 1;
      }
      const lo = Math.min(i, j) + (days > 0 ? 1 : 0);
      const hi = Math.max(i, j) - (days < 0 ? 1 : 0);
      const span = days === 0 ? { weekend: 0, holiday: 0, entries: [] } : {
        weekend: t.weekend[hi + 1]! - t.weekend[lo]!,
        holiday: t.holiday[hi + 1]! - t.holiday[lo]!,
        entries: t.entries.slice(lowerBound(t.entryDays, lo), lowerBound(t.entryDays, hi + 1)),
      };
      return {
        from,
        days,
        calendar,
        saturday,
        poya: reading(calendar, poya),
        date: isoFromDayNumber(start + j),
        calendarDays: j - i,
        weekendDays: span.weekend,
        holidayDays: span.holiday,
        holidays: span.entries,
      };
    },
    count(from, to, calendar, saturday, poya = "holiday") {
      const i = dayNumber(from) - start;
      const j = dayNumber(to) - start;
      const details: ErrorDetail[] = [];
      if (!(i >= 0 && i < size)) details.push(outside("from", from));
      if (!(j >= 0 && j < size)) details.push(outside("to", to));
      if (details.length) throw ApiError.invalidParams(details);
      if (i > j) {
        throw ApiError.invalidParam(
          "to",
          `Parameter "to" must not be before "from": got from "${from}" and to "${to}"`,
        );
      }
      if (j - i + 1 > maxSpanDays) {
        throw ApiError.invalidParam(
          "to",
          `The range is ${
            j - i + 1
          } days long: at most ${maxSpanDays} days are counted in one call`,
        );
      }
      const t = tableOf(calendar, saturday, poya);
      const lo = lowerBound(t.entryDays, i);
      const hi = lowerBound(t.entryDays, j + 1);
      return {
        from,
        to,
        calendar,
        saturday,
        poya: reading(calendar, poya),
        workingDays: t.working[j + 1]! - t.working[i]!,
        totalDays: j - i + 1,
        weekendDays: t.weekend[j + 1]! - t.weekend[i]!,
        holidayDays: t.holiday[j + 1]! - t.holiday[i]!,
        holidays: t.entries.slice(lo, hi),
      };
    },
  };
}

/** The counter over `data/holidays.json`, built once at module load. */
export const WORKING_DAYS: WorkingDayCounter = buildWorkingDayCounter(HOLIDAY_DATA);

/** Options of {@linkcode addWorkingDays}. */
export interface AddWorkingDaysOptions {
  /** Start date, `YYYY-MM-DD` (not itself counted). */
  from: string;
  /** Working days to add; negative counts back. */
  days: number;
  /** Whose holidays are skipped (default `mercantile`). */
  calendar?: WorkCalendar | undefined;
  /** Whether Saturdays are working days (default false). */
  saturday?: boolean | undefined;
  /** How Poya days count in the mercantile calendar (default `holiday`). */
  poya?: PoyaReading | undefined;
}

/**
 * The date that is `days` working days after `from` (before it when `days` is negative), over
 * the bundled holiday data: `from` is not counted and the answer is a working day.
 *
 * @param options The start, the number of working days, and optionally the calendar and the
 *   Saturday rule.
 * @returns The date, with the holidays skipped.
 * @throws {ApiError} 404 when `from` or the answer falls in a year whose holidays are not held.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { addWorkingDays } from "./working_days.ts";
 * // Thursday 24 December 2026 + 1 working day: Friday 25th is Christmas (Gazette 2438/22),
 * // then the weekend, so Monday 28 December.
 * assert.equal(addWorkingDays({ from: "2026-12-24", days: 1 }).date, "2026-12-28");
 * ```
 */
export function addWorkingDays(options: AddWorkingDaysOptions): AddWorkingDaysResult {
  const { from, days, calendar = "mercantile", saturday = false, poya = "holiday" } = options;
  return WORKING_DAYS.add(from, days, calendar, saturday, poya);
}

/** Options of {@linkcode countWorkingDays}. */
export interface CountWorkingDaysOptions {
  /** First day counted, `YYYY-MM-DD`. */
  from: string;
  /** Last day counted (inclusive), `YYYY-MM-DD`. */
  to: string;
  /** Whose holidays are excluded (default `mercantile`). */
  calendar?: WorkCalendar | undefined;
  /** Whether Saturdays are working days (default false). */
  saturday?: boolean | undefined;
  /** How Poya days count in the mercantile calendar (default `holiday`). */
  poya?: PoyaReading | undefined;
}

/**
 * Counts working days from `from` to `to` inclusive over the bundled holiday data.
 *
 * @param options The range, and optionally the calendar and the Saturday rule.
 * @returns The counts and the holidays that fell on working days.
 * @throws {ApiError} 400 for dates outside the data or `from` after `to`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { countWorkingDays } from "./working_days.ts";
 * // January 2026 has 22 weekdays; its one mercantile holiday is Thai Pongal (Thursday 15th).
 * const january = countWorkingDays({ from: "2026-01-01", to: "2026-01-31" });
 * assert.equal(january.workingDays, 21);
 * ```
 */
export function countWorkingDays(options: CountWorkingDaysOptions): WorkingDaysResult {
  const { from, to, calendar = "mercantile", saturday = false, poya = "holiday" } = options;
  return WORKING_DAYS.count(from, to, calendar, saturday, poya);
}
