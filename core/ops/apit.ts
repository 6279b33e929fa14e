import * as z from "zod/mini";
import payroll from "../../data/payroll.json" with { type: "json" };
import { computePaye, type PayeResult } from "../calc/paye.ts";
import {
  apitCoverageNotices,
  apitTitle,
  foreignCurrencyTax,
  lumpSumPeriod,
  lumpSumTax,
  type PayrollNotice,
  requireApitTable,
  secondaryEmploymentTax,
  table01Tax,
  type TableVersion,
} from "../calc/payroll_apit.ts";
import { ApiError } from "../errors.ts";
import { roundMoney } from "../money.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, integer, isoDate, oneOf, type ParamSchema } from "../params.ts";
import { paye } from "./paye.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import {
  localizeLabel,
  localizeNotices,
  localizeTitle,
  localizeVersion,
  NOT_AVAILABLE_DOC,
  noticeSchema,
  payrollRun,
  tableVersionSchema,
} from "./_payroll.ts";

/** Result of `GET /api/v1/tax/apit`. */
export interface ApitResult {
  /** The APIT table number asked for. */
  table: number;
  title: string;
  date: string;
  /** The APIT to deduct under that table, LKR. */
  tax: number;
  version: TableVersion;
  /** Table 01: the same breakdown as `/api/v1/tax/paye`. */
  monthly: PayeResult | null;
  /** Table 02: the steps. */
  lumpSum: {
    paidToDate: number;
    payable: number;
    lumpSums: number;
    egar: number;
    ratePct: number;
    taxOnEgar: number;
    monthlyTax: number;
    previousLumpSumTax: number;
  } | null;
  /** Table 07 (and 08): the rate applied, percent. */
  ratePct: number | null;
  notices: PayrollNotice[];
  currency: "LKR";
}

function amount(description: string, example: string): z.ZodMiniOptional<ParamSchema<number>> {
  return z.optional(decimal({ min: 0, max: 1e11, maxDecimals: 2, description, example }));
}

const params = z.object({
  table: integer({
    min: 1,
    max: 8,
    description: "APIT table number: 1, 2, 7 and 8 where a source is held; 3-6 answer 501",
    example: "2",
  }),
  date: z.optional(isoDate({
    description: "Pay date (default today); from 2023-01-01",
    example: "2025-04-25",
  })),
  monthly: amount("Tables 1 and 8: gross monthly pay, LKR", "250000"),
  rounding: z.optional(oneOf(["exact", "table"] as const, {
    description: "Table 1: exact (default) or the printed table's whole rupees",
    example: "exact",
  })),
  paidToDate: amount(
    "Table 2 (A): gross monthly remunerations paid in the year up to and including this month",
    "170000",
  ),
  payable: amount(
    "Table 2 (B): gross monthly remunerations payable for the rest of the year",
    "1870000",
  ),
  lumpSums: amount("Table 2 (C): all lump sums of the year, including this one", "600000"),
  monthlyTax: amount(
    "Table 2: Table 01 tax on A and B together (default: worked out assuming equal months)",
    "14400",
  ),
  previousLumpSumTax: amount("Table 2: APIT deducted on earlier lump sums (default 0)", "0"),
  primaryMonthly: amount("Table 7: monthly primary income as declared, LKR", "150000"),
  remuneration: amount("Table 7: total remuneration from the secondary employment, LKR", "100000"),
  lang: langParam(),
});

/** Parameters of {@linkcode apit}: `table` and that table's own inputs. */
export interface ApitParams {
  table: number;
  date?: string | undefined;
  monthly?: number | undefined;
  rounding?: "exact" | "table" | undefined;
  paidToDate?: number | undefined;
  payable?: number | undefined;
  lumpSums?: number | undefined;
  monthlyTax?: number | undefined;
  previousLumpSumTax?: number | undefined;
  primaryMonthly?: number | undefined;
  remuneration?: number | undefined;
  /** Language of the notices and the tables' titles and labels (default `en`); codes never change. */
  lang?: Lang | undefined;
}

type Params = ApitParams;

/**
 * An APIT answer in a language (the catalogue's `payroll.*`): the table's title, the version's
 * title and label (also Table 01's label in `monthly`) and the notices. Figures, codes and ids
 * never change.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeApit(result: ApitResult, lang: Lang): ApitResult {
  if (lang === "en") return result;
  return {
    ...result,
    title: localizeTitle(result.title, lang),
    version: localizeVersion(result.version, lang),
    monthly: result.monthly && {
      ...result.monthly,
      table: { ...result.monthly.table, label: localizeLabel(result.monthly.table.label, lang) },
    },
    notices: localizeNotices(result.notices, lang),
  };
}

const INPUTS: Record<number, (keyof Params)[]> = {
  1: ["monthly", "rounding"],
  2: ["paidToDate", "payable", "lumpSums", "monthlyTax", "previousLumpSumTax"],
  7: ["primaryMonthly", "remuneration"],
  8: ["monthly"],
};
const REQUIRED: Record<number, (keyof Params)[]> = {
  1: ["monthly"],
  2: ["paidToDate", "payable", "lumpSums"],
  7: ["primaryMonthly", "remuneration"],
  8: ["monthly"],
};

/** Checks the table's required inputs; notes the inputs of other tables, which are ignored. */
function checkInputs(p: Params): PayrollNotice[] {
  const own = INPUTS[p.table] ?? [];
  for (const name of REQUIRED[p.table] ?? []) {
    if (p[name] === undefined) {
      throw ApiError.invalidParam(
        name,
        `Parameter "${name}" is required for APIT Table ${p.table}`,
      );
    }
  }
  const others = [...new Set(Object.values(INPUTS).flat())]
    .filter((name) => p[name] !== undefined && !own.includes(name));
  return others.length
    ? [{
      code: "parameterIgnored",
      message: `Ignored ${others.join(", ")}: not ${
        others.length > 1 ? "inputs" : "an input"
      } of APIT Table ${p.table}${own.length ? `, which takes ${own.join(", ")}` : ""}`,
    }]
    : [];
}

