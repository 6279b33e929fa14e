/**
 * The holidays page: a year and a kind of holiday in; how many there are first, then the list
 * (date, name in the page's language) and the year as month grids.
 *
 * @module
 */
import { type CalendarDay, holidayCalendar } from "../charts.ts";
import { dateText, figureOf, plain, tableWrap } from "../components.ts";
import { html, markup, type SafeHtml } from "../html.ts";
import { pageContext, t } from "../lang.ts";
import type { FieldSpec, Json, ToolPage } from "./spec.ts";

/** A holiday's name in the page's language (the data holds all three). */
export function holidayName(day: Json): string {
  const { lang } = pageContext();
  const local = lang === "si" ? day.nameSinhala : lang === "ta" ? day.nameTamil : day.name;
  return String(local ?? day.name ?? "");
}

/**
 * A table of holidays, date and name, for the holidays list and the days the working-day pages
 * skipped.
 *
 * @param id The caption's id (the scrolling wrapper is labelled by it).
 * @param caption The caption, in the page's language.
 * @param days Holidays as the answers give them (`date`, the three names).
 * @returns The table in its wrapper.
 */
export function holidayTable(id: string, caption: string, days: readonly Json[]): SafeHtml {
  return tableWrap(
    id,
    html`
      <table class="list">
        <caption id="${id}">${caption}</caption>
        <thead>
          <tr>
            <th scope="col">${t("page.holidays.col_date")}</th>
            <th scope="col">${t("page.holidays.col_name")}</th>
          </tr>
        </thead>
        <tbody>${days.map((d) =>
          html`
            <tr>
              <td class="nowrap"><time datetime="${String(d.date)}">${dateText(d.date)}</time></td>
              <td>${holidayName(d)}</td>
            </tr>
          `
        )}</tbody>
      </table>
    `,
  );
}

/** The year of a holiday page (this year when left out). */
export const HOLIDAY_YEAR_FIELD: FieldSpec = {
  name: "year",
  kind: "count",
  keys: true,
  label: "page.holidays.year",
  hint: "page.holidays.year_hint",
  error: "page.holidays.year_error",
};

/** The page of `GET /api/v1/holidays`. */
export const holidaysPage: ToolPage = {
  heading: "page.holidays.heading",
  lead: "page.holidays.lead",
  button: "page.holidays.button",
  answerOnFirstVisit: true,
  fields: [
    HOLIDAY_YEAR_FIELD,
    {
      name: "type",
      kind: "choice",
      keys: true,
      label: "page.holidays.type",
      options: [
        { value: "public", label: "page.holidays.type_public" },
        { value: "bank", label: "page.holidays.type_bank" },
        { value: "mercantile", label: "page.holidays.type_mercantile" },
      ],
    },
  ],
  answer: (r) =>
    markup(`page.holidays.answer_${typeof r.type === "string" ? r.type : "all"}`, {
      year: String(r.year),
      count: figureOf("count", plain(r.count)),
    }),
  keyFigure: (r) => plain(r.count),
  breakdown: (r) => {
    const days = Array.isArray(r.holidays) ? r.holidays as Json[] : [];
    return html`${
      holidayTable("holiday-list", t("page.holidays.list", { year: String(r.year) }), days)
    }${
      typeof r.year === "number" ? holidayCalendar(r.year, days as unknown as CalendarDay[]) : ""
    }`;
  },
};
