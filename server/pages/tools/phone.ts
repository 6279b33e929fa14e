/**
 * The phone number page: a number as typed in; whether it is valid and its +94 form first (or
 * why it is not valid), then its other forms, its kind and the operator or area.
 *
 * @module
 */
import { figureOf, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json | undefined {
  return typeof value === "object" && value !== null ? value as Json : undefined;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The page of `GET /api/v1/phone/{number}`. */
export const phonePage: ToolPage = {
  heading: "page.phone.heading",
  lead: "page.phone.lead",
  button: "page.phone.button",
  fields: [
    {
      name: "number",
      kind: "code",
      keys: true,
      required: true,
      label: "page.phone.number",
      hint: "page.phone.number_hint",
      error: "page.phone.number_error",
    },
  ],
  answer: (r) => {
    if (!r.valid) {
      return markup("page.phone.answer_invalid", {
        number: html`<strong>${text(r.input)}</strong>`,
        reason: html`<strong data-field="answer.reason">${text(r.reason)}</strong>`,
      });
    }
    const operator = obj(r.operator);
    const area = obj(r.area);
    const parts = {
      number: figureOf("national", text(r.national)),
      international: figureOf("international", text(r.international)),
      operator: html`<strong data-field="answer.operator">${text(operator?.name)}</strong>`,
      area: html`<strong data-field="answer.area">${text(area?.name)}</strong>`,
    };
    const key = r.type === "mobile"
      ? operator ? "page.phone.answer_mobile" : "page.phone.answer_mobile_plain"
      : r.type === "uan"
      ? "page.phone.answer_uan"
      : area
      ? "page.phone.answer_fixed"
      : "page.phone.answer_fixed_plain";
    return markup(key, parts);
  },
  keyFigure: (r) => typeof r.e164 === "string" ? r.e164 : undefined,
  breakdown: (r) => {
    if (!r.valid) return undefined;
    const rows: Row[] = [
      { label: t("page.phone.row_national"), value: text(r.national) },
      { label: t("page.phone.row_international"), value: text(r.international) },
      { label: t("page.phone.row_e164"), value: text(r.e164) },
      { label: t("page.phone.row_type"), value: t(`page.phone.type_${String(r.type)}`) },
      { label: t("page.phone.row_prefix"), value: text(r.prefix) },
    ];
    const operator = obj(r.operator);
    if (operator) {
      rows.push({ label: t("page.phone.row_operator"), value: text(operator.name) });
      rows.push({ label: t("page.phone.row_owner"), value: text(operator.owner) });
      if (typeof operator.formerly === "string") {
        rows.push({ label: t("page.phone.row_formerly"), value: operator.formerly });
      }
    }
    const area = obj(r.area);
    if (area) {
      rows.push({ label: t("page.phone.row_area"), value: text(area.name) });
      rows.push({ label: t("page.phone.row_district"), value: text(area.district) });
    }
    return summaryList(rows, t("page.answer.breakdown"));
  },
  notes: ["page.phone.note"],
};
