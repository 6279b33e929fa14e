/**
 * APIT / PAYE (Tax Table No. 01) arithmetic without schemas, so that importing
 * {@linkcode computePaye} alone bundles without zod (the operation in `../ops/paye.ts` adds the
 * schemas).
 *
 * @module
 */
import apit from "../../data/apit.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney } from "../money.ts";

/** What the IRD's printed Table 01 lists, as far as it departs from its own formula. */
export interface PrintedApitTable {
  /** The highest income the printed table lists; above it, last tax + top rate on the excess. */
  lastIncome: number;
  /** The tax printed against {@linkcode PrintedApitTable.lastIncome}. */
  lastTax: number;
  /** Ranges where the printed whole-rupee tax is not the formula's own step. */
  overrides: { from: number; to: number; tax: number }[];
  /** The printed table. */
  sourceUrl: string;
  /** Where these facts were read. */
  source: string;
}

/** One APIT Table 01 (annual figures; the monthly table is these divided by 12). */
export interface ApitTable {
  id: string;
  label: string;
  from: string;
  to: string | null;
  annualRelief: number;
  bands: { width: number; ratePct: number }[];
  topRatePct: number;
  sourceUrl: string;
  /** The printed whole-rupee table, for `rounding: "table"`. */
  printed: PrintedApitTable;
}

/** Every APIT Table 01 held, oldest first. */
export const APIT_TABLES: readonly ApitTable[] = apit.tables;

/** `exact`: the formula to the cent. `table`: the whole rupees the IRD's printed table lists. */
export type PayeRounding = "exact" | "table";

/** Options of {@linkcode computePaye}. */
export interface PayeOptions {
  /** Gross monthly regular profit from employment, LKR. */
  monthly: number;
  /** Pay date `YYYY-MM-DD`: the table in force on it is used. Ignored when `table` is given. */
  date?: string | undefined;
  /** The table to apply (default: the one in force on `date`). */
  table?: ApitTable | undefined;
  /** `exact` (default) or `table`. */
  rounding?: PayeRounding | undefined;
}

/** Result of `GET /api/v1/tax/paye` (spec 2.6, plus the table and rounding applied). */
export interface PayeResult {
  grossMonthly: number;
  grossAnnual: number;
  monthlyTax: number;
  annualTax: number;
  /**
   * The salary after APIT only (the spec's "net"), not take-home pay: the employee's 8% EPF is
   * deducted too; the take-home pay is the payslip's `net` (`computePayslip`).
   */
  monthlyNet: number;
  /** `monthlyNet` for the year: after APIT only. */
  annualNet: number;
  /** Highest rate reached, percent. */
  marginalRatePct: number;
  /** Monthly tax as a percent of gross monthly pay, 2 decimals. */
  effectiveRatePct: number;
  /** How `monthlyTax` was rounded. */
  rounding: PayeRounding;
  currency: "LKR";
  /** The APIT table applied. */
  table: { id: string; label: string; from: string; to: string | null; sourceUrl: string };
}

/** Options of {@linkcode annualApit}. */
export interface AnnualApitOptions {
  /** Annual gross regular profit, LKR. */
  annual: number;
  /** The APIT table. */
  table: ApitTable;
}

/**
 * Annual tax on an annual income under one table: each band's width at its rate, the rest at the
 * top rate. Exact to floating point; callers round.
 *
 * @param options The income and the table.
 * @returns The unrounded annual tax and the marginal rate reached.
 *
 * @example Usage
 * ```ts
 * import { annualApit, apitTableOn } from "./paye.ts";
 * // 4,000,000 - 1,800,000 relief: 1,000,000 x 6% + 500,000 x 18% + 500,000 x 24% + 200,000 x 30%
 * console.log(annualApit({ annual: 4_000_000, table: apitTableOn("2026-01-01")! }).tax); // 330000
 * ```
 */
export function annualApit(options: AnnualApitOptions): { tax: number; marginalRatePct: number } {
  const { annual, table } = options;
  let remaining = Math.max(annual - table.annualRelief, 0);
  let tax = 0;
  let marginalRatePct = 0;
  for (const band of table.bands) {
    if (remaining <= 0) break;
    const slice = Math.min(remaining, band.width);
    tax += (slice * band.ratePct) / 100;
    remaining -= slice;
    marginalRatePct = band.ratePct;
  }
  if (remaining > 0) {
    tax += (remaining * table.topRatePct) / 100;
    marginalRatePct = table.topRatePct;
  }
  return { tax, marginalRatePct };
}

