/**
 * The annual and casual leave page: the day of joining and a calendar year in; the days of annual
 * and casual leave due that year first, then the year of service they belong to.
 *
 * @module
 */
import { dateText, figureOf, plain, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown } from "./_labour.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/labour/leave`. */
export const leavePage: ToolPage = {
  heading: "page.leave.heading",
  lead: "page.leave.lead",
  button: "page.leave.button",
  fields: [
    {
      name: "joined",
      kind: "date",
      error: "page.form.date_error",
      keys: true,
      required: true,
      label: "page.leave.joined",
    },
    {
      name: "year",
      kind: "count",
      keys: true,
      required: true,
      label: "page.leave.year",
      hint: "page.leave.year_hint",
      error: "page.leave.year_error",
    },
    {
      name: "firstYearCasual",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.leave.first_casual",
      hint: "page.leave.first_casual_hint",
      options: [
        { value: "per-two-months", label: "page.leave.first_casual_two" },
        { value: "half-per-month", label: "page.leave.first_casual_half" },
      ],
    },
  ],
  answer: (r) =>
    markup(r.serviceYear === 1 ? "page.leave.answer_first" : "page.leave.answer", {
      year: String(r.year ?? ""),
      annual: figureOf("annual", plain(r.annual)),
      casual: figureOf("casual", plain(r.casual)),
    }),
  keyFigure: (r) => plain(r.annual),
  breakdown: (r) =>
    labourBreakdown(
      r,
      summaryList([
        { label: t("page.leave.row_joined"), value: dateText(r.joined) },
        { label: t("page.leave.row_service_year"), value: plain(r.serviceYear), num: true },
        { label: t("page.leave.row_annual"), value: plain(r.annual), num: true, strong: true },
        { label: t("page.leave.row_casual"), value: plain(r.casual), num: true, strong: true },
      ], t("page.answer.breakdown")),
    ),
  notes: ["page.leave.note"],
};
