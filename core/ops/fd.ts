import * as z from "zod/mini";
import wht from "../../data/wht.json" with { type: "json" };
import {
  annualEquivalentRate,
  computeFd,
  type FdCredit,
  type FdResult,
  interestWhtRate,
  type Payout,
  PAYOUTS,
} from "../calc/fd.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, integer, isoDate, oneOf } from "../params.ts";

export { annualEquivalentRate, computeFd, interestWhtRate, PAYOUTS };
export type { FdOptions } from "../calc/fd.ts";
export type { FdCredit, FdResult, Payout };

/** Parameters of {@linkcode fd}. */
export interface FdParams {
  principal: number;
  /** Nominal annual rate, percent. */
  rate: number;
  /** Term in months (give this or `days`). */
  months?: number | undefined;
  /** Term in days, for day-count products paid at maturity (give this or `months`). */
  days?: number | undefined;
  payout: Payout;
  /** Date of deposit (default today): credits are dated from it. */
  start?: string | undefined;
  /** Deduct withholding tax from each credit at the rate in force on its credit date. */
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
  months: z.optional(
    integer({ min: 1, max: 600, description: "Term in months; or give days", example: "12" }),
  ),
  days: z.optional(
    integer({
      min: 1,
      max: 3660,
      description: "Term in days (t = days / 365), at maturity",
      example: "100",
    }),
  ),
  payout: z._default(
    oneOf(PAYOUTS, {
      description:
        "maturity (default; alias cumulative): simple interest at the end; monthly to annual: P x r / k; compound-monthly",
    }),
    "maturity",
  ),
  start: z.optional(
    isoDate({ description: "Date of deposit (default today)", example: "2026-01-15" }),
  ),
  wht: z._default(
    flag({ description: "1 deducts withholding tax from each credit at the rate of its date" }),
    false,
  ),
  whtRate: z.optional(decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description: "Withholding tax percent instead (0: self-declaration); implies wht=1",
    example: "10",
  })),
});

const credit = z.object({
  number: z.int(),
  date: z.nullable(z.iso.date()),
  interestGross: z.number(),
  whtRate: z.number(),
  wht: z.number(),
  interestNet: z.number(),
});

const result: z.ZodMiniType<FdResult> = z.object({
  principal: z.number(),
  annualRate: z.number(),
  tenureMonths: z.nullable(z.int()),
  tenureDays: z.nullable(z.int()),
  payout: z.enum(["maturity", "monthly", "quarterly", "semiannual", "annual", "compound-monthly"]),
  startDate: z.nullable(z.iso.date()),
  maturityDate: z.nullable(z.iso.date()),
  maturityGross: z.number(),
  totalInterestGross: z.number(),
  interestPerPayoutGross: z.nullable(z.number()),
  monthlyInterestGross: z.nullable(z.number()),
  effectiveAnnualYieldGross: z.number().check(z.describe("AER, percent")),
  whtRate: z.nullable(z.number()).check(z.describe("Null when it changes in the term")),
  whtAmount: z.number(),
  totalInterestNet: z.number(),
  maturityNet: z.number(),
  effectiveAnnualYieldNet: z.number(),
  credits: z.array(credit),
  currency: z.literal("LKR"),
});

/** `GET /api/v1/fd`: fixed deposit maturity, yield and withholding tax. */
export const fd: Operation<FdParams, FdResult> = defineOperation({
  name: "fd",
  method: "GET",
  path: "/fd",
  title: "Fixed deposit calculator",
  description:
    "Interest, maturity value and AER of a fixed deposit as banks compute them, credit by credit, before and after withholding tax.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/fd?principal=1000000&rate=10&months=12&wht=1",
  page: "fd",
  provenance: { sourceUrl: wht.sourceUrl, lastVerified: wht.lastVerified },
  run: (p, ctx) => {
    try {
      return computeFd({
        principal: p.principal,
        rate: p.rate,
        months: p.months,
        days: p.days,
        payout: p.payout,
        start: p.start ?? ctx.today,
        wht: p.wht,
        whtRate: p.whtRate,
      });
    } catch (error) {
      // An impossible combination of options: the error's cause names the parameter.
      if (error instanceof RangeError && typeof error.cause === "string") {
        throw ApiError.invalidParam(error.cause, error.message);
      }
      throw error;
    }
  },
});
