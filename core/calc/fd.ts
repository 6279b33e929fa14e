/**
 * Fixed deposit arithmetic without schemas, so that importing {@linkcode computeFd} alone
 * bundles without zod (the operation in `../ops/fd.ts` adds the schemas).
 *
 * How Sri Lankan banks quote deposits (research: finance-nic-plate.md section 3.2): interest paid
 * at maturity is simple interest over the whole term, never compounded; periodic payouts pay
 * P x r / k each time; the AER they publish is the yearly compound rate assuming each payout (or
 * the maturity amount) is reinvested at the same rate.
 *
 * @module
 */
import wht from "../../data/wht.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { addMonths, type CivilDate, isoText, parseIsoText } from "../_calendar.ts";
import { roundMoney, roundTo } from "../money.ts";

/**
 * How interest is paid.
 *
 * - `maturity` (alias `cumulative`): simple interest P x r x t, paid with the principal at the end.
 * - `monthly`, `quarterly`, `semiannual`, `annual`: P x r / k paid k times a year.
 * - `compound-monthly`: interest added to the deposit every month and paid at maturity, as if a
 *   one-month deposit were rolled over with its interest. Not how banks pay a longer deposit, and
 *   never the default.
 */
export type Payout =
  | "maturity"
  | "cumulative"
  | "monthly"
  | "quarterly"
  | "semiannual"
  | "annual"
  | "compound-monthly";

/** Every {@linkcode Payout} value, the default first. */
export const PAYOUTS: readonly Payout[] = [
  "maturity",
  "cumulative",
  "monthly",
  "quarterly",
  "semiannual",
  "annual",
  "compound-monthly",
];

/** Payouts a year of each periodic option. */
const PER_YEAR: Readonly<Record<string, number>> = {
  monthly: 12,
  quarterly: 4,
  semiannual: 2,
  annual: 1,
};

/** Options of {@linkcode computeFd}. Give the term in `months` or in `days`, not both. */
export interface FdOptions {
  /** Deposit, LKR. */
  principal: number;
  /** Nominal annual rate, percent. */
  rate: number;
  /** Term in months (t = months / 12). */
  months?: number | undefined;
  /** Term in days, for day-count products such as 100 days (t = days / 365; at maturity only). */
  days?: number | undefined;
  /** How interest is paid (default `maturity`). */
  payout?: Payout | undefined;
  /** Date of deposit `YYYY-MM-DD`: each credit is dated from it. */
  start?: string | undefined;
  /**
   * Deduct withholding tax from each credit at the rate in force on its credit date
   * (`data/wht.json`: 5% from 2023-01-01, 10% from 2025-04-01). Needs `start`. Default false.
   */
  wht?: boolean | undefined;
  /** Deduct withholding tax at this percent from every credit instead (0: self-declaration). */
  whtRate?: number | undefined;
}

/** One credit of interest to the depositor. */
export interface FdCredit {
  /** 1 for the first credit. */
  number: number;
  /** Credit date, or null when no start date was given. */
  date: string | null;
  interestGross: number;
  /** Withholding tax percent applied to this credit. */
  whtRate: number;
  wht: number;
  interestNet: number;
}

