import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import { computeNoPay, type NoPayDivisor, type NoPayResult } from "../calc/labour_pay.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, integer, isoDate, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { payrollRun } from "./_payroll.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeNoPay };
export type { NoPayResult };

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "Monthly pay, LKR (which pay counts is yours to choose)",
    example: "60000",
  }),
  days: z._default(
    decimal({
      min: 0,
      max: 31,
      maxDecimals: 2,
      description: "Days of unpaid absence (default 0)",
      example: "2",
    }),
    0,
  ),
  hours: z._default(
    decimal({
      min: 0,
      max: 744,
      maxDecimals: 2,
      description: "Hours of unpaid absence beyond the days (default 0), at a day's pay / 8",
      example: "4",
    }),
    0,
  ),
  divisor: z._default(
    oneOf(["30", "26", "25", "working", "calendar"] as const, {
      description:
        "Days a month for a day's pay: 30 (default, the most common practice), 26, 25, working (give workingDays) or calendar (give date)",
      example: "30",
    }),
    "30",
  ),
  workingDays: z.optional(integer({
    min: 1,
    max: 31,
    description: "Working days in the month, for divisor=working",
    example: "22",
  })),
  date: z.optional(isoDate({
    description: "A day of the month of the absence, for divisor=calendar",
    example: "2026-02-10",
  })),
  lang: langParam(),
});

/** Parameters of {@linkcode noPay}. */
export interface NoPayParams {
  monthly: number;
  days: number;
  hours: number;
  divisor: NoPayDivisor;
  workingDays?: number | undefined;
  date?: string | undefined;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const result: z.ZodMiniType<NoPayResult> = z.object({
  monthly: z.number(),
  days: z.number(),
  hours: z.number(),
  divisor: z.enum(["30", "26", "25", "working", "calendar"]),
  daysInDivisor: z.number().check(z.describe("The number of days the monthly pay was divided by")),
  dayPay: z.number().check(z.describe("A day's pay, to the cent")),
  hourPay: z.number().check(z.describe("A day's pay / 8, to the cent")),
  amount: z.number().check(z.describe("The deduction, to the cent, at most the monthly pay")),
  limited: z.boolean().check(z.describe("Whether the deduction was limited to the monthly pay")),
  currency: z.literal("LKR"),
  ...basisShape,
});

/** `GET /api/v1/labour/no-pay`: the deduction for unpaid absence. */
export const noPay: Operation<NoPayParams, NoPayResult> = defineOperation({
  name: "no-pay",
  method: "GET",
  path: "/labour/no-pay",
  title: "No-pay deduction calculator",
  description:
    "The deduction for days and hours of unpaid absence at a day's pay; no law sets the divisor, so the practice (30, 26 or 25 days, the month's working or calendar days) is a parameter.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/no-pay?monthly=60000&days=2&hours=4",
  page: "no-pay",
  provenance: labourProvenance(labour.noPay.sourceUrl),
  run: (p) => localizeBasis(payrollRun(() => computeNoPay(p)), p.lang ?? "en"),
});
