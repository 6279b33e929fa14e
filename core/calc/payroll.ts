/**
 * A Sri Lankan payslip: gross pay, EPF (8% employee, 12% employer), ETF (3% employer), APIT on
 * the regular pay (Table 01, or Table 07 for a secondary employment) and on a lump sum (Table
 * 02), net pay, the employer's cost and the minimum-wage check; and the gross-up that finds the
 * basic pay giving an agreed net pay.
 *
 * @module
 */
import payroll from "../../data/payroll.json" with { type: "json" };
import { roundMoney } from "../money.ts";
import { apitTableOn, type PayeRounding } from "./paye.ts";
import {
  apitCoverageNotices,
  lumpSumEdges,
  lumpSumPeriod,
  lumpSumTax,
  type LumpSumTaxResult,
  type PayrollNotice,
  secondaryEmploymentTax,
  table01Tax,
  type TableVersion,
} from "./payroll_apit.ts";
import { NotAvailableError, PayrollInputError } from "./payroll_errors.ts";
import { checkMinimumWage, type MinimumWageCheck } from "./payroll_minimum_wage.ts";

export type { PayrollNotice, TableVersion };

/** The largest basic pay the gross-up searches, LKR. */
export const MAX_BASIC = 1e10;

/** Options of {@linkcode payslip}. */
export interface PayslipOptions {
  /** Basic monthly pay, LKR. */
  basic: number;
  /** Pay date `YYYY-MM-DD`: chooses every table and the minimum wage. */
  date: string;
  /** Other taxable monthly allowances, LKR (default 0). */
  allowances?: number;
  /** Whether the allowances count as EPF/ETF earnings (default true: cost of living and similar). */
  allowancesEpf?: boolean;
  /** Budgetary relief allowance paid, LKR (default 0); EPF/ETF earnings. */
  bra?: number;
  /** A lump sum paid with this month's pay (bonus, incentive, arrears), LKR (default 0). */
  bonus?: number;
  /** Whether the lump sum counts as EPF/ETF earnings (default false). */
  bonusEpf?: boolean;
  /** Lump sums paid earlier in the same period of Table 02 (default 0). */
  previousLumpSums?: number;
  /** APIT deducted on those (default 0). */
  previousLumpSumTax?: number;
  /** Gross regular pay of the earlier months of the period (default: this month's x months). */
  regularToDate?: number;
  /** Table 01 tax deducted on it (default: as if the earlier months were equal). */
  taxToDate?: number;
  /** `primary` (default: a primary employment declaration was given) or `secondary`. */
  employment?: "primary" | "secondary";
  /** Monthly primary income from the declaration (required for `secondary`). */
  primaryMonthly?: number;
  /** Whether the employer bears the APIT (Table 06; not available). */
  taxOnTax?: boolean;
  /** Table 01 rounding: `exact` (default) or `table`. */
  rounding?: PayeRounding;
}

/** One APIT line of a payslip. */
export interface ApitLine {
  amount: number;
  table: TableVersion;
}

/** The APIT on a lump sum, with the Table 02 steps. */
export interface LumpSumLine extends ApitLine {
  /** D = A + B + C. */
  egar: number;
  ratePct: number;
  taxOnEgar: number;
  /** Table 01 tax on A and B. */
  monthlyTax: number;
  previousLumpSumTax: number;
}

/** Result of `GET /api/v1/payroll/payslip`. */
export interface PayslipResult {
  date: string;
  employment: "primary" | "secondary";
  earnings: {
    basic: number;
    allowances: number;
    bra: number;
    /** Regular monthly pay: basic + allowances + relief allowance. */
    regular: number;
    bonus: number;
    gross: number;
  };
  /** The earnings EPF and ETF are charged on. */
  epfEarnings: number;
  deductions: {
    epfEmployee: number;
    apitRegular: ApitLine;
    apitLumpSum: LumpSumLine | null;
    total: number;
  };
  /** gross - deductions.total. */
  net: number;
  employer: { epf: number; etf: number; totalCost: number };
  minimumWage: MinimumWageCheck;
  /** Set by the gross-up: the net asked for and whether this payslip gives it exactly. */
  grossUp: { net: number; exact: boolean } | null;
  notices: PayrollNotice[];
  currency: "LKR";
}

