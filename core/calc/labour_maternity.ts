/**
 * Maternity leave for a confinement: the Shop and Office Employees Act as amended by Act No. 14
 * of 2018 (section 18B(2), nursing intervals section 18I) or the Maternity Benefits Ordinance as
 * amended by Act No. 15 of 2018 (section 3(1)).
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import type { LabourBasis } from "./labour_common.ts";
import { addDays, daysBetween } from "../_days.ts";
import { ApiError, isApiError } from "../errors.ts";
import { WORKING_DAYS, type WorkingDayHoliday } from "./working_days.ts";

/** The two laws a confinement's leave can come under. */
export type MaternityScheme = "shop-office" | "ordinance";

/**
 * How the days are counted: `working` days (weekends, Poya days and the Act's public holidays
 * left out: the reading of the Employers' Federation of Ceylon, Salary.lk and Chambers Colombo,
 * the default for shop and office) or `calendar` days (the Ordinance's weeks; the other reading
 * of the Act's "seventy days").
 */
export type MaternityCount = "working" | "calendar";

/** Options of {@linkcode computeMaternity}. */
export interface MaternityOptions {
  /** The day of confinement, `YYYY-MM-DD`. */
  confinement: string;
  /** Whether the confinement results in a live birth (default true). */
  live?: boolean;
  /** `shop-office` (default) or `ordinance`. */
  scheme?: MaternityScheme;
  /**
   * `working` or `calendar` (default: `working` for shop and office, `calendar` for the
   * Ordinance, which counts weeks and can only be counted so).
   */
  count?: MaternityCount | undefined;
  /** Working days: whether Saturday is a working day (default false). */
  saturday?: boolean | undefined;
}

/** A stretch of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
  /** Days of leave in it, counted as the answer's `count` says. */
  days: number;
}

/** The leave counted the other way ({@linkcode MaternityResult.otherReading}). */
export interface OtherReading {
  count: MaternityCount;
  from: string;
  to: string;
  days: number;
}

/** The nursing intervals of section 18I. */
export interface NursingIntervals {
  /** Intervals a day. */
  intervals: number;
  /** In any period of this many hours. */
  inHours: number;
  /** Minimum minutes of each interval where a creche or other suitable place is provided. */
  minutesWithCreche: number;
  /** Minimum minutes of each where none is provided. */
  minutesWithoutCreche: number;
  /** The last day the child is under one year of age. */
  until: string;
}

/** Result of `GET /api/v1/labour/maternity`. */
export interface MaternityResult extends LabourBasis {
  scheme: MaternityScheme;
  live: boolean;
  confinement: string;
  /** How the days are counted. */
  count: MaternityCount;
  /** Whether Saturdays counted as working days (working days only). */
  saturday: boolean;
  /** Days of leave (of maternity benefit under the Ordinance), counted as `count` says. */
  days: number;
  /** Calendar days from `from` to `to`, both included. */
  calendarDays: number;
  /** First day. */
  from: string;
  /** Last day. */
  to: string;
  before: DayRange;
  after: DayRange;
  /** The holidays on weekdays the working days left out (empty for calendar days). */
  holidays: WorkingDayHoliday[];
  /**
   * Shop and office: the leave counted the other way, so that a reader holding the other reading
   * of the Act has its dates too; null for the Ordinance, whose weeks settle it.
   */
  otherReading: OtherReading | null;
  /** Section 18I's intervals (shop and office, live birth); null otherwise. */
  nursing: NursingIntervals | null;
}

/**
 * The leave for a confinement, with its dates (both ends included).
 *
 * Shop and office: 14 days before the day of confinement and 70 days from it (28 when the birth
 * is not live), in working days by default: Saturdays (unless worked) and Sundays, Poya days and
 * the Act's public holidays (the mercantile holidays) are left out, so the calendar and the
 * gazetted holidays decide the dates (docs/labour.md). Ordinance: two weeks up to and including
 * the day of confinement and ten weeks after it (four when not live), calendar days.
 *
 * @param options The day of confinement, whether the birth is live, the scheme, the count.
 * @returns Days, dates, nursing intervals and the law applied.
 * @throws {ApiError} 400 for working days under the Ordinance; 404 when working days would reach
 *   a year whose holidays are not held.
 *
 * @example A live birth under the Shop and Office Employees Act (84 working days, s.18B)
 * ```ts
 * import { computeMaternity } from "./labour_maternity.ts";
 * const leave = computeMaternity({ confinement: "2026-06-01" });
 * console.log(leave.days, leave.from, leave.to); // 84 "2026-05-12" "2026-09-10"
 * ```
 */
