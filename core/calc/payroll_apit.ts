/**
 * APIT beyond Table 01: Table 02 (lump sums such as bonuses), Table 07 (secondary employment)
 * and Table 08 (foreign-currency pay), as far as a published source is held for them. Tables
 * 03-06, and any version of a table no source is held for, throw {@linkcode NotAvailableError}.
 *
 * @module
 */
import payroll from "../../data/payroll.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney } from "../money.ts";
import { apitTableOn, computePaye, type PayeRounding } from "./paye.ts";
import { NotAvailableError, PayrollInputError } from "./payroll_errors.ts";

/** How firmly a table version is sourced (see data/payroll.json). */
export type Confidence = "official" | "secondary" | "derived";

/** One band of a schedule: `width` rupees at `ratePct`. */
export interface Band {
  width: number;
  ratePct: number;
}

/** The version of an APIT table applied, as reported. */
export interface TableVersion {
  /** The APIT table number, 1-8. */
  table: number;
  /** The IRD's title of the table. */
  title: string;
  id: string;
  label: string;
  from: string;
  to: string | null;
  confidence: Confidence;
  sourceUrl: string;
}

/** A remark on a result, with a stable code. */
export interface PayrollNotice {
  /** For example `tableNotYetPublished`. */
  code: string;
  message: string;
}

interface DatedVersion {
  id: string;
  label: string;
  from: string;
  to: string | null;
  confidence: string;
  sourceUrl: string;
}

interface LumpSumVersion extends DatedVersion {
  periodStart: string;
  periodMonths: number;
  relief: number;
  bands: Band[];
  topRatePct: number;
}

interface SecondaryVersion extends DatedVersion {
  bands: { upTo: number; ratePct: number }[];
  topRatePct: number;
}

interface ForeignVersion extends DatedVersion {
  relief: number;
  bands: Band[];
  topRatePct: number;
}

interface TableEntry {
  table: number;
  title: string;
  versions?: DatedVersion[];
  missing?: string;
}

// Read inside functions, not at module level, so that a bundle importing none of them leaves
// the dataset out.
function tables(): TableEntry[] {
  return payroll.apitTables as TableEntry[];
}

/**
 * The last pay date the APIT tables held are known to cover.
 *
 * @returns `YYYY-MM-DD`.
 *
 * @example Usage
 * ```ts
 * import { apitHeldTo } from "./payroll_apit.ts";
 * console.log(apitHeldTo()); // "2027-03-31"
 * ```
 */
export function apitHeldTo(): string {
  return payroll.apitCoverage.heldTo;
}
/** The first pay date any APIT table is held for. */
export const APIT_FIRST_DATE = "2023-01-01";

function entry(table: number): TableEntry {
  const found = tables().find((t) => t.table === table);
  if (!found) {
    throw new PayrollInputError("table", `No APIT table ${table}: the IRD publishes tables 1 to 8`);
  }
  return found;
}

/**
 * The title the IRD gives an APIT table.
 *
 * @param table 1-8.
 * @returns The title.
 *
 * @example Usage
 * ```ts
 * import { apitTitle } from "./payroll_apit.ts";
 * console.log(apitTitle(6)); // "Tax-on-Tax Rates"
 * ```
 */
export function apitTitle(table: number): string {
  return entry(table).title;
}

/** The name of a table for messages: `APIT Table 02`. */
export function apitTableName(table: number): string {
  return `APIT Table ${String(table).padStart(2, "0")}`;
}

/**
 * The notices a pay date earns: `tableNotYetPublished` after the last date the tables held are
 * known to cover.
 *
 * @param date The pay date.
 * @returns Zero or one notice.
 */
export function apitCoverageNotices(date: string): PayrollNotice[] {
  const heldTo = apitHeldTo();
  if (date <= heldTo) return [];
  return [{
    code: "tableNotYetPublished",
    message:
      `No APIT table is held for a pay date after ${heldTo}: the latest table held was applied`,
  }];
}