/** Result of `GET /api/v1/fd` (spec 2.9 plus the credits and the after-tax figures). */
export interface FdResult {
  principal: number;
  annualRate: number;
  /** Term in months, or null for a term in days. */
  tenureMonths: number | null;
  /** Term in days, or null for a term in months. */
  tenureDays: number | null;
  /** The payout applied (`cumulative` is answered as `maturity`). */
  payout: Exclude<Payout, "cumulative">;
  /** Date of deposit, or null. */
  startDate: string | null;
  /** Maturity date, or null. */
  maturityDate: string | null;
  /** Principal plus all interest, before tax. */
  maturityGross: number;
  totalInterestGross: number;
  /** Interest of each periodic payout (null for payouts at maturity). */
  interestPerPayoutGross: number | null;
  /** Interest paid each month (monthly payout only, else null). */
  monthlyInterestGross: number | null;
  /** The AER as banks publish it, percent, 2 decimals. */
  effectiveAnnualYieldGross: number;
  /** The withholding tax percent of every credit, or null when it changes during the term. */
  whtRate: number | null;
  /** Withholding tax on all credits: the sum of the per-credit figures. */
  whtAmount: number;
  totalInterestNet: number;
  maturityNet: number;
  /** The AER after withholding tax, percent, 2 decimals. */
  effectiveAnnualYieldNet: number;
  /** Each credit of interest, with its withholding tax. */
  credits: FdCredit[];
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
 * The AER banks publish: `(1 + r/k)^k - 1` for k payouts a year, `(1 + r t)^(1/t) - 1` for simple
 * interest at maturity after t years, `(1 + r/12)^12 - 1` when interest compounds monthly.
 *
 * @param options The nominal rate (fraction, not percent), the payout and the term in years.
 * @returns The AER as a fraction.
 *
 * @example Usage
 * ```ts
 * import { annualEquivalentRate } from "./fd.ts";
 * // Commercial Bank, 24 months at maturity at 17.00%: AER 15.76% (research 3.2)
 * console.log(annualEquivalentRate({ rate: 0.17, payout: "maturity", years: 2 }).toFixed(4)); // "0.1576"
 * ```
 */
export function annualEquivalentRate(
  options: { rate: number; payout: Payout; years: number },
): number {
  const { rate, payout, years } = options;
  if (payout === "maturity" || payout === "cumulative") {
    return Math.pow(1 + rate * years, 1 / years) - 1;
  }
  const k = payout === "compound-monthly" ? 12 : PER_YEAR[payout]!;
  return Math.pow(1 + rate / k, k) - 1;
}

/**
 * P x rate% x num / den to the cent, rounded half away from zero on the exact decimal value
 * (principal in cents and the rate to 4 decimals are whole numbers, so BigInt has no error).
 */
function simpleInterest(principal: number, ratePct: number, num: number, den: number): number {
  const n = BigInt(Math.round(principal * 100)) * BigInt(Math.round(ratePct * 10_000)) *
    BigInt(num);
  const d = BigInt(den) * 1_000_000n; // percent (100) x rate scale (10,000)
  return Number((2n * n + d) / (2n * d)) / 100;
}

/** The date `days` days after `date` (Date.UTC carries the day over months and years). */
function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The error for an impossible option; `cause` names the option at fault. */
function refuse(option: string, why: string): RangeError {
  return new RangeError(`Cannot compute the deposit: ${why}`, { cause: option });
}

/**
 * Fixed deposit figures as banks compute them, credit by credit, with withholding tax on each.
 *
 * - `maturity` (default; `cumulative` is the same): interest P x r x t at the end, t = months / 12
 *   or days / 365, simple even for terms over a year; maturity value P (1 + r t).
 * - `monthly` / `quarterly` / `semiannual` / `annual`: P x r / k, rounded to the cent, at the end
 *   of each period; the principal comes back at maturity. The term must be whole periods.
 * - `compound-monthly`: P (1 + r/12)^n - P at maturity (a deposit rolled over monthly).
 *
 * Withholding tax is taken from each credit at `whtRate`, or with `wht` at the rate in force on
 * the credit's date, rounded to the cent; the total is the sum of the credits' tax, and net
 * interest is gross less that total. The net AER uses the net rate r (1 - w), with w the
 * credits' average tax rate.
 *
 * @param options Principal, rate, term, payout, start date and withholding tax.
 * @returns The figures, money to the cent and yields to 2 decimals.
 * @throws {RangeError} For a term given both or neither way, a days term with periodic payouts,
 *   a term that is not whole payout periods, `wht` without `start`, or `wht` with a credit
 *   dated before the first rate held (2023-01-01); its `cause` names the option at fault.
 *
 * @example Usage
 * ```ts
 * import { computeFd } from "./fd.ts";
 * // Research 3.2: Rs 1,000,000 for 24 months at 10.5% at maturity: 1,210,000, AER 10.00%
 * const r = computeFd({ principal: 1_000_000, rate: 10.5, months: 24 });
 * console.log(r.maturityGross, r.effectiveAnnualYieldGross); // 1210000 10
 * ```
 */
export function computeFd(options: FdOptions): FdResult {
  const { months, days, start } = options;
  const payout: Exclude<Payout, "cumulative"> = options.payout === undefined ||
      options.payout === "cumulative"
    ? "maturity"
    : options.payout;
  if ((months === undefined) === (days === undefined)) {
    throw refuse(months === undefined ? "months" : "days", "expected a term in months or in days");
  }
  if (days !== undefined && payout !== "maturity") {
    throw refuse("payout", `a term in days is paid at maturity, not "${payout}"`);
  }
  const perYear = PER_YEAR[payout];
  const periodMonths = perYear === undefined ? undefined : 12 / perYear;
  if (periodMonths !== undefined && months! % periodMonths !== 0) {
    throw refuse("months", `${payout} payouts need a multiple of ${periodMonths} months`);
  }
  if (options.wht && options.whtRate === undefined && start === undefined) {
    throw refuse("start", "withholding tax by credit date needs a start date");
  }
  const p = roundMoney(options.principal);
  const r = options.rate / 100;
  const years = months !== undefined ? months / 12 : days! / 365;
  const maturityDate = start === undefined
    ? null
    : months !== undefined
    ? isoText(addMonths(parseIsoText(start), months))
    : isoText(addDays(parseIsoText(start), days!));

  // The credits: [date, unrounded interest].
  const plan: [string | null, number][] = [];
  if (periodMonths !== undefined) {
    for (let i = 1; i <= months! / periodMonths; i++) {
      const date = start === undefined
        ? null
        : isoText(addMonths(parseIsoText(start), i * periodMonths));
      plan.push([date, simpleInterest(p, options.rate, 1, perYear!)]);
    }
  } else if (payout === "compound-monthly") {
    plan.push([maturityDate, p * Math.pow(1 + r / 12, months!) - p]);
  } else {
    plan.push([
      maturityDate,
      months !== undefined
        ? simpleInterest(p, options.rate, months, 12)
        : simpleInterest(p, options.rate, days!, 365),
    ]);
  }

  const fixed = options.whtRate;
  const first = wht.rates[0]!.from;
  if (fixed === undefined && options.wht && plan.some(([date]) => date! < first)) {
    // No rate is held for earlier credits (research 3.1): unknown, so not guessed as 0.
    throw refuse("start", `no withholding tax rate is held before ${first}: give whtRate`);
  }
  const credits: FdCredit[] = plan.map(([date, exact], i) => {
    const interestGross = roundMoney(exact);
    const whtRate = fixed ?? (options.wht && date !== null ? interestWhtRate(date) : 0);
    const tax = roundMoney((interestGross * whtRate) / 100);
    return {
      number: i + 1,
      date,
      interestGross,
      whtRate,
      wht: tax,
      interestNet: roundMoney(interestGross - tax),
    };
  });
  let totalInterestGross = 0;
  let whtAmount = 0;
  let averageWht = 0;
  for (const c of credits) {
    totalInterestGross += c.interestGross;
    whtAmount += c.wht;
    averageWht += c.whtRate / credits.length;
  }
  totalInterestGross = roundMoney(totalInterestGross);
  whtAmount = roundMoney(whtAmount);
  const totalInterestNet = roundMoney(totalInterestGross - whtAmount);
  const rates = new Set(credits.map((c) => c.whtRate));
  const perPayout = periodMonths === undefined ? null : credits[0]!.interestGross;
  const aer = (nominal: number) => annualEquivalentRate({ rate: nominal, payout, years });
  return {
    principal: p,
    annualRate: options.rate,
    tenureMonths: months ?? null,
    tenureDays: days ?? null,
    payout,
    startDate: start ?? null,
    maturityDate,
    maturityGross: roundMoney(p + totalInterestGross),
    totalInterestGross,
    interestPerPayoutGross: perPayout,
    monthlyInterestGross: payout === "monthly" ? perPayout : null,
    effectiveAnnualYieldGross: roundTo(aer(r) * 100, 2),
    whtRate: rates.size === 1 ? credits[0]!.whtRate : null,
    whtAmount,
    totalInterestNet,
    maturityNet: roundMoney(p + totalInterestNet),
    // From the exact rates, not the rounded cents, so the net yield never shows above the gross.
    effectiveAnnualYieldNet: roundTo(
      (payout === "compound-monthly"
        ? Math.pow(1 + (Math.pow(1 + r / 12, months!) - 1) * (1 - averageWht / 100), 1 / years) - 1
        : aer(r * (1 - averageWht / 100))) * 100,
      2,
    ),
    credits,
    currency: "LKR",
  };
}
