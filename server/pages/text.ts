/**
 * The text page (`/tools/text`, `/si/tools/text`, `/ta/tools/text`): paste text, choose what it
 * is (a legacy font, Latin letters, or Unicode to write in a legacy font), and copy the result.
 * The form is POSTed to the page itself (text is too long for a URL), so it works without script;
 * the answer is computed by the same operations as `POST /api/v1/text/*`, and shown in a
 * read-only text box (select and copy on a phone) with the "Copy" button of every tool page.
 *
 * @module
 */
import { isApiError } from "../../core/errors.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { toolText } from "../../core/ops/tools.ts";
import { textLegacy, textSinglish, textUnicode } from "../../core/ops/text.ts";
import {
  answerBlock,
  errorLine,
  errorSummary,
  fieldId,
  forDevelopers,
  type Problem,
} from "./components.ts";
import { codeText } from "./form.ts";
import { html, layout, raw, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";
import { curlBodySnippet, sdkBodySnippet } from "./snippets.ts";
import { codeSentence, type RenderedPage } from "./tool.ts";

/** What the page converts, as the form's `mode` values, in the order offered. */
export const TEXT_MODES = [
  "auto",
  "fm-abhaya",
  "dl-manel",
  "kaputa",
  "bamini",
  "singlish",
  "tanglish",
  "to-fm-abhaya",
  "to-dl-manel",
] as const;
/** A mode of the form. */
export type TextMode = (typeof TEXT_MODES)[number];

/**
 * The operation a mode of the form calls, and its JSON body for a text.
 *
 * @param mode The form's `mode`.
 * @param text The form's `text`.
 * @returns The operation and the body it is given.
 */
export function textRequest(
  mode: TextMode,
  text: string,
): { op: AnyOperation; body: Record<string, string> } {
  if (mode === "singlish") return { op: textSinglish, body: { text, lang: "si" } };
  if (mode === "tanglish") return { op: textSinglish, body: { text, lang: "ta" } };
  if (mode === "to-fm-abhaya") return { op: textLegacy, body: { text, font: "fm-abhaya" } };
  if (mode === "to-dl-manel") return { op: textLegacy, body: { text, font: "dl-manel" } };
  return { op: textUnicode, body: { text, font: mode } };
}

interface Answer {
  text: string;
  converted: number;
  unchanged: number;
  font?: string;
  fontName?: string;
  detection?: { confidence: number } | null;
  suggestions?: { input: string; reading: string; alternatives: string[] }[];
  clashes?: string[];
  /** The script read (text-unicode). */
  script?: "si" | "ta";
  /** The language read (text-singlish). */
  lang?: "si" | "ta";
}

function form(values: { text: string; mode: TextMode }, error: string | undefined): SafeHtml {
  const text = fieldId("text");
  const mode = fieldId("mode");
  const described = [`${text}-hint`, error ? `${text}-error` : ""].filter(Boolean).join(" ");
  return html`
    <form method="post" action="/tools/text#answer" class="tool-form" novalidate>
      <div class="field">
        <label for="${mode}">${t("page.text.mode")}</label>
        <select id="${mode}" name="mode">
          ${TEXT_MODES.map((m) =>
            html`
              <option value="${m}" ${m === values.mode ? " selected" : ""}>${t(
                `page.text.mode.${m}`,
              )}</option>
            `
          )}
        </select>
      </div>
      <div class="field${error ? " invalid" : ""}">
        <label for="${text}">${t("page.text.text")}</label>
        <p class="hint" id="${text}-hint">${t("page.text.text_hint")}</p>
        ${errorLine(text, error)}
        <textarea id="${text}" name="text" rows="8" spellcheck="false" autocapitalize="off"
          aria-describedby="${described}"${error ? raw(' aria-invalid="true"') : ""}>${values
            .text}</textarea>
      </div>
      <div><button type="submit">${t("page.text.button")}</button></div>
    </form>
  `;
}

/**
 * The result box's language: the script read (Sinhala or Tamil, whatever the page's language),
 * or for a legacy font's codes none a reader can read (marked English, not to be translated).
 */
function resultLang(mode: TextMode, result: Answer): string {
  if (mode.startsWith("to-")) return ' lang="en" translate="no"';
  const lang = result.script ?? result.lang;
  return lang ? ` lang="${lang}"` : "";
}

function answerOf(mode: TextMode, result: Answer): SafeHtml {
  const total = result.converted + result.unchanged;
  const sentence = mode.startsWith("to-")
    ? t("page.text.answer_legacy", { font: result.fontName ?? "" })
    : t("page.text.answer_unicode");
  const lines: SafeHtml[] = [
    html`<p class="muted">${t("page.text.converted", { converted: result.converted, total })}</p>`,
  ];
  if (mode === "auto" && result.detection) {
    lines.push(html`<p>${
      t("page.text.detected", {
        font: result.fontName ?? "",
        confidence: Math.round(result.detection.confidence * 100),
      })
    }</p>`);
  }
  if (result.clashes?.length) {
    lines.push(html`<p>${t("page.text.clashes", { chars: result.clashes.join(" ") })}</p>`);
  }
  const suggestions = result.suggestions ?? [];
  return answerBlock(
    html`${sentence}`,
    undefined,
    html`
      <p><button type="button" class="copy" data-copy-from="result" data-done="${t(
        "page.answer.copied",
      )}" hidden>${t("page.text.copy")}</button><span class="copied" role="status"></span></p>
      <label class="visually-hidden" for="result">${sentence}</label>
      <textarea id="result" class="result-text" data-field="answer.text" rows="8"
        readonly${raw(resultLang(mode, result))}>${result.text}</textarea>
      ${lines}
      ${suggestions.length
        ? html`
          <h3>${t("page.text.suggestions")}</h3>
          <ul>${suggestions.map((s) =>
            html`<li><span lang="en" translate="no">${s.input}</span>: ${s.reading} (${
              s.alternatives.join(", ")
            })</li>`
          )}</ul>
        `
        : ""}
    `,
  );
}

/** The longest text the developers' snippets repeat; a longer one is shown by the example. */
const SNIPPET_TEXT = 200;

/**
 * For developers: the request on screen with `curl` and the SDK (the same request when the text
 * submitted is short enough to repeat, otherwise the operation's example).
 */
function developers(
  mode: TextMode,
  text: string,
  submitted: boolean,
  baseUrl: string,
): SafeHtml {
  const same = submitted && text.trim() !== "" && text.length <= SNIPPET_TEXT;
  const { op, body } = textRequest(mode, text);
  const shown = same ? body : op.exampleBody!;
  const url = `${baseUrl}/api/v1${op.path}`;
  // Backticked code in <code> in every language, and TypeScript marked as English in si and ta.
  const sentence = (key: string) =>
    pageContext().lang === "en" ? codeText(t(key)) : codeSentence(key);
  return forDevelopers(html`
    <p>${sentence(same ? "page.text.dev_api" : "page.tool.example_request")}</p>
    <pre tabindex="0"><code data-snippet="curl">${curlBodySnippet(url, shown)}</code></pre>
    <p>${sentence("page.tool.sdk_local")}</p>
    <pre tabindex="0"><code data-snippet="sdk">${sdkBodySnippet(op, shown)}</code></pre>
    <p><a href="/docs#op-${op.name}">${t("page.tool.reference")}</a></p>
  `);
}

/** Inputs of {@linkcode textPage}. */
export interface TextPageInput {
  /** The submitted form (POST), or undefined for the empty page (GET). */
  form: Record<string, string> | undefined;
  /** Public base URL (for the developers' example). */
  baseUrl: string;
}

/**
 * Renders the text page: the form, and after a submission the result (or the problem beside the
 * text box, with a 400).
 *
 * @param input The submitted form and the base URL.
 * @returns The page.
 */
export function textPage(input: TextPageInput): RenderedPage {
  const { lang } = pageContext();
  const heading = lang === "en" ? t("page.text.heading") : toolText("text", lang).title;
  const submitted = input.form !== undefined;
  const text = input.form?.text ?? "";
  const asked = input.form?.mode ?? "auto";
  const mode: TextMode = (TEXT_MODES as readonly string[]).includes(asked)
    ? asked as TextMode
    : "auto";
  const { op, body } = textRequest(mode, text);
  let error: string | undefined;
  let answer: SafeHtml | string = "";
  if (submitted) {
    if (text.trim() === "") error = t("page.text.error.empty");
    else {
      try {
        const result = op.run!(body, { today: "", baseUrl: input.baseUrl }) as Answer;
        answer = answerOf(mode, result);
      } catch (problem) {
        if (!isApiError(problem)) throw problem;
        error = problem.code === "font_uncertain"
          ? t("page.text.error.uncertain")
          : t("page.text.error.other");
      }
    }
  }
  const problems: Problem[] = error ? [{ field: "text", message: error }] : [];
  const page = html`
    ${error ? errorSummary(problems) : ""}
    <h1>${heading}</h1>
    <p class="lead">${t("page.text.lead")}</p>
    ${answer}
    ${form({ text, mode }, error)}
    <p class="muted">${t("page.text.note")}</p>
    ${developers(mode, text, submitted, input.baseUrl)}
  `;
  return {
    status: error ? 400 : 200,
    body: layout({
      title: error ? `${t("page.error.prefix")} ${heading}` : heading,
      description: t("page.text.lead"),
      body: page,
      head: raw(
        `${submitted ? '<meta name="robots" content="noindex">' : ""}` +
          '<script src="/static/page.js" defer></script>',
      ),
    }),
  };
}
