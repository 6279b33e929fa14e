/**
 * Pictures rendered on the server as inline SVG (or, for the calendar, an HTML grid), each a
 * pure function of figures: a loan's amortization, a deposit's growth, the normal curve with a
 * Z-score marked, and a year of holidays month by month. Every picture has a title, a
 * description and a text alternative next to it.
 *
 * @module
 */
import { MONTH_NAMES } from "../../core/_calendar.ts";
import { escapeHtml, html, raw, type SafeHtml } from "./html.ts";
import { formatValue } from "./result.ts";
import { pageContext, t } from "./lang.ts";

const W = 720;
const H = 300;
const PAD = { left: 110, right: 16, top: 16, bottom: 40 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

const money = (value: number) => formatValue("amount", value, true);
const fixed = (value: number) => value.toFixed(2).replace(/\.?0+$/, "");

function axes(yLabels: [string, string], xFirst: string, xLast: string): SafeHtml {
  const [minLabel, maxLabel] = yLabels;
  const bottom = PAD.top + PLOT_H;
  return html`
    <g class="axes" aria-hidden="true">
      <line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${bottom}" />
      <line x1="${PAD.left}" y1="${bottom}" x2="${W - PAD.right}" y2="${bottom}" />
      <text x="${PAD.left - 6}" y="${PAD.top + 10}" text-anchor="end">${maxLabel}</text>
      <text x="${PAD.left - 6}" y="${bottom}" text-anchor="end">${minLabel}</text>
      <text x="${PAD.left}" y="${bottom + 20}">${xFirst}</text>
      <text x="${W - PAD.right}" y="${bottom + 20}" text-anchor="end">${xLast}</text>
    </g>
  `;
}

/**
 * A picture's text alternative: a table in a `<details>` element.
 *
 * @param summary The disclosure's label.
 * @param columns Column headings, and whether each holds figures (right-aligned).
 * @param rows The cells.
 * @returns The markup.
 */
function figureTable(
  summary: string,
  columns: readonly [string, boolean][],
  rows: readonly (readonly (string | number)[])[],
): SafeHtml {
  const cls = (i: number) => (columns[i]?.[1]
    ? html`
      class="num"
    `
    : "");
  return html`
    <details>
      <summary>${summary}</summary>
      <section class="table-wrap" tabindex="0" aria-label="${summary}">
        <table>
          <thead>
            <tr>${columns.map(([label], i) =>
              html`
                <th scope="col" ${cls(i)}>${label}</th>
              `
            )}</tr>
          </thead>
          <tbody>${rows.map((row) =>
            html`<tr>${row.map((cell, i) => html`<td${cls(i)}>${cell}</td>`)}</tr>`
          )}</tbody>
        </table>
      </section>
    </details>
  `;
}

/** One month of a loan for {@linkcode amortizationChart}. */
export interface MonthSplit {
  month: number;
  principal: number;
  interest: number;
  balance: number;
}

/**
 * A stacked bar per month: the principal repaid (bottom) and the interest paid (top), with a
 * yearly table as the text alternative.
 *
 * @param rows The amortization schedule, one row per month.
 * @returns A figure with the SVG and its table.
 */
export function amortizationChart(rows: readonly MonthSplit[]): SafeHtml {
  const n = rows.length;
  const max = Math.max(...rows.map((r) => r.principal + r.interest), 0.01);
  const barW = PLOT_W / Math.max(n, 1);
  const y = (value: number) => (value / max) * PLOT_H;
  const bottom = PAD.top + PLOT_H;
  const crossing = rows.find((r) => r.principal >= r.interest)?.month;
  const totalInterest = rows.reduce((sum, r) => sum + r.interest, 0);
  const summary = `${t("page.chart.loan.summary", { n, interest: money(totalInterest) })} ${
    crossing === undefined
      ? t("page.chart.loan.always_interest")
      : crossing === 1
      ? t("page.chart.loan.first_month")
      : t("page.chart.loan.until", { month: crossing - 1 })
  }`;
  const years: { year: number; principal: number; interest: number; balance: number }[] = [];
  for (const row of rows) {
    const year = Math.ceil(row.month / 12);
    const last = years.at(-1);
    if (last && last.year === year) {
      last.principal += row.principal;
      last.interest += row.interest;
      last.balance = row.balance;
    } else {years.push({
        year,
        principal: row.principal,
        interest: row.interest,
        balance: row.balance,
      });}
  }
  return html`
    <figure class="chart">
      <svg viewBox="0 0 ${W} ${H}" role="img"
        aria-labelledby="amortization-title amortization-desc" class="amortization">
        <title id="amortization-title">${t("page.chart.loan.title")}</title>
        <desc id="amortization-desc">${summary}</desc>
        ${axes(
          ["0", money(max)],
          t("page.chart.month_n", { n: 1 }),
          t("page.chart.month_n", { n }),
        )}
        ${rows.map((r, i) => {
          const x = PAD.left + i * barW;
          const hp = y(r.principal);
          const hi = y(r.interest);
          return html`
            <g data-month="${r.month}">
              <title>${t("page.chart.loan.bar", {
                month: r.month,
                principal: money(r.principal),
                interest: money(r.interest),
              })}</title>
              <rect class="principal" x="${fixed(x)}" y="${fixed(bottom - hp)}" width="${fixed(
                barW,
              )}"
                height="${fixed(hp)}" />
              <rect class="interest" x="${fixed(x)}" y="${fixed(bottom - hp - hi)}" width="${fixed(
                barW,
              )}" height="${fixed(hi)}" />
            </g>
          `;
        })}
      </svg>
      <figcaption><span class="key principal"></span> ${t(
        "page.chart.principal",
      )} <span class="key interest"></span> ${t("page.chart.interest")}. ${summary}
      ${figureTable(
        t("page.chart.by_year"),
        [
          [t("page.chart.year"), false],
          [t("page.chart.principal_repaid"), true],
          [t("page.chart.interest_paid"), true],
          [t("page.chart.balance_end"), true],
        ],
        years.map((yr) => [yr.year, money(yr.principal), money(yr.interest), money(yr.balance)]),
      )}</figcaption>
    </figure>
  `;
}

