/**
 * The working days page: two dates in; the count of working days first, then the days left out
 * (weekends, holidays) and the holidays in the range.
 *
 * @module
 */
import { dateText, figureOf, plain, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { holidayTable } from "./holidays.ts";
import type { FieldSpec, Json, ToolPage } from "./spec.ts";

/**
 * The Poya reading of the mercantile count (issue 43; docs/calendar.md): a holiday by default, as
 * the Shop and Office Employees Act gives it, or a working day, the Central Bank's list alone.
 */
export const POYA_FIELD: FieldSpec = {
  name: "poya",
  kind: "choice",
  keys: true,
  more: true,
  label: "page.wd.poya",
  hint: "page.wd.poya_hint",
  options: [
    { value: "holiday", label: "page.wd.poya_holiday" },
    { value: "working", label: "page.wd.poya_working" },
  ],
};

/** The calendar whose holidays are days off, as the working-day counter reads it. */
export const WORK_CALENDAR_FIELD: FieldSpec = {
  name: "calendar",
  kind: "choice",
  keys: true,
  label: "page.wd.calendar",
  options: [
    { value: "public", label: "page.holidays.type_public" },
    { value: "bank", label: "page.holidays.type_bank" },
    { value: "mercantile", label: "page.holidays.type_mercantile" },
    { value: "government", label: "page.wd.calendar_government" },
  ],
};

/** The page of `GET /api/v1/working-days`. */
export const workingDaysPage: ToolPage = {
  heading: "page.wd.heading",
  lead: "page.wd.lead",
  button: "page.wd.button",
  fields: [
    {
      name: "from",
      kind: "date",
      keys: true,
      required: true,
      label: "page.wd.from",
      error: "page.wd.from_error",
    },
    {
      name: "to",
      kind: "date",
      keys: true,
      required: true,
      label: "page.wd.to",
      error: "page.wd.to_error",
    },
    WORK_CALENDAR_FIELD,
    { name: "saturday", kind: "flag", keys: true, more: true, label: "page.wd.saturday" },
    POYA_FIELD,
  ],
  answer: (r) =>
    markup("page.wd.answer", {
      count: figureOf("workingDays", plain(r.workingDays)),
      from: dateText(r.from),
      to: dateText(r.to),
    }),
  keyFigure: (r) => plain(r.workingDays),
  breakdown: (r) => {
    const days = Array.isArray(r.holidays) ? r.holidays as Json[] : [];
    return html`${
      summaryList([
        { label: t("page.wd.row_total"), value: plain(r.totalDays), num: true },
        { label: t("page.wd.row_weekend"), value: plain(r.weekendDays), num: true },
        { label: t("page.wd.row_holidays"), value: plain(r.holidayDays), num: true },
        { label: t("page.wd.row_working"), value: plain(r.workingDays), num: true, strong: true },
      ], t("page.answer.breakdown"))
    }${days.length ? holidayTable("wd-holidays", t("page.wd.holidays"), days) : ""}`;
  },
};
