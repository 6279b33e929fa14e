import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import { computeHolidayPay, type HolidayKind, type HolidayPayResult } from "../calc/labour_pay.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeHolidayPay };
export type { HolidayPayResult };

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "Monthly pay, LKR (which pay counts is yours to choose)",
    example: "60000",
  }),
  holiday: oneOf(["mercantile", "poya", "public", "bank"] as const, {
    description:
      "The holiday worked: mercantile (the Act's public holidays), poya, or a public or bank holiday that is neither",
    example: "mercantile",
  }),
  days: z._default(
    decimal({
      min: 0,
      max: 366,
      maxDecimals: 2,
      description: "Holidays of that kind worked (default 1)",
      example: "1",
    }),
    1,
  ),
  divisor: z._default(
    oneOf(["30", "26", "25"] as const, {
      description: "Days a month for a day's pay: 30 (default), 26 or 25",
      example: "30",
    }),
    "30",
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode holidayPay}. */
export interface HolidayPayParams {
  monthly: number;
  holiday: HolidayKind;
  days: number;
  divisor: "30" | "26" | "25";
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const result: z.ZodMiniType<HolidayPayResult> = z.object({
  monthly: z.number(),
  holiday: z.enum(["mercantile", "poya", "public", "bank"]),
  days: z.number(),
  divisor: z.enum(["30", "26", "25"]),
  dayPay: z.number().check(z.describe("A day's pay, to the cent")),
  extraDays: z.nullable(z.number()).check(
    z.describe("Extra days' pay per holiday worked; null where no rule was found"),
  ),
  amount: z.nullable(z.number()).check(
    z.describe("Pay on top of the monthly pay; null where no rule was found"),
  ),
  substituteDays: z.nullable(z.number()).check(
    z.describe("Days off with pay by 31 December that may be given instead; null where none"),
  ),
  currency: z.literal("LKR"),
  ...basisShape,
});

/** `GET /api/v1/labour/holiday-pay`: pay for work on a holiday. */
export const holidayPay: Operation<HolidayPayParams, HolidayPayResult> = defineOperation({
  name: "holiday-pay",
  method: "GET",
  path: "/labour/holiday-pay",
  title: "Holiday pay calculator",
  description:
    "What work on a mercantile, Poya, public or bank holiday earns a monthly-paid shop or office employee on top of the monthly pay, saying which part of the rule is sourced and which is not.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/holiday-pay?monthly=60000&holiday=mercantile",
  page: "holiday-pay",
  provenance: labourProvenance(labour.holidayPay.sourceUrl),
  run: (p) => localizeBasis(computeHolidayPay(p), p.lang ?? "en"),
});
