import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import { computeOvertime, type OvertimeDivisor, type OvertimeResult } from "../calc/labour_pay.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeOvertime };
export type { OvertimeResult };

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "Monthly pay, LKR (which pay counts is yours to choose)",
    example: "80000",
  }),
  hours: decimal({
    min: 0,
    max: 10000,
    maxDecimals: 2,
    description: "Overtime hours worked (part hours pro rata)",
    example: "10",
  }),
  divisor: z._default(
    oneOf(["240", "200", "208"] as const, {
      description:
        "Hours a month for the hourly rate: 240 (default, monthly / 30 days / 8 hours as the Regulations are quoted), 200 or 208 (practices)",
      example: "240",
    }),
    "240",
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode overtime}. */
export interface OvertimeParams {
  monthly: number;
  hours: number;
  divisor: OvertimeDivisor;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const result: z.ZodMiniType<OvertimeResult> = z.object({
  monthly: z.number(),
  hours: z.number(),
  divisor: z.enum(["240", "200", "208"]),
  hourlyPay: z.number().check(z.describe("Monthly pay / divisor, to the cent")),
  overtimeHourlyPay: z.number().check(z.describe("1.5 times the hourly rate, to the cent")),
  multiplier: z.number(),
  amount: z.number().check(z.describe("Overtime rate times hours, to the cent")),
  weeklyCapHours: z.number().check(z.describe("At most 12 hours of overtime in any one week")),
  currency: z.literal("LKR"),
  ...basisShape,
});

/** `GET /api/v1/labour/overtime`: overtime pay at 1.5 times the hourly rate. */
export const overtime: Operation<OvertimeParams, OvertimeResult> = defineOperation({
  name: "overtime",
  method: "GET",
  path: "/labour/overtime",
  title: "Overtime pay calculator",
  description:
    "Overtime pay under the Shop and Office Employees Act and its Regulations: the hours at one and a half times the hourly rate of the monthly pay (monthly / 240 by default), with the weekly cap of 12 hours.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/overtime?monthly=80000&hours=10&divisor=208",
  page: "overtime",
  provenance: labourProvenance(labour.overtime.sourceUrl),
  run: (p) => localizeBasis(computeOvertime(p), p.lang ?? "en"),
});
