import * as z from "zod/mini";
import payroll from "../../data/payroll.json" with { type: "json" };
import { computeMinimumWage, type MinimumWage } from "../calc/payroll_minimum_wage.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { isoDate } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { localizeAct, localizeSentences, payrollRun } from "./_payroll.ts";

export { computeMinimumWage };
export type { MinimumWage };

const params = z.object({
  date: z.optional(isoDate({
    description: "The date (default today); from 2016-01-01",
    example: "2026-01-01",
  })),
  lang: langParam(),
});

/** Parameters of {@linkcode minimumWage}. */
export interface MinimumWageParams {
  date?: string | undefined;
  /** Language of the Act and the note (default `en`); figures and the source never change. */
  lang?: Lang | undefined;
}

type Params = MinimumWageParams;

/**
 * A minimum wage answer in a language (the catalogue's `payroll.act.` and `payroll.minwage.`):
 * the Act and the note. Figures, dates and the source (a citation) never change.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeMinimumWage(result: MinimumWage, lang: Lang): MinimumWage {
  if (lang === "en") return result;
  return {
    ...result,
    act: localizeAct(result.act, lang),
    note: localizeSentences(result.note, lang, "payroll.minwage."),
  };
}

const result: z.ZodMiniType<MinimumWage> = z.object({
  date: z.string(),
  monthly: z.number(),
  daily: z.number(),
  act: z.string(),
  from: z.string(),
  to: z.nullable(z.string()),
  braIncluded: z.boolean().check(
    z.describe("Whether the budgetary relief allowances are part of the minimum (from 2025-04-01)"),
  ),
  braMonthly: z.nullable(z.number()).check(
    z.describe("Monthly relief allowances due on top, when sourced"),
  ),
  braDaily: z.nullable(z.number()),
  totalMonthly: z.nullable(z.number()).check(
    z.describe("Minimum plus the allowances due on top; null when those are not sourced"),
  ),
  note: z.string(),
  currency: z.literal("LKR"),
  source: z.string(),
  sourceUrl: z.string(),
  lastVerified: z.string(),
});

/** `GET /api/v1/payroll/minimum-wage`: the national minimum wage in force on a date. */
export const minimumWage: Operation<Params, MinimumWage> = defineOperation({
  name: "minimum-wage",
  method: "GET",
  path: "/payroll/minimum-wage",
  title: "National minimum wage",
  description:
    "The national minimum monthly and daily wages of workers in force on a date, with the Act that set them and whether the budgetary relief allowances are part of them.",
  tag: "Payroll",
  params,
  result,
  example: "/api/v1/payroll/minimum-wage?date=2026-01-01",
  page: "minimum-wage",
  provenance: {
    sourceUrl: payroll.minimumWage.rates.at(-1)!.sourceUrl,
    lastVerified: payroll.lastVerified,
  },
  run: (p, ctx) =>
    localizeMinimumWage(
      payrollRun(() => computeMinimumWage({ date: p.date ?? ctx.today })),
      p.lang ?? "en",
    ),
});
