import * as z from "zod/mini";
import payroll from "../../data/payroll.json" with { type: "json" };
import { computeGratuity, type GratuityResult } from "../calc/payroll_gratuity.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, isoDate, oneOf } from "../params.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { localizeAct, NOT_AVAILABLE_DOC, payrollRun } from "./_payroll.ts";

export { computeGratuity };
export type { GratuityResult };

const params = z.object({
  salary: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "The monthly wage or salary last drawn, LKR (which pay counts is yours to choose)",
    example: "50000",
  }),
  start: isoDate({ description: "First day of service", example: "2016-01-01" }),
  end: isoDate({ description: "Day of termination (on or after start)", example: "2026-01-01" }),
  basis: z._default(
    oneOf(["monthly", "daily"] as const, {
      description: "monthly (default); daily is not available: no source for its rule is held",
      example: "monthly",
    }),
    "monthly",
  ),
  workmen15: z._default(
    flag({
      description:
        "Whether the employer had 15 or more workmen on any day in the twelve months before the termination (default 1)",
      example: "1",
    }),
    true,
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode gratuity}. */
export interface GratuityParams {
  salary: number;
  start: string;
  end: string;
  basis: "monthly" | "daily";
  workmen15: boolean;
  /** Language of the reason, the note and the Act (default `en`); figures never change. */
  lang?: Lang | undefined;
}

type Params = GratuityParams;

/**
 * A gratuity answer in a language (the catalogue's `payroll.gratuity.` and `payroll.act.`): the
 * reason, the note and the Act. Figures, dates and `basis` never change.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeGratuity(result: GratuityResult, lang: Lang): GratuityResult {
  if (lang === "en") return result;
  return {
    ...result,
    reason: translate(lang, result.reason, "payroll.gratuity."),
    note: translate(lang, result.note, "payroll.gratuity."),
    act: localizeAct(result.act, lang),
  };
}

const result: z.ZodMiniType<GratuityResult> = z.object({
  salary: z.number(),
  start: z.string(),
  end: z.string(),
  completedYears: z.number(),
  extraMonths: z.number().check(z.describe("Months beyond the completed years (not paid for)")),
  eligible: z.boolean(),
  reason: z.string(),
  amount: z.number(),
  payableBy: z.nullable(z.string()).check(z.describe("30 days after the termination")),
  basis: z.literal("monthly"),
  currency: z.literal("LKR"),
  act: z.string(),
  note: z.string(),
});

/** `GET /api/v1/payroll/gratuity`: gratuity under the Payment of Gratuity Act No. 12 of 1983. */
export const gratuity: Operation<Params, GratuityResult> = defineOperation({
  name: "gratuity",
  method: "GET",
  path: "/payroll/gratuity",
  title: "Gratuity calculator",
  description:
    "Completed years of service, eligibility under section 5(1) of the Payment of Gratuity Act No. 12 of 1983 with the reason, and the gratuity: half a month's salary (as last drawn) for each completed year.",
  tag: "Payroll",
  params,
  result,
  example: "/api/v1/payroll/gratuity?salary=50000&start=2016-01-01&end=2026-01-01",
  page: "gratuity",
  provenance: {
    sourceUrl: payroll.gratuity.sourceUrl,
    lastVerified: payroll.gratuity.lastVerified,
  },
  errors: { "501": NOT_AVAILABLE_DOC },
  run: (p) => localizeGratuity(payrollRun(() => computeGratuity(p)), p.lang ?? "en"),
});