function checkDate(date: string): void {
  if (date < APIT_FIRST_DATE) {
    throw new PayrollInputError(
      "date",
      `No APIT table is held for ${date}: tables cover ${APIT_FIRST_DATE} onwards`,
    );
  }
}

function version<T extends DatedVersion>(table: number, date: string, param = "table"): T {
  checkDate(date);
  const e = entry(table);
  const found = inForce((e.versions ?? []) as T[], date);
  if (!found) {
    throw new NotAvailableError(`${apitTableName(table)} on ${date}`, param, e.missing);
  }
  return found;
}

function describe(table: number, v: DatedVersion): TableVersion {
  return {
    table,
    title: entry(table).title,
    id: v.id,
    label: v.label,
    from: v.from,
    to: v.to,
    confidence: v.confidence as Confidence,
    sourceUrl: v.sourceUrl,
  };
}

/**
 * Tax of a schedule on an amount: the relief at 0%, each band's width at its rate, the rest at
 * the top rate. Unrounded.
 *
 * @param amount The income of the period.
 * @param schedule Relief, bands and top rate.
 * @returns The tax.
 *
 * @example Usage
 * ```ts
 * import { scheduleTax } from "./payroll_apit.ts";
 * const schedule = { relief: 1_800_000, bands: [{ width: 1_000_000, ratePct: 6 }], topRatePct: 15 };
 * console.log(scheduleTax(3_000_000, schedule)); // 90000
 * ```
 */
export function scheduleTax(
  amount: number,
  schedule: { relief: number; bands: readonly Band[]; topRatePct: number },
): number {
  let remaining = Math.max(amount - schedule.relief, 0);
  let tax = 0;
  for (const band of schedule.bands) {
    if (remaining <= 0) break;
    const slice = Math.min(remaining, band.width);
    tax += (slice * band.ratePct) / 100;
    remaining -= slice;
  }
  return tax + (remaining * schedule.topRatePct) / 100;
}

/** The highest rate a schedule reaches on an amount, percent. */
function rateOn(amount: number, s: { relief: number; bands: readonly Band[]; topRatePct: number }) {
  let edge = s.relief;
  if (amount <= edge) return 0;
  for (const band of s.bands) {
    edge += band.width;
    if (amount <= edge) return band.ratePct;
  }
  return s.topRatePct;
}

/** The months of a Table 02 period, and which of them a pay date falls in. */
export interface PeriodPosition {
  /** First day of the period (1 January 2023, or 1 April of the year of assessment). */
  start: string;
  /** Months in the period (3 or 12). */
  months: number;
  /** 1-based month of the pay date within the period. */
  month: number;
}

/**
 * Where a pay date falls in its Table 02 period.
 *
 * @param date The pay date.
 * @returns The period and the month of the date in it.
 *
 * @example Usage
 * ```ts
 * import { lumpSumPeriod } from "./payroll_apit.ts";
 * console.log(lumpSumPeriod("2025-06-25")); // { start: "2025-04-01", months: 12, month: 3 }
 * ```
 */
export function lumpSumPeriod(date: string): PeriodPosition {
  const v = version<LumpSumVersion>(2, date, "date");
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (v.periodStart.length === 10) {
    const startMonth = Number(v.periodStart.slice(5, 7));
    return { start: v.periodStart, months: v.periodMonths, month: month - startMonth + 1 };
  }
  const startYear = month >= 4 ? year : year - 1;
  return {
    start: `${startYear}-${v.periodStart}`,
    months: v.periodMonths,
    month: month >= 4 ? month - 3 : month + 9,
  };
}

/**
 * The amounts of D at which the Table 02 rate changes on a pay date (the relief, then the top of
 * each band).
 *
 * @param date The pay date.
 * @returns Increasing amounts.
 */
