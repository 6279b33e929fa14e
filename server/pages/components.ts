/**
 * The parts every tool page is made of (docs/pages.md): the fields (the amount input with its
 * "Rs" prefix, counts, dates, radios, checkboxes, codes), "More options", the error summary, the
 * answer block, summary lists, scrollable table wrappers, "How this was worked out" and "For
 * developers". Page files (`server/pages/tools/*.ts`) and the generic page use them alike; every
 * word comes from the message catalogue in the page's language.
 *
 * @module
 */
import { maybeMessage } from "../../core/i18n.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { codeText, errorMessage } from "./form.ts";
import { html, raw, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";
import { formatValue } from "./result.ts";
import type { FieldSpec } from "./tools/spec.ts";

/** What the fields show: the values as typed and the messages of the fields with a problem. */
export interface FormState {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  /**
   * The value each field takes when it is left out (the operation's default, as a form sends it:
   * `1`/`0` for a yes/no), so that a choice shown at its default does not count as filled in.
   */
  defaults?: Readonly<Record<string, string>>;
}

/**
 * Whether the person changed a field: it has a problem, or a value other than empty and other
 * than the value it takes when left out. A radio shown at its default, or the default sent back
 * by a submitted form, is not a change (issue 43: "More options" opened on a first visit because
 * the default radio counted as filled in).
 *
 * @param field The field.
 * @param state Values, errors and defaults.
 * @returns Whether it was changed.
 */
export function changed(field: Pick<FieldSpec, "name">, state: FormState): boolean {
  if (state.errors[field.name]) return true;
  const value = (state.values[field.name] ?? "").trim();
  return value !== "" && value !== (state.defaults?.[field.name] ?? "");
}

/** Element id of a field (the error summary links to it). */
export function fieldId(name: string): string {
  return `f-${name}`;
}

/** A field's words (label, hint, option) in the page's language: a key, or text as it is. */
export function words(field: Pick<FieldSpec, "keys">, text: string): string {
  return field.keys ? t(text) : text;
}

function described(ids: string[]): SafeHtml | string {
  const list = ids.filter(Boolean);
  return list.length
    ? html`
      aria-describedby="${list.join(" ")}"
    `
    : "";
}

/**
 * The error line under a field (read out with it through `aria-describedby`), or nothing.
 *
 * @param id The field's id (`fieldId`).
 * @param message The error, if any.
 * @returns The markup.
 */
export function errorLine(id: string, message: string | undefined): SafeHtml | string {
  if (!message) return "";
  return html`
    <p class="field-error"
      id="${id}-error"><span class="visually-hidden">${t(
        "page.error.prefix",
      )}</span> ${errorMessage(message)}</p>
  `;
}

function hintLine(id: string, field: FieldSpec): SafeHtml | string {
  if (!field.hint) return "";
  const text = words(field, field.hint);
  return html`<p class="hint" id="${id}-hint">${field.keys ? text : codeText(text)}</p>`;
}

function labelText(field: FieldSpec): SafeHtml {
  return html`${words(field, field.label)}${
    field.required ? "" : html`
      <span class="optional">${t("page.form.optional")}</span>
    `
  }`;
}

/**
 * One field of a tool page, as its kind asks: a money amount is a text input with
 * `inputmode="decimal"` and an "Rs" prefix hidden from screen readers (people type "250,000" or
 * "Rs. 250,000"); a count `inputmode="numeric"`; a choice radios (a select past six options); a
 * flag a checkbox. No `type="number"`, `min`, `max`, `maxlength` or `required`: the server checks.
 *
 * @param field The field.
 * @param state Values and errors.
 * @returns The markup.
 */
export function fieldControl(field: FieldSpec, state: FormState): SafeHtml {
  const id = fieldId(field.name);
  const value = state.values[field.name] ?? "";
  const error = state.errors[field.name];
  const invalid = error
    ? html`
      aria-invalid="true"
    `
    : "";
  const aria = described([field.hint ? `${id}-hint` : "", error ? `${id}-error` : ""]);
  const group = `field${error ? " invalid" : ""}`;
  if (field.kind === "flag") {
    const checked = value === "1" || value === "true";
    return html`<div class="${group} check">
      <input type="checkbox" id="${id}" name="${field.name}" value="1"${
      checked ? " checked" : ""
    }${aria}${invalid}>
      <label for="${id}">${words(field, field.label)}</label>${hintLine(id, field)}${
      errorLine(id, error)
    }</div>`;
  }
  if (field.kind === "choice") {
    const options = field.options ?? [];
    if (options.length <= 6) {
      return html`
        <fieldset class="${group}" id="${id}-group" ${aria}>
                <legend>${labelText(field)}</legend>${hintLine(id, field)}${errorLine(id, error)}
                <div class="radios">${options.map((option, i) =>
                  html`
                    <div
                      class="radio"><input type="radio" id="${i === 0
                        ? id
                        : `${id}-${option.value}`}" name="${field.name}" value="${option
                        .value}"${option.value === value
                        ? " checked"
                        : ""}${invalid}><label for="${i === 0
                        ? id
                        : `${id}-${option.value}`}">${words(field, option.label)}</label></div>
                  `
                )}</div></fieldset>
      `;
    }
    return html`<div class="${group}">
      <label for="${id}">${labelText(field)}</label>${hintLine(id, field)}${errorLine(id, error)}
      <select id="${id}" name="${field.name}"${aria}${invalid}>
        ${field.required ? "" : html`<option value="">${t("page.form.any")}</option>`}
        ${
      options.map((option) =>
        html`
          <option value="${option.value}" ${option.value === value ? " selected" : ""}>${words(
            field,
            option.label,
          )}</option>
        `
      )
    }</select></div>`;
  }
  const mode = field.kind === "amount" || field.kind === "percent" || field.kind === "number"
    ? html`
      inputmode="decimal"
    `
    : field.kind === "count"
    ? html`
      inputmode="numeric"
    `
    : "";
  const type = field.kind === "date" ? "date" : "text";
  const extra = ["code", "amount", "percent", "number", "count"].includes(field.kind)
    ? html`
      spellcheck="false" autocomplete="off"
    `
    : "";
  const width = field.kind === "amount" || field.kind === "number"
    ? "w-10"
    : field.kind === "count" && (field.max ?? 0) >= 100_000
    ? "w-10" // a count of six or more digits (votes) needs the amount's width
    : field.kind === "percent" || field.kind === "count"
    ? "w-5"
    : field.kind === "code"
    ? "w-15 code"
    : "w-20";
  const input = html`
    <input type="${type}" id="${id}" name="${field.name}" value="${value}"
      class="${width}" ${mode}${extra}${aria}${invalid}>
  `;
  const control = field.kind === "amount"
    ? html`<div class="affix"><span class="prefix" aria-hidden="true">${
      t("page.amount.prefix")
    }</span>${input}</div>`
    : field.kind === "percent"
    ? html`<div class="affix">${input}<span class="suffix" aria-hidden="true">%</span></div>`
    : input;
  return html`<div class="${group}">
    <label for="${id}">${labelText(field)}</label>${hintLine(id, field)}${errorLine(id, error)}
    ${control}</div>`;
}

