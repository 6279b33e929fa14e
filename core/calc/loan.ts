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

/** A rate in percent as an exact fraction: `[numerator, denominator]` of the monthly rate. */
function monthlyRate(rate: number): [bigint, bigint] {
  let text = String(rate);
  if (/e/i.test(text)) text = rate.toFixed(20).replace(/0+$/, "");
  const [whole = "0", fraction = ""] = text.split(".");
  return [BigInt(whole + fraction), 1200n * 10n ** BigInt(fraction.length)];
}

/** An amount in LKR as whole cents (rounded half away from zero to the cent first). */
function toCents(amount: number): bigint {
  return BigInt(roundMoney(amount).toFixed(2).replace(".", ""));
}

/** Whole cents as LKR (an exact integer over 100: the nearest double to the decimal). */
function fromCents(cents: bigint): number {
  return Number(cents) / 100;
}

/** `numerator / denominator` rounded half up, for a non-negative numerator. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * The instalment rounded half up to the cent, computed exactly: P a (b+a)^n / (b ((b+a)^n - b^n))
 * for the monthly rate a/b, or P / n at rate 0.
 */
function instalmentCents(principal: bigint, rate: number, months: number): bigint {
  const [a, b] = monthlyRate(rate);
  if (a === 0n) return divideHalfUp(principal, BigInt(months));
  const grown = (b + a) ** BigInt(months);
  return divideHalfUp(principal * a * grown, b * (grown - b ** BigInt(months)));
}

/** The schedule in whole cents. */
interface CentRow {
  payment: bigint;
  principal: bigint;
  interest: bigint;
  balance: bigint;
}

function scheduleCents(principal: bigint, rate: number, months: number, instalment: bigint) {
  const [a, b] = monthlyRate(rate);
  const rows: CentRow[] = [];
  let balance = principal;
  for (let month = 1; month <= months; month++) {
    const interest = divideHalfUp(balance * a, b);
    const due = balance + interest;
    const payment = month === months || instalment > due ? due : instalment;
    const toPrincipal = payment - interest;
    balance -= toPrincipal;
    rows.push({ payment, principal: toPrincipal, interest, balance });
  }
  return rows;
}

/**
 * The amortization table of a reducing-balance loan, in whole cents (exact, no floating point):
 * interest is the balance times the monthly rate, rounded half up to the cent; every payment is
 * the instalment except the last, which clears the balance.
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
  const { months, rate } = options;
  const principal = toCents(options.principal);
  const instalment = options.instalment === undefined
    ? instalmentCents(principal, rate, months)
    : toCents(options.instalment);
  return scheduleCents(principal, rate, months, instalment).map((row, i) => ({
    month: i + 1,
    payment: fromCents(row.payment),
    principal: fromCents(row.principal),
    interest: fromCents(row.interest),
    balance: fromCents(row.balance),
  }));
}

/**
 * Loan instalment (EMI), last payment, total interest and total payment, to the cent, computed in
 * whole cents with exact integers: the EMI is the exact instalment rounded half up to the cent,
 * and each month's interest the exact balance times the monthly rate rounded half up, so every
 * row and total equals the exact decimal computation at any tenure.
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
  const { rate, months } = options;
  const cents = toCents(options.principal);
  const instalment = instalmentCents(cents, rate, months);
  const rows = scheduleCents(cents, rate, months, instalment);
  let paid = 0n;
  let interest = 0n;
  for (const row of rows) {
    paid += row.payment;
    interest += row.interest;
  }
  const out: LoanResult = {
    principal: fromCents(cents),
    annualRate: rate,
    tenureMonths: months,
    emi: fromCents(instalment),
    lastPayment: fromCents(rows.at(-1)!.payment),
    totalInterest: fromCents(interest),
    totalPayment: fromCents(paid),
    currency: "LKR",
  };
  if (options.schedule) {
    out.schedule = rows.map((row, i) => ({
      month: i + 1,
      payment: fromCents(row.payment),
      principal: fromCents(row.principal),
      interest: fromCents(row.interest),
      balance: fromCents(row.balance),
    }));
  }
  return out;
}
