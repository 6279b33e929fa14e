/**
 * The VAT page: an amount in, VAT added to it or taken out of it.
 *
 * @module
 */
import { figureOf, money, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/vat`. */
export const vatPage: ToolPage = {
  heading: "page.vat.heading",
  lead: "page.vat.lead",
  fields: [
    {
      name: "amount",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.vat.amount",
      hint: "page.vat.amount_hint",
      error: "page.vat.amount_error",
    },
    {
      name: "mode",
      kind: "choice",
      keys: true,
      required: true,
      label: "page.vat.mode",
      options: [
        { value: "add", label: "page.vat.mode_add" },
        { value: "remove", label: "page.vat.mode_remove" },
      ],
    },
    {
      name: "rate",
      kind: "percent",
      error: "page.vat.rate_error",
      keys: true,
      more: true,
      label: "page.vat.rate",
    },
  ],
  answer: (r) =>
    markup(r.mode === "remove" ? "page.vat.answer_remove" : "page.vat.answer_add", {
      rate: `${r.rate}%`,
      base: figureOf("base", money(r.base)),
      vat: figureOf("vat", money(r.vat)),
      total: figureOf("total", money(r.total)),
    }),
  keyFigure: (r) => money(r.vat),
  breakdown: (r) =>
    summaryList([
      { label: t("page.vat.row_base"), value: money(r.base), num: true },
      { label: t("page.vat.row_vat", { rate: `${r.rate}%` }), value: money(r.vat), num: true },
      { label: t("page.vat.row_total"), value: money(r.total), num: true, strong: true },
    ], t("page.answer.breakdown")),
};