/**
 * The form of a tool page: a GET form (the URL holds the question) whose `action` ends in
 * `#answer` (the answer is in view after pressing the button on a phone), the main fields, the
 * rest under "More options" (open only when one of them was changed from its default or has a
 * problem: {@linkcode changed}), one button.
 *
 * @param action Where the form goes: the page's path with `#answer` (or the API, for a tool the
 *   server answers only).
 * @param fields The fields.
 * @param state Values and errors.
 * @param button The button's words.
 * @returns The form.
 */
export function toolForm(
  action: string,
  fields: readonly FieldSpec[],
  state: FormState,
  button: string,
): SafeHtml {
  const main = fields.filter((f) => !f.more);
  const more = fields.filter((f) => f.more);
  const open = more.some((f) => changed(f, state));
  return html`<form method="get" action="${action}" class="tool-form" novalidate>
    ${main.map((f) => fieldControl(f, state))}
    ${
    more.length
      ? html`
        <details class="more" ${open ? " open" : ""}>
          <summary>${t("page.form.more")}</summary>
          <div class="more-fields">${more.map((f) => fieldControl(f, state))}</div>
        </details>
      `
      : ""
  }
    <div><button type="submit">${button}</button></div>
  </form>`;
}

/** One problem for the error summary: the field's id and its message. */
export interface Problem {
  /** The field's name (the link goes to its input), or undefined for the form as a whole. */
  field?: string | undefined;
  message: string;
}

