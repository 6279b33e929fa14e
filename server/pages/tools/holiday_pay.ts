/**
 * The holiday pay page: the monthly pay and the kind of holiday worked in; what it earns on top
 * of the monthly pay first (or that no rule was found for that kind of holiday), then a day's pay
 * and the days counted.
 *
 * @module
 */
import { figureOf, money, plain, type Row, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown } from "./_labour.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/labour/holiday-pay`. */
export const holidayPayPage: ToolPage = {
  heading: "page.holidaypay.heading",
  lead: "page.holidaypay.lead",
  fields: [
    {
      name: "monthly",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.holidaypay.monthly",
      hint: "page.holidaypay.monthly_hint",
      error: "page.holidaypay.monthly_error",
    },
    {
      name: "holiday",
      kind: "choice",
      keys: true,
      required: true,
      label: "page.holidaypay.holiday",
      options: [
        { value: "mercantile", label: "page.holidaypay.holiday_mercantile" },
        { value: "poya", label: "page.holidaypay.holiday_poya" },
        { value: "public", label: "page.holidaypay.holiday_public" },
        { value: "bank", label: "page.holidaypay.holiday_bank" },
      ],
    },
    {
      name: "days",
      kind: "number",
      error: "page.holidaypay.days_error",
      keys: true,
      label: "page.holidaypay.days",
      hint: "page.holidaypay.days_hint",
    },
    {
      name: "divisor",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.holidaypay.divisor",
      hint: "page.holidaypay.divisor_hint",
      options: [
        { value: "30", label: "page.holidaypay.divisor_30" },
        { value: "26", label: "page.holidaypay.divisor_26" },
        { value: "25", label: "page.holidaypay.divisor_25" },
      ],
    },
  ],
  answer: (r) =>
    r.amount === null || r.amount === undefined
      ? markup("page.holidaypay.answer_none", {})
      : markup(
        r.holiday === "mercantile"
          ? "page.holidaypay.answer_mercantile"
          : "page.holidaypay.answer_poya",
        { amount: figureOf("amount", money(r.amount)) },
      ),
  keyFigure: (r) => typeof r.amount === "number" ? money(r.amount) : undefined,
  breakdown: (r) => {
    const rows: Row[] = [
      { label: t("page.holidaypay.row_monthly"), value: money(r.monthly), num: true },
      {
        label: t("page.holidaypay.row_day", { divisor: String(r.divisor ?? "") }),
        value: money(r.dayPay),
        num: true,
      },
      { label: t("page.holidaypay.row_days"), value: plain(r.days), num: true },
      { label: t("page.holidaypay.row_extra"), value: plain(r.extraDays), num: true },
      { label: t("page.holidaypay.row_amount"), value: money(r.amount), num: true, strong: true },
    ];
    if (typeof r.substituteDays === "number") {
      rows.push({
        label: t("page.holidaypay.row_substitute"),
        value: plain(r.substituteDays),
        num: true,
      });
    }
    return labourBreakdown(r, summaryList(rows, t("page.answer.breakdown")));
  },
};
