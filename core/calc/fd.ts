/**
 * Fixed deposit arithmetic without schemas, so that importing {@linkcode computeFd} alone
 * bundles without zod (the operation in `../ops/fd.ts` adds the schemas).
 *
 * @module
 */
import wht from "../../data/wht.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney, roundTo } from "../money.ts";

/** How interest is paid. */
export type Payout = "cumulative" | "monthly";

/** Options of {@linkcode computeFd}. */
export interface FdOptions {
  /** Deposit, LKR. */
  principal: number;
  /** Nominal annual rate, percent. */
  rate: number;
  /** Term in months. */
  months: number;
  /** How interest is paid (default `cumulative`). */
  payout?: Payout | undefined;
  /** Withholding tax on interest, percent (default 0). */
  whtRate?: number | undefined;
}

/** Result of `GET /api/v1/fd` (spec 2.9 plus the after-tax figures). */
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
 *
 * @example Usage
 * ```ts
 * import { interestWhtRate } from "./fd.ts";
 * console.log(interestWhtRate("2025-04-01")); // 10
 * ```
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
 * @param options Principal, rate, months, payout and withholding tax rate.
 * @returns The figures, money to the cent and yields to 2 decimals.
 *
 * @example Usage
 * ```ts
 * import { computeFd } from "./fd.ts";
 * console.log(computeFd({ principal: 1_000_000, rate: 10, months: 12 }).maturityGross); // 1104713.07
 * ```
 */
export function computeFd(options: FdOptions): FdResult {
  const { principal, months } = options;
  const ratePct = options.rate;
  const payout = options.payout ?? "cumulative";
  const whtPct = options.whtRate ?? 0;
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