function nonNegative(name: string, value: number | undefined): number {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v < 0) {
    throw new PayrollInputError(name, `Cannot compute a payslip: "${name}" must be 0 or more`);
  }
  return v;
}

/**
 * Computes one month's payslip, to the cent.
 *
 * @param options Pay, pay date and the year-to-date figures Table 02 needs.
 * @returns Every line of the payslip; net + deductions.total = gross exactly.
 * @throws {PayrollInputError} For a negative amount or a date before the first table.
 * @throws {NotAvailableError} When the case needs a table no source is held for (05, 06, or 07
 *   after March 2023).
 *
 * @example IRD Table 02 2025/26 worked example: 170,000 a month and a 600,000 incentive in April
 * ```ts
 * import { computePayslip } from "./payroll.ts";
 * const slip = computePayslip({ basic: 170_000, bonus: 600_000, date: "2025-04-25" });
 * console.log(slip.deductions.apitRegular.amount, slip.deductions.apitLumpSum?.amount); // 1200 36000
 * console.log(slip.deductions.epfEmployee, slip.employer.etf); // 13600 5100
 * ```
 */
export function computePayslip(options: PayslipOptions): PayslipResult {
  const { date } = options;
  const basic = nonNegative("basic", options.basic);
  const allowances = nonNegative("allowances", options.allowances);
  const bra = nonNegative("bra", options.bra);
  const bonus = nonNegative("bonus", options.bonus);
  const previousLumpSums = nonNegative("previousLumpSums", options.previousLumpSums);
  const previousLumpSumTax = nonNegative("previousLumpSumTax", options.previousLumpSumTax);
  const employment = options.employment ?? "primary";
  const notices = apitCoverageNotices(date);
  if (options.taxOnTax) {
    throw new NotAvailableError("APIT Table 06 (tax-on-tax)", "taxOnTax");
  }
  const regular = roundMoney(basic + allowances + bra);
  const gross = roundMoney(regular + bonus);
  const epfEarnings = roundMoney(
    basic + bra + (options.allowancesEpf ?? true ? allowances : 0) +
      (options.bonusEpf ? bonus : 0),
  );

  let apitRegular: ApitLine;
  let apitLumpSum: LumpSumLine | null = null;
  if (employment === "secondary") {
    if (options.primaryMonthly === undefined) {
      throw new PayrollInputError(
        "primaryMonthly",
        'Cannot compute a secondary employment payslip: "primaryMonthly" (the monthly primary income declared) is required',
      );
    }
    const primary = nonNegative("primaryMonthly", options.primaryMonthly);
    const t = secondaryEmploymentTax({ date, primaryMonthly: primary, remuneration: gross });
    apitRegular = { amount: t.tax, table: t.version };
  } else {
    const t1 = table01Tax(regular, date, options.rounding);
    apitRegular = { amount: t1.tax, table: t1.version };
    if (options.regularToDate !== undefined) {
      checkTable05(regular, nonNegative("regularToDate", options.regularToDate), date);
    }
    if (bonus > 0) {
      apitLumpSum = lumpSumLine(
        options,
        regular,
        t1.tax,
        bonus,
        previousLumpSums,
        previousLumpSumTax,
      );
    }
  }
  if (bonus > 0) {
    notices.push({
      code: "bonusEpf",
      message: options.bonusEpf
        ? "The lump sum was counted as EPF/ETF earnings, as asked"
        : "The lump sum was not counted as EPF/ETF earnings: the Acts' definitions held do not settle it; pass bonusEpf=true if yours counts",
    });
  }
  const epfEmployee = roundMoney((epfEarnings * payroll.epf.employeePct) / 100);
  const epfEmployer = roundMoney((epfEarnings * payroll.epf.employerPct) / 100);
  const etf = roundMoney((epfEarnings * payroll.etf.employerPct) / 100);
  const total = roundMoney(epfEmployee + apitRegular.amount + (apitLumpSum?.amount ?? 0));
  const minimum = checkMinimumWage({ date, basic, bra });
  if (minimum.below) {
    notices.push({
      code: "belowMinimumWage",
      message: minimum.braIncluded
        ? `Basic pay plus relief allowance (${minimum.compared}) is below the national minimum monthly wage of ${minimum.minimum} in force on ${date}`
        : `Basic pay (${minimum.compared}) is below the national minimum monthly wage of ${minimum.minimum} in force on ${date}; the budgetary relief allowances are due on top of it`,
    });
  }
  return {
    date,
    employment,
    earnings: {
      basic: roundMoney(basic),
      allowances: roundMoney(allowances),
      bra: roundMoney(bra),
      regular,
      bonus: roundMoney(bonus),
      gross,
    },
    epfEarnings,
    deductions: { epfEmployee, apitRegular, apitLumpSum, total },
    net: roundMoney(gross - total),
    employer: { epf: epfEmployer, etf, totalCost: roundMoney(gross + epfEmployer + etf) },
    minimumWage: minimum,
    grossUp: null,
    notices,
    currency: "LKR",
  };
}

