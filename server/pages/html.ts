/**
 * Server-rendered HTML: an escaping template tag and the one page layout every human page uses.
 *
 * @module
 */
import { LANGS, message } from "../../core/i18n.ts";
import { localPath, pageContext } from "./lang.ts";

/** HTML that is already safe to insert (built by {@linkcode html} or {@linkcode raw}). */
export class SafeHtml {
  /** @param value The markup. */
  constructor(readonly value: string) {}
  /** @returns The markup. */
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const UNSAFE = /[&<>"']/;
const UNSAFE_ALL = /[&<>"']/g;

/**
 * Escapes text for HTML content and attribute values.
 *
 * @param text Any text.
 * @returns The escaped text.
 */
export function escapeHtml(text: string): string {
  // Most texts have nothing to escape: a test is far cheaper than a replace with a callback.
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, (c) => ESCAPES[c]!) : text;
}

function render(value: unknown): string {
  if (typeof value === "string") return escapeHtml(value);
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) {
    let out = "";
    for (let i = 0; i < value.length; i++) out += render(value[i]);
    return out;
  }
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/**
 * Template tag: interpolated values are escaped unless they are {@linkcode SafeHtml}; arrays
 * are joined; null, undefined and false render nothing.
 *
 * @param strings The literal parts.
 * @param values The interpolated values.
 * @returns Safe markup.
 *
 * @example Usage
 * ```ts
 * import { html } from "./html.ts";
 * console.log(String(html`<p>${"<b>"}</p>`)); // "<p>&lt;b&gt;</p>"
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/**
 * Marks trusted markup as safe (for markup this server generated, e.g. sanitised Markdown).
 *
 * @param markup Trusted markup.
 * @returns Safe markup.
 */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

// Stand-ins for the parts while the sentence is escaped: private-use characters, never in a
// catalogue entry.
const PART = /\uE000(\w+)\uE001/;

/**
 * A catalogue message of the page's language with markup in its placeholders, such as
 * `Signed in as {email}.` with the address in `<strong>`: the message's own text is escaped (as
 * element content: quotes are kept as they are), the parts are put in as given (text escaped).
 *
 * @param key The catalogue key.
 * @param parts The value of each placeholder.
 * @returns Safe markup.
 *
 * @example Usage
 * ```ts
 * import { html, markup } from "./html.ts";
 * const email = html`<strong>${"ana@example.com"}</strong>`;
 * console.log(String(markup("page.dev.signed_in", { email })));
 * // "Signed in as <strong>ana@example.com</strong>."
 * ```
 */
export function markup(key: string, parts: Readonly<Record<string, SafeHtml | string>>): SafeHtml {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `\uE000${name}\uE001`]));
  const pieces = message(pageContext().lang, key, marks).split(PART);
  return new SafeHtml(
    pieces.map((piece, i) =>
      i % 2 ? render(parts[piece] ?? "") : piece.replace(/[&<>]/g, (c) => ESCAPES[c]!)
    ).join(""),
  );
}

/** Options of {@linkcode layout}. */
export interface LayoutOptions {
  /** Page title (the site name is appended). */
  title: string;
  /** One-sentence description for search engines. */
  description?: string;
  /** The main content. */
  body: SafeHtml;
  /** Extra markup for `<head>`. */
  head?: SafeHtml;
}

/**
 * The links between the three language versions of the page being rendered: `hreflang`
 * alternates for `<head>` (with `x-default` for English) and the language switch, a
 * plain list of links that needs no script.
 *
 * @returns The alternates and the switch.
 */
export function languageLinks(): { alternates: SafeHtml; switcher: SafeHtml } {
  const { lang, path } = pageContext();
  // Root-relative: the page loads nothing from another host, and the same page works behind any
  // host name (search engines resolve them against the page's own URL).
  const alternates = html`${
    LANGS.map((l) =>
      html`
        <link rel="alternate" hreflang="${l}" href="${localPath(l, path)}">
      `
    )
  }<link rel="alternate" hreflang="x-default" href="${path}">`;
  const switcher = html`<nav class="languages" aria-label="${message(lang, "lang.label")}">${
    LANGS.map((l) =>
      html`
        <a href="${localPath(l, path)}" hreflang="${l}" lang="${l}" ${l === lang
          ? raw(' aria-current="true"')
          : ""}>${message(l, "lang.name")}</a>
      `
    )
  }</nav>`;
  return { alternates, switcher };
}

/**
 * The one page layout: header with navigation and the language switch, main content, footer,
 * one small stylesheet and the Sinhala and Tamil web fonts (loaded only where their letters
 * appear). The language is the request's (`/si/...`, `/ta/...`).
 *
 * @param options Title, description, body.
 * @returns A complete HTML document.
 */
export function layout(options: LayoutOptions): string {
  const { lang } = pageContext();
  const t = (key: Parameters<typeof message>[1]) => message(lang, key);
  const { alternates, switcher } = languageLinks();
  return `<!doctype html>${html`
    <html lang="${lang}">
      <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${options.title} · Lanka API</title>
    ${options.description ? html`<meta name="description" content="${options.description}">` : ""}
    <link rel="stylesheet" href="/static/style.css">
    <link rel="stylesheet" href="/static/fonts.css">
    ${alternates}
    ${options.head ?? ""}
      </head>
      <body>
        <header class="site"><a class="brand" href="/">Lanka API</a>
    <nav aria-label="${t("page.nav.main")}"><a href="/">${t(
      "page.nav.tools",
    )}</a> <a href="/docs">${t("page.nav.docs")}</a> <a href="/news">${t(
      "page.nav.news",
    )}</a> <a href="/store">${t("page.nav.store")}</a> <a href="/developers">${t(
      "page.nav.developers",
    )}</a></nav>
    ${switcher}
        </header>
        <main id="main">
    ${options.body}
        </main>
        <footer class="site">
          <p>${t("page.footer")}</p>
        </footer>
      </body>
    </html>
  `}`;
}
