import * as z from "zod/mini";
import { roundMoney } from "../money.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, integer } from "../params.ts";

/** Parameters of {@linkcode loan}. */
export interface LoanParams {
  principal: number;
  /** Annual interest rate, percent. */
  rate: number;
  months: number;
  /** Include the month-by-month amortization table. */
  schedule: boolean;
}

/** One month of the amortization table. */
export interface AmortizationRow {
  month: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

/** Result of {@linkcode loan} (spec 2.8, plus the optional schedule). */
export interface LoanResult {
  principal: number;
  annualRate: number;
  tenureMonths: number;
  emi: number;
  totalInterest: number;
  totalPayment: number;
  currency: "LKR";
  schedule?: AmortizationRow[] | undefined;
}

/**
 * The reducing-balance instalment, unrounded: P r (1+r)^n / ((1+r)^n - 1) with r the monthly
 * rate, or P / n at rate 0.
 *
 * @param principal Loan amount.
 * @param annualRatePct Annual rate, percent.
 * @param months Tenure.
 * @returns The monthly instalment.
 *
 * @example Usage
 * ```ts
 * import { emi } from "./loan.ts";
 * console.log(Math.round(emi(1200, 0, 12))); // 100
 * ```
 */
export function emi(principal: number, annualRatePct: number, months: number): number {
  const r = annualRatePct / 1200;
  if (r === 0) return principal / months;
  const growth = Math.pow(1 + r, months);
  return (principal * r * growth) / (growth - 1);
}

/**
 * The amortization table of a reducing-balance loan paying `instalment` a month: interest is the
 * balance times the monthly rate, rounded to the cent; the last payment clears the balance.
 *
 * @param principal Loan amount.
 * @param annualRatePct Annual rate, percent.
 * @param months Tenure.
 * @param instalment The (rounded) monthly instalment.
 * @returns One row per month.
 */
export function amortize(
  principal: number,
  annualRatePct: number,
  months: number,
  instalment: number,
): AmortizationRow[] {
  const r = annualRatePct / 1200;
  const rows: AmortizationRow[] = [];
  let balance = roundMoney(principal);
  for (let month = 1; month <= months; month++) {
    const interest = roundMoney(balance * r);
    const last = month === months;
    const payment = last
      ? roundMoney(balance + interest)
      : Math.min(instalment, roundMoney(balance + interest));
    const toPrincipal = roundMoney(payment - interest);
    balance = roundMoney(balance - toPrincipal);
    rows.push({ month, payment, principal: toPrincipal, interest, balance });
  }
  return rows;
}

/**
 * Loan instalment (EMI), total interest and total payment, to the cent.
 *
 * `totalPayment` is the rounded EMI times the tenure, as lenders quote it; the schedule's final
 * payment absorbs the rounding of the EMI, so it may differ from the EMI by a few cents.
 *
 * @param p Principal, annual rate (percent), months, and whether to include the schedule.
 * @returns The summary of spec 2.8.
 */
export function computeLoan(p: LoanParams): LoanResult {
  const principal = roundMoney(p.principal);
  const instalment = roundMoney(emi(principal, p.rate, p.months));
  const totalPayment = roundMoney(instalment * p.months);
  const out: LoanResult = {
    principal,
    annualRate: p.rate,
    tenureMonths: p.months,
    emi: instalment,
    totalInterest: roundMoney(totalPayment - principal),
    totalPayment,
    currency: "LKR",
  };
  if (p.schedule) out.schedule = amortize(principal, p.rate, p.months, instalment);
  return out;
}

const params = z.object({
  principal: decimal({
    min: 0,
    max: 1e12,
    exclusiveMin: true,
    maxDecimals: 2,
    description: "Loan amount, LKR",
    example: "5000000",
  }),
  rate: decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description: "Annual interest rate, percent",
    example: "12.5",
  }),
  months: integer({ min: 1, max: 600, description: "Tenure in months (1 to 600)", example: "240" }),
  schedule: z._default(
    flag({ description: "1 adds the month-by-month amortization table" }),
    false,
  ),
});

const row = z.object({
  month: z.int(),
  payment: z.number(),
  principal: z.number(),
  interest: z.number(),
  balance: z.number(),
});

const result: z.ZodMiniType<LoanResult> = z.object({
  principal: z.number(),
  annualRate: z.number().check(z.describe("Percent")),
  tenureMonths: z.int(),
  emi: z.number().check(z.describe("Monthly instalment")),
  totalInterest: z.number(),
  totalPayment: z.number(),
  currency: z.literal("LKR"),
  schedule: z.optional(z.array(row)).check(z.describe("Present with schedule=1")),
});

/** `GET /api/v1/loan`: reducing-balance EMI. */
export const loan: Operation<LoanParams, LoanResult> = defineOperation({
  name: "loan",
  method: "GET",
  path: "/loan",
  title: "Loan EMI calculator",
  description:
    "Monthly instalment of a reducing-balance loan with total interest and payment; schedule=1 adds the amortization table.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/loan?principal=5000000&rate=12.5&months=240",
  page: "loan",
  run: (p) => computeLoan(p),
});
