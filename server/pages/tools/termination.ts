/**
 * The termination compensation (TEWA) page: the monthly salary, the completed years and the day of
 * termination in; the compensation first (saying when the cap applied), then the months of salary
 * by the formula, the cap and the bands.
 *
 * @module
 */
import { dateText, figureOf, money, plain, summaryList } from "../components.ts";
import labour from "../../../data/labour.json" with { type: "json" };
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown } from "./_labour.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/labour/termination`. */
export const terminationPage: ToolPage = {
  heading: "page.termination.heading",
  lead: "page.termination.lead",
  fields: [
    {
      name: "salary",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.termination.salary",
      hint: "page.termination.salary_hint",
      error: "page.termination.salary_error",
    },
    {
      name: "years",
      kind: "count",
      keys: true,
      required: true,
      label: "page.termination.years",
      hint: "page.termination.years_hint",
      error: "page.termination.years_error",
    },
    {
      name: "date",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      label: "page.termination.date",
      hint: "page.termination.date_hint",
    },
  ],
  answer: (r) =>
    markup(r.capped ? "page.termination.answer_capped" : "page.termination.answer", {
      amount: figureOf("amount", money(r.amount)),
      months: figureOf("months", plain(r.months)),
      uncapped: money(r.uncapped),
    }),
  keyFigure: (r) => money(r.amount),
  breakdown: (r) =>
    labourBreakdown(
      r,
      html`${
        summaryList([
          { label: t("page.termination.row_years"), value: plain(r.years), num: true },
          { label: t("page.termination.row_months"), value: plain(r.months), num: true },
          { label: t("page.termination.row_salary"), value: money(r.salary), num: true },
          { label: t("page.termination.row_uncapped"), value: money(r.uncapped), num: true },
          {
            label: t("page.termination.row_cap", { from: dateText(r.capFrom) }),
            value: money(r.cap),
            num: true,
          },
          {
            label: t("page.termination.row_amount"),
            value: money(r.amount),
            num: true,
            strong: true,
          },
        ], t("page.answer.breakdown"))
      }${
        summaryList(
          // The formula's bands, as the operation reads them (data/labour.json, de Saram).
          labour.termination.bands.map((b) => ({
            label: t("page.termination.band", { from: String(b.fromYear), to: String(b.toYear) }),
            value: t("page.termination.band_months", { months: plain(b.months) }),
            num: true,
          })),
          t("page.termination.bands"),
        )
      }`,
    ),
  notes: ["page.termination.note"],
};
