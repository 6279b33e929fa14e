import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import { computeTermination, type TerminationResult } from "../calc/labour_termination.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, integer, isoDate } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { NOT_AVAILABLE_DOC, payrollRun } from "./_payroll.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeTermination };
export type { TerminationResult };

const params = z.object({
  salary: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "Monthly salary, LKR (which salary counts is not settled: yours to choose)",
    example: "100000",
  }),
  years: integer({
    min: 0,
    max: 80,
    description: "Completed years of service",
    example: "10",
  }),
  date: z.optional(isoDate({
    description: "Day of termination (default today); from 2005-03-15, the formula's date",
    example: "2026-01-01",
  })),
  lang: langParam(),
});

/** Parameters of {@linkcode termination}. */
export interface TerminationParams {
  salary: number;
  years: number;
  date?: string | undefined;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const result: z.ZodMiniType<TerminationResult> = z.object({
  salary: z.number(),
  years: z.number(),
  date: z.string(),
  months: z.number().check(z.describe("Months of salary by the formula (at most 48)")),
  uncapped: z.number().check(z.describe("Months times salary, before the cap")),
  cap: z.number().check(z.describe("The cap in force on the date")),
  capFrom: z.string().check(z.describe("The first day that cap applies from")),
  capped: z.boolean().check(z.describe("Whether the cap lowered the amount")),
  amount: z.number().check(z.describe("The compensation, to the cent")),
  currency: z.literal("LKR"),
  ...basisShape,
});

/** `GET /api/v1/labour/termination`: TEWA compensation by the Commissioner's formula. */
export const termination: Operation<TerminationParams, TerminationResult> = defineOperation({
  name: "termination",
  method: "GET",
  path: "/labour/termination",
  title: "Termination compensation (TEWA) calculator",
  description:
    "Compensation under the Termination of Employment of Workmen (Special Provisions) Act formula: 2.5, 2, 1.5, 1 and 0.5 months' salary a year in bands, added up, at most 48 months, capped at Rs 1,250,000 or Rs 2,500,000 for terminations from 19 February 2021.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/termination?salary=100000&years=10&date=2026-01-01",
  page: "termination-compensation",
  provenance: labourProvenance(labour.termination.sourceUrl),
  errors: { "501": NOT_AVAILABLE_DOC },
  run: (p, ctx) =>
    localizeBasis(
      payrollRun(() => computeTermination({ ...p, date: p.date ?? ctx.today })),
      p.lang ?? "en",
    ),
});
