/**
 * The electricity bill page: the meter's units in (on the time-of-use tariff, the units of each
 * window of the day); the bill with its levy first, then the energy charge block by block (or
 * window by window), the fixed charge, the levy and the total, and the PUCSL decision used.
 *
 * @module
 */
import { dateText, figureOf, money, plain, type Row, summaryList } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

const CATEGORIES = ["D-1", "R-1", "GP-1", "H-1", "I-1", "D-TOU"] as const;

/** The windows of a time-of-use meter, as the CEB bill prints them. */
const WINDOWS = ["offPeak", "day", "peak"] as const;

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/** The page of `GET /api/v1/electricity/bill`. */
export const electricityPage: ToolPage = {
  heading: "page.electricity.heading",
  lead: "page.electricity.lead",
  fields: [
    {
      name: "units",
      kind: "count",
      keys: true,
      required: true,
      label: "page.electricity.units",
      hint: "page.electricity.units_hint",
      error: "page.electricity.units_error",
    },
    {
      name: "category",
      kind: "choice",
      keys: true,
      label: "page.electricity.category",
      options: CATEGORIES.map((value) => ({ value, label: `page.electricity.category_${value}` })),
    },
    ...WINDOWS.map((name) => ({
      name,
      kind: "count" as const,
      keys: true,
      label: `page.electricity.${name}`,
      hint: "page.electricity.window_hint",
      error: `page.electricity.${name}_error`,
    })),
    {
      name: "date",
      kind: "date",
      keys: true,
      more: true,
      label: "page.electricity.date",
      hint: "page.electricity.date_hint",
      error: "page.electricity.date_error",
    },
    {
      name: "days",
      kind: "count",
      keys: true,
      more: true,
      label: "page.electricity.days",
      hint: "page.electricity.days_hint",
      error: "page.electricity.days_error",
    },
  ],
  answer: (r) =>
    markup("page.electricity.answer", {
      units: plain(r.units),
      total: figureOf("total", money(r.total)),
      sscl: figureOf("sscl", money(r.sscl)),
      charge: figureOf("charge", money(r.charge)),
    }),
  keyFigure: (r) => money(r.total),
  breakdown: (r) => {
    const blocks = Array.isArray(r.blocks) ? r.blocks as Json[] : [];
    const windows = Array.isArray(r.windows) ? r.windows as Json[] : [];
    const rows: Row[] = windows.map((w) => ({
      label: t("page.electricity.row_window", {
        window: t(`page.electricity.window_${String(w.window)}`),
        from: plain(w.from),
        to: plain(w.to),
        units: plain(w.units),
        price: money(w.unitPrice),
      }),
      value: money(w.amount),
      num: true,
    }));
    rows.push(...blocks.map((b) => ({
      label: b.lastUnit === null
        ? t("page.electricity.row_block_top", {
          first: plain(b.firstUnit),
          units: plain(b.units),
          price: money(b.unitPrice),
        })
        : t("page.electricity.row_block", {
          first: plain(b.firstUnit),
          last: plain(b.lastUnit),
          units: plain(b.units),
          price: money(b.unitPrice),
        }),
      value: money(b.amount),
      num: true,
    })));
    rows.push(
      { label: t("page.electricity.row_energy"), value: money(r.energyCharge), num: true },
      { label: t("page.electricity.row_fixed"), value: money(r.fixedCharge), num: true },
      {
        label: t("page.electricity.row_charge"),
        value: money(r.charge),
        num: true,
        strong: true,
      },
      { label: t("page.electricity.row_sscl"), value: money(r.sscl), num: true },
      { label: t("page.electricity.row_total"), value: money(r.total), num: true, strong: true },
    );
    const decision = obj(r.decision);
    const last = decision.to === null || decision.to === undefined;
    const used: Row[] = [
      {
        label: t("page.electricity.row_decision"),
        value: last
          ? t("page.electricity.decision_last", { from: dateText(decision.from) })
          : t("page.electricity.decision", {
            from: dateText(decision.from),
            to: dateText(decision.to),
          }),
      },
      { label: t("page.electricity.row_date"), value: dateText(r.date) },
      { label: t("page.electricity.row_days"), value: plain(r.days), num: true },
    ];
    return html`${summaryList(rows, t("page.answer.breakdown"))}${
      summaryList(used, t("page.electricity.tariff"))
    }${typeof r.note === "string" ? html`<p class="note">${r.note}</p>` : ""}`;
  },
  notes: ["page.electricity.note"],
};
