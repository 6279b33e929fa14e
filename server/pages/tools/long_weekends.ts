/**
 * The long weekends page: a year and a calendar in; how many runs of days off there are and the
 * longest first, then each run (its dates and weekdays, its length, the holidays in it).
 *
 * @module
 */
import { dateText, figureOf, plain, tableWrap } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";
import { HOLIDAY_YEAR_FIELD } from "./holidays.ts";
import { POYA_FIELD, WORK_CALENDAR_FIELD } from "./working_days.ts";

function runsOf(r: Json): Json[] {
  return Array.isArray(r.runs) ? r.runs as Json[] : [];
}

/** The page of `GET /api/v1/holidays/long-weekends`. */
export const longWeekendsPage: ToolPage = {
  heading: "page.longweekends.heading",
  lead: "page.longweekends.lead",
  button: "page.longweekends.button",
  answerOnFirstVisit: true,
  fields: [
    HOLIDAY_YEAR_FIELD,
    WORK_CALENDAR_FIELD,
    POYA_FIELD,
    {
      name: "minDays",
      kind: "count",
      keys: true,
      more: true,
      label: "page.longweekends.minDays",
      hint: "page.longweekends.minDays_hint",
      error: "page.longweekends.minDays_error",
    },
  ],
  answer: (r) => {
    const runs = runsOf(r);
    if (runs.length === 0) {
      return markup("page.longweekends.answer_none", {
        year: String(r.year),
        days: plain(r.minDays),
      });
    }
    const longest = runs.reduce((a, b) => (Number(b.days) > Number(a.days) ? b : a));
    return markup("page.longweekends.answer", {
      year: String(r.year),
      count: figureOf("count", plain(r.count)),
      days: plain(longest.days),
      from: dateText(longest.from),
      to: dateText(longest.to),
    });
  },
  keyFigure: (r) => plain(r.count),
  breakdown: (r) =>
    tableWrap(
      "long-weekends",
      html`
        <table class="list">
          <caption id="long-weekends">${t("page.longweekends.list", {
            year: String(r.year),
          })}</caption>
          <thead>
            <tr>
              <th scope="col">${t("page.longweekends.col_dates")}</th>
              <th scope="col" class="num">${t("page.longweekends.col_days")}</th>
              <th scope="col">${t("page.longweekends.col_holidays")}</th>
            </tr>
          </thead>
          <tbody>${runsOf(r).map((run) =>
            html`
              <tr>
                <td><time datetime="${String(run.from)}">${String(run.fromWeekday)} ${dateText(
                  run.from,
                )}</time> – <time datetime="${String(run.to)}">${String(run.toWeekday)} ${dateText(
                  run.to,
                )}</time></td>
                <td class="num">${plain(run.days)}</td>
                <td>${(Array.isArray(run.holidays) ? run.holidays as Json[] : []).map((h) =>
                  String(h.name)
                ).join("; ")}</td>
              </tr>
            `
          )}</tbody>
        </table>
      `,
    ),
  notes: ["page.longweekends.note"],
};