/**
 * The error summary at the top of `<main>`: "There is a problem", `role="alert"` on the inner
 * block, each problem a link to its field.
 *
 * @param problems The problems.
 * @returns The summary.
 */
export function errorSummary(problems: readonly Problem[]): SafeHtml {
  return html`
    <div class="error-summary" id="errors" tabindex="-1">
      <div role="alert">
        <h2>${t("page.error.title")}</h2>
        <ul>${problems.map((p) =>
          p.field
            ? html`<li><a href="#${fieldId(p.field)}">${errorMessage(p.message)}</a></li>`
            : html`<li>${errorMessage(p.message)}</li>`
        )}</ul>
      </div>
    </div>
  `;
}

/**
 * The answer block: `id="answer"`, the sentence with the figures as its `<h2>`, an optional
 * "Copy" button for the key figure (shown by the page script only), then what follows.
 *
 * @param sentence The answer sentence(s).
 * @param key The key figure to copy, if any.
 * @param rest The breakdown.
 * @returns The block.
 */
export function answerBlock(
  sentence: SafeHtml,
  key: string | undefined,
  rest: SafeHtml | string = "",
): SafeHtml {
  return html`<section class="answer" id="answer" tabindex="-1" aria-labelledby="answer-title">
    <div class="answer-box"><h2 id="answer-title">${sentence}</h2>${
    key
      ? html`
        <button type="button" class="copy" data-copy="${key}" data-done="${t("page.answer.copied")}"
          hidden>${t("page.answer.copy")}</button><span class="copied" role="status"></span>
      `
      : ""
  }</div>
    ${rest}
  </section>`;
}

/** A row of a summary list. */
export interface Row {
  label: string;
  value: string;
  /** `data-field` of the value (tests and scripts read figures by it). */
  field?: string | undefined;
  /** A subtotal or total: in bold. */
  strong?: boolean | undefined;
  /** Money or a number: right-aligned, tabular figures. */
  num?: boolean | undefined;
}

/**
 * A summary list (key, value) for a breakdown: a block per row on a phone, two columns wider.
 *
 * @param rows The rows.
 * @param title Its heading, if any.
 * @returns The list.
 */
export function summaryList(rows: readonly Row[], title?: string): SafeHtml {
  return html`${title ? html`<h3>${title}</h3>` : ""}<dl class="summary">${
    rows.map((row) =>
      html`
        <div class="row${row.strong ? " strong" : ""}${row.num ? "" : " text"}">
          <dt>${row.label}</dt>
          <dd${row.num ? raw(' class="num"') : ""}${row.field
            ? html`
              data-field="${row.field}"
            `
            : ""}>${row.value}</dd></div>
      `
    )
  }</dl>`;
}

/**
 * A table that may be wider than a phone: a wrapper that scrolls in place, reachable by keyboard
 * (`tabindex="0"`) and named by the table's caption (a `<section>` with `aria-labelledby`: the
 * region role the native way).
 *
 * @param captionId The id of the table's `<caption>` (or heading) naming it.
 * @param table The table.
 * @returns The wrapped table.
 */