/** One point of {@linkcode growthChart}. */
export interface GrowthPoint {
  month: number;
  value: number;
}

/**
 * A line of a deposit's value month by month (a point per month), with a table as the text
 * alternative.
 *
 * @param points Month 0 (the deposit) to the last month.
 * @param caption What the value is, for the title.
 * @returns A figure with the SVG and its table.
 */
export function growthChart(points: readonly GrowthPoint[], caption: string): SafeHtml {
  const first = points[0]?.value ?? 0;
  const last = points.at(-1)?.value ?? 0;
  const low = first * 0.98;
  const span = Math.max(last - low, 0.01);
  const n = Math.max(points.length - 1, 1);
  const x = (month: number) => PAD.left + (month / n) * PLOT_W;
  const y = (value: number) => PAD.top + PLOT_H - ((value - low) / span) * PLOT_H;
  const line = points.map((p, i) => `${i ? "L" : "M"}${fixed(x(p.month))} ${fixed(y(p.value))}`)
    .join(" ");
  const summary = t("page.chart.fd.summary", {
    first: money(first),
    last: money(last),
    n: points.length - 1,
  });
  return html`
    <figure class="chart">
      <svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="growth-title growth-desc"
        class="growth">
        <title id="growth-title">${caption}</title>
        <desc id="growth-desc">${summary}</desc>
        ${axes(
          [money(low), money(last)],
          t("page.chart.start"),
          t("page.chart.month_n", { n: points.length - 1 }),
        )}
        <path class="line" d="${line}"/>
        ${points.map((p) =>
          html`
            <circle data-month="${p.month}" cx="${fixed(x(p.month))}" cy="${fixed(
              y(p.value),
            )}" r="3">
              <title>${t("page.chart.fd.point", { month: p.month, value: money(p.value) })}</title>
            </circle>
          `
        )}
      </svg>
      <figcaption>${summary} ${t("page.chart.fd.axis")}
      ${figureTable(
        t("page.chart.by_month"),
        [[t("page.chart.month"), false], [t("page.chart.value"), true]],
        points.map((p) => [p.month, money(p.value)]),
      )}</figcaption>
    </figure>
  `;
}

