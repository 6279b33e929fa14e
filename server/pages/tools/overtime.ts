/**
 * The overtime page: the monthly pay and the hours in (the divisor under "More options"); the
 * overtime pay and its hourly rate first, then the hourly pay, the rate and the weekly cap.
 *
 * @module
 */
import { figureOf, money, plain, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown } from "./_labour.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/labour/overtime`. */
export const overtimePage: ToolPage = {
  heading: "page.overtime.heading",
  lead: "page.overtime.lead",
  fields: [
    {
      name: "monthly",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.overtime.monthly",
      hint: "page.overtime.monthly_hint",
      error: "page.overtime.monthly_error",
    },
    {
      name: "hours",
      kind: "number",
      keys: true,
      required: true,
      label: "page.overtime.hours",
      hint: "page.overtime.hours_hint",
      error: "page.overtime.hours_error",
    },
    {
      name: "divisor",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.overtime.divisor",
      hint: "page.overtime.divisor_hint",
      options: [
        { value: "240", label: "page.overtime.divisor_240" },
        { value: "200", label: "page.overtime.divisor_200" },
        { value: "208", label: "page.overtime.divisor_208" },
      ],
    },
  ],
  answer: (r) =>
    markup("page.overtime.answer", {
      hours: plain(r.hours),
      amount: figureOf("amount", money(r.amount)),
      rate: figureOf("rate", money(r.overtimeHourlyPay)),
    }),
  keyFigure: (r) => money(r.amount),
  breakdown: (r) =>
    labourBreakdown(
      r,
      summaryList([
        { label: t("page.overtime.row_monthly"), value: money(r.monthly), num: true },
        {
          label: t("page.overtime.row_hourly", { divisor: String(r.divisor ?? "") }),
          value: money(r.hourlyPay),
          num: true,
        },
        {
          label: t("page.overtime.row_rate", { multiplier: plain(r.multiplier) }),
          value: money(r.overtimeHourlyPay),
          num: true,
        },
        { label: t("page.overtime.row_hours"), value: plain(r.hours), num: true },
        { label: t("page.overtime.row_amount"), value: money(r.amount), num: true, strong: true },
        {
          label: t("page.overtime.row_cap"),
          value: t("page.overtime.cap", { hours: plain(r.weeklyCapHours) }),
        },
      ], t("page.answer.breakdown")),
    ),
  notes: ["page.overtime.note"],
};
