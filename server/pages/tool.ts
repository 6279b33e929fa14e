/**
 * The page of one tool (`/tools/{slug}`). A tool with a page file (`server/pages/tools/<tool>.ts`,
 * listed in `server/pages/tools/index.ts`) shows its own fields, answer sentence and breakdown; any
 * other operation with a `page` gets the generic page built from its parameters and its result.
 * Both are laid out the same way (docs/pages.md): the error summary, the title, the answer
 * (`id="answer"`) with its breakdown, the form (GET, `action` ending in `#answer`), "How this was
 * worked out" and "For developers" (closed).
 *
 * @module
 */
import { isApiError } from "../../core/errors.ts";
import { parseParams } from "../../core/execute.ts";
import { deepFreeze } from "../../core/freeze.ts";
import { operationParameters, type ParameterObject } from "../../core/openapi.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";
import { hasGenericLang } from "../../core/lang_param.ts";
import { toolText } from "../../core/ops/tools.ts";
import { findTemplate, maybeMessage, translate } from "../../core/i18n.ts";
import { readAmount, readCount } from "./amount.ts";
import {
  answerBlock,
  errorSummary,
  forDevelopers,
  type Problem,
  toolForm,
  words,
  workedOut,
} from "./components.ts";
import { TOOL_FIGURES } from "./figures.ts";
import { codeText, isFlag, optionLabel, paramHint, submittedPairs } from "./form.ts";
import { html, layout, raw, type SafeHtml } from "./html.ts";
import { fieldLabel, renderResult } from "./result.ts";
import { apiUrl, curlSnippet, sdkSnippet } from "./snippets.ts";
import { pageContext, t } from "./lang.ts";
import { TOOL_PAGES } from "./tools/index.ts";
import { ruleSourceOf } from "../../core/rules/operation.ts";
import { rulePage } from "./rule_page.ts";
import type { FieldKind, FieldSpec, Json, ToolPage } from "./tools/spec.ts";

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
 * The parameters a tool's form could show: all of the operation's, except `format` when the
 * operation offers other representations (the page is HTML; those are linked instead).
 *
 * @param op The operation.
 * @returns Parameter objects.
 */
export function formParameters(op: AnyOperation): ParameterObject[] {
  return parametersOf(op).filter((p) => !(op.formats && p.name === "format"));
}

/** Each operation's parameter objects, made once (the registry's schemas never change). */
const parameters = new WeakMap<AnyOperation, readonly ParameterObject[]>();

/**
 * An operation's OpenAPI parameter objects (`operationParameters`), made on first use and frozen,
 * so that pages share them and no page can change them for the next.
 */
function parametersOf(op: AnyOperation): readonly ParameterObject[] {
  let found = parameters.get(op);
  if (found === undefined) {
    found = deepFreeze(operationParameters(op));
    parameters.set(op, found);
  }
  return found;
}

/** The value an operation's parameter takes when it is left out (its zod default), if any. */
function defaultOf(op: AnyOperation, name: string): unknown {
  const shape = op.params.shape as Record<
    string,
    { _zod: { def: { type: string; defaultValue?: unknown } } } | undefined
  >;
  const def = shape[name]?._zod.def;
  return def?.type === "default" ? def.defaultValue : undefined;
}

