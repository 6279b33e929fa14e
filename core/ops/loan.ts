import * as z from "zod/mini";
import { type AmortizationRow, amortize, computeLoan, emi, type LoanResult } from "../calc/loan.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, flag, integer } from "../params.ts";

export { amortize, computeLoan, emi };
export type { AmortizeOptions, EmiOptions, LoanOptions } from "../calc/loan.ts";
export type { AmortizationRow, LoanResult };

/** Parameters of {@linkcode loan}. */
export interface LoanParams {
  principal: number;
  /** Annual interest rate, percent. */
  rate: number;
  months: number;
  /** Include the month-by-month amortization table. */
  schedule: boolean;
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
  emi: z.number().check(
    z.describe("Monthly instalment: every payment but the last"),
  ),
  lastPayment: z.number().check(z.describe("The final payment, which clears the balance")),
  totalInterest: z.number().check(z.describe("The sum of the interest in the schedule")),
  totalPayment: z.number().check(z.describe("The sum of the payments in the schedule")),
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
