import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import { computeLeave, type FirstYearCasual, type LeaveResult } from "../calc/labour_leave.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { integer, isoDate, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { payrollRun } from "./_payroll.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeLeave };
export type { LeaveResult };

const params = z.object({
  joined: isoDate({ description: "The first day of service", example: "2025-05-15" }),
  year: integer({
    min: 1954,
    max: 2100,
    description: "The calendar year asked about (the year of joining or later)",
    example: "2026",
  }),
  firstYearCasual: z._default(
    oneOf(["per-two-months", "half-per-month"] as const, {
      description:
        "Casual leave in the year of joining: per-two-months (default, one day per completed two months) or half-per-month (half a day per whole month after the month of joining)",
      example: "per-two-months",
    }),
    "per-two-months",
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode leave}. */
export interface LeaveParams {
  joined: string;
  year: number;
  firstYearCasual: FirstYearCasual;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const result: z.ZodMiniType<LeaveResult> = z.object({
  joined: z.string(),
  year: z.number(),
  serviceYear: z.number().check(z.describe("1 for the calendar year of joining")),
  annual: z.number().check(z.describe("Days of annual leave due in the year")),
  casual: z.number().check(z.describe("Days of casual leave due in the year")),
  firstYearCasual: z.enum(["per-two-months", "half-per-month"]),
  ...basisShape,
});

/** `GET /api/v1/labour/leave`: annual and casual leave due in a calendar year. */
export const leave: Operation<LeaveParams, LeaveResult> = defineOperation({
  name: "leave",
  method: "GET",
  path: "/labour/leave",
  title: "Annual and casual leave calculator",
  description:
    "Annual and casual leave due in a calendar year under section 6 of the Shop and Office Employees Act: none in the year of joining, 14, 10, 7 or 4 days the next year by the quarter of joining, then 14; 7 casual days a year.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/leave?joined=2025-05-15&year=2026",
  page: "annual-leave",
  provenance: labourProvenance(labour.leave.sourceUrl),
  run: (p) => localizeBasis(payrollRun(() => computeLeave(p)), p.lang ?? "en"),
});
