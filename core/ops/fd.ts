import * as z from "zod/mini";
import wht from "../../data/wht.json" with { type: "json" };
import { computeFd, type FdResult, interestWhtRate, type Payout } from "../calc/fd.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, integer, oneOf } from "../params.ts";

export { computeFd, interestWhtRate };
export type { FdOptions } from "../calc/fd.ts";
export type { FdResult, Payout };

/** Parameters of {@linkcode fd}. */
export interface FdParams {
  principal: number;
  /** Nominal annual rate, percent. */
  rate: number;
  months: number;
  payout: Payout;
  /** Deduct withholding tax at the rate in force today. */
  wht: boolean;
  /** Deduct withholding tax at this percent instead (0 for a self-declaration). */
  whtRate?: number | undefined;
}

const params = z.object({
  principal: decimal({
    min: 0,
    max: 1e12,
    exclusiveMin: true,
    maxDecimals: 2,
    description: "Deposit, LKR",
    example: "1000000",
  }),
  rate: decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description: "Nominal annual rate, percent",
    example: "10",
  }),
  months: integer({ min: 1, max: 600, description: "Tenure in months (1 to 600)", example: "12" }),
  payout: z._default(
    oneOf(["cumulative", "monthly"] as const, {
      description:
        "cumulative (default: compounds monthly, paid at maturity) or monthly (interest paid each month)",
    }),
    "cumulative",
  ),
  wht: z._default(
    flag({
      description:
        "1 deducts withholding tax on interest at the rate in force today (10% since 1 April 2025)",
    }),
    false,
  ),
  whtRate: z.optional(decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description:
      "Deduct withholding tax at this percent instead (0 for a self-declaration); implies wht=1",
    example: "10",
  })),
});

const result: z.ZodMiniType<FdResult> = z.object({
  principal: z.number(),
  annualRate: z.number().check(z.describe("Percent")),
  tenureMonths: z.int(),
  payout: z.enum(["cumulative", "monthly"]),
  maturityGross: z.number().check(z.describe("Principal plus all interest before tax")),
  totalInterestGross: z.number(),
  monthlyInterestGross: z.nullable(z.number()).check(
    z.describe("Interest paid each month (monthly payout)"),
  ),
  effectiveAnnualYieldGross: z.number().check(z.describe("Percent, 2 decimals")),
  whtRate: z.number().check(z.describe("Withholding tax percent applied (0 when wht is off)")),
  whtAmount: z.number(),
  totalInterestNet: z.number(),
  maturityNet: z.number(),
  effectiveAnnualYieldNet: z.number().check(z.describe("Percent, 2 decimals")),
  currency: z.literal("LKR"),
});

/** `GET /api/v1/fd`: fixed deposit maturity, yield and withholding tax. */
export const fd: Operation<FdParams, FdResult> = defineOperation({
  name: "fd",
  method: "GET",
  path: "/fd",
  title: "Fixed deposit calculator",
  description:
    "Maturity value, interest and effective annual yield of a fixed deposit, before and after withholding tax on interest.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/fd?principal=1000000&rate=10&months=12&wht=1",
  page: "fd",
  provenance: { sourceUrl: wht.sourceUrl, lastVerified: wht.lastVerified },
  run: (p, ctx) => {
    const whtPct = p.whtRate ?? (p.wht ? interestWhtRate(ctx.today) : 0);
    return computeFd({
      principal: p.principal,
      rate: p.rate,
      months: p.months,
      payout: p.payout,
      whtRate: whtPct,
    });
  },
});
