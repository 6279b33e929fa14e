/**
 * Form fields generated from OpenAPI parameter objects (themselves generated from the
 * operations' zod params): the tool pages and the docs' "try it" forms share them. Every field
 * has a label, its description as a hint, and its error (from the server) inline.
 *
 * @module
 */
import { maybeMessage } from "../../core/i18n.ts";
import type { ParameterObject } from "../../core/openapi.ts";
import { escapeHtml, html, raw, type SafeHtml } from "./html.ts";
import { fieldLabel } from "./result.ts";
import { pageContext, t } from "./lang.ts";

/** What the fields show. */
export interface FieldState {
  /** Submitted values by parameter name. */
  values: Readonly<Record<string, string>>;
  /** Error messages by parameter name. */
  errors: Readonly<Record<string, string>>;
  /** Prefix of element ids (to keep ids unique when a page has several forms). */
  idPrefix: string;
  /**
   * The name of the operation the fields belong to: its parameters' hints then come from the
   * catalogue (`param.<operation>.<name>`) in the page's language. Without it, or in English, the
   * hint is the parameter's own (English) description.
   */
  operation?: string;
}

/**
 * The hint of a parameter in the page's language: the catalogue's `param.<operation>.<name>` in
 * Sinhala or Tamil, the parameter's description (the OpenAPI text, which the English catalogue
 * repeats word for word) in English or when the catalogue has no entry.
 *
 * @param operation The operation name (`op.name`), if known.
 * @param param The parameter object.
 * @returns The hint's text (codes between backticks), or undefined when it has none.
 */
export function paramHint(
  operation: string | undefined,
  param: ParameterObject,
): string | undefined {
  if (!param.description) return undefined;
  const { lang } = pageContext();
  if (lang === "en" || operation === undefined) return param.description;
  return maybeMessage(lang, `param.${operation}.${param.name}`) ?? param.description;
}

/**
 * Text with codes written between backticks (as the Sinhala and Tamil hints write parameter
 * names, values and formats), escaped, with each code in a `<code>` element.
 *
 * @param text The text.
 * @returns Safe markup.
 *
 * @example Usage
 * ```ts
 * import { codeText } from "./form.ts";
 * console.log(String(codeText("`add` or `remove`"))); // "<code>add</code> or <code>remove</code>"
 * ```
 */
export function codeText(text: string): SafeHtml {
  const parts = text.split("`");
  // An unpaired backtick is shown as it is.
  if (parts.length % 2 === 0) return raw(escapeHtml(text));
  return raw(
    parts.map((part, i) => i % 2 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)).join(""),
  );
}

/**
 * An error message as a page shows it: in English as written, in Sinhala and Tamil with the codes
 * the catalogue's templates write between backticks in `<code>`.
 *
 * @param message The message (already in the page's language).
 * @returns The text or markup.
 */
export function errorMessage(message: string): SafeHtml | string {
  return pageContext().lang === "en" ? message : codeText(message);
}

/**
 * The label of one choice of an enumerated parameter in the page's language: the value itself in
 * English, the catalogue's `param.option.<name>.<value>` in Sinhala and Tamil.
 *
 * @param name The parameter name.
 * @param value The choice.
 * @returns The label.
 */
export function optionLabel(name: string, value: string): string {
  const { lang } = pageContext();
  if (lang === "en") return value;
  return maybeMessage(lang, `param.option.${name}.${value}`) ?? value;
}

const FLAG_ENUM = ["1", "0", "true", "false"];

/**
 * Whether a parameter is a yes/no flag (the `flag()` parser's enum).
 *
 * @param param The parameter object.
 * @returns Whether it is a flag.
 */
export function isFlag(param: ParameterObject): boolean {
  const values = param.schema.enum;
  return Array.isArray(values) && values.length === FLAG_ENUM.length &&
    FLAG_ENUM.every((v) => values.includes(v));
}

