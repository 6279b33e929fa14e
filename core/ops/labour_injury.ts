import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import { computeInjury, type InjuryOutcome, type InjuryResult } from "../calc/labour_injury.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { payrollRun } from "./_payroll.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeInjury };
export type { InjuryResult };

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "The workman's monthly wages, LKR",
    example: "42000",
  }),
  outcome: oneOf(["death", "permanent-total", "permanent-partial", "temporary"] as const, {
    description:
      "What the injury led to: death, permanent-total or permanent-partial disablement, or temporary disablement",
    example: "death",
  }),
  loss: z.optional(decimal({
    min: 0,
    max: 100,
    maxDecimals: 2,
    description:
      "For permanent-partial: the loss of earning capacity in per cent, from Schedule I (for example 80 for the total loss of sight of one eye)",
    example: "80",
  })),
  lang: langParam(),
});

/** Parameters of {@linkcode injury}. */
export interface InjuryParams {
  monthly: number;
  outcome: InjuryOutcome;
  loss?: number | undefined;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const result: z.ZodMiniType<InjuryResult> = z.object({
  monthly: z.number(),
  outcome: z.enum(["death", "permanent-total", "permanent-partial", "temporary"]),
  lossPct: z.nullable(z.number()).check(
    z.describe("Loss of earning capacity applied, per cent (100 for permanent total)"),
  ),
  band: z.object({
    from: z.number(),
    to: z.nullable(z.number()),
    death: z.number(),
    permanentDisablement: z.number(),
    halfMonthly: z.number(),
  }).check(z.describe("The Schedule IV row applied")),
  amount: z.nullable(z.number()).check(
    z.describe("The lump sum for death or permanent disablement; null for temporary"),
  ),
  halfMonthly: z.nullable(z.number()).check(
    z.describe("The half-monthly payment for temporary disablement; null otherwise"),
  ),
  currency: z.literal("LKR"),
  ...basisShape,
});

/** `GET /api/v1/labour/injury`: workmen's compensation by Schedule IV. */
export const injury: Operation<InjuryParams, InjuryResult> = defineOperation({
  name: "injury",
  method: "GET",
  path: "/labour/injury",
  title: "Workmen's compensation calculator",
  description:
    "Compensation under the Workmen's Compensation Ordinance as amended by Act No. 10 of 2022: the Schedule IV amount for the monthly wage band for death or permanent disablement (Schedule I percentage for partial), or the half-monthly payment for temporary disablement.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/injury?monthly=42000&outcome=death",
  page: "workmens-compensation",
  provenance: labourProvenance(labour.injury.sourceUrl),
  run: (p) => localizeBasis(payrollRun(() => computeInjury(p)), p.lang ?? "en"),
});
