import * as z from "zod/mini";
import wht from "../../data/wht.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney, roundTo } from "../money.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, integer, oneOf } from "../params.ts";

/** How interest is paid. */
export type Payout = "cumulative" | "monthly";

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

/** Result of {@linkcode fd} (spec 2.9 plus the after-tax figures). */
export interface FdResult {
  principal: number;
  annualRate: number;
  tenureMonths: number;
  payout: Payout;
  maturityGross: number;
  totalInterestGross: number;
  /** Interest paid each month (monthly payout only, else null). */
  monthlyInterestGross: number | null;
  effectiveAnnualYieldGross: number;
  whtRate: number;
  whtAmount: number;
  totalInterestNet: number;
  maturityNet: number;
  effectiveAnnualYieldNet: number;
  currency: "LKR";
}

/**
 * Withholding tax rate on deposit interest in force on a date.
 *
 * @param date `YYYY-MM-DD`.
 * @returns Percent, or 0 before the first dated rate held.
 */
export function interestWhtRate(date: string): number {
  return inForce(wht.rates, date)?.ratePct ?? 0;
}

/**
 * Fixed deposit figures.
 *
 * - `cumulative`: interest compounds monthly and is paid at maturity, P (1 + r/12)^n.
 * - `monthly`: P x r / 12 is paid each month and the principal is returned at maturity;
 *   `maturityGross` is the principal plus all interest received.
 *
 * The effective annual yield is the yearly compound rate of the cash flows, assuming monthly
 * payouts are reinvested at the same rate: (1 + r/12)^12 - 1 for both payouts gross of tax.
 * Net of tax: for `cumulative`, (1 + ((1 + r/12)^n - 1)(1 - w))^(12/n) - 1 (the exact growth
 * net of tax, before rounding to cents); for `monthly`, (1 + r (1 - w) / 12)^12 - 1.
 *
 * @param principal Deposit, LKR.
 * @param ratePct Nominal annual rate, percent.
 * @param months Tenure.
 * @param payout cumulative or monthly.
 * @param whtPct Withholding tax on interest, percent (0 for none).
 * @returns The figures, money to the cent and yields to 2 decimals.
 *
 * @example Usage
 * ```ts
 * import { computeFd } from "./fd.ts";
 * console.log(computeFd(1_000_000, 10, 12, "cumulative", 0).maturityGross); // 1104713.07
 * ```
 */
export function computeFd(
  principal: number,
  ratePct: number,
  months: number,
  payout: Payout,
  whtPct: number,
): FdResult {
  const p = roundMoney(principal);
  const r = ratePct / 100;
  const monthlyInterest = payout === "monthly" ? roundMoney((p * r) / 12) : null;
  const totalInterestGross = monthlyInterest === null
    ? roundMoney(p * Math.pow(1 + r / 12, months) - p)
    : roundMoney(monthlyInterest * months);
  const whtAmount = roundMoney((totalInterestGross * whtPct) / 100);
  const totalInterestNet = roundMoney(totalInterestGross - whtAmount);
  const maturityNet = roundMoney(p + totalInterestNet);
  const aerGross = Math.pow(1 + r / 12, 12) - 1;
  const aerNet = payout === "monthly"
    ? Math.pow(1 + (r * (1 - whtPct / 100)) / 12, 12) - 1
    // From the exact growth, not the rounded cents, so a tiny deposit's net yield can never
    // show above its gross yield: (1 + ((1 + r/12)^n - 1)(1 - w))^(12/n) - 1.
    : Math.pow(1 + (Math.pow(1 + r / 12, months) - 1) * (1 - whtPct / 100), 12 / months) - 1;
  return {
    principal: p,
    annualRate: ratePct,
    tenureMonths: months,
    payout,
    maturityGross: roundMoney(p + totalInterestGross),
    totalInterestGross,
    monthlyInterestGross: monthlyInterest,
    effectiveAnnualYieldGross: roundTo(aerGross * 100, 2),
    whtRate: whtPct,
    whtAmount,
    totalInterestNet,
    maturityNet,
    effectiveAnnualYieldNet: roundTo(aerNet * 100, 2),
    currency: "LKR",
  };
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
    return computeFd(p.principal, p.rate, p.months, p.payout, whtPct);
  },
});