/**
 * The APIT table in force on a date.
 *
 * @param date `YYYY-MM-DD`.
 * @returns The table, or undefined before 1 January 2023 (no earlier table is held).
 *
 * @example Usage
 * ```ts
 * import { apitTableOn } from "./paye.ts";
 * console.log(apitTableOn("2025-04-01")?.id); // "2025-04"
 * ```
 */
export function apitTableOn(date: string): ApitTable | undefined {
  return inForce(APIT_TABLES, date);
}

/**
 * The whole rupees the printed Table 01 lists for a monthly income up to its last row.
 *
 * The IRD builds each row from a whole-rupee tax T and ends its income range where the formula
 * reaches T, rounded to the nearest rupee (lk-tax research notes, checked there against every
 * printed row). The row holding income m is therefore the smallest T with that end at or above
 * m, which is the formula at m - 0.5 rounded up. Table 01's formula is the largest of the lines
 * rate x P - constant (tax is convex in income), so the rounding is done on each line in
 * integers, with no floating-point edge at a whole rupee.
 */
function printedTax(monthly: number, table: ApitTable): number {
  for (const o of table.printed.overrides) {
    if (o.from <= monthly && monthly <= o.to) return o.tax;
  }
  // Work in 1/120000 of a rupee: tax = (12 x rate% x (cents - 50) - 100 x K) / 120000, where
  // K x 100 = rate% x lower edge - (tax of the bands below, in rupees x 100), per year.
  const cents = Math.round(monthly * 100);
  let best = 0;
  let lower = table.annualRelief;
  let below = 0; // annual tax of the bands below `lower`, in rupee-percent
  const lines = [...table.bands, { width: Infinity, ratePct: table.topRatePct }];
  for (const band of lines) {
    const k = band.ratePct * lower - below;
    const numerator = 12 * band.ratePct * (cents - 50) - 100 * k;
    // Integers below 2^53, so the quotient is exact or well clear of a whole number.
    best = Math.max(best, Math.ceil(numerator / 120_000));
    below += band.ratePct * band.width;
    lower += band.width;
  }
  return best;
}

/**
 * Monthly APIT (Table 01) on a gross monthly salary.
 *
 * `rounding: "exact"` (default) gives the formula to the cent: the annual tax on 12 x the monthly
 * pay, divided by 12, which is the IRD's summary formula rate x P - constant. `rounding:
 * "table"` gives the whole rupees the IRD's printed table lists for that income (ranges such as
 * 150,001-150,017 -> Rs 1), including its one printed departure from the formula (275,005 and
 * 275,006 -> Rs 12,501 in the 2025/26 table); above the table's last row the printed rule is
 * "last tax + 36% of the excess", which is the exact formula.
 *
 * @param options The salary, the pay date (or the table) and the rounding.
 * @returns The breakdown of spec 2.6.
 * @throws {RangeError} If neither `table` nor a `date` with a table in force is given.
 *
 * @example Usage
 * ```ts
 * import { computePaye } from "./paye.ts";
 * console.log(computePaye({ monthly: 250_000, date: "2026-01-01" }).monthlyTax); // 8000
 * console.log(computePaye({ monthly: 150_017, date: "2026-01-01", rounding: "table" }).monthlyTax); // 1
 * ```
 */
export function computePaye(options: PayeOptions): PayeResult {
  const table = options.table ??
    (options.date === undefined ? undefined : apitTableOn(options.date));
  if (!table) {
    throw new RangeError(
      options.date === undefined
        ? "Cannot compute APIT: expected a date or a table"
        : `Cannot compute APIT on "${options.date}": no table is held before ${
          APIT_TABLES[0]!.from
        }`,
    );
  }
  const rounding = options.rounding ?? "exact";
  const grossMonthly = roundMoney(options.monthly);
  const { tax, marginalRatePct } = annualApit({ annual: grossMonthly * 12, table });
  const monthlyTax = rounding === "table" && grossMonthly <= table.printed.lastIncome
    ? printedTax(grossMonthly, table)
    : roundMoney(tax / 12);
  const annualTax = roundMoney(monthlyTax * 12);
  return {
    grossMonthly,
    grossAnnual: roundMoney(grossMonthly * 12),
    monthlyTax,
    annualTax,
    monthlyNet: roundMoney(grossMonthly - monthlyTax),
    annualNet: roundMoney(grossMonthly * 12 - annualTax),
    marginalRatePct,
    effectiveRatePct: grossMonthly === 0 ? 0 : roundMoney((monthlyTax / grossMonthly) * 100),
    rounding,
    currency: "LKR",
    table: {
      id: table.id,
      label: table.label,
      from: table.from,
      to: table.to,
      sourceUrl: table.sourceUrl,
    },
  };
}
