/**
 * The maternity leave page: the day of confinement in (and, if asked, whether the child was born
 * alive and which law applies); the days of leave and their first and last day first, then the
 * days before and after and the nursing intervals.
 *
 * @module
 */
import { dateText, figureOf, plain, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown, part } from "./_labour.ts";
import type { Json, ToolPage } from "./spec.ts";

function range(value: unknown, working: boolean): string {
  const r = part(value);
  return t(working ? "page.maternity.range_working" : "page.maternity.range", {
    days: plain(r.days),
    from: dateText(r.from),
    to: dateText(r.to),
  });
}

/** The page of `GET /api/v1/labour/maternity`. */
export const maternityPage: ToolPage = {
  heading: "page.maternity.heading",
  lead: "page.maternity.lead",
  button: "page.maternity.button",
  fields: [
    {
      name: "confinement",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      required: true,
      label: "page.maternity.confinement",
      hint: "page.maternity.confinement_hint",
    },
    {
      name: "live",
      kind: "choice",
      keys: true,
      label: "page.maternity.live",
      options: [
        { value: "1", label: "page.maternity.live_yes" },
        { value: "0", label: "page.maternity.live_no" },
      ],
    },
    {
      name: "scheme",
      kind: "choice",
      keys: true,
      label: "page.maternity.scheme",
      options: [
        { value: "shop-office", label: "page.maternity.scheme_shop" },
        { value: "ordinance", label: "page.maternity.scheme_ordinance" },
      ],
    },
    {
      name: "count",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.maternity.count",
      options: [
        { value: "working", label: "page.maternity.count_working" },
        { value: "calendar", label: "page.maternity.count_calendar" },
      ],
    },
    { name: "saturday", kind: "flag", keys: true, more: true, label: "page.wd.saturday" },
  ],
  answer: (r) =>
    markup(r.count === "working" ? "page.maternity.answer_working" : "page.maternity.answer", {
      days: figureOf("days", plain(r.days)),
      from: figureOf("from", dateText(r.from)),
      to: figureOf("to", dateText(r.to)),
    }),
  keyFigure: (r) => plain(r.days),
  breakdown: (r: Json) => {
    const ordinance = r.scheme === "ordinance";
    const working = r.count === "working";
    const other = part(r.otherReading);
    // What the days are and the other reading of the Act, in view under the answer (issue 43);
    // and that the child's rank no longer matters, which the law applied would hide in a
    // closed section.
    const lines = [
      working ? t("page.maternity.working_what") : "",
      r.otherReading
        ? t(
          other.count === "calendar"
            ? "page.maternity.other_calendar"
            : "page.maternity.other_working",
          { from: dateText(other.from), to: dateText(other.to) },
        )
        : "",
      t("page.maternity.any_child"),
    ].filter(Boolean);
    const rows: Row[] = [
      {
        label: t(ordinance ? "page.maternity.row_before_ordinance" : "page.maternity.row_before"),
        value: range(r.before, working),
      },
      {
        label: t(ordinance ? "page.maternity.row_after_ordinance" : "page.maternity.row_after"),
        value: range(r.after, working),
      },
      { label: t("page.maternity.row_total"), value: range(r, working), strong: true },
    ];
    const holidays = Array.isArray(r.holidays) ? r.holidays.map(part) : [];
    if (holidays.length) {
      rows.push({
        label: t("page.maternity.row_holidays"),
        value: holidays.map((h) => `${dateText(h.date)}: ${String(h.name)}`).join("; "),
      });
    }
    const nursing = part(r.nursing);
    if (r.nursing) {
      rows.push({
        label: t("page.maternity.row_nursing"),
        value: t("page.maternity.nursing", {
          intervals: plain(nursing.intervals),
          hours: plain(nursing.inHours),
          with: plain(nursing.minutesWithCreche),
          without: plain(nursing.minutesWithoutCreche),
          until: dateText(nursing.until),
        }),
      });
    }
    return html`<div class="answer-notes" data-field="answer.reading">${
      lines.map((line) => html`<p>${line}</p>`)
    }</div>${labourBreakdown(r, html`${summaryList(rows, t("page.maternity.dates"))}`)}`;
  },
  notes: ["page.maternity.note"],
};
