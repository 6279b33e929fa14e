/**
 * What the labour pages share (issue 31's eight operations): near the answer, what the law leaves
 * to the employer and what no source says (the answer's `employerChoice` and `unknown`, in the
 * page's language already); under the breakdown, the Act, the section and the rule as applied
 * (`act`, `section`, `notes`) in a closed disclosure.
 *
 * @module
 */
import { html, type SafeHtml } from "../html.ts";
import { t } from "../lang.ts";
import type { Json } from "./spec.ts";

/** The strings of a list field of an answer (empty when absent). */
export function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** A field of an answer as an object (empty when absent). */
export function part(value: unknown): Json {
  return typeof value === "object" && value !== null ? value as Json : {};
}

/**
 * What the law leaves to the employer and what is not known, each a short list under its own
 * heading; nothing when the answer has neither.
 *
 * @param r The answer.
 * @returns The lists.
 */
export function choicesAndUnknowns(r: Json): SafeHtml {
  const choice = texts(r.employerChoice);
  const unknown = texts(r.unknown);
  return html`${
    choice.length
      ? html`
        <h3>${t("page.labour.choice")}</h3>
        <ul>${choice.map((c) => html`<li>${c}</li>`)}</ul>
      `
      : ""
  }${
    unknown.length
      ? html`
        <h3>${t("page.labour.unknown")}</h3>
        <ul>${unknown.map((u) => html`<li>${u}</li>`)}</ul>
      `
      : ""
  }`;
}

/**
 * The law applied, closed by default: the Act, the section and the rule as applied.
 *
 * @param r The answer.
 * @returns The disclosure.
 */
export function lawApplied(r: Json): SafeHtml {
  const notes = texts(r.notes);
  return html`<details class="more law"><summary>${t("page.labour.law")}</summary>
    <dl class="summary">
      <div class="row text"><dt>${t("page.labour.act")}</dt><dd>${String(r.act ?? "")}</dd></div>
      <div class="row text"><dt>${t("page.labour.section")}</dt><dd>${
    String(r.section ?? "")
  }</dd></div>
    </dl>${notes.length ? html`<ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>` : ""}</details>`;
}

/**
 * A labour page's breakdown: the choices and unknowns first (near the answer), then the page's
 * own rows or table, then the law applied.
 *
 * @param r The answer.
 * @param own The page's breakdown.
 * @returns The whole.
 */
export function labourBreakdown(r: Json, own: SafeHtml): SafeHtml {
  return html`${choicesAndUnknowns(r)}${own}${lawApplied(r)}`;
}
