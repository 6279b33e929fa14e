import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import {
  computeEpfProjection,
  type Crediting,
  EPF_YEARS,
  type EpfProjectionResult,
} from "../calc/payroll_epf_projection.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, integer, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { payrollRun } from "./_payroll.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";

export { computeEpfProjection };
export type { EpfProjectionResult };

const params = z.object({
  monthly: decimal({
    min: 0,
    max: 1e10,
    maxDecimals: 2,
    description: "Monthly total earnings EPF and ETF are paid on, LKR",
    example: "100000",
  }),
  from: integer({
    min: EPF_YEARS.first,
    max: EPF_YEARS.last,
    description: `First year of contributions (${EPF_YEARS.first}-${EPF_YEARS.last})`,
    example: "2020",
  }),
  to: z.optional(integer({
    min: EPF_YEARS.first,
    max: EPF_YEARS.last,
    description: "Last year (default from)",
    example: "2024",
  })),
  epfOpening: z._default(
    decimal({
      min: 0,
      max: 1e12,
      maxDecimals: 2,
      description: "EPF balance at 1 January of from (default 0)",
      example: "0",
    }),
    0,
  ),
  etfOpening: z._default(
    decimal({
      min: 0,
      max: 1e12,
      maxDecimals: 2,
      description: "ETF balance at 1 January of from (default 0)",
      example: "0",
    }),
    0,
  ),
  crediting: z._default(
    oneOf(["opening-balance", "monthly"] as const, {
      description:
        "How a year's rate is credited (no source states it): opening-balance (default, on the balance at 1 January) or monthly (also on each month's contribution for the months left)",
      example: "opening-balance",
    }),
    "opening-balance",
  ),
  lang: langParam(),
});

/** Parameters of {@linkcode epfProjection}. */
export interface EpfProjectionParams {
  monthly: number;
  from: number;
  to?: number | undefined;
  epfOpening: number;
  etfOpening: number;
  crediting: Crediting;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const status = z.enum(["official", "reported", "subject-to-approval", "conflicting", "unknown"]);

const result: z.ZodMiniType<EpfProjectionResult> = z.object({
  monthly: z.number(),
  firstYear: z.number().check(z.describe("The first year projected (from)")),
  lastYear: z.number().check(z.describe("The last year projected (to, or from when not given)")),
  crediting: z.enum(["opening-balance", "monthly"]),
  epfBalance: z.nullable(z.number()).check(
    z.describe("EPF balance at 31 December of to; null when a year's rate is unknown"),
  ),
  etfBalance: z.nullable(z.number()).check(
    z.describe("ETF balance at 31 December of to; null when a year's rate is unknown"),
  ),
  epfContributions: z.number(),
  etfContributions: z.number(),
  years: z.array(z.object({
    year: z.number(),
    epfRate: z.nullable(z.number()),
    epfStatus: status,
    etfRate: z.nullable(z.number()),
    etfStatus: status,
    epfContributions: z.number(),
    epfInterest: z.nullable(z.number()),
    epfBalance: z.nullable(z.number()),
    etfContributions: z.number(),
    etfInterest: z.nullable(z.number()),
    etfBalance: z.nullable(z.number()),
  })),
  currency: z.literal("LKR"),
  ...basisShape,
});

/** `GET /api/v1/payroll/epf-projection`: EPF and ETF balances by the declared rates. */
export const epfProjection: Operation<EpfProjectionParams, EpfProjectionResult> = defineOperation({
  name: "epf-projection",
  method: "GET",
  path: "/payroll/epf-projection",
  title: "EPF and ETF balance projection",
  description:
    "EPF and ETF balances year by year from monthly earnings and the rates declared on member balances (2015-2024; 2024's EPF rate subject to approval, 2025 unknown), with the crediting convention stated.",
  tag: "Payroll",
  params,
  result,
  example: "/api/v1/payroll/epf-projection?monthly=100000&from=2020&to=2024",
  page: "epf-projection",
  provenance: labourProvenance(labour.epfProjection.sourceUrl),
  run: (p) => localizeBasis(payrollRun(() => computeEpfProjection(p)), p.lang ?? "en"),
});