/** A default value as a form sends it: text as it is, a number in digits, a yes/no as 1 or 0. */
function formValue(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return undefined;
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

/** Money parameters by name (the generic page's guess when no page file says). */
const MONEY_NAMES =
  /^(amount|monthly|salary|principal|basic|net|allowances|bra|bonus|payable|paidToDate|lumpSums|monthlyTax|previousLumpSumTax|previousLumpSums|primaryMonthly|remuneration|regularToDate|taxToDate|price|wage)$/;

function kindOf(param: ParameterObject): FieldKind {
  const { schema } = param;
  if (isFlag(param)) return "flag";
  if (Array.isArray(schema.enum)) return "choice";
  if (schema.type === "integer") return "count";
  if (schema.type === "number") {
    if (/rate|pct|percent/i.test(param.name)) return "percent";
    return MONEY_NAMES.test(param.name) ? "amount" : "number";
  }
  if (schema.format === "date") return "date";
  return "text";
}

/** A parameter's hint without the API's notes on how values are matched or written. */
function peopleHint(hint: string | undefined): string | undefined {
  if (hint === undefined) return undefined;
  const kept = hint
    .replace(/\.?\s*Listed values are matched without regard to case[^.]*\.?/g, "")
    .replace(/\s*in plain decimal notation/g, "")
    .trim();
  return kept || undefined;
}

/**
 * The generic page of an operation without a page file: its parameters (but not `lang`, which is
 * the page's, nor `format`) as fields, the required ones first and the optional ones under "More
 * options", labels from the catalogue's `field.*`, and the result as the answer.
 *
 * @param op The operation.
 * @returns The page description.
 */
export function genericPage(op: AnyOperation): ToolPage {
  const params = formParameters(op).filter((p) => !(p.name === "lang" && hasGenericLang(op)));
  const fields: FieldSpec[] = params.map((p) => {
    const kind = kindOf(p);
    return {
      name: p.name,
      kind,
      label: fieldLabel(p.name),
      hint: peopleHint(paramHint(op.name, p)),
      required: p.required === true,
      more: p.required !== true && params.some((q) => q.required),
      options: Array.isArray(p.schema.enum)
        ? p.schema.enum.map((v) => ({ value: String(v), label: optionLabel(p.name, String(v)) }))
        : undefined,
    };
  });
  return {
    fields,
    answerOnFirstVisit: !params.some((p) => p.required),
    answer: () => html`${t("page.answer.generic")}`,
  };
}

/** A number read the way people type it, by the field's kind (else as typed). */
function readField(kind: FieldKind, numeric: boolean, value: string): string {
  if (kind === "amount") return readAmount(value);
  if (kind === "percent") return readAmount(value.replace(/\s*%\s*$/, ""));
  if (kind === "count") return readCount(value);
  if (kind === "number") return readAmount(value);
  if (numeric) return readAmount(value);
  return value.trim();
}

interface Outcome {
  result?: Json;
  problems: Problem[];
  errors: Record<string, string>;
}

const GROUP = new Intl.NumberFormat("en-LK", { maximumFractionDigits: 2 });

/** The label of a field inside a sentence: lower-cased in English unless it is an acronym. */
function inSentence(label: string): string {
  if (pageContext().lang !== "en" || /^[A-Z]{2}/.test(label)) return label;
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The message of a field with a problem, in people's words.
 *
 * A value the parser could not take (empty, not a number, not a whole number, outside the range,
 * not a date) gets the field's own message, which says what to type ("Enter a number of units, 0
 * or more, like 120"), or one made from its label and range. A value the parser took but the
 * operation refused gets the operation's reason in the page's language (2028: not gazetted yet),
 * never a format hint (issue 43).
 */
function fieldMessage(
  field: FieldSpec,
  param: ParameterObject | undefined,
  typed: string,
  apiMessage: string,
  understood: boolean,
): string {
  if (understood && typed.trim() !== "") return pageError(apiMessage);
  if (field.error) return words(field, field.error);
  const label = inSentence(words(field, field.label));
  if (typed.trim() === "") return t("page.error.enter", { label });
  const schema = param?.schema;
  const numeric = ["amount", "percent", "number", "count"].includes(field.kind) ||
    schema?.type === "number" || schema?.type === "integer";
  if (numeric) {
    const min = schema?.minimum ?? schema?.exclusiveMinimum;
    const max = schema?.maximum;
    const whole = schema?.type === "integer" || field.kind === "count";
    if (typeof min === "number" && typeof max === "number" && max < 1e6) {
      return t(whole ? "page.error.whole_between" : "page.error.between", {
        label,
        min: GROUP.format(min),
        max: GROUP.format(max),
      });
    }
    if (typeof min === "number") {
      return t(whole ? "page.error.whole_min" : "page.error.number_min", {
        label,
        min: GROUP.format(min),
      });
    }
    return t(whole ? "page.error.whole" : "page.error.number", { label });
  }
  if (field.kind === "date" || schema?.format === "date") return t("page.error.date", { label });
  return pageError(apiMessage);
}

function compute(
  op: AnyOperation,
  spec: ToolPage,
  pairs: [string, string][],
  typed: ReadonlyMap<string, string>,
  ctx: OperationContext,
): Outcome {
  const figure = TOOL_FIGURES[op.name];
  const given = new Set(pairs.map(([name]) => name));
  const internal = Object.entries({ ...figure?.internal, ...spec.internal }).filter(([name]) =>
    !given.has(name)
  );
  // Parsed first, then run: a problem of the parser is what was typed (a format hint), a problem
  // of the run is the operation's reason about a value it understood.
  let understood = false;
  try {
    const params = parseParams(op, [...pairs, ...internal]);
    understood = true;
    return { result: op.run!(params, ctx) as Json, problems: [], errors: {} };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const byName = new Map(spec.fields.map((f) => [f.name, f]));
    const params = new Map(parametersOf(op).map((p) => [p.name, p]));
    const errors: Record<string, string> = {};
    const problems: Problem[] = [];
    const said = spec.problem?.(error);
    for (const detail of error.details ?? [{ param: "", message: error.message }]) {
      const field = byName.get(detail.param);
      if (field && !errors[detail.param]) {
        const message = said ?? fieldMessage(
          field,
          params.get(detail.param),
          typed.get(detail.param) ?? "",
          detail.message,
          understood,
        );
        errors[detail.param] = message;
        // The link goes to the input (for radios, the first one carries the field's id).
        problems.push({ field: detail.param, message });
      } else if (!field) {
        problems.push({ message: said ?? pageError(detail.message) });
      }
    }
    return { problems, errors };
  }
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
 *
 * @param key The catalogue key.
 * @returns The sentence.
 */
export function codeSentence(key: string): SafeHtml | string {
  if (pageContext().lang === "en") return t(key);
  return raw(
    codeText(t(key)).value.replaceAll(
      "TypeScript",
      '<span lang="en" translate="no">TypeScript</span>',
    ),
  );
}

/** The page description of an operation: its page file, or the generic page. */
export function pageOf(op: AnyOperation): ToolPage {
  const rule = ruleSourceOf(op);
  return TOOL_PAGES[op.page ?? ""] ?? (rule ? rulePage(rule) : genericPage(op));
}

/**
 * Renders a tool page. The answer is computed when the form was submitted (any query), or on a
 * first visit when the page says so; a submission with problems is a 400 page with the error
 * summary at the top and each message beside its field.
 *
 * @param input The operation, the query and the context.
 * @returns The page.
 */
export function toolPage(input: ToolPageInput): RenderedPage {
  const { op, search, ctx } = input;
  const slug = op.page!;
  const { lang } = pageContext();
  const spec = pageOf(op);
  const params = formParameters(op);
  const paramByName = new Map(params.map((p) => [p.name, p]));
  const fieldByName = new Map(spec.fields.map((f) => [f.name, f]));
  let typedPairs = submittedPairs(search);
  // A link with the operation's own parameters fills a page whose fields are not them.
  if (spec.fromParams && !typedPairs.some(([name]) => fieldByName.has(name))) {
    typedPairs = spec.fromParams(typedPairs);
  }
  const typed = new Map(typedPairs);
  // What people typed, read as the API reads it ("Rs. 2,50,000" -> "250000").
  const pairs: [string, string][] = typedPairs.map(([name, value]) => {
    const field = fieldByName.get(name);
    const schema = paramByName.get(name)?.schema;
    const numeric = schema?.type === "number" || schema?.type === "integer";
    return [name, field || numeric ? readField(field?.kind ?? "text", numeric, value) : value];
  });
  // A submission (any query) is computed; a request with only the language switch's or a
  // link's empty query is a first visit.
  const submitted = typedPairs.length > 0 || [...search.keys()].length > 0;
  // The page's fields made into the operation's parameters, when they are not the same.
  const combined = spec.toParams && submitted
    ? spec.toParams(new Map(pairs.filter(([name]) => fieldByName.has(name))))
    : undefined;
  const apiPairs: [string, string][] = combined
    ? [...pairs.filter(([name]) => !fieldByName.has(name)), ...combined.params]
    : pairs;
  // The answer's text in the page's language (lang is the page's, not a field).
  const runPairs: [string, string][] = hasGenericLang(op) && lang !== "en" && !search.has("lang")
    ? [...apiPairs, ["lang", lang]]
    : apiPairs;
  const text = lang === "en"
    ? { title: op.title, description: op.description }
    : toolText(slug, lang);
  const title = spec.heading ? t(spec.heading) : text.title;
  const lead = spec.lead ? t(spec.lead) : text.description;
  let outcome: Outcome = { problems: [], errors: {} };
  const fieldErrors = Object.entries(combined?.errors ?? {});
  if (fieldErrors.length) {
    // In the order of the fields; each links to its field.
    const ordered = spec.fields.map((f) => f.name).filter((name) => combined?.errors?.[name]);
    outcome = {
      problems: ordered.map((field) => ({ field, message: combined!.errors![field]! })),
      errors: Object.fromEntries(fieldErrors),
    };
  } else if (op.run && (submitted || spec.answerOnFirstVisit)) {
    outcome = compute(op, spec, runPairs, typed, ctx);
    if (!submitted && !outcome.result) outcome = { problems: [], errors: {} };
  }
  const failed = outcome.problems.length > 0;
  const given = new Map(pairs);
  const result = outcome.result;
  const shownPairs = submitted ? apiPairs : exampleParams(op);
  const url = apiUrl(op, shownPairs, ctx.baseUrl);
  const figure = TOOL_FIGURES[op.name];
  const generic = !TOOL_PAGES[slug] && ruleSourceOf(op) === undefined;
  const action = op.run ? `/tools/${slug}#answer` : apiUrl(op, [], "");
  const formable = op.run !== undefined || (op.method === "GET" && !op.path.includes("{"));
  const notes = [
    ...(spec.notes ?? []).map((note) => typeof note === "string" ? t(note) : note()),
    ...(outcome.result && spec.workedOut ? spec.workedOut(outcome.result) : []),
  ];

  let answer: SafeHtml | string = "";
  if (result) {
    if (generic) {
      const picture = figure ? figure.draw(result) : undefined;
      const omit = figure?.omit ? figure.omit(given) : [];
      answer = answerBlock(
        spec.answer(result, given),
        undefined,
        html`${picture ?? ""}${renderResult(result, omit)}${formatLinks(op, apiPairs)}`,
      );
    } else {
      answer = answerBlock(
        spec.answer(result, given),
        spec.keyFigure?.(result),
        html`${spec.breakdown?.(result, given) ?? ""}${formatLinks(op, apiPairs)}`,
      );
    }
  }

  const developers = forDevelopers(html`
    <p>${lang === "en"
      ? html`${submitted ? "The same request" : "An example request"} with <code>curl</code>:`
      : codeSentence(submitted ? "page.tool.same_request" : "page.tool.example_request")}</p>
    <pre tabindex="0"><code data-snippet="curl">${curlSnippet(url)}</code></pre>
    <p>${codeSentence(op.local ? "page.tool.sdk_local" : "page.tool.sdk_remote")}</p>
    <pre tabindex="0"><code data-snippet="sdk">${sdkSnippet(op, params, shownPairs)}</code></pre>
    <p><a href="/docs#op-${op.name}">${t("page.tool.reference")}</a></p>
    ${result && !generic
      ? html`<h3>${t("page.answer.raw")}</h3>${
        spec.raw ? spec.raw(result) : renderResult(result, figure?.omit?.(given) ?? [])
      }`
      : ""}
  `);

  const values: Record<string, string> = Object.fromEntries(typedPairs);
  // What each field is when left out, as the form writes it ("1"/"0" for a yes/no): the value the
  // page adds itself (the deposit's wht=1), else the operation's default.
  const pageDefaults: Readonly<Record<string, string>> = { ...figure?.internal, ...spec.internal };
  const defaults: Record<string, string> = {};
  for (const field of spec.fields) {
    const fallback = pageDefaults[field.name] ?? formValue(defaultOf(op, field.name));
    if (fallback !== undefined) defaults[field.name] = fallback;
  }
  // A choice left out was answered with its default: the form shows that choice made.
  for (const field of spec.fields) {
    if (field.kind !== "choice" || values[field.name] !== undefined) continue;
    const fallback = defaults[field.name];
    if (fallback !== undefined) values[field.name] = fallback;
  }
  const form = formable
    ? toolForm(
      action,
      spec.fields,
      { values, errors: outcome.errors, defaults },
      spec.button ? t(spec.button) : op.run ? t("page.tool.calculate") : t("page.tool.ask"),
    )
    : "";
  const body = html`
    ${failed ? errorSummary(outcome.problems) : ""}
    <h1>${title}</h1>
    <p class="lead">${lead}</p>
    ${spec.live
      // A search: the form first, the answer under it (the script replaces it as people type and
      // says the new answer's sentence through the status line).
      ? html`
        <div data-live>${form}<p class="visually-hidden" role="status" data-live-status></p></div>
        <div data-live-results>${answer}</div>
      `
      : html`${answer}${form}`}
    ${op.run
      ? ""
      : html`<p class="muted">${
        t(formable ? "page.tool.server_only_form" : "page.tool.server_only_code")
      }</p>`}
    ${workedOut(op, notes, result, spec.notesNameSources === true)}
    ${developers}
  `;
  const head = html`${
    submitted
      ? html`
        <meta name="robots" content="noindex">
      `
      : ""
  }<script src="/static/page.js" defer></script>`;
  return {
    status: failed ? 400 : 200,
    body: layout({
      title: failed ? `${t("page.error.prefix")} ${title}` : title,
      description: text.description,
      body,
      head,
    }),
  };
}
