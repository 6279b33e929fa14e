/**
 * The workmen's compensation page: the monthly wages and what the injury led to in (the loss of
 * earning capacity for a partial disablement); the compensation first, then the wage band of
 * Schedule IV and its columns.
 *
 * @module
 */
import { figureOf, money, plain, type Row, summaryList } from "../components.ts";
import { markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown, part } from "./_labour.ts";
import type { ToolPage } from "./spec.ts";

/** The page of `GET /api/v1/labour/injury`. */
export const injuryPage: ToolPage = {
  heading: "page.injury.heading",
  lead: "page.injury.lead",
  fields: [
    {
      name: "monthly",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.injury.monthly",
      hint: "page.injury.monthly_hint",
      error: "page.injury.monthly_error",
    },
    {
      name: "outcome",
      kind: "choice",
      keys: true,
      required: true,
      label: "page.injury.outcome",
      options: [
        { value: "death", label: "page.injury.outcome_death" },
        { value: "permanent-total", label: "page.injury.outcome_total" },
        { value: "permanent-partial", label: "page.injury.outcome_partial" },
        { value: "temporary", label: "page.injury.outcome_temporary" },
      ],
    },
    {
      name: "loss",
      kind: "percent",
      keys: true,
      label: "page.injury.loss",
      hint: "page.injury.loss_hint",
      error: "page.injury.loss_error",
    },
  ],
  answer: (r) =>
    r.outcome === "temporary"
      ? markup("page.injury.answer_temporary", {
        amount: figureOf("halfMonthly", money(r.halfMonthly)),
      })
      : markup(`page.injury.answer_${String(r.outcome)}`, {
        amount: figureOf("amount", money(r.amount)),
        loss: `${plain(r.lossPct)}%`,
      }),
  keyFigure: (r) => money(r.outcome === "temporary" ? r.halfMonthly : r.amount),
  breakdown: (r) => {
    const band = part(r.band);
    const rows: Row[] = [
      { label: t("page.injury.row_monthly"), value: money(r.monthly), num: true },
      {
        label: t("page.injury.row_band"),
        value: band.to === null || band.to === undefined
          ? t("page.injury.band_above", { from: money(band.from) })
          : t("page.injury.band", { from: money(band.from), to: money(band.to) }),
      },
      { label: t("page.injury.row_death"), value: money(band.death), num: true },
      { label: t("page.injury.row_permanent"), value: money(band.permanentDisablement), num: true },
      { label: t("page.injury.row_half"), value: money(band.halfMonthly), num: true },
    ];
    if (r.outcome === "permanent-partial") {
      rows.push({ label: t("page.injury.row_loss"), value: `${plain(r.lossPct)}%`, num: true });
    }
    rows.push(
      r.outcome === "temporary"
        ? {
          label: t("page.injury.row_half_paid"),
          value: money(r.halfMonthly),
          num: true,
          strong: true,
        }
        : { label: t("page.injury.row_amount"), value: money(r.amount), num: true, strong: true },
    );
    return labourBreakdown(r, summaryList(rows, t("page.answer.breakdown")));
  },
};