function attr(name: string, value: unknown): SafeHtml | string {
  return typeof value === "number"
    ? html`
      ${name}="${value}"
    `
    : "";
}

function field(param: ParameterObject, state: FieldState): SafeHtml {
  const { name, schema, required } = param;
  const id = `${state.idPrefix}${name}`;
  const value = state.values[name] ?? "";
  const error = state.errors[name];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hintText = paramHint(state.operation, param);
  const described = [hintText ? hintId : "", error ? errorId : ""].filter(Boolean);
  const aria = html`${
    described.length
      ? html`
        aria-describedby="${described.join(" ")}"
      `
      : ""
  }${
    error
      ? html`
        aria-invalid="true"
      `
      : ""
  }`;
  const hint = hintText ? html`<small id="${hintId}">${codeText(hintText)}</small>` : "";
  const errorText = error
    ? html`<strong class="field-error" id="${errorId}">${errorMessage(error)}</strong>`
    : "";
  const label = html`${fieldLabel(name)}${
    required ? "" : html`
      <span class="muted">${t("page.form.optional")}</span>
    `
  }`;
  const examples = Array.isArray(schema.examples) ? schema.examples : [];
  const placeholder = examples.length
    ? html`
      placeholder="${t("page.form.example", { value: String(examples[0]) })}"
    `
    : "";

  if (isFlag(param) && !required) {
    const checked = value === "1" || value === "true";
    return html`<div class="field check${error ? " invalid" : ""}">
      <input type="checkbox" id="${id}" name="${name}" value="1"${checked ? " checked" : ""}${aria}>
      <label for="${id}">${fieldLabel(name)}</label>${hint}${errorText}</div>`;
  }
  let control: SafeHtml;
  if (Array.isArray(schema.enum)) {
    const options = schema.enum.map(String);
    control = html`
      <select id="${id}" name="${name}" ${required ? " required" : ""}${aria}>
            ${required ? "" : html`<option value="">${t("page.form.default")}</option>`}
            ${options.map((option) => {
              const label = optionLabel(name, option);
              // A value with no label in the page's language is shown as the code it is.
              const code = label === option && pageContext().lang !== "en"
                ? html`
                  translate="no"
                `
                : "";
              return html`
                <option value="${option}" ${option === value
                  ? " selected"
                  : ""}${code}>${label}</option>
              `;
            })}</select>
    `;
  } else {
    const numeric = schema.type === "number" || schema.type === "integer";
    const type = numeric ? "number" : schema.format === "date" ? "date" : "text";
    const step = numeric
      ? html`
        step="${schema.type === "integer" ? "1" : "any"}"
      `
      : "";
    control = html`
      <input type="${type}" id="${id}" name="${name}" value="${value}"
        ${step}${attr("min", schema.minimum)}${attr("max", schema.maximum)}${attr(
          "maxlength",
          schema.maxLength,
        )}${placeholder}${required ? " required" : ""}${aria}>
    `;
  }
  return html`<div class="field${error ? " invalid" : ""}">
    <label for="${id}">${label}</label>${hint}${control}${errorText}</div>`;
}

/**
 * The fields of a GET form for a list of parameters.
 *
 * - A yes/no flag that is optional becomes a checkbox sending `1`.
 * - An enum becomes a select (with a "Default" empty choice when optional).
 * - Numbers become number inputs with the schema's range, dates date inputs, the rest text.
 *
 * @param params Parameter objects (path and query alike).
 * @param state Values, errors and the id prefix.
 * @returns The markup of the fields, without the form element.
 */
export function formFields(params: readonly ParameterObject[], state: FieldState): SafeHtml {
  return html`${params.map((param) => field(param, state))}`;
}

/**
 * Reads a GET form submission: empty values mean "not given" (a form sends every field), so
 * they are dropped before the operation's parser sees them.
 *
 * @param search The query.
 * @returns The non-empty pairs, in order.
 */
export function submittedPairs(search: URLSearchParams): [string, string][] {
  return [...search].filter(([, value]) => value !== "");
}
