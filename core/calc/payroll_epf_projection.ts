/**
 * EPF and ETF balances projected from monthly earnings and the rates declared on member balances
 * year by year (EPF 2015-2024 from the Central Bank's annual reports and decisions, ETF likewise;
 * 2024's EPF rate declared subject to approval; 2025 unknown).
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import { roundMoney } from "../money.ts";
import type { LabourBasis } from "./labour_common.ts";
import { PayrollInputError } from "./payroll_errors.ts";

/**
 * How a year's rate is credited within the year (no source states it): `opening-balance` (the
 * rate on the balance at 1 January; the year's contributions earn from the next year) or
 * `monthly` (each month's contribution also earns the rate for the months left in the year,
 * simple interest).
 */
export type Crediting = "opening-balance" | "monthly";

/** How sure a year's rate is. */
export type RateStatus =
  | "official"
  | "reported"
  | "subject-to-approval"
  | "conflicting"
  | "unknown";

/** Options of {@linkcode computeEpfProjection}. */
export interface EpfProjectionOptions {
  /** Monthly total earnings EPF and ETF are paid on, LKR. */
  monthly: number;
  /** First year of contributions (2015 or later). */
  from: number;
  /** Last year (at most 2025; default `from`). */
  to?: number | undefined;
  /** EPF balance at 1 January of `from` (default 0). */
  epfOpening?: number;
  /** ETF balance at 1 January of `from` (default 0). */
  etfOpening?: number;
  /** The crediting convention (default `opening-balance`). */
  crediting?: Crediting;
}

/** One year of the projection. */
export interface EpfYear {
  year: number;
  /** EPF rate declared on member balances, per cent; null when unknown. */
  epfRate: number | null;
  epfStatus: RateStatus;
  /** ETF rate (interest and dividend), per cent; null when unknown. */
  etfRate: number | null;
  etfStatus: RateStatus;
  /** Employee's 8% and employer's 12% for the twelve months. */
  epfContributions: number;
  /** Interest credited for the year; null from the first year with an unknown rate. */
  epfInterest: number | null;
  /** Balance at 31 December; null from the first year with an unknown rate. */
  epfBalance: number | null;
  /** Employer's 3% for the twelve months. */
  etfContributions: number;
  etfInterest: number | null;
  etfBalance: number | null;
}

/** Result of `GET /api/v1/payroll/epf-projection`. */
export interface EpfProjectionResult extends LabourBasis {
  monthly: number;
  /** The first year projected (`from`). */
  firstYear: number;
  /** The last year projected (`to`, or `from` when not given). */
  lastYear: number;
  crediting: Crediting;
  /** EPF balance at 31 December of `to`; null when a year's rate is unknown. */
  epfBalance: number | null;
  /** ETF balance at 31 December of `to`; null when a year's rate is unknown. */
  etfBalance: number | null;
  /** All EPF contributions of the period. */
  epfContributions: number;
  /** All ETF contributions of the period. */
  etfContributions: number;
  years: EpfYear[];
  currency: "LKR";
}

/** The first and last years the projection takes. */
export const EPF_YEARS: { first: number; last: number } = {
  first: labour.epfProjection.rates[0]!.year,
  last: labour.epfProjection.rates.at(-1)!.year,
};

function credit(
  opening: number,
  monthlyContribution: number,
  rate: number,
  crediting: Crediting,
): number {
  const onOpening = opening * rate / 100;
  if (crediting === "opening-balance") return onOpening;
  // The contribution of month m (1-12) earns the rate for the 12 - m months left.
  let onContributions = 0;
  for (let m = 1; m <= 12; m++) onContributions += monthlyContribution * rate / 100 * (12 - m) / 12;
  return onOpening + onContributions;
}

/**
 * The EPF and ETF balances year by year.
 *
 * @param options Monthly earnings, the years, opening balances and the crediting convention.
 * @returns Each year's contributions, interest and balance, and the balances at the end.
 * @throws {PayrollInputError} For years outside 2015-2025 or `to` before `from`.
 *
 * @example One year, 2019, at 100,000 a month: contributions only (the rate credits opening balances)
 * ```ts
 * import { computeEpfProjection } from "./payroll_epf_projection.ts";
 * const p = computeEpfProjection({ monthly: 100000, from: 2019 });
 * console.log(p.epfBalance, p.etfBalance); // 240000 36000
 * ```
 */