export function tableWrap(captionId: string, table: SafeHtml): SafeHtml {
  return html`<section class="table-wrap" tabindex="0" aria-labelledby="${captionId}">${table}</section>`;
}

/**
 * "How this was worked out": the page's notes, the source and the date it was checked, and a
 * one-line caveat.
 *
 * @param op The operation.
 * @param notes Lines in the page's language.
 * @param result The answer, whose own source a dated table names (`provenanceOf`).
 * @param notesNameSources The notes name the sources (no "no published figures" line).
 * @returns The section.
 */
export function workedOut(
  op: AnyOperation,
  notes: readonly (string | SafeHtml)[],
  result?: unknown,
  notesNameSources = false,
): SafeHtml {
  // An answer from a dated table (an electricity decision) names the source of the table it used.
  const source = result !== undefined && op.provenanceOf && op.provenance
    ? op.provenanceOf(result)
    : op.provenance;
  // The estimate caution is for what we compute; a tool the server answers (speech, news, the
  // store) computes nothing, and with no notes and no source there is nothing to show at all.
  const computed = op.run !== undefined;
  if (!computed && notes.length === 0 && !source) return html``;
  return html`<section class="worked" aria-labelledby="worked-title">
    <h2 id="worked-title">${t("page.answer.worked_out")}</h2>
    ${notes.length ? html`<ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>` : ""}
    ${
    source
      ? html`<p>${
        t("page.tool.figures_from")
      } <a href="${source.sourceUrl}" rel="noopener" translate="no">${
        sourceName(source.sourceUrl)
      }</a>, ${
        t("page.tool.last_verified")
      } <time datetime="${source.lastVerified}" data-field="lastVerified">${source.lastVerified}</time>.</p>`
      : op.local && !notesNameSources
      ? html`<p>${t("page.tool.no_figures")}</p>`
      : ""
  }
    ${computed ? html`<p class="muted">${t("page.answer.estimate")}</p>` : ""}
  </section>`;
}

/** A source's host name, as a link's text (`www.ird.gov.lk`). */
function sourceName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * "For developers", closed by default: what the caller puts inside (the request as `curl`, the
 * SDK call, the raw fields).
 *
 * @param inner The content.
 * @returns The disclosure.
 */
export function forDevelopers(inner: SafeHtml): SafeHtml {
  return html`
    <details class="developers"
      id="developers"><summary><h2>${t("page.answer.developers")}</h2></summary>${inner}</details>
  `;
}

/**
 * A catalogue message if the catalogue has it in the page's language (or English), else
 * undefined.
 *
 * @param key The key.
 * @returns The text or undefined.
 */
export function optionalText(key: string): string | undefined {
  return maybeMessage(pageContext().lang, key);
}

/**
 * A money figure as the pages write it: "LKR 8,000.00".
 *
 * @param value The amount.
 * @returns The text.
 */
export function money(value: unknown): string {
  return formatValue("amount", value, true);
}

/**
 * A figure of the answer sentence: in `<strong>`, with `data-field="answer.<name>"`.
 *
 * @param name The field's name.
 * @param text The figure as written.
 * @returns The markup.
 */
export function figureOf(name: string, text: string): SafeHtml {
  // A short figure ("LKR 8,000.00") is kept on one line; a date may wrap.
  return text.length <= 18
    ? html`<strong class="nowrap" data-field="answer.${name}">${text}</strong>`
    : html`<strong data-field="answer.${name}">${text}</strong>`;
}

/**
 * A number with digit groups ("1,200").
 *
 * @param value The number.
 * @returns The text.
 */
export function plain(value: unknown): string {
  return formatValue("count", value, false);
}

/**
 * An ISO date (2026-05-01) written for people in the page's language: "1 May 2026".
 *
 * @param iso The date.
 * @returns The text.
 */
export function dateText(iso: unknown): string {
  if (typeof iso !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return String(iso ?? "");
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return t("page.date", { day: d, month: t(`page.chart.month.${m}`), year: y });
}
