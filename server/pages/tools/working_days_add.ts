/**
 * The "date after a number of working days" page: a start date and a number of working days in;
 * the date it lands on first, then the days counted and skipped and the holidays skipped.
 *
 * @module
 */
import { dateText, figureOf, plain, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { holidayTable } from "./holidays.ts";
import type { Json, ToolPage } from "./spec.ts";
import { POYA_FIELD } from "./working_days.ts";

/** The page of `GET /api/v1/working-days/add`. */
export const workingDaysAddPage: ToolPage = {
  heading: "page.wdadd.heading",
  lead: "page.wdadd.lead",
  button: "page.wdadd.button",
  fields: [
    {
      name: "from",
      kind: "date",
      keys: true,
      required: true,
      label: "page.wdadd.from",
      error: "page.wdadd.from_error",
    },
    {
      name: "days",
      kind: "count",
      keys: true,
      required: true,
      label: "page.wdadd.days",
      hint: "page.wdadd.days_hint",
      error: "page.wdadd.days_error",
    },
    {
      name: "calendar",
      kind: "choice",
      keys: true,
      label: "page.wd.calendar",
      options: [
        { value: "mercantile", label: "page.holidays.type_mercantile" },
        { value: "public", label: "page.holidays.type_public" },
        { value: "bank", label: "page.holidays.type_bank" },
        { value: "government", label: "page.wd.calendar_government" },
      ],
    },
    { name: "saturday", kind: "flag", keys: true, more: true, label: "page.wd.saturday" },
    POYA_FIELD,
  ],
  answer: (r) => {
    const days = Number(r.days);
    const back = days < 0;
    const count = Math.abs(days);
    return markup(
      `page.wdadd.answer_${back ? "before" : "after"}${count === 1 ? "_one" : ""}`,
      {
        count: plain(count),
        from: dateText(r.from),
        date: figureOf("date", dateText(r.date)),
      },
    );
  },
  keyFigure: (r) => typeof r.date === "string" ? r.date : undefined,
  breakdown: (r) => {
    const days = Array.isArray(r.holidays) ? r.holidays as Json[] : [];
    return html`${
      summaryList([
        { label: t("page.wdadd.row_working"), value: plain(Math.abs(Number(r.days))), num: true },
        { label: t("page.wdadd.row_weekend"), value: plain(r.weekendDays), num: true },
        { label: t("page.wdadd.row_holidays"), value: plain(r.holidayDays), num: true },
        {
          label: t("page.wdadd.row_calendar"),
          value: plain(Math.abs(Number(r.calendarDays))),
          num: true,
          strong: true,
        },
      ], t("page.answer.breakdown"))
    }${days.length ? holidayTable("wdadd-holidays", t("page.wdadd.holidays"), days) : ""}`;
  },
};
