import * as z from "zod/mini";
import apit from "../../data/apit.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { ApiError } from "../errors.ts";
import { roundMoney } from "../money.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, integer, isoDate } from "../params.ts";

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
}

const TABLES: readonly ApitTable[] = apit.tables;

/** Parameters of {@linkcode paye}. */
export interface PayeParams {
  /** Gross monthly regular profit from employment, LKR. */
  monthly: number;
  /** Use the table in force on this date (default today). */
  date?: string | undefined;
  /** Use the table in force at the start (1 April) of this year of assessment. */
  year?: number | undefined;
}

/** Result of {@linkcode paye} (spec 2.6, plus the table applied). */
export interface PayeResult {
  grossMonthly: number;
  grossAnnual: number;
  monthlyTax: number;
  annualTax: number;
  monthlyNet: number;
  annualNet: number;
  /** Highest rate reached, percent. */
  marginalRatePct: number;
  /** Monthly tax as a percent of gross monthly pay, 2 decimals. */
  effectiveRatePct: number;
  currency: "LKR";
  /** The APIT table applied. */
  table: { id: string; label: string; from: string; to: string | null; sourceUrl: string };
}

/**
 * Annual tax on an annual income under one table: each band's width at its rate, the rest at the
 * top rate. Exact to floating point; callers round.
 *
 * @param annual Annual gross regular profit.
 * @param table The APIT table.
 * @returns The unrounded annual tax and the marginal rate reached.
 */
export function annualApit(
  annual: number,
  table: ApitTable,
): { tax: number; marginalRatePct: number } {
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
 * Monthly APIT (Table 01) on a gross monthly salary, to the cent.
 *
 * @param monthly Gross monthly regular profit, LKR.
 * @param table The APIT table (see {@linkcode apitTableOn}).
 * @returns The breakdown of spec 2.6.
 *
 * @example Usage
 * ```ts
 * import { apitTableOn, computePaye } from "./paye.ts";
 * console.log(computePaye(250000, apitTableOn("2026-01-01")!).monthlyTax); // 8000
 * ```
 */
export function computePaye(monthly: number, table: ApitTable): PayeResult {
  const grossMonthly = roundMoney(monthly);
  const { tax, marginalRatePct } = annualApit(grossMonthly * 12, table);
  const monthlyTax = roundMoney(tax / 12);
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

/**
 * The APIT table in force on a date.
 *
 * @param date `YYYY-MM-DD`.
 * @returns The table, or undefined before 1 January 2023 (no earlier table is held).
 */
export function apitTableOn(date: string): ApitTable | undefined {
  return inForce(TABLES, date);
}

const FIRST_YEAR = Number(TABLES[0]!.from.slice(0, 4));

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e11,
    maxDecimals: 2,
    description: "Gross monthly salary (regular profit from employment), LKR",
    example: "250000",
  }),
  date: z.optional(isoDate({
    description: `Apply the table in force on this date (from ${TABLES[0]!.from}); default today`,
  })),
  year: z.optional(integer({
    min: FIRST_YEAR,
    max: 2100,
    description:
      "Apply the table in force on 1 April of this year of assessment (2024 means 2024/25)",
  })),
});

const result: z.ZodMiniType<PayeResult> = z.object({
  grossMonthly: z.number(),
  grossAnnual: z.number(),
  monthlyTax: z.number(),
  annualTax: z.number(),
  monthlyNet: z.number(),
  annualNet: z.number(),
  marginalRatePct: z.number(),
  effectiveRatePct: z.number(),
  currency: z.literal("LKR"),
  table: z.object({
    id: z.string(),
    label: z.string(),
    from: z.string(),
    to: z.nullable(z.string()),
    sourceUrl: z.string(),
  }),
});

function tableFor(
  p: { date?: string | undefined; year?: number | undefined },
  today: string,
): ApitTable {
  if (p.date !== undefined && p.year !== undefined) {
    throw ApiError.invalidParam(
      "year",
      'Parameters "date" and "year" cannot be used together: give one',
    );
  }
  const date = p.date ?? (p.year !== undefined ? `${p.year}-04-01` : today);
  const table = apitTableOn(date);
  if (!table) {
    const param = p.date !== undefined ? "date" : "year";
    throw ApiError.invalidParam(
      param,
      `No APIT table is held for ${date}: tables cover ${TABLES[0]!.from} onwards`,
    );
  }
  return table;
}

/** `GET /api/v1/tax/paye`: monthly APIT/PAYE. */
export const paye: Operation<PayeParams, PayeResult> = defineOperation({
  name: "paye",
  method: "GET",
  path: "/tax/paye",
  title: "APIT / PAYE income tax",
  description:
    "Monthly advance personal income tax (APIT Table 01) on a gross monthly salary, under the table in force today or on a given date.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/tax/paye?monthly=250000",
  page: "paye",
  provenance: { sourceUrl: apit.sourceUrl, lastVerified: apit.lastVerified },
  run: (p, ctx) => computePaye(p.monthly, tableFor(p, ctx.today)),
});