function checkTable05(regular: number, regularToDate: number, date: string): void {
  const table = apitTableOn(date)!;
  const cumulative = regularToDate + regular;
  if (regular < table.annualRelief / 12 && cumulative > table.annualRelief) {
    throw new NotAvailableError(
      "APIT Table 05 (cumulative gains and profits)",
      "regularToDate",
      `it applies because the monthly pay is below ${
        roundMoney(table.annualRelief / 12)
      } while the pay of the year to date exceeds ${table.annualRelief}`,
    );
  }
}

function lumpSumLine(
  options: PayslipOptions,
  regular: number,
  monthTax: number,
  bonus: number,
  previousLumpSums: number,
  previousLumpSumTax: number,
): LumpSumLine {
  const period = lumpSumPeriod(options.date);
  const before = period.month - 1;
  const after = period.months - period.month;
  let regularToDate = regular * before;
  let taxToDate = monthTax * before;
  if (options.regularToDate !== undefined) {
    regularToDate = options.regularToDate;
    // Default: the earlier months were equal, each taxed under Table 01.
    taxToDate = options.taxToDate === undefined
      ? before ? table01Tax(regularToDate / before, options.date, options.rounding).tax * before : 0
      : nonNegative("taxToDate", options.taxToDate);
  }
  const r: LumpSumTaxResult = lumpSumTax({
    date: options.date,
    paidToDate: regularToDate + regular,
    payable: regular * after,
    lumpSums: previousLumpSums + bonus,
    monthlyTax: taxToDate + monthTax * (1 + after),
    previousLumpSumTax,
  });
  return {
    amount: r.tax,
    table: r.version,
    egar: r.egar,
    ratePct: r.ratePct,
    taxOnEgar: r.taxOnEgar,
    monthlyTax: r.monthlyTax,
    previousLumpSumTax: r.previousLumpSumTax,
  };
}

/** Options of {@linkcode grossUp}: a payslip's options with the net pay instead of the basic. */
export type GrossUpOptions = Omit<PayslipOptions, "basic"> & {
  /** The agreed net pay, LKR. */
  net: number;
};

/**
 * Finds the basic pay that gives an agreed net pay: the smallest basic, to the cent, whose
 * payslip nets at least `net`. The payslip says (`grossUp.exact`, and a notice) when that basic
 * does not give exactly that net (a cent step of the net, or a basic of 0 that already nets
 * more). A larger net never needs a smaller basic.
 *
 * With a lump sum the net can fall as basic pay rises (more basic pushes the year's total into a
 * higher Table 02 band), so the search never assumes the net is increasing: it steps up by at
 * most (net wanted - net reached) / (the steepest the net can rise per rupee), which cannot
 * step over a solution, then checks cent by cent.
 *
 * @param options The payslip's options with `net` instead of `basic`.
 * @returns The payslip of that basic pay.
 * @throws {PayrollInputError} When no basic pay up to {@linkcode MAX_BASIC} gives it.
 *
 * @example Usage
 * ```ts
 * import { grossUp } from "./payroll.ts";
 * // 250,000 basic nets 250,000 - 20,000 EPF - 8,000 APIT = 222,000 in 2026
 * console.log(grossUp({ net: 222_000, date: "2026-01-25" }).earnings.basic); // 250000
 * ```
 */