export function computeMaternity(options: MaternityOptions): MaternityResult {
  const scheme = options.scheme ?? "shop-office";
  const live = options.live ?? true;
  const { confinement } = options;
  const count = options.count ?? (scheme === "shop-office" ? "working" : "calendar");
  const saturday = count === "working" && options.saturday === true;
  if (scheme === "ordinance" && count === "working") {
    throw ApiError.invalidParam(
      "count",
      'Parameter "count" can be "working" only with scheme=shop-office: the Maternity Benefits Ordinance counts weeks, days off included (section 3(1))',
    );
  }
  const M = labour.maternity;
  const rule = M[scheme][live ? "live" : "notLive"];
  const calendar = calendarDays(scheme, confinement, rule);
  let before = calendar.before;
  let after = calendar.after;
  let holidays: WorkingDayHoliday[] = [];
  if (count === "working") {
    ({ before, after, holidays } = workingDays(confinement, rule, saturday));
  }
  const notes: string[] = [];
  const unknown: string[] = [];
  const employerChoice: string[] = [];
  if (scheme === "shop-office") {
    notes.push(
      live
        ? "Section 18B(2): seventy days from the day of confinement when the child is born alive, with fourteen days before it: 84 days"
        : "Section 18B(2): twenty-eight days from the day of confinement when the child is not born alive, with fourteen days before it: 42 days",
      "The rule before 2018 that gave fewer days from the third child on (section 18B(4)) was repealed by Act No. 14 of 2018: the number of earlier children no longer matters",
      "Maternity leave under the Shop and Office Employees Act is paid in full (as stated by Salary.lk)",
    );
    notes.push(
      count === "working"
        ? saturday
          ? "The days are working days, as the Employers' Federation of Ceylon (2018), Salary.lk and Chambers Colombo read the Act: Sundays, Poya days and the Act's public holidays are left out, and Saturdays count as worked"
          : "The days are working days, as the Employers' Federation of Ceylon (2018), Salary.lk and Chambers Colombo read the Act: Saturdays, Sundays, Poya days and the Act's public holidays are left out"
        : "The days are calendar days, weekends and holidays included, as asked (count=calendar)",
    );
    unknown.push(
      "The text of section 18B(1) (the fourteen days before confinement) was not read: those days are as reported by secondary sources",
      "The Act's text held says seventy days without saying working days; the working-day reading is the Employers' Federation of Ceylon's, Salary.lk's and Chambers Colombo's",
    );
    if (live) {
      notes.push(
        "Section 18I: while nursing a child under one year, two nursing intervals in any nine hours, at times she chooses, of at least 30 minutes where a creche is provided and at least one hour where none is; they count as time worked",
      );
    }
  } else {
    notes.push(
      live
        ? "Section 3(1)(a): twelve weeks, two up to and including the day of confinement and ten after it, when the child is born alive"
        : "Section 3(1)(b): six weeks, two up to and including the day of confinement and four after it, when the child is not born alive",
      "The rule before 2018 that gave fewer weeks from the third child on was removed by Act No. 15 of 2018: the number of earlier children no longer matters",
      "Days worked in the two weeks before confinement are paid as benefit for as many days after the weeks after confinement end (section 3(1), proviso)",
    );
    unknown.push(
      "The rate of maternity benefit is the rate prescribed by regulations (section 5(1)), which were not read",
      "Whether the Ordinance gives nursing intervals of its own was not found",
    );
  }
  const nursing = scheme === "shop-office" && live
    ? {
      intervals: M.nursing.intervals,
      inHours: M.nursing.inHours,
      minutesWithCreche: M.nursing.minutesWithCreche,
      minutesWithoutCreche: M.nursing.minutesWithoutCreche,
      until: addDays(firstBirthday(confinement), -1),
    }
    : null;
  if (nursing) {
    employerChoice.push(
      "Whether to provide a creche or other suitable place for nursing: with one, each interval may be 30 minutes; without, at least one hour",
    );
  }
  const otherReading = scheme === "shop-office"
    ? count === "working"
      ? {
        count: "calendar" as const,
        from: calendar.before.from,
        to: calendar.after.to,
        days: calendar.before.days + calendar.after.days,
      }
      : otherWorking(confinement, rule)
    : null;
  if (scheme === "shop-office") {
    unknown.push(
      otherReading === null
        ? "Counted as working days, the other reading, the leave cannot be dated: it reaches a year whose holidays are not held (count=working)"
        : otherReading.count === "calendar"
        ? `Counted as calendar days, the other reading, the leave would run from ${otherReading.from} to ${otherReading.to} (count=calendar)`
        : `Counted as working days, the other reading, the leave would run from ${otherReading.from} to ${otherReading.to} (count=working)`,
    );
  }
  return {
    scheme,
    live,
    confinement,
    count,
    saturday,
    days: before.days + after.days,
    calendarDays: daysBetween(before.from, after.to) + 1,
    from: before.from,
    to: after.to,
    before,
    after,
    holidays,
    otherReading,
    nursing,
    act: scheme === "shop-office" ? labour.acts.shopOffice2018 : labour.acts.maternityOrdinance,
    section: M[scheme].section,
    notes,
    employerChoice,
    unknown,
    source: M[scheme].source,
  };
}

