/**
 * The payslip page: the pay in, the take-home pay first, then the printable payslip (earnings,
 * deductions with the APIT table of each line, the employer's contributions).
 *
 * @module
 */
import { figureOf, money } from "../components.ts";
import { markup } from "../html.ts";
import { payslipSheet } from "../payslip.ts";
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
    label: `page.payslip.${name}`,
    error: "page.payslip.amount_error",
  };
}

/** The page of `GET /api/v1/payroll/payslip`. */
export const payslipPage: ToolPage = {
  heading: "page.payslip.heading",
  lead: "page.payslip.lead",
  button: "page.payslip.button",
  fields: [
    { ...amount("basic"), hint: "page.payslip.basic_hint" },
    amount("allowances"),
    { ...amount("bra"), hint: "page.payslip.bra_hint" },
    { ...amount("bonus"), hint: "page.payslip.bonus_hint" },
    {
      name: "date",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      more: true,
      label: "page.payslip.date",
    },
    {
      name: "employment",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.payslip.employment",
      options: [
        { value: "primary", label: "page.payslip.employment_primary" },
        { value: "secondary", label: "page.payslip.employment_secondary" },
      ],
    },
    // Yes/no questions as radios: the allowances count for EPF unless told otherwise, which a
    // checkbox could not say (an unticked box sends nothing, so the default would stand).
    {
      name: "allowancesEpf",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.payslip.allowancesEpf",
      hint: "page.payslip.allowancesEpf_hint",
      options: [
        { value: "1", label: "page.value.yes" },
        { value: "0", label: "page.value.no" },
      ],
    },
    {
      name: "bonusEpf",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.payslip.bonusEpf",
      hint: "page.payslip.bonusEpf_hint",
      options: [
        { value: "1", label: "page.value.yes" },
        { value: "0", label: "page.value.no" },
      ],
    },
    { ...amount("net", true), hint: "page.payslip.net_hint" },
    amount("regularToDate", true),
    amount("taxToDate", true),
    amount("previousLumpSums", true),
    amount("previousLumpSumTax", true),
    amount("primaryMonthly", true),
    { name: "taxOnTax", kind: "flag", keys: true, more: true, label: "page.payslip.taxOnTax" },
  ],
  answer: (r) =>
    markup("page.payslip.answer", {
      net: figureOf("net", money(r.net)),
      gross: figureOf("gross", money(obj(r.earnings).gross)),
      deductions: figureOf("deductions", money(obj(r.deductions).total)),
    }),
  keyFigure: (r) => money(r.net),
  breakdown: (r) => payslipSheet(r),
  notes: ["page.payslip.note"],
};