export function lumpSumEdges(date: string): number[] {
  const v = version<LumpSumVersion>(2, date, "date");
  const edges = [v.relief];
  for (const band of v.bands) edges.push(edges.at(-1)! + band.width);
  return edges;
}

/** Options of {@linkcode lumpSumTax} (the inputs of IRD Table 02). */
export interface LumpSumTaxOptions {
  /** Pay date of the lump sum: chooses the version of the table. */
  date: string;
  /** A: gross monthly (regular) remunerations paid in the period up to and including this month. */
  paidToDate: number;
  /** B: gross monthly remunerations payable for the rest of the period. */
  payable: number;
  /** C: all lump sums of the period: paid before, paid now and still payable. */
  lumpSums: number;
  /** Table 01 tax deducted on A and deductible on B, together. */
  monthlyTax: number;
  /** APIT deducted on earlier lump sums of the period (default 0). */
  previousLumpSumTax?: number;
}

/** Result of {@linkcode lumpSumTax}. */
export interface LumpSumTaxResult {
  /** D = A + B + C, the Estimated Gross Aggregate Remunerations. */
  egar: number;
  /** The rate of the band D falls in, percent. */
  ratePct: number;
  /** The period schedule's tax on D (D x rate - constant). */
  taxOnEgar: number;
  monthlyTax: number;
  previousLumpSumTax: number;
  /** The APIT to deduct from this lump sum, to the cent, never below 0. */
  tax: number;
  version: TableVersion;
}

/**
 * APIT Table 02: the tax to deduct from a lump sum (bonus, incentive, arrears), to the cent.
 *
 * tax = (D x rate - constant) - (monthly tax on A and B + tax on earlier lump sums), never below
 * 0, where D = A + B + C and D x rate - constant is the period schedule's tax on D.
 *
 * @param options The Table 02 inputs.
 * @returns The steps and the tax.
 * @throws {PayrollInputError} Before the first table held.
 *
 * @example IRD 2025/26 worked example (Mr. Ranaweera)
 * ```ts
 * import { lumpSumTax } from "./payroll_apit.ts";
 * const r = lumpSumTax({
 *   date: "2025-04-25", paidToDate: 170_000, payable: 1_870_000, lumpSums: 600_000,
 *   monthlyTax: 12 * 1_200,
 * });
 * console.log(r.tax); // 36000
 * ```
 */
export function lumpSumTax(options: LumpSumTaxOptions): LumpSumTaxResult {
  const v = version<LumpSumVersion>(2, options.date, "date");
  const previousLumpSumTax = options.previousLumpSumTax ?? 0;
  const egar = roundMoney(options.paidToDate + options.payable + options.lumpSums);
  const taxOnEgar = roundMoney(scheduleTax(egar, v));
  const tax = roundMoney(Math.max(taxOnEgar - options.monthlyTax - previousLumpSumTax, 0));
  return {
    egar,
    ratePct: rateOn(egar, v),
    taxOnEgar,
    monthlyTax: roundMoney(options.monthlyTax),
    previousLumpSumTax: roundMoney(previousLumpSumTax),
    tax,
    version: describe(2, v),
  };
}

/** Options of {@linkcode secondaryEmploymentTax} (IRD Table 07). */
export interface SecondaryTaxOptions {
  /** Pay date. */
  date: string;
  /** Monthly income from primary employment, as stated in the primary declaration. */
  primaryMonthly: number;
  /** Total remuneration from the secondary employment this month. */
  remuneration: number;
}

/** Result of {@linkcode secondaryEmploymentTax}. */
export interface SecondaryTaxResult {
  /** The flat rate chosen by the primary income, percent. */
  ratePct: number;
  /** The APIT to deduct, to the cent. */
  tax: number;
  version: TableVersion;
}

