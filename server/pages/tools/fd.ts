/**
 * The fixed deposit page: amount, rate and term in; what comes back at maturity after
 * withholding tax first, then the interest, the tax and the deposit's growth.
 *
 * @module
 */
import { depositGrowthChart } from "../figures.ts";
import { figureOf, money, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Row } from "../components.ts";
import type { ToolPage } from "./spec.ts";

const PAYOUTS = [
  "maturity",
  "monthly",
  "quarterly",
  "semiannual",
  "annual",
  "compound-monthly",
] as const;

/** The page of `GET /api/v1/fd`. */
export const fdPage: ToolPage = {
  heading: "page.fd.heading",
  lead: "page.fd.lead",
  // Banks deduct withholding tax unless the depositor gave a self-declaration.
  internal: { wht: "1" },
  fields: [
    {
      name: "principal",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.fd.principal",
      hint: "page.fd.principal_hint",
      error: "page.fd.principal_error",
    },
    {
      name: "rate",
      kind: "percent",
      keys: true,
      required: true,
      label: "page.fd.rate",
      hint: "page.fd.rate_hint",
      error: "page.fd.rate_error",
    },
    {
      name: "months",
      kind: "count",
      keys: true,
      required: true,
      label: "page.fd.months",
      error: "page.fd.months_error",
    },
    {
      name: "payout",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.fd.payout",
      options: PAYOUTS.map((value) => ({ value, label: `page.fd.payout_${value}` })),
    },
    {
      name: "wht",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.fd.wht",
      options: [
        { value: "1", label: "page.fd.wht_yes" },
        { value: "0", label: "page.fd.wht_no" },
      ],
    },
    {
      name: "start",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      more: true,
      label: "page.fd.start",
    },
  ],
  answer: (r) =>
    markup("page.fd.answer", {
      net: figureOf("maturityNet", money(r.maturityNet)),
      interest: figureOf("totalInterestNet", money(r.totalInterestNet)),
      tax: figureOf("whtAmount", money(r.whtAmount)),
    }),
  keyFigure: (r) => money(r.maturityNet),
  breakdown: (r) => {
    const rows: Row[] = [
      { label: t("page.fd.row_principal"), value: money(r.principal), num: true },
      { label: t("page.fd.row_interest"), value: money(r.totalInterestGross), num: true },
      { label: t("page.fd.row_wht"), value: money(r.whtAmount), num: true },
      { label: t("page.fd.row_interest_net"), value: money(r.totalInterestNet), num: true },
      { label: t("page.fd.row_net"), value: money(r.maturityNet), num: true, strong: true },
      {
        label: t("page.fd.row_yield"),
        value: `${r.effectiveAnnualYieldNet}%`,
        num: true,
      },
    ];
    if (typeof r.maturityDate === "string") {
      rows.push({ label: t("page.fd.row_date"), value: r.maturityDate, num: true });
    }
    return html`${summaryList(rows, t("page.answer.breakdown"))}${depositGrowthChart(r)}`;
  },
  notes: ["page.fd.note"],
};