interface Rule {
  before: number;
  after: number;
}

/** The days before and after counted as calendar days. */
function calendarDays(
  scheme: MaternityScheme,
  confinement: string,
  rule: Rule,
): { before: DayRange; after: DayRange } {
  // Shop and office: the days after run from the day of confinement; Ordinance: the two weeks
  // before include it and the weeks after start the next day.
  const beforeTo = scheme === "shop-office" ? addDays(confinement, -1) : confinement;
  const before = { from: addDays(beforeTo, -(rule.before - 1)), to: beforeTo, days: rule.before };
  const afterFrom = addDays(beforeTo, 1);
  const after = { from: afterFrom, to: addDays(afterFrom, rule.after - 1), days: rule.after };
  return { before, after };
}

/**
 * The days before and after counted as working days of a shop or office employee: the fourteen
 * working days immediately before the day of confinement, and the seventy (twenty-eight)
 * working days commencing on it, over the mercantile calendar with Poya days as holidays (the
 * Act's s.7 and s.7A holidays). The ranges run from the first day to the day before confinement
 * and from the day of confinement to the last working day of the leave.
 */
function workingDays(
  confinement: string,
  rule: Rule,
  saturday: boolean,
): { before: DayRange; after: DayRange; holidays: WorkingDayHoliday[] } {
  const reach = (from: string, days: number, late: boolean): string => {
    try {
      return WORKING_DAYS.add(from, days, "mercantile", saturday).date;
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      throw beyondHeldYears(late);
    }
  };
  const start = reach(confinement, -rule.before, false);
  const end = reach(addDays(confinement, -1), rule.after, true);
  return {
    before: { from: start, to: addDays(confinement, -1), days: rule.before },
    after: { from: confinement, to: end, days: rule.after },
    holidays: WORKING_DAYS.count(start, end, "mercantile", saturday).holidays,
  };
}

/** Working days counted, for an answer in calendar days: the other reading, when it is held. */
function otherWorking(confinement: string, rule: Rule): OtherReading | null {
  try {
    const { before, after } = workingDays(confinement, rule, false);
    return { count: "working", from: before.from, to: after.to, days: rule.before + rule.after };
  } catch {
    return null;
  }
}

/** The 404 for working days that would reach a year whose holidays are not held. */
function beyondHeldYears(late: boolean): ApiError {
  const [first, last] = [WORKING_DAYS.first.slice(0, 4), WORKING_DAYS.last.slice(0, 4)];
  const message = late
    ? `The leave counted in working days runs past the last year whose holidays are held: holidays are unknown until gazetted (the Public and Bank Holidays gazette for a year is usually published between May and July of the year before; the years held are ${first} to ${last}); count=calendar gives the leave in calendar days`
    : `The leave counted in working days starts before the first year whose holidays are held (the years held are ${first} to ${last}); count=calendar gives the leave in calendar days`;
  return new ApiError(404, "not_found", message, {
    details: [{ param: "confinement", message }],
    extra: { known: false },
  });
}

function firstBirthday(date: string): string {
  const year = Number(date.slice(0, 4)) + 1;
  // A child born on 29 February is a year old on 1 March of a common year.
  const candidate = `${year}${date.slice(4)}`;
  return candidate.endsWith("-02-29") && !isLeap(year) ? `${year}-03-01` : candidate;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
