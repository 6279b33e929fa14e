/**
 * The page of one tool (`/tools/{slug}`), generated from its operation: a GET form from the
 * params, the result computed in-process by the same core operation, errors next to their
 * fields, a picture where one helps, the matching `curl` and SDK call, and the data source.
 *
 * @module
 */
import { isApiError } from "../../core/errors.ts";
import { parseParams } from "../../core/execute.ts";
import { operationParameters, type ParameterObject } from "../../core/openapi.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";
import { TOOL_FIGURES } from "./figures.ts";
import { codeText, errorMessage, formFields, submittedPairs } from "./form.ts";
import { html, layout, raw, type SafeHtml } from "./html.ts";
import { renderResult } from "./result.ts";
import { apiUrl, curlSnippet, sdkSnippet } from "./snippets.ts";
import { hasGenericLang } from "../../core/lang_param.ts";
import { toolText } from "../../core/ops/tools.ts";
import { pageContext, t } from "./lang.ts";
import { findTemplate, maybeMessage, translate } from "../../core/i18n.ts";

/**
 * An error message of a parameter in the page's language, from its English template in the
 * catalogue (`error.*`); a message without a template stays in English.
 *
 * @param message The English message.
 * @returns The message for the page.
 */
export function pageError(message: string): string {
  const { lang } = pageContext();
  if (lang === "en") return message;
  const found = findTemplate(message, "error.");
  if (!found) return message;
  const vars = { ...found.vars };
  if (vars.expected !== undefined) {
    vars.expected = translate(lang, vars.expected, "error.expected.");
  }
  return maybeMessage(lang, found.key, vars) ?? message;
}

/** A rendered page and its status. */
export interface RenderedPage {
  status: 200 | 400 | 404;
  body: string;
}

/**
 * The parameters a tool's form shows: all of the operation's, except `format` when the
 * operation offers other representations (the page is HTML; those are linked instead).
 *
 * @param op The operation.
 * @returns Parameter objects.
 */
export function formParameters(op: AnyOperation): ParameterObject[] {
  return operationParameters(op).filter((p) => !(op.formats && p.name === "format"));
}

/**
 * The parameter pairs of an operation's documented example URL.
 *
 * @param op The operation.
 * @returns Path and query parameters as `[name, value]` pairs.
 */
export function exampleParams(op: AnyOperation): [string, string][] {
  const url = new URL(op.example, "http://example.invalid");
  const pairs: [string, string][] = [];
  const template = `/api/v1${op.path}`.split("/");
  url.pathname.split("/").forEach((segment, i) => {
    const match = /^\{(\w+)\}$/.exec(template[i] ?? "");
    if (match) pairs.push([match[1]!, decodeURIComponent(segment)]);
  });
  return [...pairs, ...url.searchParams];
}

interface Outcome {
  result?: Record<string, unknown>;
  errors: Record<string, string>;
  general: string[];
}

function compute(op: AnyOperation, pairs: [string, string][], ctx: OperationContext): Outcome {
  const figure = TOOL_FIGURES[op.name];
  const given = new Set(pairs.map(([name]) => name));
  const internal = Object.entries(figure?.internal ?? {}).filter(([name]) => !given.has(name));
  try {
    const params = parseParams(op, [...pairs, ...internal]);
    return { result: op.run!(params, ctx) as Record<string, unknown>, errors: {}, general: [] };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const known = new Set(operationParameters(op).map((p) => p.name));
    const errors: Record<string, string> = {};
    const general: string[] = [];
    for (const detail of error.details ?? [{ param: "", message: error.message }]) {
      const message = pageError(detail.message);
      if (known.has(detail.param) && !errors[detail.param]) errors[detail.param] = message;
      else general.push(message);
    }
    return { errors, general };
  }
}

function hasRequired(op: AnyOperation): boolean {
  return operationParameters(op).some((p) => p.required);
}

function errorSummary(outcome: Outcome, idPrefix: string): SafeHtml {
  const fields = Object.entries(outcome.errors);
  return html`
    <div class="result error" role="alert" id="errors">
      <h2>${t("page.tool.check_form")}</h2>
      <ul>${fields.map(([name, message]) =>
        html`<li><a href="#${idPrefix}${name}">${errorMessage(message)}</a></li>`
      )}${outcome.general.map((message) => html`<li>${errorMessage(message)}</li>`)}</ul>
    </div>
  `;
}

function formatLinks(op: AnyOperation, pairs: [string, string][]): SafeHtml {
  const names = Object.keys(op.formats ?? {});
  if (!names.length) return html``;
  const others = pairs.filter(([name]) => name !== "format");
  return html`<p>${t("page.tool.also_as")} ${
    names.map((name) =>
      html`
        <a href="${apiUrl(op, [...others, ["format", name]], "")}">${pageContext().lang === "en"
          ? name
          : html`<code>${name}</code>`}</a>
      `
    )
  }</p>`;
}

/** Inputs of {@linkcode toolPage}. */
export interface ToolPageInput {
  /** The operation behind the page. */
  op: AnyOperation;
  /** The page's query string (the form submission). */
  search: URLSearchParams;
  /** The context the operation runs with. */
  ctx: OperationContext;
}

