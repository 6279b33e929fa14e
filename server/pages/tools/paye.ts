/**
 * The income tax (APIT) page: a monthly salary in, the tax and the salary after APIT out, with
 * the take-home pay after the employee's 8% EPF too, from the payslip core and linked to the
 * payslip page, so that the two pages say the same take-home pay (issue 43); then the month and
 * the year side by side and the IRD table used.
 *
 * @module
 */
import { translate } from "../../../core/i18n.ts";
import { computePayslip } from "../../../core/calc/payroll.ts";
import { figureOf, money, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { pageContext, t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/**
 * The take-home pay of a salary: the payslip core's net for a basic pay of the salary (EPF 8% on
 * all of it, APIT Table 01 of the same table and rounding), the figure the payslip page shows.
 */
function takeHome(r: Json, given: ReadonlyMap<string, string>): { epf: number; net: number } {
  const table = obj(r.table);
  const slip = computePayslip({
    basic: Number(r.grossMonthly),
    date: given.get("date") ?? String(table.from),
    rounding: r.rounding === "table" ? "table" : "exact",
  });
  return { epf: slip.deductions.epfEmployee, net: slip.net };
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
      error: "page.form.date_error",
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
  answer: (r, given) =>
    markup("page.paye.answer", {
      tax: figureOf("monthlyTax", money(r.monthlyTax)),
      net: figureOf("monthlyNet", money(r.monthlyNet)),
      takeHome: figureOf("takeHome", money(takeHome(r, given).net)),
    }),
  keyFigure: (r) => money(r.monthlyTax),
  breakdown: (r, given) => {
    const home = takeHome(r, given);
    const payslip = `/tools/payslip?basic=${encodeURIComponent(String(r.grossMonthly))}${
      given.get("date") ? `&date=${encodeURIComponent(given.get("date")!)}` : ""
    }#answer`;
    const rows: Row[] = [
      { label: t("page.paye.row_gross"), value: money(r.grossMonthly), num: true },
      { label: t("page.paye.row_tax"), value: money(r.monthlyTax), num: true },
      { label: t("page.paye.row_net"), value: money(r.monthlyNet), num: true },
      { label: t("page.paye.row_epf"), value: money(home.epf), num: true },
      {
        label: t("page.paye.row_take_home"),
        value: money(home.net),
        num: true,
        strong: true,
        field: "takeHome",
      },
      { label: t("page.paye.row_gross_year"), value: money(r.grossAnnual), num: true },
      { label: t("page.paye.row_tax_year"), value: money(r.annualTax), num: true },
      { label: t("page.paye.row_net_year"), value: money(r.annualNet), num: true },
      { label: t("page.paye.row_marginal"), value: `${r.marginalRatePct}%`, num: true },
      { label: t("page.paye.row_effective"), value: `${r.effectiveRatePct}%`, num: true },
    ];
    const table = obj(r.table);
    const label = typeof table.label === "string"
      ? translate(pageContext().lang, table.label, "payroll.label.")
      : "";
    if (label) rows.push({ label: t("page.paye.row_table"), value: label });
    return html`<p class="answer-link">${
      markup("page.paye.payslip_link", {
        link: html`<a href="${payslip}">${t("page.paye.payslip_link_text")}</a>`,
      })
    }</p>${summaryList(rows, t("page.answer.breakdown"))}`;
  },
  notes: ["page.paye.note_primary", "page.paye.note_epf"],
};