export function computeEpfProjection(options: EpfProjectionOptions): EpfProjectionResult {
  const E = labour.epfProjection;
  const { monthly, from } = options;
  const to = options.to ?? from;
  const crediting = options.crediting ?? "opening-balance";
  if (from < EPF_YEARS.first || from > EPF_YEARS.last) {
    throw new PayrollInputError(
      "from",
      `Cannot project EPF: from must be a year from ${EPF_YEARS.first} to ${EPF_YEARS.last}, got ${from}`,
    );
  }
  if (to < from || to > EPF_YEARS.last) {
    throw new PayrollInputError(
      "to",
      `Cannot project EPF: to must be a year from ${from} to ${EPF_YEARS.last}, got ${to}`,
    );
  }
  const epfMonth = monthly * (E.employeeRate + E.employerRate) / 100;
  const etfMonth = monthly * E.etfRate / 100;
  let epf: number | null = options.epfOpening ?? 0;
  let etf: number | null = options.etfOpening ?? 0;
  const years: EpfYear[] = [];
  for (let year = from; year <= to; year++) {
    const rate = E.rates.find((r) => r.year === year)!;
    const epfContributions = epfMonth * 12;
    const etfContributions = etfMonth * 12;
    const epfInterest: number | null = epf === null || rate.epf === null
      ? null
      : credit(epf, epfMonth, rate.epf, crediting);
    const etfInterest: number | null = etf === null || rate.etf === null
      ? null
      : credit(etf, etfMonth, rate.etf, crediting);
    epf = epf === null || epfInterest === null ? null : epf + epfContributions + epfInterest;
    etf = etf === null || etfInterest === null ? null : etf + etfContributions + etfInterest;
    years.push({
      year,
      epfRate: rate.epf,
      epfStatus: rate.epfStatus as RateStatus,
      etfRate: rate.etf,
      etfStatus: rate.etfStatus as RateStatus,
      epfContributions: roundMoney(epfContributions),
      epfInterest: epfInterest === null ? null : roundMoney(epfInterest),
      epfBalance: epf === null ? null : roundMoney(epf),
      etfContributions: roundMoney(etfContributions),
      etfInterest: etfInterest === null ? null : roundMoney(etfInterest),
      etfBalance: etf === null ? null : roundMoney(etf),
    });
  }
  const notes = [
    "EPF: the employee pays at least 8% and the employer at least 12% of total monthly earnings (section 10); ETF: the employer pays 3% (section 16)",
    crediting === "opening-balance"
      ? "Crediting used: each year's rate on the balance at 1 January; that year's contributions earn from the next year"
      : "Crediting used: each year's rate on the balance at 1 January, and on each month's contribution for the months left in the year (simple interest)",
    "Balances are kept unrounded and shown to the cent",
  ];
  const unknown = [
    "How interest is credited within a year is not stated by any source held: the crediting convention is a parameter",
  ];
  const statuses = new Set(years.flatMap((y) => [y.epfStatus, y.etfStatus]));
  if (statuses.has("subject-to-approval")) {
    unknown.push(
      "The EPF rate for 2024 (11%) was declared subject to the approval of the Ministers of Labour and Finance",
    );
  }
  if (statuses.has("conflicting")) {
    unknown.push(
      "The ETF rate for 2022 is 8.75% in the Finance Ministry's report and 8.80% (provisional) in the Central Bank's annual report: 8.75% is used",
    );
  }
  if (statuses.has("unknown")) {
    unknown.push(
      "The rates for 2025 were not found: the balances from 2025 on are not given",
    );
  }
  if (years.some((y) => y.year === 2015)) {
    unknown.push("The ETF figure for 2015 (10%) is dividend and interest together");
  }
  const last = years.at(-1)!;
  return {
    monthly: roundMoney(monthly),
    firstYear: from,
    lastYear: to,
    crediting,
    epfBalance: last.epfBalance,
    etfBalance: last.etfBalance,
    epfContributions: roundMoney(epfMonth * 12 * years.length),
    etfContributions: roundMoney(etfMonth * 12 * years.length),
    years,
    currency: "LKR",
    act: labour.acts.epfEtf,
    section: "EPF Act section 10 and section 14(1); ETF Act section 16",
    notes,
    employerChoice: [
      "Contributing above the minimum: the employer may pay more than 12% (EPF Act section 11)",
    ],
    unknown,
    source: E.source,
  };
}