/** Table 01 tax on A and B, assuming every month of each is the same. */
function equalMonthsTax(date: string, paidToDate: number, payable: number): number {
  const period = lumpSumPeriod(date);
  const before = period.month;
  const after = period.months - period.month;
  const a = before ? table01Tax(paidToDate / before, date).tax * before : 0;
  const b = after ? table01Tax(payable / after, date).tax * after : 0;
  return roundMoney(a + b);
}

function run(p: Params, today: string): ApitResult {
  const date = p.date ?? today;
  requireApitTable(p.table, date);
  const ignored = checkInputs(p);
  const base = {
    table: p.table,
    title: apitTitle(p.table),
    date,
    monthly: null,
    lumpSum: null,
    ratePct: null,
    notices: [...apitCoverageNotices(date), ...ignored],
    currency: "LKR" as const,
  };
  switch (p.table) {
    case 1: {
      const t = table01Tax(p.monthly!, date, p.rounding);
      const r = computePaye({ monthly: p.monthly!, date, rounding: p.rounding ?? "exact" });
      return { ...base, tax: r.monthlyTax, version: t.version, monthly: r };
    }
    case 2: {
      const monthlyTax = p.monthlyTax ?? equalMonthsTax(date, p.paidToDate!, p.payable!);
      const r = lumpSumTax({
        date,
        paidToDate: p.paidToDate!,
        payable: p.payable!,
        lumpSums: p.lumpSums!,
        monthlyTax,
        previousLumpSumTax: p.previousLumpSumTax ?? 0,
      });
      return {
        ...base,
        tax: r.tax,
        version: r.version,
        lumpSum: {
          paidToDate: roundMoney(p.paidToDate!),
          payable: roundMoney(p.payable!),
          lumpSums: roundMoney(p.lumpSums!),
          egar: r.egar,
          ratePct: r.ratePct,
          taxOnEgar: r.taxOnEgar,
          monthlyTax: r.monthlyTax,
          previousLumpSumTax: r.previousLumpSumTax,
        },
      };
    }
    case 7: {
      const r = secondaryEmploymentTax({
        date,
        primaryMonthly: p.primaryMonthly!,
        remuneration: p.remuneration!,
      });
      return { ...base, tax: r.tax, version: r.version, ratePct: r.ratePct };
    }
    default: {
      const r = foreignCurrencyTax({ date, monthly: p.monthly! });
      return { ...base, tax: r.tax, version: r.version, ratePct: r.marginalRatePct };
    }
  }
}

const result: z.ZodMiniType<ApitResult> = z.object({
  table: z.number(),
  title: z.string(),
  date: z.string(),
  tax: z.number().check(z.describe("The APIT to deduct under this table, LKR")),
  version: tableVersionSchema,
  monthly: z.nullable(paye.result),
  lumpSum: z.nullable(z.object({
    paidToDate: z.number(),
    payable: z.number(),
    lumpSums: z.number(),
    egar: z.number(),
    ratePct: z.number(),
    taxOnEgar: z.number(),
    monthlyTax: z.number(),
    previousLumpSumTax: z.number(),
  })),
  ratePct: z.nullable(z.number()),
  notices: z.array(noticeSchema),
  currency: z.literal("LKR"),
});

/** `GET /api/v1/tax/apit`: any APIT table by number, with that table's own inputs. */
export const apit: Operation<Params, ApitResult> = defineOperation({
  name: "apit",
  method: "GET",
  path: "/tax/apit",
  title: "APIT tables 01-08",
  description:
    "Advance personal income tax under any IRD APIT table by number, with that table's own inputs: 1 (monthly, as /tax/paye), 2 (lump sums), 7 (secondary employment, held for January-March 2023 only) and 8 (foreign-currency pay). Tables with no published source held answer 501 not_available.",
  tag: "Payroll",
  params,
  result,
  example:
    "/api/v1/tax/apit?table=2&date=2025-04-25&paidToDate=170000&payable=1870000&lumpSums=600000",
  page: "apit",
  provenance: { sourceUrl: payroll.sourceUrl, lastVerified: payroll.lastVerified },
  errors: { "501": NOT_AVAILABLE_DOC },
  run: (p, ctx) => localizeApit(payrollRun(() => run(p, ctx.today)), p.lang ?? "en"),
});
