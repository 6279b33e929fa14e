/**
 * The NIC page: a number in; whether it is valid and the date of birth and sex it encodes first,
 * then the other details.
 *
 * @module
 */
import { dateText, figureOf, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { shown } from "../result.ts";
import type { Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/** The page of `GET /api/v1/nic/{number}`. */
export const nicPage: ToolPage = {
  heading: "page.nic.heading",
  lead: "page.nic.lead",
  button: "page.nic.button",
  fields: [
    {
      name: "number",
      kind: "code",
      keys: true,
      required: true,
      label: "page.nic.number",
      hint: "page.nic.number_hint",
      error: "page.nic.number_error",
    },
  ],
  answer: (r) =>
    r.valid
      ? markup("page.nic.answer", {
        date: figureOf("dateOfBirth", dateText(r.dateOfBirth)),
        gender: html`<strong>${shown("gender", r.gender, false)}</strong>`,
      })
      : markup("page.nic.answer_invalid", {
        reason: html`<strong data-field="answer.reason">${String(r.reason ?? "")}</strong>`,
      }),
  keyFigure: (r) => typeof r.dateOfBirth === "string" ? r.dateOfBirth : undefined,
  breakdown: (r) => {
    if (!r.valid) return undefined;
    const age = obj(r.age);
    const rows: Row[] = [
      { label: t("page.nic.row_number"), value: String(r.nic) },
      { label: t("page.nic.row_birth"), value: dateText(r.dateOfBirth) },
      { label: t("page.nic.row_gender"), value: String(shown("gender", r.gender, false)) },
      { label: t("page.nic.row_age"), value: t("page.nic.age", { years: Number(age.years) }) },
      {
        label: t("page.nic.row_voting"),
        value: t(r.votingEligible ? "page.value.yes" : "page.value.no"),
      },
    ];
    const other = r.newNic ?? r.oldNic;
    if (typeof other === "string") {
      rows.push({
        label: t(r.newNic ? "page.nic.row_new" : "page.nic.row_old"),
        value: other,
      });
    }
    return summaryList(rows, t("page.answer.breakdown"));
  },
};
