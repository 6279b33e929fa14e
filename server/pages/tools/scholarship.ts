/**
 * The Grade 5 scholarship page: district, medium and the child's mark in; the district's cut-off
 * and whether the mark reaches it first, then the schools' latest known cut-offs.
 *
 * @module
 */
import { figureOf, plain, tableWrap } from "../components.ts";
import { html, markup, type SafeHtml } from "../html.ts";
import { pageContext, t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/** A school's name as the sources print it: English, marked so on Sinhala and Tamil pages. */
function schoolName(name: string): SafeHtml | string {
  return pageContext().lang === "en" ? name : html`<span lang="en">${name}</span>`;
}

/** The page of `GET /api/v1/scholarship-cutoff`. */
export const scholarshipPage: ToolPage = {
  heading: "page.scholarship.heading",
  lead: "page.scholarship.lead",
  button: "page.scholarship.button",
  fields: [
    {
      name: "district",
      kind: "text",
      keys: true,
      required: true,
      label: "page.scholarship.district",
      hint: "page.scholarship.district_hint",
    },
    {
      name: "medium",
      kind: "choice",
      keys: true,
      required: true,
      label: "page.scholarship.medium",
      options: [
        { value: "Sinhala", label: "page.scholarship.medium_Sinhala" },
        { value: "Tamil", label: "page.scholarship.medium_Tamil" },
      ],
    },
    {
      name: "mark",
      kind: "count",
      keys: true,
      label: "page.scholarship.mark",
      hint: "page.scholarship.mark_hint",
      error: "page.scholarship.mark_error",
    },
    {
      name: "year",
      kind: "count",
      error: "page.scholarship.year_error",
      keys: true,
      more: true,
      label: "page.scholarship.year",
    },
  ],
  answer: (r) => {
    const district = String(obj(r.district).name ?? "");
    const medium = t(`page.scholarship.medium_${String(r.medium)}`);
    if (!r.published || typeof r.cutoff !== "number") {
      return markup("page.scholarship.answer_none", {
        reason: html`<span data-field="answer.message">${String(r.message ?? "")}</span>`,
      });
    }
    const cutoff = markup("page.scholarship.answer", {
      year: String(r.year),
      district,
      medium,
      cutoff: figureOf("cutoff", plain(r.cutoff)),
    });
    if (typeof r.mark !== "number") return cutoff;
    return html`${cutoff} ${
      markup(r.qualifies ? "page.scholarship.qualifies" : "page.scholarship.not_qualifies", {
        mark: plain(r.mark),
      })
    }`;
  },
  keyFigure: (r) => typeof r.cutoff === "number" ? plain(r.cutoff) : undefined,
  breakdown: (r) => {
    const schools = obj(r.schools);
    const earlier = Array.isArray(schools.earlier) ? schools.earlier.map(obj) : [];
    if (!earlier.length) return undefined;
    return html`${
      typeof schools.message === "string" ? html`<p class="muted">${schools.message}</p>` : ""
    }${
      tableWrap(
        "schools-title",
        html`
          <table class="list">
            <caption id="schools-title">${t("page.scholarship.schools")}</caption>
            <thead>
              <tr>
                <th scope="col">${t("page.scholarship.col_school")}</th>
                <th scope="col" class="num">${t("page.scholarship.col_cutoff")}</th>
                <th scope="col" class="num">${t("page.scholarship.col_year")}</th>
              </tr>
            </thead>
            <tbody>${earlier.slice(0, 20).map((s) =>
              html`
                <tr>
                  <td>${schoolName(String(s.school ?? ""))}</td>
                  <td class="num">${plain(s.cutoff)}</td>
                  <td class="num">${String(s.intakeYear ?? "")}</td>
                </tr>
              `
            )}</tbody>
          </table>
        `,
      )
    }`;
  },
};
