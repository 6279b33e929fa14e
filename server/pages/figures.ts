/**
 * Optional custom renderers of tool pages, by operation name: pictures above the generic
 * result. A tool without an entry here still gets its full page.
 *
 * @module
 */
import { roundMoney } from "../../core/money.ts";
import {
  amortizationChart,
  type CalendarDay,
  growthChart,
  holidayCalendar,
  type MonthSplit,
  normalCurveChart,
} from "./charts.ts";
import type { SafeHtml } from "./html.ts";
import { payslipSheet } from "./payslip.ts";

/** What a tool page adds for one operation. */
export interface ToolFigure {
  /**
   * Parameters the page adds to the computation when the visitor did not give them (for
   * example `schedule=1` for the loan chart). They are not shown in the snippets.
   */
  internal?: Readonly<Record<string, string>>;
  /** Top-level result fields the picture replaces, given what the visitor asked for. */
  omit?: (given: ReadonlyMap<string, string>) => string[];
  /** The picture, or undefined when the result has nothing to draw. */
  draw: (result: Record<string, unknown>) => SafeHtml | undefined;
}

function asNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * The month-by-month value of a deposit from the fd operation's result: compounding monthly at
 * maturity, or the principal plus the interest paid out so far for monthly payouts (gross of
 * tax, as the bank credits it).
 *
 * @param r The fd result.
 * @returns Month 0 to the tenure.
 */
export function depositGrowth(r: Record<string, unknown>): { month: number; value: number }[] {
  const principal = asNumber(r.principal) ?? 0;
  const rate = (asNumber(r.annualRate) ?? 0) / 100;
  const months = asNumber(r.tenureMonths) ?? 0;
  const monthly = asNumber(r.monthlyInterestGross);
  return Array.from({ length: months + 1 }, (_, month) => ({
    month,
    value: month === months && asNumber(r.maturityGross) !== undefined
      ? asNumber(r.maturityGross)!
      : monthly !== undefined
      ? roundMoney(principal + monthly * month)
      : roundMoney(principal * Math.pow(1 + rate / 12, month)),
  }));
}

/** The Z of a z-score result: the first numeric field among these names. */
const Z_FIELDS = ["zScore", "z", "finalZ", "zscore"];

/** Custom renderers by operation name. */
export const TOOL_FIGURES: Readonly<Record<string, ToolFigure>> = {
  loan: {
    internal: { schedule: "1" },
    omit: (
      given,
    ) => (given.get("schedule") === "1" || given.get("schedule") === "true" ? [] : ["schedule"]),
    draw: (r) =>
      Array.isArray(r.schedule) ? amortizationChart(r.schedule as MonthSplit[]) : undefined,
  },
  fd: {
    draw: (r) =>
      growthChart(
        depositGrowth(r),
        r.payout === "monthly"
          ? "Principal plus the interest paid out, month by month (before tax)"
          : "Value of the deposit month by month, compounding monthly (before tax)",
      ),
  },
  holidays: {
    draw: (r) =>
      typeof r.year === "number" && Array.isArray(r.holidays)
        ? holidayCalendar(r.year, r.holidays as CalendarDay[])
        : undefined,
  },
  payslip: { draw: payslipSheet },
  "z-score": {
    draw: (r) => {
      const z = Z_FIELDS.map((name) => asNumber(r[name])).find((v) => v !== undefined);
      return z === undefined ? undefined : normalCurveChart(z);
    },
  },
};
