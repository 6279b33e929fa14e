/**
 * The printable payslip of the payslip tool page: earnings, deductions (each APIT line naming its
 * table), net pay and the employer's contributions, as one sheet that the print stylesheet keeps
 * alone on paper. Labels come from the message catalogue, in the page's language.
 *
 * @module
 */
import type { MessageKey } from "../../core/i18n.ts";
import { html, type SafeHtml } from "./html.ts";
import { t } from "./lang.ts";
import { formatValue } from "./result.ts";

type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A label in the page's language (the notices come in it from the operation's `lang`). */
function label(key: MessageKey, vars?: Record<string, string | number>): string {
  return t(key, vars);
}

function row(key: MessageKey, field: string, value: unknown, vars?: Record<string, string>) {
  const amount = num(value);
  if (amount === undefined) return html``;
  return html`
    <tr>
      <th scope="row">${label(key, vars)}</th>
      <td class="num" data-field="payslip.${field}">${formatValue(field, amount, true)}</td>
    </tr>
  `;
}

function tableName(line: Json): string {
  const table = num(obj(line.table).table);
  return table === undefined ? "" : label("payroll.tableName", {
    number: String(table).padStart(2, "0"),
  });
}

/**
 * The payslip sheet of a payslip result.
 *
 * @param r The result of the payslip operation.
 * @returns The sheet, or undefined when the result is not a payslip.
 */
export function payslipSheet(r: Json): SafeHtml | undefined {
  const earnings = obj(r.earnings);
  const deductions = obj(r.deductions);
  const employer = obj(r.employer);
  if (num(earnings.gross) === undefined || typeof r.date !== "string") return undefined;
  const regular = obj(deductions.apitRegular);
  const lump = deductions.apitLumpSum ? obj(deductions.apitLumpSum) : undefined;
  const notices = Array.isArray(r.notices) ? r.notices.map(obj) : [];
  return html`
    <section class="payslip-sheet" aria-labelledby="payslip-title">
      <h3 id="payslip-title">${label("payslip.heading", { date: r.date })}</h3>
      <table>
        <caption>${label("payslip.earnings")}</caption>
        <tbody>
          ${row("payslip.basic", "basic", earnings.basic)}
          ${num(earnings.allowances)
            ? row("payslip.allowances", "allowances", earnings.allowances)
            : ""}
          ${num(earnings.bra) ? row("payslip.bra", "bra", earnings.bra) : ""}
          ${num(earnings.bonus) ? row("payslip.bonus", "bonus", earnings.bonus) : ""}
          ${row("payslip.gross", "gross", earnings.gross)}
        </tbody>
      </table>
      <table>
        <caption>${label("payslip.deductions")}</caption>
        <tbody>
          ${row("payslip.epfEmployee", "epfEmployee", deductions.epfEmployee)}
          ${row("payslip.apit", "apitRegular", regular.amount, { table: tableName(regular) })}
          ${lump ? row("payslip.apit", "apitLumpSum", lump.amount, { table: tableName(lump) }) : ""}
          ${row("payslip.totalDeductions", "totalDeductions", deductions.total)}
        </tbody>
      </table>
      <table>
        <tbody>${row("payslip.net", "net", r.net)}</tbody>
      </table>
      <table>
        <caption>${label("payslip.employer")}</caption>
        <tbody>
          ${row("payslip.epfEmployer", "epfEmployer", employer.epf)}
          ${row("payslip.etf", "etf", employer.etf)}
          ${row("payslip.totalCost", "totalCost", employer.totalCost)}
        </tbody>
      </table>
      ${notices.length
        ? html`<ul class="notices">${
          notices.map((n) => html`<li>${String(n.message ?? "")}</li>`)
        }</ul>`
        : ""}
      <p class="muted no-print">${label("payslip.print")}</p>
    </section>
  `;
}