export function grossUp(options: GrossUpOptions): PayslipResult {
  const { net: wanted, ...rest } = options;
  if (!Number.isFinite(wanted) || wanted < 0) {
    throw new PayrollInputError("net", 'Cannot gross up: "net" must be 0 or more');
  }
  const target = roundMoney(wanted);
  const netOf = (basic: number) => computePayslip({ ...rest, basic }).net;
  const atZero = computePayslip({ ...rest, basic: 0 });
  if (atZero.net >= target) return markGrossUp(atZero, target);
  if (netOf(MAX_BASIC) < target) {
    throw new PayrollInputError(
      "net",
      `No basic pay up to ${MAX_BASIC} gives a net of ${target}`,
    );
  }
  // Roundings put the payslip's net within this of the unrounded net (cents on up to 17
  // amounts; whole rupees on 13 Table 01 amounts with rounding=table).
  const margin = rest.rounding === "table" ? 15 : 0.25;
  const points = breakpoints(options);
  for (let i = 0; i + 1 < points.length; i++) {
    const lo = points[i]!;
    const hi = points[i + 1]!;
    const netLo = netOf(lo);
    const netHi = netOf(hi);
    if (Math.max(netLo, netHi) < target - margin) continue;
    // The unrounded net is linear on [lo, hi]: start the cent scan where it reaches
    // target - 2 x margin, below which no cent can net the target.
    const slope = (netHi - netLo) / (hi - lo);
    const from = netLo >= target - 2 * margin || slope <= 0
      ? lo
      : lo + (target - 2 * margin - netLo) / slope;
    const last = Math.ceil(hi * 100);
    for (let cents = Math.max(Math.floor(from * 100) - 1, 0); cents <= last; cents++) {
      const slip = computePayslip({ ...rest, basic: cents / 100 });
      if (slip.net >= target) return markGrossUp(slip, target);
    }
  }
  throw new PayrollInputError("net", `No basic pay up to ${MAX_BASIC} gives a net of ${target}`);
}

/**
 * The basic pays between which the unrounded net is linear: where the regular pay crosses a
 * Table 01 band edge, where Table 02's D crosses one of its edges, and where the lump-sum tax
 * stops being 0.
 */
function breakpoints(options: GrossUpOptions): number[] {
  const { net: _net, ...rest } = options;
  const extra = (rest.allowances ?? 0) + (rest.bra ?? 0);
  const points = new Set<number>([0, MAX_BASIC]);
  const table = apitTableOn(options.date);
  if (table) {
    let edge = table.annualRelief;
    points.add(edge / 12 - extra);
    for (const band of table.bands) {
      edge += band.width;
      points.add(edge / 12 - extra);
    }
  }
  if ((rest.bonus ?? 0) > 0 && rest.employment !== "secondary") {
    const period = lumpSumPeriod(options.date);
    const after = period.months - period.month;
    const lumpSums = (rest.previousLumpSums ?? 0) + (rest.bonus ?? 0);
    // D = regularToDate + regular x (1 + after) + lump sums, regularToDate defaulting to
    // regular x (months before this one).
    const [perRegular, fixed] = rest.regularToDate === undefined
      ? [period.months, lumpSums]
      : [1 + after, rest.regularToDate + lumpSums];
    for (const edge of lumpSumEdges(options.date)) {
      points.add((edge - fixed) / perRegular - extra);
    }
  }
  const sorted = [...points].filter((b) => b >= 0 && b <= MAX_BASIC).sort((a, b) => a - b);
  // Where the lump-sum tax leaves 0 inside a segment (its unclamped value is linear there).
  const kinks: number[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const lo = sorted[i]!;
    const hi = sorted[i + 1]!;
    const uLo = unclampedLumpTax(rest, lo);
    const uHi = unclampedLumpTax(rest, hi);
    if (uLo !== undefined && uHi !== undefined && (uLo < 0) !== (uHi < 0)) {
      kinks.push(lo + (0 - uLo) * (hi - lo) / (uHi - uLo));
    }
  }
  return [...sorted, ...kinks].sort((a, b) => a - b);
}

function unclampedLumpTax(rest: Omit<PayslipOptions, "basic">, basic: number): number | undefined {
  const line = computePayslip({ ...rest, basic }).deductions.apitLumpSum;
  return line ? line.taxOnEgar - line.monthlyTax - line.previousLumpSumTax : undefined;
}

function markGrossUp(slip: PayslipResult, target: number): PayslipResult {
  const exact = slip.net === target;
  const notices = exact ? slip.notices : [...slip.notices, {
    code: "netNotExact",
    message:
      `No basic pay gives a net of exactly ${target}: ${slip.earnings.basic} is the smallest basic pay that nets at least that (${slip.net})`,
  }];
  return { ...slip, grossUp: { net: target, exact }, notices };
}
