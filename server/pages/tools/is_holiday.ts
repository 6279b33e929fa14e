/**
 * The "is this date a holiday?" page: a date in; whether it is a holiday, of which kinds and
 * which one first (or that it is not, and the day of the week), then the calendars one by one
 * and the holidays on it.
 *
 * @module
 */
import { dateText, figureOf, summaryList, tableWrap } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { holidayName } from "./holidays.ts";
import type { Json, ToolPage } from "./spec.ts";

function names(r: Json): string {
  const days = Array.isArray(r.holidays) ? r.holidays as Json[] : [];
  return days.map(holidayName).join("; ");
}

function yesNo(value: unknown): string {
  return t(value ? "page.value.yes" : "page.value.no");
}

/** The page of `GET /api/v1/holidays/{date}`. */
export const isHolidayPage: ToolPage = {
  heading: "page.isholiday.heading",
  lead: "page.isholiday.lead",
  button: "page.isholiday.button",
  fields: [
    {
      name: "date",
      kind: "date",
      keys: true,
      required: true,
      label: "page.isholiday.date",
      error: "page.isholiday.date_error",
    },
  ],
  answer: (r) => {
    const date = figureOf("date", dateText(r.date));
    const weekday = String(r.weekday ?? "");
    if (r.isHoliday) {
      const kinds = `${r.public ? "p" : ""}${r.bank ? "b" : ""}${r.mercantile ? "m" : ""}`;
      return markup("page.isholiday.answer", {
        date,
        kinds: html`<strong data-field="answer.kinds">${
          t(`page.isholiday.kinds_${kinds || "p"}`)
        }</strong>`,
        names: html`<strong data-field="answer.names">${names(r)}</strong>`,
      });
    }
    const closures = Array.isArray(r.closures) ? r.closures.map(String) : [];
    if (closures.length) {
      return markup("page.isholiday.answer_closure", {
        date,
        weekday,
        names: html`<strong data-field="answer.names">${closures.join("; ")}</strong>`,
      });
    }
    return markup(r.isWeekend ? "page.isholiday.answer_weekend" : "page.isholiday.answer_no", {
      date,
      weekday: html`<strong data-field="answer.weekday">${weekday}</strong>`,
    });
  },
  breakdown: (r) => {
    const days = Array.isArray(r.holidays) ? r.holidays as Json[] : [];
    return html`${
      summaryList([
        { label: t("page.isholiday.row_weekday"), value: String(r.weekday ?? "") },
        { label: t("page.isholiday.row_public"), value: yesNo(r.public) },
        { label: t("page.isholiday.row_bank"), value: yesNo(r.bank) },
        { label: t("page.isholiday.row_mercantile"), value: yesNo(r.mercantile) },
        { label: t("page.isholiday.row_government"), value: yesNo(r.government) },
        { label: t("page.isholiday.row_weekend"), value: yesNo(r.isWeekend) },
      ], t("page.answer.breakdown"))
    }${
      days.length
        ? tableWrap(
          "isholiday-list",
          html`
            <table class="list">
              <caption id="isholiday-list">${t("page.isholiday.list")}</caption>
              <thead>
                <tr>
                  <th scope="col">${t("page.holidays.col_name")}</th>
                  <th scope="col">${t("page.isholiday.col_kinds")}</th>
                </tr>
              </thead>
              <tbody>${days.map((d) =>
                html`
                  <tr>
                    <td>${holidayName(d)}</td>
                    <td>${[
                      d.public ? t("page.isholiday.row_public") : "",
                      d.bank ? t("page.isholiday.row_bank") : "",
                      d.mercantile ? t("page.isholiday.row_mercantile") : "",
                    ].filter(Boolean).join(", ")}</td>
                  </tr>
                `
              )}</tbody>
            </table>
          `,
        )
        : ""
    }`;
  },
};
