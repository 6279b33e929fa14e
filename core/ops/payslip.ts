import * as z from "zod/mini";
import payroll from "../../data/payroll.json" with { type: "json" };
import {
  computePayslip,
  grossUp,
  MAX_BASIC,
  type PayslipOptions,
  type PayslipResult,
} from "../calc/payroll.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, isoDate, oneOf, type ParamSchema } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import {
  localizeAct,
  localizeNotices,
  localizeVersion,
  NOT_AVAILABLE_DOC,
  noticeSchema,
  payrollRun,
  tableVersionSchema,
} from "./_payroll.ts";

export { computePayslip, grossUp };
export type { PayslipOptions, PayslipResult };

function amount(description: string, example?: string): ParamSchema<number> {
  return decimal({
    min: 0,
    max: MAX_BASIC,
    maxDecimals: 2,
    description,
    ...(example ? { example } : {}),
  });
}

const params = z.object({
  basic: z.optional(amount("Basic monthly pay, LKR (give basic or net)", "170000")),
  net: z.optional(amount(
    "Agreed net pay, LKR, instead of basic: finds the smallest basic pay that nets at least this",
    "222000",
  )),
  allowances: z._default(amount("Other taxable monthly allowances, LKR (default 0)", "20000"), 0),
  allowancesEpf: z._default(
    flag({
      description: "Whether the allowances count as EPF/ETF earnings (default 1)",
      example: "1",
    }),
    true,
  ),
  bra: z._default(amount("Budgetary relief allowance paid, LKR (default 0)", "0"), 0),
  bonus: z._default(
    amount(
      "A lump sum paid with this month's pay, taxed under APIT Table 02 (default 0)",
      "600000",
    ),
    0,
  ),
  bonusEpf: z._default(
    flag({
      description: "Whether the lump sum counts as EPF/ETF earnings (default 0)",
      example: "0",
    }),
    false,
  ),
  date: z.optional(isoDate({
    description: "Pay date (default today); from 2023-01-01",
    example: "2025-04-25",
  })),
  previousLumpSums: z._default(
    amount("Lump sums paid earlier in the same year of assessment, LKR (default 0)", "0"),
    0,
  ),
  previousLumpSumTax: z._default(amount("APIT deducted on those, LKR (default 0)", "0"), 0),
  regularToDate: z.optional(amount(
    "Gross regular pay of the earlier months of the year of assessment, LKR (default: this month's pay times the months before it)",
    "340000",
  )),
  taxToDate: z.optional(amount(
    "Table 01 APIT deducted on regularToDate, LKR (default: as if the earlier months were equal)",
    "2400",
  )),
  employment: z._default(
    oneOf(["primary", "secondary"] as const, {
      description: "primary (default; a primary employment declaration was given) or secondary",
      example: "primary",
    }),
    "primary",
  ),
  primaryMonthly: z.optional(amount(
    "Monthly primary income from the declaration, LKR (required with employment=secondary)",
    "150000",
  )),
  taxOnTax: z._default(
    flag({
      description: "Whether the employer bears the APIT (Table 06; not available)",
      example: "0",
    }),
    false,
  ),
  rounding: z._default(
    oneOf(["exact", "table"] as const, {
      description: "Table 01 rounding: exact (default) to the cent, or the printed table's rupees",
      example: "exact",
    }),
    "exact",
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode payslip} (see {@linkcode PayslipOptions}). */
export interface PayslipParams {
  basic?: number | undefined;
  /** The agreed net pay, instead of `basic`. */
  net?: number | undefined;
  allowances: number;
  allowancesEpf: boolean;
  bra: number;
  bonus: number;
  bonusEpf: boolean;
  date?: string | undefined;
  previousLumpSums: number;
  previousLumpSumTax: number;
  regularToDate?: number | undefined;
  taxToDate?: number | undefined;
  employment: "primary" | "secondary";
  primaryMonthly?: number | undefined;
  taxOnTax: boolean;
  rounding: "exact" | "table";
  /** Language of the notices, table titles and labels and the Act (default `en`); codes never change. */
  lang?: Lang | undefined;
}

type Params = PayslipParams;

/**
 * A payslip in a language (the catalogue's): the notices' messages, the APIT tables' titles and
 * labels, and the minimum wage's Act. Figures, codes and ids never change.
 *
 * @param slip The payslip in English.
 * @param lang The language.
 * @returns The payslip in that language.
 */
export function localizePayslip(slip: PayslipResult, lang: Lang): PayslipResult {
  if (lang === "en") return slip;
  const { apitRegular, apitLumpSum } = slip.deductions;
  return {
    ...slip,
    deductions: {
      ...slip.deductions,
      apitRegular: { ...apitRegular, table: localizeVersion(apitRegular.table, lang) },
      apitLumpSum: apitLumpSum &&
        { ...apitLumpSum, table: localizeVersion(apitLumpSum.table, lang) },
    },
    minimumWage: { ...slip.minimumWage, act: localizeAct(slip.minimumWage.act, lang) },
    notices: localizeNotices(slip.notices, lang),
  };
}

const apitLine = z.object({ amount: z.number(), table: tableVersionSchema });

const result: z.ZodMiniType<PayslipResult> = z.object({
  date: z.string(),
  employment: z.enum(["primary", "secondary"]),
  earnings: z.object({
    basic: z.number(),
    allowances: z.number(),
    bra: z.number(),
    regular: z.number().check(z.describe("basic + allowances + bra")),
    bonus: z.number(),
    gross: z.number(),
  }),
  epfEarnings: z.number().check(z.describe("The earnings EPF and ETF are charged on")),
  deductions: z.object({
    epfEmployee: z.number().check(z.describe("8% of epfEarnings")),
    apitRegular: apitLine,
    apitLumpSum: z.nullable(z.object({
      amount: z.number(),
      table: tableVersionSchema,
      egar: z.number().check(z.describe("D = A + B + C of Table 02")),
      ratePct: z.number(),
      taxOnEgar: z.number(),
      monthlyTax: z.number(),
      previousLumpSumTax: z.number(),
    })),
    total: z.number(),
  }),
  net: z.number().check(z.describe("earnings.gross - deductions.total")),
  employer: z.object({
    epf: z.number().check(z.describe("12% of epfEarnings")),
    etf: z.number().check(z.describe("3% of epfEarnings")),
    totalCost: z.number(),
  }),
  minimumWage: z.object({
    minimum: z.number(),
    compared: z.number(),
    below: z.boolean(),
    braIncluded: z.boolean(),
    act: z.string(),
  }),
  grossUp: z.nullable(z.object({ net: z.number(), exact: z.boolean() })),
  notices: z.array(noticeSchema),
  currency: z.literal("LKR"),
});

function run(p: Params, today: string): PayslipResult {
  if ((p.basic === undefined) === (p.net === undefined)) {
    const message = p.basic === undefined
      ? 'Parameter "basic" is required: give basic pay, or net to find it'
      : 'Parameters "basic" and "net" cannot be used together: give one';
    throw ApiError.invalidParam(p.basic === undefined ? "basic" : "net", message);
  }
  const options: Omit<PayslipOptions, "basic"> = {
    date: p.date ?? today,
    allowances: p.allowances,
    allowancesEpf: p.allowancesEpf,
    bra: p.bra,
    bonus: p.bonus,
    bonusEpf: p.bonusEpf,
    previousLumpSums: p.previousLumpSums,
    previousLumpSumTax: p.previousLumpSumTax,
    employment: p.employment,
    taxOnTax: p.taxOnTax,
    rounding: p.rounding,
    ...(p.regularToDate !== undefined ? { regularToDate: p.regularToDate } : {}),
    ...(p.taxToDate !== undefined ? { taxToDate: p.taxToDate } : {}),
    ...(p.primaryMonthly !== undefined ? { primaryMonthly: p.primaryMonthly } : {}),
  };
  return payrollRun(() =>
    p.net !== undefined
      ? grossUp({ ...options, net: p.net })
      : computePayslip({ ...options, basic: p.basic! })
  );
}

/** `GET /api/v1/payroll/payslip`: one month's payslip, or the gross-up of an agreed net pay. */
export const payslip: Operation<Params, PayslipResult> = defineOperation({
  name: "payslip",
  method: "GET",
  path: "/payroll/payslip",
  title: "Payslip calculator (EPF, ETF, APIT)",
  description:
    "Every line of a Sri Lankan payslip: gross, EPF 8%, APIT on the regular pay (Table 01) and on a bonus (Table 02), net pay, the employer's EPF 12%, ETF 3% and total cost, and a warning below the minimum wage. With net= instead of basic=, the basic pay that gives that net.",
  tag: "Payroll",
  params,
  result,
  example: "/api/v1/payroll/payslip?basic=170000&bonus=600000&date=2025-04-25",
  page: "payslip",
  provenance: { sourceUrl: payroll.sourceUrl, lastVerified: payroll.lastVerified },
  errors: { "501": NOT_AVAILABLE_DOC },
  run: (p, ctx) => localizePayslip(run(p, ctx.today), p.lang ?? "en"),
});
