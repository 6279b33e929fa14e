/**
 * The SSCL page: a quarter's (or year's) turnover and the activity in; the levy first, then the
 * liable share, the rate and the registration thresholds.
 *
 * @module
 */
import { SSCL_ACTIVITY_IDS } from "../../../core/ops/sscl.ts";
import { figureOf, money, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/tax/sscl`. */
export const ssclPage: ToolPage = {
  heading: "page.sscl.heading",
  lead: "page.sscl.lead",
  fields: [
    {
      name: "turnover",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.sscl.turnover",
      hint: "page.sscl.turnover_hint",
      error: "page.sscl.turnover_error",
    },
    {
      name: "period",
      kind: "choice",
      keys: true,
      label: "page.sscl.period",
      options: [
        { value: "quarter", label: "page.sscl.period_quarter" },
        { value: "year", label: "page.sscl.period_year" },
      ],
    },
    {
      name: "activity",
      kind: "choice",
      keys: true,
      label: "page.sscl.activity",
      options: SSCL_ACTIVITY_IDS.map((value) => ({ value, label: `value.activity.${value}` })),
    },
    {
      name: "date",
      kind: "date",
      keys: true,
      more: true,
      label: "page.sscl.date",
      hint: "page.sscl.date_hint",
      error: "page.sscl.date_error",
    },
  ],
  answer: (r) =>
    r.liable
      ? markup("page.sscl.answer", {
        turnover: money(r.turnover),
        levy: figureOf("levy", money(r.levy)),
        rate: `${r.ratePct}%`,
        liable: figureOf("liableTurnover", money(r.liableTurnover)),
      })
      : markup(r.period === "year" ? "page.sscl.answer_none_year" : "page.sscl.answer_none", {
        turnover: money(r.turnover),
        levy: figureOf("levy", money(r.levy)),
        threshold: figureOf("threshold", money(r.threshold)),
      }),
  keyFigure: (r) => money(r.levy),
  breakdown: (r) => {
    const rows: Row[] = [
      { label: t("page.sscl.row_activity"), value: String(r.activityName ?? "") },
      { label: t("page.sscl.row_turnover"), value: money(r.turnover), num: true },
      { label: t("page.sscl.row_share"), value: `${r.liableSharePct}%`, num: true },
      { label: t("page.sscl.row_liable"), value: money(r.liableTurnover), num: true },
      { label: t("page.sscl.row_rate"), value: `${r.ratePct}%`, num: true },
      { label: t("page.sscl.row_quarter"), value: money(r.quarterThreshold), num: true },
      { label: t("page.sscl.row_year"), value: money(r.annualThreshold), num: true },
      {
        label: t("page.sscl.row_over"),
        value: t(r.liable ? "page.value.yes" : "page.value.no"),
      },
      { label: t("page.sscl.row_levy"), value: money(r.levy), num: true, strong: true },
    ];
    const notes = Array.isArray(r.notes) ? r.notes.map(String) : [];
    return html`${summaryList(rows, t("page.answer.breakdown"))}${
      notes.length ? html`<ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>` : ""
    }`;
  },
};