/**
 * A sentence of the page chrome that names code: in Sinhala and Tamil, its backticked codes (the
 * `curl` command) in `<code>` and the name "TypeScript" (which has no Sinhala or Tamil form) marked
 * as English; in English, the text as it is.
 */
function codeSentence(key: string): SafeHtml | string {
  if (pageContext().lang === "en") return t(key);
  return raw(
    codeText(t(key)).value.replaceAll(
      "TypeScript",
      '<span lang="en" translate="no">TypeScript</span>',
    ),
  );
}

/**
 * Renders a tool page. The result is computed when the form was submitted (any query), or on a
 * first visit when the operation needs no parameter; an invalid submission is a 400 page with
 * the errors next to their fields.
 *
 * @param input The operation, the query and the context.
 * @returns The page.
 */
export function toolPage(input: ToolPageInput): RenderedPage {
  const { op, search, ctx } = input;
  const slug = op.page!;
  const { lang } = pageContext();
  const pageLang = hasGenericLang(op);
  const params = formParameters(op);
  const pairs = submittedPairs(search);
  // The answer's text in the page's language (the lang parameter is the page's, not a field).
  const runPairs: [string, string][] = pageLang && lang !== "en" && !search.has("lang")
    ? [...pairs, ["lang", lang]]
    : pairs;
  const text = lang === "en"
    ? { title: op.title, description: op.description }
    : toolText(slug, lang);
  const submitted = [...search.keys()].length > 0;
  const idPrefix = "f-";
  let outcome: Outcome = { errors: {}, general: [] };
  if (op.run && (submitted || !hasRequired(op))) {
    outcome = compute(op, runPairs, ctx);
    if (!submitted && !outcome.result) outcome = { errors: {}, general: [] };
  }
  const failed = Object.keys(outcome.errors).length + outcome.general.length > 0;
  // The lang field shows the page's language until the form says otherwise.
  const values = Object.fromEntries(runPairs);
  const shownPairs = submitted ? pairs : exampleParams(op);
  const url = apiUrl(op, shownPairs, ctx.baseUrl);
  const figure = TOOL_FIGURES[op.name];
  const given = new Map(pairs);
  const picture = outcome.result && figure ? figure.draw(outcome.result) : undefined;
  const omit = outcome.result && figure?.omit ? figure.omit(given) : [];
  // A server-only operation's form opens the API's answer, which a plain GET form can only do
  // for a GET without path parameters; other ones show the snippets and the reference only.
  const formable = op.run !== undefined || (op.method === "GET" && !op.path.includes("{"));
  const action = op.run ? `/tools/${slug}` : apiUrl(op, [], "");

  // An answer from a dated table names the source of the table it used.
  const source = outcome.result && op.provenanceOf && op.provenance
    ? op.provenanceOf(outcome.result)
    : op.provenance;
  const body = html`
    <h1>${text.title}</h1>
    <p>${text.description}</p>
    ${failed ? errorSummary(outcome, idPrefix) : ""}
    ${formable
      ? html`<form method="get" action="${action}" class="tool-form" novalidate>
      ${formFields(params, { values, errors: outcome.errors, idPrefix, operation: op.name })}
      <div><button type="submit">${
        op.run ? t("page.tool.calculate") : t("page.tool.ask")
      }</button></div>
    </form>`
      : ""}
    ${op.run
      ? ""
      : html`<p class="muted">${
        t(formable ? "page.tool.server_only_form" : "page.tool.server_only_code")
      }</p>`}
    ${outcome.result
      ? html`<section class="result" id="result" aria-labelledby="result-title">
  <h2 id="result-title">${t("page.tool.result")}</h2>
  ${picture ?? ""}
  ${renderResult(outcome.result, omit)}
  ${formatLinks(op, pairs)}
</section>`
      : ""}
    <section aria-labelledby="api-title">
      <h2 id="api-title">${t("page.tool.code")}</h2>
      <p>${lang === "en"
        ? html`${submitted ? "The same request" : "An example request"} with <code>curl</code>:`
        : codeSentence(submitted ? "page.tool.same_request" : "page.tool.example_request")}</p>
      <pre><code data-snippet="curl">${curlSnippet(url)}</code></pre>
      <p>${codeSentence(op.local ? "page.tool.sdk_local" : "page.tool.sdk_remote")}</p>
      <pre><code data-snippet="sdk">${sdkSnippet(op, params, shownPairs)}</code></pre>
      <p><a href="/docs#op-${op.name}">${t("page.tool.reference")}</a></p>
    </section>
    ${source
      ? html`<section aria-labelledby="source-title">
  <h2 id="source-title">${t("page.tool.source")}</h2>
  <p>${
        t("page.tool.figures_from")
      } <a href="${source.sourceUrl}" rel="noopener">${source.sourceUrl}</a>,
  ${t("page.tool.last_verified")} <time datetime="${source.lastVerified}" data-field="lastVerified">${source.lastVerified}</time>.</p>
</section>`
      : op.local
      ? html`<p class="muted">${t("page.tool.no_figures")}</p>`
      : ""}
  `;
  return {
    status: failed ? 400 : 200,
    body: layout({ title: text.title, description: text.description, body }),
  };
}
