/**
 * Annual and casual leave due in a calendar year under section 6 of the Shop and Office Employees
 * Act, as stated by the law firm F.J. & G. de Saram, Salary.lk and Dawood (the Act's text of
 * section 6 is not held).
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import type { LabourBasis } from "./labour_common.ts";
import { ymd } from "../_days.ts";
import { PayrollInputError } from "./payroll_errors.ts";

/**
 * How casual leave is counted in the calendar year of joining: `per-two-months` (one day for
 * every completed two months of service; Dawood, and a company policy following the Act) or
 * `half-per-month` (half a day for each whole month after the month of joining; a rule a public
 * calculator labels a company rule).
 */
export type FirstYearCasual = "per-two-months" | "half-per-month";

/** Options of {@linkcode computeLeave}. */
export interface LeaveOptions {
  /** The first day of service, `YYYY-MM-DD`. */
  joined: string;
  /** The calendar year asked about (the year of joining or later). */
  year: number;
  /** The rule for casual leave in the year of joining (default `per-two-months`). */
  firstYearCasual?: FirstYearCasual;
}

/** Result of `GET /api/v1/labour/leave`. */
export interface LeaveResult extends LabourBasis {
  joined: string;
  year: number;
  /** Which calendar year of service `year` is: 1 for the year of joining. */
  serviceYear: number;
  /** Days of annual leave due in `year`. */
  annual: number;
  /** Days of casual leave due in `year`. */
  casual: number;
  firstYearCasual: FirstYearCasual;
}

/**
 * Annual and casual leave due in a calendar year.
 *
 * Annual leave: none in the year of joining; in the next calendar year 14, 10, 7 or 4 days by the
 * quarter of joining; 14 days a year after that. Casual leave: 7 days a year, and in the year of
 * joining by the rule chosen.
 *
 * @param options The day of joining, the year, the first-year casual leave rule.
 * @returns The days of annual and casual leave, with the law applied.
 * @throws {PayrollInputError} When `year` is before the year of joining.
 *
 * @example Joined on 15 May 2025: 10 days of annual leave in 2026 (de Saram's table)
 * ```ts
 * import { computeLeave } from "./labour_leave.ts";
 * console.log(computeLeave({ joined: "2025-05-15", year: 2026 }).annual); // 10
 * ```
 */
export function computeLeave(options: LeaveOptions): LeaveResult {
  const L = labour.leave;
  const { joined, year } = options;
  const rule = options.firstYearCasual ?? "per-two-months";
  const [jy, jm, jd] = ymd(joined);
  if (year < jy) {
    throw new PayrollInputError(
      "year",
      `Cannot count leave: year ${year} is before the year of joining (${jy})`,
    );
  }
  const serviceYear = year - jy + 1;
  const quarter = Math.floor((jm - 1) / 3);
  const notes: string[] = [];
  const employerChoice: string[] = [];
  let annual: number;
  let casual: number;
  if (serviceYear === 1) {
    annual = 0;
    notes.push(
      "Annual leave: none in the calendar year of joining; the leave earned in it is taken in the next year, by the quarter of joining (14, 10, 7 or 4 days)",
    );
    // Whole months served by 31 December: the month of joining counts when joined on its 1st.
    const wholeMonths = 12 - jm + (jd === 1 ? 1 : 0);
    if (rule === "per-two-months") {
      casual = Math.min(Math.floor(wholeMonths / 2), L.casualFull);
      notes.push(
        "Casual leave in the year of joining: one day for every completed two months of service (Dawood)",
      );
    } else {
      casual = Math.min((12 - jm) * 0.5, L.casualFull);
      notes.push(
        "Casual leave in the year of joining: half a day for each whole month after the month of joining (a company rule in use, not the Act's)",
      );
    }
    employerChoice.push(
      "How casual leave is counted in the year of joining: sources differ, so the rule is a parameter (firstYearCasual)",
    );
  } else if (serviceYear === 2) {
    annual = L.annualFirstYearByQuarter[quarter]!;
    casual = L.casualFull;
    notes.push(
      `Annual leave in the second calendar year: ${annual} days, for joining in quarter ${
        quarter + 1
      } of the year before (14 from January, 10 from April, 7 from July, 4 from October)`,
      "Casual leave: 7 days a calendar year",
    );
  } else {
    annual = L.annualFull;
    casual = L.casualFull;
    notes.push(
      "Annual leave: 14 days for each completed year of service",
      "Casual leave: 7 days a calendar year",
    );
  }
  employerChoice.push(
    "When the annual leave is taken: it may be split, but one part must be at least 7 days (Salary.lk)",
    "Sick leave: the Act gives none; it is the employer's choice (Chambers Colombo)",
  );
  const unknown = [
    "The text of section 6 was not read: the rule is as stated by a law firm (de Saram), Salary.lk and Dawood",
    "Wages Boards trades have their own leave (up to 21 days in some trades), not counted here",
  ];
  return {
    joined,
    year,
    serviceYear,
    annual,
    casual,
    firstYearCasual: rule,
    act: labour.acts.shopOffice,
    section: L.section,
    notes,
    employerChoice,
    unknown,
    source: L.source,
  };
}
