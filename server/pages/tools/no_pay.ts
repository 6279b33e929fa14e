/**
 * The no-pay page: the monthly pay and the days and hours of unpaid absence in (how a day's pay
 * is found under "More options"); the deduction first, then a day's and an hour's pay.
 *
 * @module
 */
import { figureOf, money, plain, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown } from "./_labour.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/labour/no-pay`. */
export const noPayPage: ToolPage = {
  heading: "page.nopay.heading",
  lead: "page.nopay.lead",
  fields: [
    {
      name: "monthly",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.nopay.monthly",
      hint: "page.nopay.monthly_hint",
      error: "page.nopay.monthly_error",
    },
    {
      name: "days",
      kind: "number",
      error: "page.nopay.days_error",
      keys: true,
      label: "page.nopay.days",
      hint: "page.nopay.days_hint",
    },
    {
      name: "hours",
      kind: "number",
      error: "page.nopay.hours_error",
      keys: true,
      label: "page.nopay.hours",
      hint: "page.nopay.hours_hint",
    },
    {
      name: "divisor",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.nopay.divisor",
      hint: "page.nopay.divisor_hint",
      options: [
        { value: "30", label: "page.nopay.divisor_30" },
        { value: "26", label: "page.nopay.divisor_26" },
        { value: "25", label: "page.nopay.divisor_25" },
        { value: "working", label: "page.nopay.divisor_working" },
        { value: "calendar", label: "page.nopay.divisor_calendar" },
      ],
    },
    {
      name: "workingDays",
      kind: "count",
      error: "page.nopay.working_error",
      keys: true,
      more: true,
      label: "page.nopay.working_days",
      hint: "page.nopay.working_days_hint",
    },
    {
      name: "date",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      more: true,
      label: "page.nopay.date",
      hint: "page.nopay.date_hint",
    },
  ],
  answer: (r) =>
    markup(r.limited ? "page.nopay.answer_limited" : "page.nopay.answer", {
      amount: figureOf("amount", money(r.amount)),
      day: figureOf("dayPay", money(r.dayPay)),
    }),
  keyFigure: (r) => money(r.amount),
  breakdown: (r) =>
    labourBreakdown(
      r,
      summaryList([
        { label: t("page.nopay.row_monthly"), value: money(r.monthly), num: true },
        {
          label: t("page.nopay.row_day", { divisor: plain(r.daysInDivisor) }),
          value: money(r.dayPay),
          num: true,
        },
        { label: t("page.nopay.row_hour"), value: money(r.hourPay), num: true },
        { label: t("page.nopay.row_days"), value: plain(r.days), num: true },
        { label: t("page.nopay.row_hours"), value: plain(r.hours), num: true },
        { label: t("page.nopay.row_amount"), value: money(r.amount), num: true, strong: true },
      ], t("page.answer.breakdown")),
    ),
  notes: ["page.nopay.note"],
};
