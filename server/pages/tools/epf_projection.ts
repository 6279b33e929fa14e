/**
 * The EPF and ETF projection page: the monthly earnings and the years in (opening balances and
 * the crediting convention under "More options"); the balances at the end of the last year first
 * (or that they are not known, and why), then the rates and balances year by year.
 *
 * @module
 */
import { figureOf, money, plain, summaryList, tableWrap } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import { labourBreakdown, part } from "./_labour.ts";
import type { Json, ToolPage } from "./spec.ts";

function years(r: Json): Json[] {
  return Array.isArray(r.years) ? r.years.map(part) : [];
}

/** A year's rate with its standing when it is not an official figure ("11% (subject to approval)"). */
function rate(value: unknown, status: unknown): string {
  if (value === null || value === undefined) return t("page.epf.status.unknown");
  const shown = `${plain(value)}%`;
  return status === "official" ? shown : `${shown} (${t(`page.epf.status.${String(status)}`)})`;
}

/** The page of `GET /api/v1/payroll/epf-projection`. */
export const epfProjectionPage: ToolPage = {
  heading: "page.epf.heading",
  lead: "page.epf.lead",
  fields: [
    {
      name: "monthly",
      kind: "amount",
      keys: true,
      required: true,
      label: "page.epf.monthly",
      hint: "page.epf.monthly_hint",
      error: "page.epf.monthly_error",
    },
    {
      name: "from",
      kind: "count",
      keys: true,
      required: true,
      label: "page.epf.from",
      hint: "page.epf.from_hint",
      error: "page.epf.from_error",
    },
    {
      name: "to",
      kind: "count",
      error: "page.epf.to_error",
      keys: true,
      label: "page.epf.to",
      hint: "page.epf.to_hint",
    },
    {
      name: "epfOpening",
      kind: "amount",
      error: "page.epf.opening_error",
      keys: true,
      more: true,
      label: "page.epf.epf_opening",
      hint: "page.epf.opening_hint",
    },
    {
      name: "etfOpening",
      kind: "amount",
      error: "page.epf.opening_error",
      keys: true,
      more: true,
      label: "page.epf.etf_opening",
      hint: "page.epf.opening_hint",
    },
    {
      name: "crediting",
      kind: "choice",
      keys: true,
      more: true,
      label: "page.epf.crediting",
      hint: "page.epf.crediting_hint",
      options: [
        { value: "opening-balance", label: "page.epf.crediting_opening" },
        { value: "monthly", label: "page.epf.crediting_monthly" },
      ],
    },
  ],
  answer: (r) => {
    if (r.epfBalance === null || r.epfBalance === undefined) {
      const missing = years(r).find((y) => y.epfRate === null || y.etfRate === null);
      return markup("page.epf.answer_unknown", {
        year: figureOf("lastYear", String(r.lastYear ?? "")),
        missing: String(missing?.year ?? r.lastYear ?? ""),
      });
    }
    return markup("page.epf.answer", {
      year: String(r.lastYear ?? ""),
      epf: figureOf("epfBalance", money(r.epfBalance)),
      etf: figureOf("etfBalance", money(r.etfBalance)),
    });
  },
  keyFigure: (r) => typeof r.epfBalance === "number" ? money(r.epfBalance) : undefined,
  breakdown: (r) =>
    labourBreakdown(
      r,
      html`${
        summaryList([
          { label: t("page.epf.row_monthly"), value: money(r.monthly), num: true },
          { label: t("page.epf.row_epf_paid"), value: money(r.epfContributions), num: true },
          { label: t("page.epf.row_etf_paid"), value: money(r.etfContributions), num: true },
          {
            label: t("page.epf.row_epf_balance", { year: String(r.lastYear ?? "") }),
            value: money(r.epfBalance),
            num: true,
            strong: true,
          },
          {
            label: t("page.epf.row_etf_balance", { year: String(r.lastYear ?? "") }),
            value: money(r.etfBalance),
            num: true,
            strong: true,
          },
        ], t("page.answer.breakdown"))
      }${
        tableWrap(
          "epf-years",
          html`
            <table class="list">
              <caption id="epf-years">${t("page.epf.by_year")}</caption>
              <thead>
                <tr>
                  <th scope="col">${t("page.epf.col_year")}</th>
                  <th scope="col">${t("page.epf.col_epf_rate")}</th>
                  <th scope="col" class="num">${t("page.epf.col_epf_interest")}</th>
                  <th scope="col" class="num">${t("page.epf.col_epf_balance")}</th>
                  <th scope="col">${t("page.epf.col_etf_rate")}</th>
                  <th scope="col" class="num">${t("page.epf.col_etf_balance")}</th>
                </tr>
              </thead>
              <tbody>${years(r).map((y) =>
                html`
                  <tr>
                    <th scope="row">${String(y.year ?? "")}</th>
                    <td>${rate(y.epfRate, y.epfStatus)}</td>
                    <td class="num">${money(y.epfInterest)}</td>
                    <td class="num">${money(y.epfBalance)}</td>
                    <td>${rate(y.etfRate, y.etfStatus)}</td>
                    <td class="num">${money(y.etfBalance)}</td>
                  </tr>
                `
              )}</tbody>
            </table>
          `,
        )
      }`,
    ),
  notes: ["page.epf.note"],
};
