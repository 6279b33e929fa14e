/**
 * The number plate page: a plate in; whether it is well formed and its series (with the era it
 * dates from) first, then the province, the vehicle class when a source gives it, and the notes.
 *
 * @module
 */
import { figureOf, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/** The page of `GET /api/v1/plate/{plate}`. */
export const platePage: ToolPage = {
  heading: "page.plate.heading",
  lead: "page.plate.lead",
  button: "page.plate.button",
  fields: [
    {
      name: "plate",
      kind: "code",
      keys: true,
      required: true,
      label: "page.plate.plate",
      hint: "page.plate.plate_hint",
      error: "page.plate.plate_error",
    },
  ],
  answer: (r) =>
    r.valid
      ? markup("page.plate.answer", {
        plate: figureOf("plate", String(r.plate)),
        era: String(obj(r.era).label ?? ""),
      })
      : markup("page.plate.answer_invalid", {
        reason: html`<strong data-field="answer.reason">${String(r.reason ?? "")}</strong>`,
      }),
  keyFigure: (r) => typeof r.plate === "string" ? r.plate : undefined,
  breakdown: (r) => {
    if (!r.valid) return undefined;
    const province = obj(r.province);
    const vehicle = obj(r.vehicleClass);
    const rows: Row[] = [
      {
        label: t("page.plate.row_province"),
        value: typeof province.name === "string" ? province.name : t("page.plate.no_province"),
      },
      {
        label: t("page.plate.row_class"),
        value: typeof vehicle.label === "string" ? vehicle.label : t("page.plate.class_unknown"),
      },
      { label: t("page.plate.row_series"), value: String(r.series ?? "") },
      { label: t("page.plate.row_number"), value: String(r.number ?? "") },
    ];
    const era = obj(r.era);
    if (typeof era.from === "number") {
      rows.push({ label: t("page.plate.row_from"), value: String(era.from), field: "answer.from" });
    }
    const notes = Array.isArray(r.notes) ? r.notes.map(String) : [];
    return html`${summaryList(rows, t("page.answer.breakdown"))}${
      notes.length ? html`<ul class="notes">${notes.map((n) => html`<li>${n}</li>`)}</ul>` : ""
    }`;
  },
};
