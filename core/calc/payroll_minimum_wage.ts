/**
 * The national minimum wage of workers in force on a date, and the below-minimum check of a
 * payslip, comparing like with like on each side of 1 April 2025 (when the budgetary relief
 * allowances became part of the minimum wage).
 *
 * @module
 */
import payroll from "../../data/payroll.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney } from "../money.ts";
import { PayrollInputError } from "./payroll_errors.ts";

/** The minimum wage in force on a date (`GET /api/v1/payroll/minimum-wage`). */
export interface MinimumWage {
  date: string;
  /** Minimum monthly wage, LKR. */
  monthly: number;
  /** Minimum daily wage, LKR. */
  daily: number;
  /** The Act that set it. */
  act: string;
  from: string;
  to: string | null;
  /** Whether the budgetary relief allowances are part of the minimum (from 1 April 2025). */
  braIncluded: boolean;
  /** The monthly budgetary relief allowances payable on top, when sourced (before 1 April 2025). */
  braMonthly: number | null;
  /** The daily budgetary relief allowances payable on top, when sourced. */
  braDaily: number | null;
  /** Monthly minimum plus the allowances payable on top (the statutory floor of earnings). */
  totalMonthly: number | null;
  note: string;
  currency: "LKR";
  source: string;
  sourceUrl: string;
  lastVerified: string;
}

interface Rate {
  from: string;
  to: string | null;
  monthly: number;
  daily: number;
  act: string;
  braIncluded: boolean;
  braMonthly: number | null;
  braDaily: number | null;
  fromPrecision?: string;
  source: string;
  sourceUrl: string;
  lastVerified: string;
}

function rates(): Rate[] {
  return payroll.minimumWage.rates as Rate[];
}

function noteOf(rate: Rate): string {
  const bra = rate.braIncluded
    ? "The budgetary relief allowances are part of this minimum (Act No. 11 of 2025)."
    : rate.braMonthly !== null
    ? `The budgetary relief allowances of ${rate.braMonthly} a month are due on top of this minimum.`
    : "The budgetary relief allowances were due on top of this minimum; their amount in this period is not held.";
  return rate.fromPrecision === "month"
    ? `${bra} The source gives the month this rate began; the day is taken as the 1st.`
    : bra;
}

/** Options of {@linkcode minimumWage}. */
export interface MinimumWageOptions {
  /** `YYYY-MM-DD`. */
  date: string;
}

/**
 * The national minimum wage in force on a date.
 *
 * @param options The date.
 * @returns The monthly and daily minima, the Act and how the relief allowances count.
 * @throws {PayrollInputError} Before 1 January 2016 (no national minimum wage before the Act).
 *
 * @example Usage
 * ```ts
 * import { computeMinimumWage } from "./payroll_minimum_wage.ts";
 * console.log(computeMinimumWage({ date: "2026-01-01" }).monthly); // 30000
 * console.log(computeMinimumWage({ date: "2025-12-31" }).daily); // 1080
 * ```
 */
export function computeMinimumWage(options: MinimumWageOptions): MinimumWage {
  const { date } = options;
  const rate = inForce(rates(), date);
  if (!rate) {
    throw new PayrollInputError(
      "date",
      `No national minimum wage is held for ${date}: the National Minimum Wage of Workers Act No. 3 of 2016 set the first from ${
        rates()[0]!.from
      }`,
    );
  }
  return {
    date,
    monthly: rate.monthly,
    daily: rate.daily,
    act: rate.act,
    from: rate.from,
    to: rate.to,
    braIncluded: rate.braIncluded,
    braMonthly: rate.braMonthly,
    braDaily: rate.braDaily,
    totalMonthly: rate.braIncluded
      ? rate.monthly
      : rate.braMonthly === null
      ? null
      : roundMoney(rate.monthly + rate.braMonthly),
    note: noteOf(rate),
    currency: "LKR",
    source: rate.source,
    sourceUrl: rate.sourceUrl,
    lastVerified: rate.lastVerified,
  };
}

/** The below-minimum check of one month's pay. */
export interface MinimumWageCheck {
  /** The minimum monthly wage in force. */
  minimum: number;
  /** What was compared with it: basic pay, plus the relief allowance from 1 April 2025. */
  compared: number;
  /** Whether `compared` is below `minimum`. */
  below: boolean;
  /** Whether the relief allowances are part of the minimum on this date. */
  braIncluded: boolean;
  act: string;
}

/**
 * Compares a month's pay with the minimum wage like with like: before 1 April 2025 basic pay
 * alone (the relief allowances were due on top), from that date basic pay plus the relief
 * allowance paid (they are part of the minimum).
 *
 * @param options Date, basic pay and the budgetary relief allowance paid.
 * @returns The check.
 *
 * @example Usage
 * ```ts
 * import { checkMinimumWage } from "./payroll_minimum_wage.ts";
 * console.log(checkMinimumWage({ date: "2025-03-31", basic: 17_500, bra: 3_500 }).below); // false
 * console.log(checkMinimumWage({ date: "2025-04-01", basic: 21_000, bra: 3_500 }).below); // true
 * ```
 */
export function checkMinimumWage(
  options: { date: string; basic: number; bra?: number },
): MinimumWageCheck {
  const m = computeMinimumWage({ date: options.date });
  const compared = roundMoney(options.basic + (m.braIncluded ? options.bra ?? 0 : 0));
  return {
    minimum: m.monthly,
    compared,
    below: compared < m.monthly,
    braIncluded: m.braIncluded,
    act: m.act,
  };
}
