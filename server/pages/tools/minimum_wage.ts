/**
 * The minimum wage page: a date in (today if none); the national minimum wage a month and a day
 * first, then the Act that set it.
 *
 * @module
 */
import { figureOf, money, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/payroll/minimum-wage`. */
export const minimumWagePage: ToolPage = {
  heading: "page.minwage.heading",
  lead: "page.minwage.lead",
  button: "page.minwage.button",
  answerOnFirstVisit: true,
  fields: [
    {
      name: "date",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      label: "page.minwage.date",
      hint: "page.minwage.date_hint",
    },
  ],
  answer: (r) =>
    markup("page.minwage.answer", {
      monthly: figureOf("monthly", money(r.monthly)),
      daily: figureOf("daily", money(r.daily)),
    }),
  keyFigure: (r) => money(r.monthly),
  breakdown: (r) =>
    summaryList([
      { label: t("page.minwage.row_monthly"), value: money(r.totalMonthly), num: true },
      { label: t("page.minwage.row_daily"), value: money(r.daily), num: true },
      { label: t("page.minwage.row_from"), value: String(r.from ?? "") },
      { label: t("page.minwage.row_act"), value: String(r.act ?? "") },
    ], t("page.answer.breakdown")),
};
