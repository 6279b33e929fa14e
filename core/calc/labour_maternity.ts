/**
 * Maternity leave for a confinement: the Shop and Office Employees Act as amended by Act No. 14
 * of 2018 (section 18B(2), nursing intervals section 18I) or the Maternity Benefits Ordinance as
 * amended by Act No. 15 of 2018 (section 3(1)).
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import type { LabourBasis } from "./labour_common.ts";
import { addDays } from "../_days.ts";

/** The two laws a confinement's leave can come under. */
export type MaternityScheme = "shop-office" | "ordinance";

/** Options of {@linkcode computeMaternity}. */
export interface MaternityOptions {
  /** The day of confinement, `YYYY-MM-DD`. */
  confinement: string;
  /** Whether the confinement results in a live birth (default true). */
  live?: boolean;
  /** `shop-office` (default) or `ordinance`. */
  scheme?: MaternityScheme;
}

/** A stretch of days, both ends included. */
export interface DayRange {
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
  /** Days of leave (of maternity benefit under the Ordinance). */
  days: number;
  /** First day. */
  from: string;
  /** Last day. */
  to: string;
  before: DayRange;
  after: DayRange;
  /** Section 18I's intervals (shop and office, live birth); null otherwise. */
  nursing: NursingIntervals | null;
}

/**
 * The leave for a confinement, with its dates (calendar days, both ends included).
 *
 * Shop and office: 14 days before the day of confinement and 70 days from it (28 when the birth
 * is not live). Ordinance: two weeks up to and including the day of confinement and ten weeks
 * after it (four when not live).
 *
 * @param options The day of confinement, whether the birth is live, the scheme.
 * @returns Days, dates, nursing intervals and the law applied.
 *
 * @example A live birth under the Shop and Office Employees Act (84 days, s.18B)
 * ```ts
 * import { computeMaternity } from "./labour_maternity.ts";
 * const leave = computeMaternity({ confinement: "2026-03-15" });
 * console.log(leave.days, leave.from, leave.to); // 84 "2026-03-01" "2026-05-23"
 * ```
 */
export function computeMaternity(options: MaternityOptions): MaternityResult {
  const scheme = options.scheme ?? "shop-office";
  const live = options.live ?? true;
  const { confinement } = options;
  const M = labour.maternity;
  const rule = M[scheme][live ? "live" : "notLive"];
  // Shop and office: the days after run from the day of confinement; Ordinance: the two weeks
  // before include it and the weeks after start the next day.
  const beforeTo = scheme === "shop-office" ? addDays(confinement, -1) : confinement;
  const before = { from: addDays(beforeTo, -(rule.before - 1)), to: beforeTo, days: rule.before };
  const afterFrom = addDays(beforeTo, 1);
  const after = { from: afterFrom, to: addDays(afterFrom, rule.after - 1), days: rule.after };
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
    unknown.push(
      "The text of section 18B(1) (the fourteen days before confinement) was not read: those days are as reported by secondary sources",
      "Whether the days are working days (holidays left out) or calendar days is not in the text held: the dates count calendar days",
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
  return {
    scheme,
    live,
    confinement,
    days: before.days + after.days,
    from: before.from,
    to: after.to,
    before,
    after,
    nursing,
    act: scheme === "shop-office" ? labour.acts.shopOffice2018 : labour.acts.maternityOrdinance,
    section: M[scheme].section,
    notes,
    employerChoice,
    unknown,
    source: M[scheme].source,
  };
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
