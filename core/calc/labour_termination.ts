/**
 * Compensation for termination under the Termination of Employment of Workmen (Special
 * Provisions) Act No. 45 of 1971 (TEWA): the Commissioner's formula of 2005 made under section 6D
 * (Act No. 12 of 2003), bands applied cumulatively, and its cap by the date of termination.
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import { roundMoney } from "../money.ts";
import type { LabourBasis } from "./labour_common.ts";
import { NotAvailableError } from "./payroll_errors.ts";

/** Options of {@linkcode computeTermination}. */
export interface TerminationOptions {
  /** Monthly salary, LKR (which salary counts is not settled: the caller's choice). */
  salary: number;
  /** Completed years of service. */
  years: number;
  /** Day of termination, `YYYY-MM-DD` (from 2005-03-15, the formula's date). */
  date: string;
}

/** Result of `GET /api/v1/labour/termination`. */
export interface TerminationResult extends LabourBasis {
  salary: number;
  years: number;
  date: string;
  /** Months of salary by the formula (at most 48). */
  months: number;
  /** Months times salary, before the cap. */
  uncapped: number;
  /** The cap in force on `date`. */
  cap: number;
  /** The first day that cap applies from. */
  capFrom: string;
  /** Whether the cap lowered the amount. */
  capped: boolean;
  /** The compensation, to the cent. */
  amount: number;
  currency: "LKR";
}

/**
 * Months of salary the 2005 formula gives for completed years: 2.5 for each of years 1-5, 2 for
 * 6-14, 1.5 for 15-19, 1 for 20-24 and 0.5 for 25-34, added up (de Saram's "maximum" column:
 * 12.5, 30.5, 38, 43, 48), at most 48.
 *
 * @param years Completed years of service.
 * @returns Months of salary.
 *
 * @example The end of each band, as de Saram prints it
 * ```ts
 * import { formulaMonths } from "./labour_termination.ts";
 * console.log([5, 14, 19, 24, 34].map(formulaMonths)); // [12.5, 30.5, 38, 43, 48]
 * ```
 */
export function formulaMonths(years: number): number {
  let months = 0;
  for (const band of labour.termination.bands) {
    const inBand = Math.max(0, Math.min(years, band.toYear) - (band.fromYear - 1));
    months += inBand * band.months;
  }
  return Math.min(months, labour.termination.maxMonths);
}

/**
 * The compensation the Commissioner's formula gives, capped by the date of termination
 * (Rs 1,250,000; Rs 2,500,000 for terminations from 19 February 2021).
 *
 * @param options Salary, completed years and the date of termination.
 * @returns Months, the amount before and after the cap, and the law applied.
 * @throws {NotAvailableError} For a date before 15 March 2005: the earlier formula is not held.
 *
 * @example Ten years at 100,000 (5 x 2.5 + 5 x 2 = 22.5 months)
 * ```ts
 * import { computeTermination } from "./labour_termination.ts";
 * const c = computeTermination({ salary: 100000, years: 10, date: "2026-01-01" });
 * console.log(c.months, c.amount, c.capped); // 22.5 2250000 false
 * ```
 */
export function computeTermination(options: TerminationOptions): TerminationResult {
  const T = labour.termination;
  const { salary, years, date } = options;
  const caps = T.caps.filter((c) => c.from <= date);
  const cap = caps.at(-1);
  if (!cap) {
    throw new NotAvailableError(
      "The TEWA compensation formula for a termination before 15 March 2005",
      "date",
      "the formula of 2003 it replaced is not held in full",
    );
  }
  const months = formulaMonths(years);
  const uncapped = roundMoney(months * salary);
  const capped = uncapped > cap.amount;
  const notes = [
    "Section 6D (Act No. 12 of 2003): compensation ordered by the Commissioner is computed by the formula the Commissioner publishes in the Gazette",
    "The formula published on 15 March 2005: 2.5 months' salary for each of the first 5 years, 2 for years 6 to 14, 1.5 for years 15 to 19, 1 for years 20 to 24 and 0.5 for years 25 to 34, added up, at most 48 months",
    date >= "2021-02-19"
      ? "Cap: Rs 2,500,000 for terminations from 19 February 2021 (Extraordinary Gazette of 25 February 2021)"
      : "Cap: Rs 1,250,000 for terminations before 19 February 2021",
  ];
  return {
    salary: roundMoney(salary),
    years,
    date,
    months,
    uncapped,
    cap: cap.amount,
    capFrom: cap.from,
    capped,
    amount: capped ? cap.amount : uncapped,
    currency: "LKR",
    act: labour.acts.tewa,
    section: "section 6D; the formula of 2005; the Extraordinary Gazette of 25 February 2021",
    notes,
    employerChoice: [],
    unknown: [
      "Which salary counts (last drawn; basic or gross) is not stated by the sources held",
      "How part years count, and whether service under one year earns anything, are not stated: only completed years are counted",
      "The gazette numbers of the 2005 formula and of the 2021 cap were not confirmed; the formula's date (15 March 2005) is from news reports",
      "Whether gratuity is paid on top is not stated by the sources held",
    ],
    source: T.source,
  };
}
