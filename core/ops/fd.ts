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
  months: z.optional(integer({
    min: 1,
    max: 600,
    description: "Term in months (1 to 600); give months or days",
    example: "12",
  })),
  days: z.optional(integer({
    min: 1,
    max: 3660,
    description: "Term in days (1 to 3660), t = days/365, paid at maturity; give months or days",
  })),
  payout: z._default(
    oneOf(PAYOUTS, {
      description:
        "maturity (default; alias cumulative): simple interest P x r x t at the end. monthly to annual: P x r / k each period. compound-monthly: interest added monthly, paid at maturity",
    }),
    "maturity",
  ),
  start: z.optional(isoDate({
    description: "Date of deposit (default today): each credit of interest is dated from it",
  })),
  wht: z._default(
    flag({
      description: "1 deducts withholding tax from each credit at the rate in force on its date",
    }),
    false,
  ),
  whtRate: z.optional(decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description:
      "Withholding tax percent for every credit instead (0: self-declaration filed); implies wht=1",
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
  annualRate: z.number().check(z.describe("Percent")),
  tenureMonths: z.nullable(z.int()).check(z.describe("Term in months; null for a term in days")),
  tenureDays: z.nullable(z.int()).check(z.describe("Term in days; null for a term in months")),
  payout: z.enum(["maturity", "monthly", "quarterly", "semiannual", "annual", "compound-monthly"])
    .check(z.describe("The payout (cumulative is answered as maturity)")),
  startDate: z.nullable(z.iso.date()),
  maturityDate: z.nullable(z.iso.date()),
  maturityGross: z.number().check(z.describe("Principal plus all interest before tax")),
  totalInterestGross: z.number(),
  interestPerPayoutGross: z.nullable(z.number()).check(z.describe("Interest of each payout")),
  monthlyInterestGross: z.nullable(z.number()).check(
    z.describe("Interest paid each month (monthly payout)"),
  ),
  effectiveAnnualYieldGross: z.number().check(z.describe("AER as banks publish it, percent")),
  whtRate: z.nullable(z.number()).check(
    z.describe("Withholding tax percent of every credit; null when it changes in the term"),
  ),
  whtAmount: z.number().check(z.describe("Withholding tax: the sum of the credits' tax")),
  totalInterestNet: z.number(),
  maturityNet: z.number(),
  effectiveAnnualYieldNet: z.number().check(z.describe("AER after withholding tax, percent")),
  credits: z.array(credit).check(z.describe("Each credit of interest")),
  currency: z.literal("LKR"),
});

/** `GET /api/v1/fd`: fixed deposit maturity, yield and withholding tax. */
export const fd: Operation<FdParams, FdResult> = defineOperation({
  name: "fd",
  method: "GET",
  path: "/fd",
  title: "Fixed deposit calculator",
  description:
    "Interest, maturity value and AER of a fixed deposit as Sri Lankan banks compute them (simple interest at maturity, or monthly to annual payouts), credit by credit, before and after withholding tax.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/fd?principal=1000000&rate=10&months=12&wht=1",
  page: "fd",
  provenance: { sourceUrl: wht.sourceUrl, lastVerified: wht.lastVerified },
  run: (p, ctx) => {
    if ((p.months === undefined) === (p.days === undefined)) {
      throw ApiError.invalidParam(
        p.months === undefined ? "months" : "days",
        "Give the term in months or in days: expected exactly one of them",
      );
    }
    if (p.days !== undefined && p.payout !== "maturity" && p.payout !== "cumulative") {
      throw ApiError.invalidParam(
        "payout",
        `A term in days is paid at maturity: expected payout=maturity with days, got "${p.payout}"`,
      );
    }
    const period = { quarterly: 3, semiannual: 6, annual: 12 }[p.payout as string];
    if (period !== undefined && p.months! % period !== 0) {
      throw ApiError.invalidParam(
        "months",
        `A ${p.payout} payout needs whole ${period}-month periods: expected a multiple of ${period}, got ${p.months}`,
      );
    }
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
  },
});
