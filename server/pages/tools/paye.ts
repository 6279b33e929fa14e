/**
 * The income tax (APIT) page: a monthly salary in, the tax and the take-home pay out, then the
 * month and the year side by side and the IRD table used.
 *
 * @module
 */
import { translate } from "../../../core/i18n.ts";
import { figureOf, money, type Row, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { pageContext, t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/** The page of `GET /api/v1/tax/paye`. */
export const payePage: ToolPage = {
  heading: "page.paye.heading",
  lead: "page.paye.lead",
  button: "page.paye.button",
  fields: [
    {
      name: "monthly",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.paye.monthly",
      hint: "page.paye.monthly_hint",
      error: "page.paye.monthly_error",
    },
    {
      name: "date",
      kind: "date",
      keys: true,
      more: true,
      label: "page.paye.date",
      hint: "page.paye.date_hint",
    },
    {
      name: "rounding",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.paye.rounding",
      options: [
        { value: "exact", label: "page.paye.rounding_exact" },
        { value: "table", label: "page.paye.rounding_table" },
      ],
    },
  ],
  answer: (r) =>
    markup("page.paye.answer", {
      tax: figureOf("monthlyTax", money(r.monthlyTax)),
      net: figureOf("monthlyNet", money(r.monthlyNet)),
    }),
  keyFigure: (r) => money(r.monthlyTax),
  breakdown: (r) => {
    const rows: Row[] = [
      { label: t("page.paye.row_gross"), value: money(r.grossMonthly), num: true },
      { label: t("page.paye.row_tax"), value: money(r.monthlyTax), num: true },
      { label: t("page.paye.row_net"), value: money(r.monthlyNet), num: true, strong: true },
      { label: t("page.paye.row_gross_year"), value: money(r.grossAnnual), num: true },
      { label: t("page.paye.row_tax_year"), value: money(r.annualTax), num: true },
      { label: t("page.paye.row_net_year"), value: money(r.annualNet), num: true, strong: true },
      { label: t("page.paye.row_marginal"), value: `${r.marginalRatePct}%`, num: true },
      { label: t("page.paye.row_effective"), value: `${r.effectiveRatePct}%`, num: true },
    ];
    const table = obj(r.table);
    const label = typeof table.label === "string"
      ? translate(pageContext().lang, table.label, "payroll.label.")
      : "";
    if (label) rows.push({ label: t("page.paye.row_table"), value: label });
    return summaryList(rows, t("page.answer.breakdown"));
  },
  notes: ["page.paye.note_primary", "page.paye.note_epf"],
};
