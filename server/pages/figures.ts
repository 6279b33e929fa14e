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
import { t } from "./lang.ts";
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
 * The month-by-month value of a deposit from the fd operation's result (gross of tax): for
 * interest at maturity, the principal plus the simple interest accrued so far (P x r x m / 12;
 * credited only at maturity); for periodic payouts, the principal plus the interest paid out so
 * far; for `compound-monthly`, the principal compounded monthly. A term in days is drawn from
 * the start to maturity only.
 *
 * @param r The fd result.
 * @returns Month 0 to the term.
 */
export function depositGrowth(r: Record<string, unknown>): { month: number; value: number }[] {
  const principal = asNumber(r.principal) ?? 0;
  const rate = (asNumber(r.annualRate) ?? 0) / 100;
  const months = asNumber(r.tenureMonths);
  const maturity = asNumber(r.maturityGross);
  if (months === undefined) {
    return [
      { month: 0, value: principal },
      ...(maturity === undefined ? [] : [{
        month: 1,
        value: maturity,
      }]),
    ];
  }
  const perPayout = asNumber(r.interestPerPayoutGross);
  const credits = Array.isArray(r.credits) ? r.credits.length : 0;
  const period = perPayout !== undefined && credits > 0 ? months / credits : undefined;
  return Array.from({ length: months + 1 }, (_, month) => ({
    month,
    value: month === months && maturity !== undefined
      ? maturity
      : period !== undefined
      ? roundMoney(principal + perPayout! * Math.floor(month / period))
      : r.payout === "compound-monthly"
      ? roundMoney(principal * Math.pow(1 + rate / 12, month))
      : roundMoney(principal * (1 + (rate * month) / 12)),
  }));
}

/** What the growth chart shows, by payout. */
function growthCaption(payout: unknown): string {
  switch (payout) {
    case "compound-monthly":
      return t("page.chart.fd.compound");
    case "maturity":
      return t("page.chart.fd.maturity");
    default:
      return t("page.chart.fd.paid_out");
  }
}

/**
 * The growth chart of an fd result (the deposit's value month by month).
 *
 * @param r The fd result.
 * @returns The chart.
 */
export function depositGrowthChart(r: Record<string, unknown>): SafeHtml {
  return growthChart(depositGrowth(r), growthCaption(r.payout));
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
    draw: (r) => growthChart(depositGrowth(r), growthCaption(r.payout)),
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