/**
 * The standard normal cumulative distribution, Φ(z), from the Abramowitz and Stegun 7.1.26
 * approximation of erf (absolute error below 1.5e-7).
 *
 * @param z A Z-score.
 * @returns The share of a normal population below z, 0 to 1.
 */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

const CURVE_RANGE = 4;

/**
 * Where a Z-score sits on the chart's x axis (clamped to the drawn range of ±4).
 *
 * @param z A Z-score.
 * @returns The x coordinate in the SVG's viewBox.
 */
export function curveX(z: number): number {
  const clamped = Math.max(-CURVE_RANGE, Math.min(CURVE_RANGE, z));
  return PAD.left + ((clamped + CURVE_RANGE) / (2 * CURVE_RANGE)) * PLOT_W;
}

/**
 * The normal curve with a student's Z-score marked and the area below it shaded: a pure
 * function of the final Z.
 *
 * @param z The Z-score.
 * @returns A figure with the SVG and one sentence as the text alternative.
 */
export function normalCurveChart(z: number): SafeHtml {
  const density = (v: number) => Math.exp(-v * v / 2);
  const y = (v: number) => PAD.top + PLOT_H - density(v) * PLOT_H;
  const steps = 160;
  const xs = Array.from(
    { length: steps + 1 },
    (_, i) => -CURVE_RANGE + (i * 2 * CURVE_RANGE) / steps,
  );
  const curve = xs.map((v, i) => `${i ? "L" : "M"}${fixed(curveX(v))} ${fixed(y(v))}`).join(" ");
  const bottom = PAD.top + PLOT_H;
  const left = xs.filter((v) => v <= z);
  const area = left.length
    ? `M${fixed(curveX(-CURVE_RANGE))} ${bottom} ${
      left.map((v) => `L${fixed(curveX(v))} ${fixed(y(v))}`).join(" ")
    } L${fixed(curveX(z))} ${fixed(y(Math.max(-CURVE_RANGE, Math.min(CURVE_RANGE, z))))} L${
      fixed(curveX(z))
    } ${bottom} Z`
    : "";
  const share = (normalCdf(z) * 100).toFixed(1);
  const zText = z.toFixed(4).replace(/\.?0+$/, "");
  const summary = t("page.chart.z.summary", { z: zText, share });
  const mx = fixed(curveX(z));
  return html`
    <figure class="chart">
      <svg viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="curve-title curve-desc"
        class="normal-curve" data-z="${zText}">
        <title id="curve-title">${t("page.chart.z.title", { z: zText })}</title>
        <desc id="curve-desc">${summary}</desc>
        <g class="axes" aria-hidden="true">
          <line x1="${PAD.left}" y1="${bottom}" x2="${W - PAD.right}" y2="${bottom}"/>
          ${[-3, -2, -1, 0, 1, 2, 3].map((tick) =>
            html`<text x="${fixed(curveX(tick))}" y="${
              bottom + 20
            }" text-anchor="middle">${tick}</text>`
          )}
        </g>
        ${area
          ? html`
            <path class="area" d="${area}" />
          `
          : ""}
        <path class="line" d="${curve}"/>
        <line class="marker" data-marker="z" x1="${mx}" y1="${PAD.top}" x2="${mx}" y2="${bottom}"/>
        <text x="${mx}" y="${PAD.top + 12}" text-anchor="${z > 2
          ? "end"
          : "start"}" class="marker-label">Z = ${zText}</text>
      </svg>
      <figcaption>${summary}</figcaption>
    </figure>
  `;
}

/** A named day for {@linkcode holidayCalendar}. */
export interface CalendarDay {
  /** `YYYY-MM-DD`. */
  date: string;
  name: string;
  nameSinhala?: string;
  nameTamil?: string;
}

/** The days of a week, from Monday (keys `page.chart.weekday.mo` ...). */
const WEEKDAYS = ["mo", "tu", "we", "th", "fr", "sa", "su"];

/** A month's name in the page's language (1 = January). */
function monthName(month: number): string {
  return pageContext().lang === "en" ? MONTH_NAMES[month - 1]! : t(`page.chart.month.${month}`);
}

/** A month's name beside a day: "Jan" in English, the whole name in Sinhala and Tamil. */
function monthShort(month: number): string {
  return pageContext().lang === "en" ? MONTH_NAMES[month - 1]!.slice(0, 3) : monthName(month);
}

/** A marked day of a month grid, with what it is for screen readers. */
function holidayCell(day: number, note: string): SafeHtml {
  const hidden = `<span class="visually-hidden"> ${escapeHtml(note)}</span>`;
  return raw(`<td class="holiday"><strong>${day}</strong>${hidden}</td>`);
}

function monthGrid(year: number, month: number, days: readonly CalendarDay[]): SafeHtml {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 = Sunday
  const lead = (first + 6) % 7; // weeks start on Monday
  const note = t("page.chart.holiday");
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const marked = new Set(days.map((d) => Number(d.date.slice(8, 10))));
  const cells: (number | null)[] = [...Array(lead).fill(null)];
  for (let d = 1; d <= length; d++) cells.push(d);
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const mm = String(month).padStart(2, "0");
  return html`<section class="month" aria-labelledby="m-${year}-${mm}">
  <table class="month-grid">
    <caption id="m-${year}-${mm}">${monthName(month)} ${year}</caption>
    <thead><tr>${
    WEEKDAYS.map((d) => html`<th scope="col">${t(`page.chart.weekday.${d}`)}</th>`)
  }</tr></thead>
    <tbody>${
    weeks.map((week) =>
      html`<tr>${
        week.map((d) =>
          d === null ? html`<td></td>` : marked.has(d) ? holidayCell(d, note) : html`<td>${d}</td>`
        )
      }</tr>`
    )
  }</tbody>
  </table>
  ${
    days.length
      ? html`<ul class="day-names">${
        days.map((d) =>
          html`
            <li
              data-date="${d.date}"><time datetime="${d.date}">${Number(
                d.date.slice(8, 10),
              )} ${monthShort(month)}</time> ${d.name}${d.nameSinhala
                ? html`
                  · <span lang="si">${d.nameSinhala}</span>
                `
                : ""}${d.nameTamil
                ? html`
                  · <span lang="ta">${d.nameTamil}</span>
                `
                : ""}</li>
          `
        )
      }</ul>`
      : html`<p class="muted">${t("page.chart.no_holidays")}</p>`
  }
</section>`;
}

/**
 * A year as twelve month grids (weeks from Monday) with the named days marked and listed under
 * each month in English, Sinhala (`lang="si"`) and Tamil (`lang="ta"`).
 *
 * @param year The year.
 * @param days The days to mark, any order.
 * @returns The calendar.
 */
export function holidayCalendar(year: number, days: readonly CalendarDay[]): SafeHtml {
  const byMonth = MONTH_NAMES.map((_, i) =>
    days.filter((d) => d.date.startsWith(`${year}-${String(i + 1).padStart(2, "0")}-`))
      .sort((a, b) => a.date.localeCompare(b.date))
  );
  return html`
    <div class="calendar" role="group"
      aria-label="${t("page.chart.holidays_of", { year })}">${byMonth.map((list, i) =>
        monthGrid(year, i + 1, list)
      )}</div>
  `;
}
