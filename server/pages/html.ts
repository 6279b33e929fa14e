/**
 * Server-rendered HTML: an escaping template tag and the one page layout every human page uses.
 *
 * @module
 */

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

/**
 * Escapes text for HTML content and attribute values.
 *
 * @param text Any text.
 * @returns The escaped text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
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
  let out = strings[0] ?? "";
  values.forEach((value, i) => (out += render(value) + (strings[i + 1] ?? "")));
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
 * The one page layout: header with navigation, main content, footer, one small stylesheet.
 *
 * @param options Title, description, body.
 * @returns A complete HTML document.
 */
export function layout(options: LayoutOptions): string {
  return `<!doctype html>${html`
    <html lang="en">
      <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${options.title} · Lanka API</title>
    ${options.description ? html`<meta name="description" content="${options.description}">` : ""}
    <link rel="stylesheet" href="/static/style.css">
    ${options.head ?? ""}
      </head>
      <body>
        <header class="site"><a class="brand" href="/">Lanka API</a>
    <nav aria-label="Main"><a href="/">Tools</a> <a href="/docs">API docs</a> <a href="/news">News</a> <a href="/store">Store</a> <a href="/developers">Developers</a></nav>
        </header>
        <main id="main">
    ${options.body}
        </main>
        <footer class="site">
          <p>Lanka API: free Sri Lanka data and calculators. Figures carry their sources; check them before relying on them.</p>
        </footer>
      </body>
    </html>
  `}`;
}
