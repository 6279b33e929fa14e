/**
 * Gratuity under the Payment of Gratuity Act No. 12 of 1983: completed years of service,
 * eligibility (section 5(1)) and amount (section 6(2)(a), half a month's wage or salary per
 * completed year at the rate last drawn).
 *
 * @module
 */
import payroll from "../../data/payroll.json" with { type: "json" };
import { roundMoney } from "../money.ts";
import { NotAvailableError, PayrollInputError } from "./payroll_errors.ts";

/** Options of {@linkcode gratuity}. */
export interface GratuityOptions {
  /** The monthly wage or salary last drawn, LKR (which pay counts is the caller's call). */
  salary: number;
  /** First day of service, `YYYY-MM-DD`. */
  start: string;
  /** Day of termination, `YYYY-MM-DD` (on or after `start`). */
  end: string;
  /** `monthly` (default). `daily` is not available: no source for its rule is held. */
  basis?: "monthly" | "daily";
  /**
   * Whether the employer had 15 or more workmen on any day in the twelve months before the
   * termination (default true). Section 5(1) applies only then.
   */
  workmen15?: boolean;
}

/** Result of `GET /api/v1/payroll/gratuity`. */
export interface GratuityResult {
  salary: number;
  start: string;
  end: string;
  /** Whole years of service completed by `end`. */
  completedYears: number;
  /** Months of service beyond the completed years (not paid for). */
  extraMonths: number;
  eligible: boolean;
  /** Why eligible or not, citing section 5(1). */
  reason: string;
  /** Half a month's salary per completed year; 0 when not eligible. */
  amount: number;
  /** The last day the gratuity is payable (30 days after termination), when eligible. */
  payableBy: string | null;
  basis: "monthly";
  currency: "LKR";
  act: string;
  /** Which salary counts is disputed between sources: this says so. */
  note: string;
}

function ymd(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/**
 * Whole months from `start` to `end`: a month is complete on the same day of a later month
 * (or that month's last day when it is shorter).
 */
function completedMonths(start: string, end: string): number {
  const [y1, m1, d1] = ymd(start);
  const [y2, m2, d2] = ymd(end);
  let months = (y2 - y1) * 12 + (m2 - m1);
  const lastDay = new Date(Date.UTC(y2, m2, 0)).getUTCDate();
  if (d2 < Math.min(d1, lastDay)) months -= 1;
  return Math.max(months, 0);
}

function addDays(date: string, days: number): string {
  const [y, m, d] = ymd(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The statutory gratuity on termination, to the cent.
 *
 * A year of service is completed on the anniversary of `start` (a service from 2016-01-01
 * completes its tenth year on 2026-01-01). Partial years count for nothing.
 *
 * @param options Salary, service dates and basis.
 * @returns Completed years, eligibility with its reason, and the amount.
 * @throws {PayrollInputError} When `end` is before `start`.
 * @throws {NotAvailableError} For `basis: "daily"`.
 *
 * @example Worked example (joinhorizons): 10 years at a last monthly salary of 50,000
 * ```ts
 * import { computeGratuity } from "./payroll_gratuity.ts";
 * console.log(computeGratuity({ salary: 50_000, start: "2016-01-01", end: "2026-01-01" }).amount); // 250000
 * ```
 */
export function computeGratuity(options: GratuityOptions): GratuityResult {
  const G = payroll.gratuity;
  const { salary, start, end } = options;
  if (options.basis === "daily") {
    throw new NotAvailableError(
      "Gratuity on basis=daily",
      "basis",
      "the Act's rate for workmen not paid monthly was not read in any source",
    );
  }
  if (end < start) {
    throw new PayrollInputError(
      "end",
      `Cannot compute gratuity: end "${end}" is before start "${start}"`,
    );
  }
  const months = completedMonths(start, end);
  const completedYears = Math.floor(months / 12);
  const workmen15 = options.workmen15 ?? true;
  const enoughYears = completedYears >= G.minCompletedYears;
  const eligible = enoughYears && workmen15;
  const reason = !workmen15
    ? `Not eligible: section 5(1) applies only where the employer had ${G.minWorkmen} or more workmen on any day in the twelve months before the termination`
    : enoughYears
    ? `Eligible: ${completedYears} completed years, at least the ${G.minCompletedYears} section 5(1) requires`
    : `Not eligible: ${completedYears} completed years, fewer than the ${G.minCompletedYears} section 5(1) requires`;
  return {
    salary: roundMoney(salary),
    start,
    end,
    completedYears,
    extraMonths: months - completedYears * 12,
    eligible,
    reason,
    amount: eligible ? roundMoney(salary * G.monthsPerCompletedYear * completedYears) : 0,
    payableBy: eligible ? addDays(end, G.payableWithinDays) : null,
    basis: "monthly",
    currency: "LKR",
    act: G.act,
    note:
      "Half the monthly wage or salary for each completed year, at the rate last drawn (section 6(2)(a)). Sources differ on which pay counts (basic only, or basic plus cost of living allowance): the amount is for the salary given.",
  };
}
