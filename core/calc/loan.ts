/**
 * Reducing-balance loan arithmetic without schemas, so that importing {@linkcode computeLoan}
 * alone bundles without zod (the operation in `../ops/loan.ts` adds the schemas).
 *
 * @module
 */
import { roundMoney } from "../money.ts";

/** One month of the amortization table. */
export interface AmortizationRow {
  month: number;
  payment: number;
  principal: number;
  interest: number;
  balance: number;
}

/** Result of `GET /api/v1/loan` (spec 2.8, plus the last payment and the optional schedule). */
export interface LoanResult {
  principal: number;
  annualRate: number;
  tenureMonths: number;
  /** The monthly instalment, rounded to the cent (every payment but the last). */
  emi: number;
  /** The final payment, which clears the balance: the EMI give or take the EMI's rounding. */
  lastPayment: number;
  /** The sum of the schedule's interest. */
  totalInterest: number;
  /** The sum of the schedule's payments. */
  totalPayment: number;
  currency: "LKR";
  schedule?: AmortizationRow[] | undefined;
}

/** Options of {@linkcode emi}. */
export interface EmiOptions {
  /** Loan amount, LKR. */
  principal: number;
  /** Annual interest rate, percent. */
  rate: number;
  /** Tenure in months. */
  months: number;
}

/** Options of {@linkcode amortize}. */
export interface AmortizeOptions extends EmiOptions {
  /** The monthly instalment (default: the EMI rounded to the cent). */
  instalment?: number | undefined;
}

/** Options of {@linkcode computeLoan}. */
export interface LoanOptions extends EmiOptions {
  /** Include the month-by-month amortization table (default false). */
  schedule?: boolean | undefined;
}

/**
 * The reducing-balance instalment, unrounded: P r (1+r)^n / ((1+r)^n - 1) with r the monthly
 * rate, or P / n at rate 0.
 *
 * @param options Principal, annual rate (percent) and months.
 * @returns The monthly instalment.
 *
 * @example Usage
 * ```ts
 * import { emi } from "./loan.ts";
 * console.log(emi({ principal: 1200, rate: 0, months: 12 })); // 100
 * ```
 */
export function emi(options: EmiOptions): number {
  const { principal, months } = options;
  const r = options.rate / 1200;
  if (r === 0) return principal / months;
  const growth = Math.pow(1 + r, months);
  return (principal * r * growth) / (growth - 1);
}

/**
 * The amortization table of a reducing-balance loan: interest is the balance times the monthly
 * rate, rounded to the cent; every payment is the instalment except the last, which clears the
 * balance.
 *
 * @param options Principal, annual rate (percent), months and the instalment.
 * @returns One row per month.
 *
 * @example Usage
 * ```ts
 * import { amortize } from "./loan.ts";
 * const rows = amortize({ principal: 1000, rate: 0, months: 3 });
 * console.log(rows.map((r) => r.payment)); // [333.33, 333.33, 333.34]
 * ```
 */
export function amortize(options: AmortizeOptions): AmortizationRow[] {
  const { months } = options;
  const r = options.rate / 1200;
  let balance = roundMoney(options.principal);
  const instalment = options.instalment ??
    roundMoney(emi({ principal: balance, rate: options.rate, months }));
  const rows: AmortizationRow[] = [];
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
 * Loan instalment (EMI), last payment, total interest and total payment, to the cent.
 *
 * The totals are the sums of the payments actually made, as banks total them: every month pays
 * the EMI rounded to the cent except the last, which clears the balance, so `totalPayment` is
 * EMI x (months - 1) + the last payment, and `totalInterest` is that less the principal. They
 * are the same with or without the schedule.
 *
 * @param options Principal, annual rate (percent), months, and whether to include the schedule.
 * @returns The summary of spec 2.8.
 *
 * @example Usage
 * ```ts
 * import { computeLoan } from "./loan.ts";
 * const r = computeLoan({ principal: 1000, rate: 0, months: 3 });
 * console.log(r.emi, r.lastPayment, r.totalPayment); // 333.33 333.34 1000
 * ```
 */
export function computeLoan(options: LoanOptions): LoanResult {
  const principal = roundMoney(options.principal);
  const { rate, months } = options;
  const instalment = roundMoney(emi({ principal, rate, months }));
  const rows = amortize({ principal, rate, months, instalment });
  let paid = 0;
  let interest = 0;
  for (const row of rows) {
    paid += row.payment;
    interest += row.interest;
  }
  const out: LoanResult = {
    principal,
    annualRate: rate,
    tenureMonths: months,
    emi: instalment,
    lastPayment: rows.at(-1)!.payment,
    totalInterest: roundMoney(interest),
    totalPayment: roundMoney(paid),
    currency: "LKR",
  };
  if (options.schedule) out.schedule = rows;
  return out;
}
