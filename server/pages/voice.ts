/**
 * The text-to-speech page (`/tools/voice`, `/si/tools/voice`, `/ta/tools/voice`) and its audio
 * (`/tools/voice/listen`): a form that works without script (text of at most
 * {@linkcode PAGE_MAX_TEXT} characters, language, voice), validated exactly as
 * `POST /api/v1/voice` validates its body (`checkVoiceRequest`), and an `<audio>` player whose
 * source is the listen route. The listen route synthesises MP3 through the same voice service,
 * counted per caller against the page's own small daily allowance (`VOICE_PAGE_DAILY_LIMIT`),
 * apart from the API's per-key voice quota (docs/voice.md).
 *
 * @module
 */
import type { Context } from "hono";
import { isApiError } from "../../core/errors.ts";
import { deepFreeze } from "../../core/freeze.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { toolText } from "../../core/ops/tools.ts";
import { codePoints, VOICE_LANGUAGES, VOICES } from "../../core/ops/voice.ts";
import type { Clock } from "../clock.ts";
import { rateLimited } from "../http/quota.ts";
import type { AppEnv } from "../http/types.ts";
import type { QuotaStore } from "../quota/store.ts";
import { checkVoiceRequest, synthesizeOr503, unavailable } from "../voice/handler.ts";
import type { VoiceSynthesizer } from "../voice/service.ts";
import {
  answerBlock,
  errorLine,
  errorSummary,
  fieldId,
  forDevelopers,
  type Problem,
} from "./components.ts";
import { codeText } from "./form.ts";
import { html, layout, markup, raw, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";
import type { RenderedPage } from "./tool.ts";
import { codeSentence, pageError } from "./tool.ts";

/** Most characters (Unicode code points) the page speaks; the API takes 6,000 with a key. */
export const PAGE_MAX_TEXT = 300;

/** What the page and its listen route need. */
export interface VoicePageDeps {
  /** The voice service `POST /api/v1/voice` uses. */
  service: VoiceSynthesizer;
  /** The quota counters. */
  quota: QuotaStore;
  clock: Clock;
  /** Listens per caller per UTC day (`VOICE_PAGE_DAILY_LIMIT`). */
  dailyLimit: number;
}

/**
 * The counter id of a caller's listens on the page (apart from its data quota and from the API's
 * per-account voice quota).
 *
 * @param callerId The pipeline's caller id (`ip:<address group>`, or `acct:<account>`).
 * @returns The counter id.
 */
export function voicePageCallerId(callerId: string): string {
  return `voicepage:${callerId}`;
}

/** The request of the page's query: the three fields, the language defaulting to the page's. */
function requestData(search: URLSearchParams, defaultLanguage: string): Record<string, string> {
  return {
    text: search.get("text") ?? "",
    language: search.get("language") ?? defaultLanguage,
    voice: search.get("voice") ?? "eve",
  };
}

/** The query of the listen route for a request (the same three fields, in a fixed order). */
function listenQuery(data: Record<string, string>): string {
  return new URLSearchParams([
    ["text", data.text ?? ""],
    ["language", data.language ?? ""],
    ["voice", data.voice ?? ""],
  ]).toString();
}

/** A language the page offers: its code, its name, and whether that name is in English. */
interface LanguageOption {
  value: string;
  label: string;
  english: boolean;
}

/** The list for each page language, made on its first page (names and order never change). */
const optionsByLang = new Map<string, readonly LanguageOption[]>();

/** The languages the page offers: Sinhala, Tamil and English first, then the rest by name. */
function languageOptions(): readonly LanguageOption[] {
  const { lang } = pageContext();
  const known = optionsByLang.get(lang);
  if (known) return known;
  const first = (["si", "ta", "en"] as const).map((code) => ({
    value: code,
    label: t(`page.voice.lang.${code}`),
    english: false,
  }));
  // The rest by Unicode CLDR's names (the runtime's ICU) in the page's language when it has
  // them, else in English (ICU has no Sinhala names): marked so, for screen readers.
  const names = new Intl.DisplayNames([lang, "en"], { type: "language", fallback: "code" });
  const english = !names.resolvedOptions().locale.startsWith(lang);
  const collator = new Intl.Collator(english ? "en" : lang);
  const rest = VOICE_LANGUAGES.filter((code) => !["si", "ta", "en"].includes(code))
    .map((code) => ({
      value: code,
      label: names.of(code) ?? code,
      english: english && lang !== "en",
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const options = deepFreeze([...first, ...rest]);
  optionsByLang.set(lang, options);
  return options;
}

function invalid(message: string | undefined): SafeHtml | string {
  return message
    ? html`
      aria-invalid="true"
    `
    : "";
}

/** Why there is no player: the day's listens are spent, or the page has none (a limit of 0). */
function spentText(limit: number): string {
  return limit > 0 ? t("page.voice.spent", { limit }) : t("page.voice.off");
}

/** A labelled `<select>` of the form, with its error (if any) above it. */
function selectField(
  name: "language" | "voice",
  error: string | undefined,
  options: { value: string; label: string; english: boolean; selected: string }[],
): SafeHtml {
  const id = fieldId(name);
  return html`
    <div class="field${error ? " invalid" : ""}">
      <label for="${id}">${t(`page.voice.${name}`)}</label>
      ${errorLine(id, error)}
      <select id="${id}" name="${name}"${error
        ? html`
          aria-describedby="${id}-error"
        `
        : ""}${invalid(error)}>
        ${options.map((option) =>
          html`
            <option value="${option.value}" ${option.english
              ? html`
                lang="en"
              `
              : ""}${option.selected}>${option.label}</option>
          `
        )}
      </select>
    </div>
  `;
}

/** The form: GET to the page itself, no script needed. */
function voiceForm(
  values: Record<string, string>,
  errors: Readonly<Record<string, string>>,
): SafeHtml {
  const text = fieldId("text");
  const describedText = [`${text}-hint`, errors.text ? `${text}-error` : ""].filter(Boolean);
  const selected = (value: string, wanted: string | undefined) =>
    value.toLowerCase() === (wanted ?? "").toLowerCase() ? " selected" : "";
  return html`
    <form method="get" action="/tools/voice#answer" class="tool-form voice-form" novalidate>
      <div class="field${errors.text ? " invalid" : ""}">
          <label for="${text}">${t("page.voice.text")}</label>
          <p class="hint" id="${text}-hint">${codeText(
            t("page.voice.text_hint", { max: PAGE_MAX_TEXT }),
          )}</p>
          ${errorLine(text, errors.text)}
          <textarea id="${text}" name="text" rows="5" aria-describedby="${describedText.join(
            " ",
          )}"${invalid(errors.text)}>${values.text ?? ""}</textarea>
        </div>
      ${selectField(
        "language",
        errors.language,
        languageOptions().map((option) => ({
          ...option,
          selected: selected(option.value, values.language),
        })),
      )}
      ${selectField(
        "voice",
        errors.voice,
        VOICES.map((v) => ({
          value: v,
          label: t(`page.voice.voice.${v}`),
          english: false,
          selected: selected(v, values.voice),
        })),
      )}
      <div><button type="submit">${t("page.voice.listen")}</button></div>
    </form>
  `;
}

/** A field's message on the page, in the page's language where the catalogue has one. */
function fieldMessage(param: string, apiMessage: string, data: Record<string, string>): string {
  const text = data.text ?? "";
  if (param === "text") {
    if (text.trim() === "") return t("page.voice.error.text_empty");
    const count = codePoints(text);
    if (count > PAGE_MAX_TEXT) {
      return t("page.voice.error.text_long", { max: PAGE_MAX_TEXT, count });
    }
    if (/nothing to speak/.test(apiMessage)) return t("page.voice.error.text_nothing");
    return pageError(apiMessage);
  }
  if (param === "language") return t("page.voice.error.language");
  if (param === "voice") return t("page.voice.error.voice");
  return pageError(apiMessage);
}

/** The "For developers" section: the same request to the API, with curl and the SDK. */
function developers(op: AnyOperation, data: Record<string, string>, baseUrl: string): SafeHtml {
  const { lang } = pageContext();
  const body = JSON.stringify({
    text: data.text || "Ayubowan",
    language: data.language,
    voice: data.voice,
  });
  const curl = [
    `curl -X POST '${baseUrl}/api/v1/voice' \\`,
    `  -H 'Authorization: Bearer <API key>' -H 'Content-Type: application/json' \\`,
    `  -d '${body.replace(/'/g, "'\\''")}' -o speech.mp3`,
  ].join("\n");
  const fields = Object.entries(JSON.parse(body) as Record<string, string>)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(", ");
  const sdk = [
    `import { createClient } from "@lanka/api";`,
    ``,
    `const lanka = createClient({ apiKey: "<API key>" });`,
    `const audio = await lanka.voice.synthesize({ ${fields} });`,
    `await Deno.writeFile("speech.mp3", audio);`,
  ].join("\n");
  const sentence = (key: string) => lang === "en" ? codeText(t(key)) : codeSentence(key);
  return forDevelopers(html`
    <p>${sentence("page.voice.dev_api")}</p>
    <pre tabindex="0"><code data-snippet="curl">${curl}</code></pre>
    <p>${sentence("page.voice.dev_sdk")}</p>
    <pre tabindex="0"><code data-snippet="sdk">${sdk}</code></pre>
    <p><a href="/docs#op-${op.name}">${t("page.tool.reference")}</a></p>
  `);
}

/** Inputs of {@linkcode voicePage}. */
export interface VoicePageInput {
  /** The voice operation (its title, description and reference). */
  op: AnyOperation;
  /** The page's query. */
  search: URLSearchParams;
  /** Public base URL (for the developers' examples). */
  baseUrl: string;
  /** Listens left today and the daily allowance. */
  allowance: { remaining: number; limit: number };
}

/**
 * Renders the text-to-speech page: the form; with `text` given, the request validated as the API
 * validates it (a 400 with each message beside its field), then the player and the download link
 * with the listens left today, or, when they are spent, a message instead of the player.
 *
 * @param input The operation, query, base URL and allowance.
 * @returns The page.
 */
export function voicePage(input: VoicePageInput): RenderedPage {
  const { op, search, baseUrl, allowance } = input;
  const { lang } = pageContext();
  const text = lang === "en"
    ? { title: op.title, description: t("tool.voice.description") }
    : toolText("voice", lang);
  const submitted = search.has("text");
  const data = requestData(search, lang);
  const errors: Record<string, string> = {};
  const problems: Problem[] = [];
  let answer: SafeHtml | string = "";
  const spent = allowance.remaining <= 0;
  if (submitted) {
    try {
      checkVoiceRequest(data, { maxText: PAGE_MAX_TEXT });
    } catch (error) {
      if (!isApiError(error)) throw error;
      for (const detail of error.details ?? [{ param: "", message: error.message }]) {
        const known = ["text", "language", "voice"].includes(detail.param);
        const message = known
          ? fieldMessage(detail.param, detail.message, data)
          : pageError(detail.message);
        if (known && errors[detail.param]) continue;
        if (known) errors[detail.param] = message;
        problems.push(known ? { field: detail.param, message } : { message });
      }
    }
    if (!problems.length) {
      const src = `/tools/voice/listen?${listenQuery(data)}`;
      answer = spent
        ? answerBlock(
          html`${t("page.voice.spent_title")}`,
          undefined,
          html`
            <p>${spentText(allowance.limit)}</p>
          `,
        )
        : answerBlock(
          html`${t("page.voice.answer")}`,
          undefined,
          html`
            <audio controls preload="none" src="${src}">
              <a href="${src}&amp;download=1">${t("page.voice.download")}</a>
            </audio>
            <p><a href="${src}&amp;download=1" download="speech.mp3">${t(
              "page.voice.download",
            )}</a></p>
            <p class="muted">${t("page.voice.left", {
              left: allowance.remaining,
              limit: allowance.limit,
            })}</p>
          `,
        );
    }
  }
  const failed = problems.length > 0;
  // In the order of the fields; a problem of no field last.
  const order = ["text", "language", "voice"];
  const rank = (p: Problem) => p.field ? order.indexOf(p.field) : order.length;
  problems.sort((a, b) => rank(a) - rank(b));
  const body = html`
    ${failed ? errorSummary(problems) : ""}
    <h1>${text.title}</h1>
    <p class="lead">${t("page.voice.lead", { max: PAGE_MAX_TEXT })}</p>
    ${answer}
    ${!submitted && spent
      ? html`<p class="notice" id="spent">${spentText(allowance.limit)}</p>`
      : ""}
    ${voiceForm(data, errors)}
    <p class="muted">${markup("page.voice.engine", {
      engine: html`<span lang="en" translate="no">eSpeak NG</span>`,
    })}</p>
    ${developers(op, data, baseUrl)}
  `;
  const head = raw(
    `${submitted ? '<meta name="robots" content="noindex">' : ""}` +
      '<script src="/static/page.js" defer></script>',
  );
  return {
    status: failed ? 400 : 200,
    body: layout({
      title: failed ? `${t("page.error.prefix")} ${text.title}` : text.title,
      description: text.description,
      body,
      head,
    }),
  };
}

/**
 * The allowance left to a caller, read without counting.
 *
 * @param deps The store, clock and limit.
 * @param callerId The pipeline's caller id.
 * @returns Listens left today and the allowance.
 */
export async function voicePageAllowance(
  deps: VoicePageDeps,
  callerId: string,
): Promise<{ remaining: number; limit: number }> {
  const state = await deps.quota.peek(
    voicePageCallerId(callerId),
    deps.dailyLimit,
    deps.clock.now(),
  );
  return { remaining: state.remaining, limit: deps.dailyLimit };
}

/**
 * `GET /tools/voice/listen?text=&language=&voice=`: the page's audio. Validates as the API does
 * (with the page's 300-character limit; other query parameters are ignored, but `download=1`
 * asks for an attachment; a HEAD is answered without synthesis or counting), refuses with 503 while every worker is busy, counts the caller's
 * listen (429 naming this allowance when spent) and answers MP3 that is never cached.
 *
 * @param deps The voice service, quota store, clock and allowance.
 * @returns The Hono handler.
 */
export function listenHandler(deps: VoicePageDeps) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const search = new URL(c.req.url).searchParams;
    const data: Record<string, string> = { text: search.get("text") ?? "" };
    const language = search.get("language");
    const voice = search.get("voice");
    if (language !== null) data.language = language;
    if (voice !== null) data.voice = voice;
    const { request, pieces } = checkVoiceRequest(data, { maxText: PAGE_MAX_TEXT });
    // A HEAD (a link checker) learns what the URL is without spending a listen or a worker.
    if (c.req.method === "HEAD") {
      return new Response(null, {
        status: 200,
        headers: { "Content-Type": "audio/mpeg", "Cache-Control": "no-store" },
      });
    }

    const busy = deps.service.busyFor();
    if (busy !== undefined) throw unavailable(busy);

    const now = deps.clock.now();
    const decision = await deps.quota.consume(
      voicePageCallerId(c.get("caller").id),
      deps.dailyLimit,
      now,
    );
    if (!decision.allowed) throw rateLimited(decision, now, "listens on the text-to-speech page");
    // The answer's X-RateLimit-* headers are this allowance's.
    c.set("quota", decision);

    const output = await synthesizeOr503(deps.service, request, pieces);
    const headers = new Headers({
      "Content-Type": "audio/mpeg",
      "Content-Length": String(output.audio.byteLength),
      "Cache-Control": "no-store",
      "X-Voice-Duration": output.duration.toFixed(3),
      "X-Voice-Language": output.language,
    });
    if (search.get("download") === "1") {
      headers.set("Content-Disposition", 'attachment; filename="speech.mp3"');
    }
    if (output.warnings.length) headers.set("X-Voice-Warning", output.warnings.join(" | "));
    return new Response(output.audio as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
