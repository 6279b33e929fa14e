/**
 * The withholding tax page: a payment's type, amount and date in; the tax withheld and what the
 * payee receives first, then the rate, the month's threshold and why tax is or is not withheld.
 *
 * @module
 */
import { WHT_PAYMENT_IDS } from "../../../core/ops/wht.ts";
import { figureOf, money, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

/**
 * Why tax is or is not withheld, in the catalogue's words (`tax.wht.reason.*`, as the API says
 * it) with the figures written as money; the API's own text when no case fits.
 */
function reason(r: Json): string {
  const rate = String(r.ratePct);
  const total = money(r.monthTotal);
  if (typeof r.monthlyThreshold === "number") {
    const threshold = money(r.monthlyThreshold);
    return r.withheld
      ? t("tax.wht.reason.over", { rate, total, threshold })
      : t("tax.wht.reason.under", { total, threshold });
  }
  if (!r.withheld && typeof r.exemptUpTo === "number") {
    return t("tax.wht.reason.exempt", { limit: money(r.exemptUpTo) });
  }
  return r.withheld ? t("tax.wht.reason.all", { rate }) : String(r.reason ?? "");
}

/** The page of `GET /api/v1/tax/wht`. */
export const whtPage: ToolPage = {
  heading: "page.wht.heading",
  lead: "page.wht.lead",
  fields: [
    {
      name: "payment",
      kind: "choice",
      keys: true,
      required: true,
      label: "page.wht.payment",
      error: "page.wht.payment_error",
      options: WHT_PAYMENT_IDS.map((value) => ({ value, label: `value.payment.${value}` })),
    },
    {
      name: "amount",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.wht.amount",
      hint: "page.wht.amount_hint",
      error: "page.wht.amount_error",
    },
    {
      name: "date",
      kind: "date",
      keys: true,
      label: "page.wht.date",
      hint: "page.wht.date_hint",
      error: "page.wht.date_error",
    },
    {
      name: "paidThisMonth",
      kind: "amount",
      keys: true,
      more: true,
      label: "page.wht.paid",
      hint: "page.wht.paid_hint",
      error: "page.wht.paid_error",
    },
  ],
  answer: (r) =>
    markup(r.withheld ? "page.wht.answer" : "page.wht.answer_none", {
      amount: money(r.amount),
      rate: `${r.ratePct}%`,
      wht: figureOf("wht", money(r.wht)),
      net: figureOf("net", money(r.net)),
    }),
  keyFigure: (r) => money(r.wht),
  breakdown: (r) => {
    const rows: Row[] = [
      { label: t("page.wht.row_payment"), value: String(r.name ?? "") },
      { label: t("page.wht.row_amount"), value: money(r.amount), num: true },
      { label: t("page.wht.row_rate"), value: `${r.ratePct}%`, num: true },
    ];
    if (typeof r.monthlyThreshold === "number") {
      rows.push({
        label: t("page.wht.row_threshold"),
        value: money(r.monthlyThreshold),
        num: true,
      });
    }
    if (typeof r.monthTotal === "number") {
      rows.push({ label: t("page.wht.row_month"), value: money(r.monthTotal), num: true });
    }
    if (typeof r.exemptUpTo === "number") {
      rows.push({ label: t("page.wht.row_exempt"), value: money(r.exemptUpTo), num: true });
    }
    rows.push(
      { label: t("page.wht.row_reason"), value: reason(r) },
      { label: t("page.wht.row_wht"), value: money(r.wht), num: true, strong: true },
      { label: t("page.wht.row_net"), value: money(r.net), num: true, strong: true },
    );
    if (typeof r.covers === "string") {
      rows.push({ label: t("page.wht.row_covers"), value: r.covers });
    }
    const notes = Array.isArray(r.notes) ? r.notes.map(String) : [];
    return html`${summaryList(rows, t("page.answer.breakdown"))}${
      notes.length ? html`<ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>` : ""
    }`;
  },
};