/**
 * APIT Table 07: a flat rate on the total secondary remuneration, chosen by the monthly primary
 * income. Held for resident employees from 1 January to 31 March 2023 only.
 *
 * @param options Date, primary income and secondary remuneration.
 * @returns Rate and tax.
 * @throws {NotAvailableError} On a date no version is held for.
 *
 * @example IRD Table 07 Example 01 (Mr. Edward): primary 150,000 falls under 141,668 - 183,333
 * ```ts
 * import { secondaryEmploymentTax } from "./payroll_apit.ts";
 * const r = secondaryEmploymentTax({ date: "2023-02-28", primaryMonthly: 150_000, remuneration: 100_000 });
 * console.log(r.ratePct); // 18
 * ```
 */
export function secondaryEmploymentTax(options: SecondaryTaxOptions): SecondaryTaxResult {
  const v = version<SecondaryVersion>(7, options.date);
  const band = v.bands.find((b) => options.primaryMonthly <= b.upTo);
  const ratePct = band?.ratePct ?? v.topRatePct;
  return {
    ratePct,
    tax: roundMoney((options.remuneration * ratePct) / 100),
    version: describe(7, v),
  };
}

/** Options of {@linkcode foreignCurrencyTax} (IRD Table 08). */
export interface ForeignTaxOptions {
  /** Pay date (from 1 April 2025). */
  date: string;
  /** Monthly employment income in rupees. */
  monthly: number;
}

/** Result of {@linkcode foreignCurrencyTax}. */
export interface ForeignTaxResult {
  /** Highest rate reached, percent. */
  marginalRatePct: number;
  /** Monthly APIT, to the cent: the annual schedule on 12 x monthly, divided by 12. */
  tax: number;
  version: TableVersion;
}

/**
 * APIT Table 08 (from 1 April 2025): foreign-currency employment income, capped at 15%.
 *
 * @param options Date and monthly income.
 * @returns Rate and tax.
 * @throws {NotAvailableError} Before 1 April 2025 (the 2023/24 set had no Table 08).
 *
 * @example Usage
 * ```ts
 * import { foreignCurrencyTax } from "./payroll_apit.ts";
 * // 12 x 300,000 = 3,600,000: 1,000,000 x 6% + 800,000 x 15% = 180,000 a year
 * console.log(foreignCurrencyTax({ date: "2026-01-25", monthly: 300_000 }).tax); // 15000
 * ```
 */
export function foreignCurrencyTax(options: ForeignTaxOptions): ForeignTaxResult {
  const v = version<ForeignVersion>(8, options.date);
  const annual = roundMoney(options.monthly) * 12;
  return {
    marginalRatePct: rateOn(annual, v),
    tax: roundMoney(scheduleTax(annual, v) / 12),
    version: describe(8, v),
  };
}

/**
 * Table 01 tax on one month's regular pay, as the payroll uses it.
 *
 * @param monthly Gross monthly regular profit.
 * @param date Pay date.
 * @param rounding `exact` (default) or `table`.
 * @returns The monthly tax, the table version and its top rate reached.
 */
export function table01Tax(
  monthly: number,
  date: string,
  rounding: PayeRounding = "exact",
): { tax: number; marginalRatePct: number; version: TableVersion } {
  checkDate(date);
  const t = apitTableOn(date)!;
  const r = computePaye({ monthly, table: t, rounding });
  return {
    tax: r.monthlyTax,
    marginalRatePct: r.marginalRatePct,
    version: {
      table: 1,
      title: entry(1).title,
      id: t.id,
      label: t.label,
      from: t.from,
      to: t.to,
      confidence: "official",
      sourceUrl: t.sourceUrl,
    },
  };
}

/**
 * Throws the not-available error of a table no version is held for at all (03-06), or checks
 * that a table number exists.
 *
 * @param table 1-8.
 * @param date The pay date (a table may be held on some dates only).
 * @throws {NotAvailableError} When no source is held for it on that date.
 */
export function requireApitTable(table: number, date: string): void {
  if (table === 1) return checkDate(date);
  version(table, date);
}
