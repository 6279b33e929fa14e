/**
 * The page of every rule (`/tools/<rule>`), made from the rule and its texts with no page file:
 * the inputs as fields (labels, hints and choices from `data/messages/rules/<rule>.json`), the
 * answer's sentence first, then the steps, each with the number of its figure's source, then
 * "How this was worked out" listing those sources (the value's period, or that it is the same on
 * any date; the gazette, how sure, when checked) and the answer's notes, then "For developers"
 * with the answer's fields and its JSON.
 *
 * @module
 */
import type { RuleAnswer } from "../../core/rules/operation.ts";
import type { InputSpec, RuleSource } from "../../core/rules/model.ts";
import { figureOf, money, plain } from "./components.ts";
import { escapeHtml, html, raw as rawHtml, type SafeHtml } from "./html.ts";
import { t } from "./lang.ts";
import { formatValue } from "./result.ts";
import type { FieldKind, FieldSpec, Json, ToolPage } from "./tools/spec.ts";

const KINDS: Readonly<Record<InputSpec["type"], FieldKind>> = {
  "money": "amount",
  "count": "count",
  "number": "number",
  "date": "date",
  "choice": "choice",
  "yes-no": "flag",
  "period": "text",
};

/** The key figure of an answer, by its kind's fields. */
function keyFigure(r: Json): string | undefined {
  if (typeof r.total === "number") return money(r.total);
  if (typeof r.worth === "number") return money(r.worth);
  if (typeof r.reachedOn === "string") return r.reachedOn;
  return undefined;
}

function fields(source: RuleSource): FieldSpec[] {
  const { rule } = source;
  // The words in the page's language, as text (codes in hints between backticks become code).
  const text = (k: string) => t(`rule.${rule.name}.${k}`);
  const entries = Object.entries(rule.inputs);
  const anyRequired = entries.some(([, spec]) => spec.required);
  return entries.map(([name, spec]) => {
    // A yes/no that is yes when left out is asked as two choices: an unticked checkbox sends
    // nothing, so it could never be answered no.
    const yesByDefault = spec.type === "yes-no" && spec.default === "1";
    const options = yesByDefault
      ? [
        { value: "1", label: t("rule._engine.value.yes") },
        { value: "0", label: t("rule._engine.value.no") },
      ]
      : spec.values?.map((value) => ({ value, label: text(`option.${name}.${value}`) }));
    return {
      name,
      kind: yesByDefault ? "choice" : KINDS[spec.type],
      label: text(`input.${name}.label`),
      hint: text(`input.${name}.hint`),
      required: spec.required === true || spec.default !== undefined,
      more: anyRequired && !spec.required && spec.default === undefined && !spec.shown,
      options,
      max: spec.max,
    };
  });
}

/** A step's row: its text with its source's number, its amount. */
function steps(answer: RuleAnswer): SafeHtml {
  const lkr = answer.currency === "LKR";
  const last = answer.steps.length - 1;
  return html`
    <h3>${t("rule._engine.page.steps")}</h3>
    <dl class="summary">${answer.steps.map((step, i) =>
      html`
        <div class="row${i === last && step.source === null ? " strong" : ""}">
          <dt>${step.text}${step.source === null ? "" : html`
            <sup><a href="#source-${step.source + 1}">[${step.source + 1}]</a></sup>
          `}</dt>
          <dd class="num">${step.amount === null ? "" : lkr ? money(step.amount) : plain(
            step.amount,
          )}</dd>
        </div>
      `
    )}</dl>
  `;
}

/** "How this was worked out": each source with its number, then the notes. */
function workedOut(answer: RuleAnswer): SafeHtml[] {
  const sources = answer.sources.map((s, i) => {
    const link = html`<a href="${s.url}" rel="noopener" lang="en" translate="no">${s.source}</a>`;
    // Built as a string: a tagged template here would be reflowed, and its line breaks shown.
    const gazette = s.gazette
      ? rawHtml(` (<span lang="en" translate="no">${escapeHtml(s.gazette)}</span>)`)
      : "";
    const period = s.from === null
      ? t("rule._engine.page.any_date")
      : s.to === null
      ? t("rule._engine.page.in_force", { from: s.from })
      : t("rule._engine.page.in_force_to", { from: s.from, to: s.to });
    const sure = t("rule._engine.page.confidence", {
      confidence: t(`rule._engine.confidence.${s.confidence}`),
    });
    const checked = t("rule._engine.page.checked", { date: s.lastVerified });
    return html`
      <span
        id="source-${i + 1}">[${i + 1}] ${link}${gazette}: ${period}; ${sure}; ${checked}.</span>
    `;
  });
  return [...sources, ...answer.notes.map((note) => html`${note}`)];
}

/** "For developers": the answer's scalar fields (`data-field`), then the whole answer as JSON. */
function raw(answer: Json): SafeHtml {
  const lkr = answer.currency === "LKR";
  const scalars = Object.entries(answer).filter(([, v]) => v === null || typeof v !== "object");
  return html`
    <dl class="summary">${scalars.map(([key, value]) =>
      html`
        <div class="row">
          <dt><code>${key}</code></dt>
          <dd>${typeof value === "string" &&
              key !== "answer"
            ? html`<code data-field="${key}">${value}</code>`
            : html`<span data-field="${key}">${formatValue(key, value, lkr)}</span>`}</dd>
        </div>
      `
    )}</dl>
    <h3>${t("rule._engine.page.json")}</h3>
    <pre tabindex="0"><code>${JSON.stringify(answer, null, 2)}</code></pre>
  `;
}

/**
 * The page of a rule.
 *
 * @param source The rule and its texts.
 * @returns The page description.
 */
export function rulePage(source: RuleSource): ToolPage {
  const name = source.rule.name;
  const page: ToolPage = {
    heading: `rule.${name}.title`,
    lead: `rule.${name}.description`,
    fields: fields(source),
    answer: (r) => html`${figureOf("answer", String(r.answer ?? ""))}`,
    keyFigure,
    breakdown: (r) => steps(r as unknown as RuleAnswer),
    workedOut: (r) => workedOut(r as unknown as RuleAnswer),
    notesNameSources: true,
    raw,
    problem: (error) => {
      const gap = error.extra?.gap;
      if (typeof gap === "string") return t("rule._engine.page.gap", { gap: t(gap) });
      const first = error.extra?.firstHeld;
      return typeof first === "string" ? t("rule._engine.page.before", { first }) : undefined;
    },
  };
  return page;
}
