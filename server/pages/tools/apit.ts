/**
 * The APIT tables page, for employers and payroll staff: the table and its figures in; the tax to
 * deduct first, then how the table reached it.
 *
 * @module
 */
import { figureOf, money, type Row, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import type { FieldSpec, Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

function amount(name: string, more = false): FieldSpec {
  return {
    name,
    kind: "amount",
    keys: true,
    more,
    label: `page.apit.${name}`,
    hint: `page.apit.${name}_hint`,
    error: "page.payslip.amount_error",
  };
}

/** The page of `GET /api/v1/tax/apit`. */
export const apitPage: ToolPage = {
  heading: "page.apit.heading",
  lead: "page.apit.lead",
  button: "page.apit.button",
  fields: [
    {
      name: "table",
      kind: "choice",
      keys: true,
      required: true,
      label: "page.apit.table",
      options: ["1", "2", "7", "8"].map((value) => ({ value, label: `page.apit.table_${value}` })),
    },
    amount("monthly"),
    amount("paidToDate"),
    amount("payable"),
    amount("lumpSums"),
    amount("primaryMonthly", true),
    amount("remuneration", true),
    {
      name: "date",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      more: true,
      label: "page.payslip.date",
    },
  ],
  answer: (r) =>
    markup("page.apit.answer", {
      tax: figureOf("tax", money(r.tax)),
      table: t("payroll.tableName", { number: String(r.table).padStart(2, "0") }),
    }),
  keyFigure: (r) => money(r.tax),
  breakdown: (r) => {
    const rows: Row[] = [{ label: t("page.apit.row_title"), value: String(r.title ?? "") }];
    const lump = obj(r.lumpSum);
    if (typeof lump.egar === "number") {
      rows.push(
        { label: t("page.apit.row_egar"), value: money(lump.egar), num: true },
        { label: t("page.apit.row_rate"), value: `${lump.ratePct}%`, num: true },
        { label: t("page.apit.row_tax_egar"), value: money(lump.taxOnEgar), num: true },
        { label: t("page.apit.row_monthly_tax"), value: money(lump.monthlyTax), num: true },
      );
    }
    rows.push({ label: t("page.apit.row_tax"), value: money(r.tax), num: true, strong: true });
    return summaryList(rows, t("page.answer.breakdown"));
  },
};
