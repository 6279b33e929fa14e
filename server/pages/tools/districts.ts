/**
 * The districts page: a province in (or none); how many districts there are first, then the list
 * (district, province, ISO 3166-2 code) in the page's language.
 *
 * @module
 */
import { figureOf, plain, tableWrap } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

/** The nine provinces, as the operation names them (data/districts.json). */
const PROVINCES = [
  "Western",
  "Central",
  "Southern",
  "Northern",
  "Eastern",
  "North Western",
  "North Central",
  "Uva",
  "Sabaragamuwa",
] as const;

function list(r: Json): Json[] {
  return Array.isArray(r.districts) ? r.districts as Json[] : [];
}

/** The page of `GET /api/v1/districts`. */
export const districtsPage: ToolPage = {
  heading: "page.districts.heading",
  lead: "page.districts.lead",
  button: "page.districts.button",
  answerOnFirstVisit: true,
  fields: [
    {
      name: "province",
      kind: "choice",
      keys: true,
      label: "page.districts.province",
      options: PROVINCES.map((p) => ({ value: p, label: `province.${p}` })),
    },
  ],
  answer: (r) => {
    const districts = list(r);
    const count = figureOf("count", plain(r.count));
    if (typeof r.province === "string" && districts.length) {
      return markup("page.districts.answer_province", {
        province: String(districts[0]!.province ?? r.province),
        count,
      });
    }
    const provinces = new Set(districts.map((d) => d.provinceCode)).size;
    return markup("page.districts.answer_all", {
      count,
      provinces: figureOf("provinces", plain(provinces)),
    });
  },
  keyFigure: (r) => plain(r.count),
  breakdown: (r) =>
    tableWrap(
      "district-list",
      html`
        <table class="list">
          <caption id="district-list">${t("page.districts.list")}</caption>
          <thead>
            <tr>
              <th scope="col">${t("page.districts.col_district")}</th>
              <th scope="col">${t("page.districts.col_province")}</th>
              <th scope="col">${t("page.districts.col_code")}</th>
            </tr>
          </thead>
          <tbody>${list(r).map((d) =>
            html`
              <tr>
                <td>${String(d.name ?? "")}</td>
                <td>${String(d.province ?? "")}</td>
                <td class="nowrap">${String(d.code ?? "")}</td>
              </tr>
            `
          )}</tbody>
        </table>
      `,
    ),
};
