/**
 * The loan page: amount, rate and term in; the monthly instalment first, then the totals and
 * the chart of principal and interest in each payment.
 *
 * @module
 */
import { amortizationChart, type MonthSplit } from "../charts.ts";
import { figureOf, money, plain, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/loan`. */
export const loanPage: ToolPage = {
  heading: "page.loan.heading",
  lead: "page.loan.lead",
  internal: { schedule: "1" },
  fields: [
    {
      name: "principal",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.loan.principal",
      hint: "page.loan.principal_hint",
      error: "page.loan.principal_error",
    },
    {
      name: "rate",
      kind: "percent",
      keys: true,
      required: true,
      label: "page.loan.rate",
      hint: "page.loan.rate_hint",
      error: "page.loan.rate_error",
    },
    {
      name: "months",
      kind: "count",
      keys: true,
      required: true,
      label: "page.loan.months",
      hint: "page.loan.months_hint",
      error: "page.loan.months_error",
    },
  ],
  answer: (r) =>
    markup("page.loan.answer", {
      emi: figureOf("emi", money(r.emi)),
      months: plain(r.tenureMonths),
      total: figureOf("totalPayment", money(r.totalPayment)),
      interest: figureOf("totalInterest", money(r.totalInterest)),
    }),
  keyFigure: (r) => money(r.emi),
  breakdown: (r) =>
    html`${
      summaryList([
        { label: t("page.loan.row_principal"), value: money(r.principal), num: true },
        { label: t("page.loan.row_rate"), value: `${r.annualRate}%`, num: true },
        { label: t("page.loan.row_emi"), value: money(r.emi), num: true, strong: true },
        { label: t("page.loan.row_last"), value: money(r.lastPayment), num: true },
        { label: t("page.loan.row_interest"), value: money(r.totalInterest), num: true },
        { label: t("page.loan.row_total"), value: money(r.totalPayment), num: true, strong: true },
      ], t("page.answer.breakdown"))
    }${Array.isArray(r.schedule) ? amortizationChart(r.schedule as MonthSplit[]) : ""}`,
  notes: ["page.loan.note"],
};
