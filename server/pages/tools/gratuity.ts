/**
 * The gratuity page: the last monthly salary and the dates of service in; the gratuity due
 * first (or why none is), then the years counted and the Act.
 *
 * @module
 */
import { figureOf, money, plain, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/payroll/gratuity`. */
export const gratuityPage: ToolPage = {
  heading: "page.gratuity.heading",
  lead: "page.gratuity.lead",
  fields: [
    {
      name: "salary",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.gratuity.salary",
      hint: "page.gratuity.salary_hint",
      error: "page.gratuity.salary_error",
    },
    {
      name: "start",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      required: true,
      label: "page.gratuity.start",
    },
    {
      name: "end",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      required: true,
      label: "page.gratuity.end",
    },
  ],
  answer: (r) =>
    r.eligible
      ? markup("page.gratuity.answer", {
        amount: figureOf("amount", money(r.amount)),
        years: plain(r.completedYears),
      })
      : markup("page.gratuity.answer_none", {
        reason: html`<strong data-field="answer.reason">${String(r.reason ?? "")}</strong>`,
      }),
  keyFigure: (r) => r.eligible ? money(r.amount) : undefined,
  breakdown: (r) =>
    summaryList([
      { label: t("page.gratuity.row_years"), value: plain(r.completedYears), num: true },
      { label: t("page.gratuity.row_salary"), value: money(r.salary), num: true },
      { label: t("page.gratuity.row_amount"), value: money(r.amount), num: true, strong: true },
      ...(typeof r.payableBy === "string"
        ? [{ label: t("page.gratuity.row_by"), value: r.payableBy }]
        : []),
    ], t("page.answer.breakdown")),
  notes: ["page.gratuity.note"],
};
