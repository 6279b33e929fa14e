import * as z from "zod/mini";
import apit from "../../data/apit.json" with { type: "json" };
import {
  annualApit,
  APIT_TABLES,
  type ApitTable,
  apitTableOn,
  computePaye,
  type PayeResult,
  type PayeRounding,
} from "../calc/paye.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, integer, isoDate, oneOf } from "../params.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

export { annualApit, apitTableOn, computePaye };
export type { AnnualApitOptions, PayeOptions, PrintedApitTable } from "../calc/paye.ts";
export type { ApitTable, PayeResult, PayeRounding };

/** Parameters of {@linkcode paye}. */
export interface PayeParams {
  /** Gross monthly regular profit from employment, LKR. */
  monthly: number;
  /** Use the table in force on this date (default today). */
  date?: string | undefined;
  /** Use the table in force at the start (1 April) of this year of assessment. */
  year?: number | undefined;
  /** `exact` (default): the formula to the cent; `table`: the printed table's whole rupees. */
  rounding: PayeRounding;
  /** Language of the table's label (default `en`); codes and figures never change. */
  lang?: Lang | undefined;
}

const FIRST_YEAR = Number(APIT_TABLES[0]!.from.slice(0, 4));

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e11,
    maxDecimals: 2,
    description: "Gross monthly salary (regular profit from employment), LKR",
    example: "250000",
  }),
  date: z.optional(isoDate({
    description: `Apply the table in force on this date (from ${
      APIT_TABLES[0]!.from
    }); default today`,
    example: "2026-06-15",
  })),
  year: z.optional(integer({
    min: FIRST_YEAR,
    max: 2100,
    description:
      "Apply the table in force on 1 April of this year of assessment (2024 means 2024/25)",
    example: "2025",
  })),
  rounding: z._default(
    oneOf(["exact", "table"] as const, {
      description:
        "exact (default): the IRD formula to the cent; table: the whole rupees the printed Table 01 lists",
    }),
    "exact",
  ),
  lang: langParam(),
});

const result: z.ZodMiniType<PayeResult> = z.object({
  grossMonthly: z.number(),
  grossAnnual: z.number(),
  monthlyTax: z.number(),
  annualTax: z.number(),
  monthlyNet: z.number().check(
    z.describe(
      "The salary after APIT only, not take-home pay: the employee's 8% EPF is deducted too (the take-home pay is the net of GET /payroll/payslip)",
    ),
  ),
  annualNet: z.number().check(z.describe("monthlyNet times 12: after APIT only")),
  marginalRatePct: z.number(),
  effectiveRatePct: z.number(),
  rounding: z.enum(["exact", "table"]).check(z.describe("How monthlyTax was rounded")),
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
      `No APIT table is held for ${date}: tables cover ${APIT_TABLES[0]!.from} onwards`,
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
    "Monthly advance personal income tax (APIT Table 01) on a gross monthly salary, under the table in force today or on a given date, to the cent or (rounding=table) in the printed table's whole rupees. monthlyNet is the salary after APIT only, not take-home pay: the employee's 8% EPF is deducted too, and the take-home pay is the net of the payslip operation (250,000 a month: 242,000 after APIT, 222,000 take-home).",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/tax/paye?monthly=250000",
  page: "paye",
  provenance: { sourceUrl: apit.sourceUrl, lastVerified: apit.lastVerified },
  run: (p, ctx) => {
    const answer = computePaye({
      monthly: p.monthly,
      table: tableFor(p, ctx.today),
      rounding: p.rounding,
    });
    const lang = p.lang ?? "en";
    if (lang === "en") return answer;
    return {
      ...answer,
      table: { ...answer.table, label: localizeLabel(answer.table.label, lang) },
    };
  },
});

/**
 * An APIT table version's label in a language (the catalogue's `payroll.label.` templates), as
 * the paye and payroll answers give it.
 *
 * @param label The English label.
 * @param lang The language.
 * @returns The label in that language.
 */
export function localizeLabel(label: string, lang: Lang): string {
  return translate(lang, label, "payroll.label.");
}
