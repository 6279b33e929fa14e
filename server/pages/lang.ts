/**
 * The language of the human pages. Every page exists three times: `/path` (English), `/si/path`
 * (Sinhala) and `/ta/path` (Tamil). The router sees the path without its language prefix
 * ({@linkcode routingPath}), so each page is mounted once; the language of the request is kept
 * for the page code ({@linkcode pageContext}), and links in a Sinhala or Tamil page are made to
 * stay in that language ({@linkcode localizeLinks}). The switch between languages is a plain link
 * (no script).
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import { type Lang, message, type MessageKey, type MessageVars } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { compressText, withBody } from "../http/compress.ts";
import type { AppEnv } from "../http/types.ts";

// The server answers in every language: all catalogues are registered once, at load.
registerAllMessages();

/** What page code knows about the request it renders. */
export interface PageContext {
  /** The page's language. */
  lang: Lang;
  /** The path without the language prefix, with the query string (`/tools/vat?amount=1`). */
  path: string;
  /** Public base URL, for the `hreflang` alternates. */
  baseUrl: string;
  /**
   * The request being answered, when pages may be compressed: its `Accept-Encoding` decides
   * (see {@linkcode htmlPage}).
   */
  request?: Request | undefined;
}

const storage = new AsyncLocalStorage<PageContext>();

/**
 * The page being rendered (English at `/` outside a request, as in unit tests of page code).
 *
 * @returns Its language, path and base URL.
 */
export function pageContext(): PageContext {
  return storage.getStore() ?? { lang: "en", path: "/", baseUrl: "" };
}

/**
 * Runs page code as if for a request (for tests and in-process renders).
 *
 * @param context The page context.
 * @param render The rendering.
 * @returns What `render` returns.
 */
export function withPageContext<T>(context: PageContext, render: () => T): T {
  return storage.run(context, render);
}

/**
 * A catalogue message in the language of the page being rendered.
 *
 * @param key The catalogue key.
 * @param vars Placeholder values.
 * @returns The text.
 */
export function t(key: MessageKey, vars?: MessageVars): string {
  return message(pageContext().lang, key, vars);
}

const PREFIX = /^\/(si|ta)(?=\/|$)/;

/**
 * The language a request path asks for by its prefix, and the path without it. API paths and
 * static files have no language prefix.
 *
 * @param path The URL path.
 * @returns The language and the unprefixed path.
 *
 * @example Usage
 * ```ts
 * import { splitLangPath } from "./lang.ts";
 * console.log(splitLangPath("/si/tools/vat")); // { lang: "si", path: "/tools/vat" }
 * ```
 */
export function splitLangPath(path: string): { lang: Lang; path: string } {
  const match = PREFIX.exec(path);
  if (!match) return { lang: "en", path };
  const rest = path.slice(3) || "/";
  if (rest.startsWith("/api/") || rest.startsWith("/static/")) return { lang: "en", path };
  return { lang: match[1] as Lang, path: rest };
}

/**
 * The path the router matches for a request path: without the page language prefix.
 *
 * @param path The URL path.
 * @returns The path to route.
 */
export function routingPath(path: string): string {
  return path.charCodeAt(1) === 115 || path.charCodeAt(1) === 116 // "s", "t"
    ? splitLangPath(path).path
    : path;
}

/**
 * A page path in a language: `/si/tools/vat` for Sinhala, the path itself for English.
 *
 * @param lang The language.
 * @param path The unprefixed path (with any query).
 * @returns The path in that language.
 */
export function localPath(lang: Lang, path: string): string {
  if (lang === "en") return path;
  return path === "/" || path.startsWith("/?") ? `/${lang}/${path.slice(1)}` : `/${lang}${path}`;
}

// Links to our own pages: href or action starting with "/" (not "//"), outside the API, static
// files and the feeds, and not already in a language. Tags with hreflang (the language switch
// and the alternates) are left alone.
const TAG = /<(?:a|form|link)\b[^>]*>/g;
const LOCAL =
  /\b(href|action)="\/(?!\/|api\/|static\/|si\/|ta\/|si"|ta"|[^"]*\.(?:xml|json|ics|txt)\b)/g;

/**
 * Rewrites the links of a rendered page so that they stay in its language.
 *
 * @param body The HTML.
 * @param lang The page's language.
 * @returns The HTML with its own links prefixed (English: unchanged).
 */
export function localizeLinks(body: string, lang: Lang): string {
  if (lang === "en") return body;
  return body.replace(
    TAG,
    (tag) => tag.includes("hreflang=") ? tag : tag.replace(LOCAL, `$1="/${lang}/`),
  );
}

/** The type of every page. */
const HTML_TYPE = "text/html; charset=utf-8";

/** Pages made by {@linkcode htmlPage}: their links are already in the page's language. */
const localized = new WeakSet<Response>();

/**
 * The response of a rendered page: its links in the page's language ({@linkcode localizeLinks}),
 * the HTML type, and the given headers; gzipped when the request accepts it (`compressText`).
 *
 * Built the way Deno 2.9 serves a string cheapest: only the type in the constructor, the other
 * headers set afterwards. A response made with more headers is copied to a native one when it is
 * constructed, and that copy is dropped again as soon as its headers are touched, which the
 * pipeline always does (see docs/performance.md, "Pages").
 *
 * @param body The HTML.
 * @param status The status.
 * @param headers Headers besides the type.
 * @returns The response.
 */
export function htmlPage(
  body: string,
  status = 200,
  headers?: Readonly<Record<string, string>>,
): Response {
  const { lang, request } = pageContext();
  const text = localizeLinks(body, lang);
  const response = new Response(text, { status, headers: { "content-type": HTML_TYPE } });
  if (headers) { for (const name in headers) response.headers.set(name, headers[name]!); }
  // Compressed here, where the text is at hand (reading it back later costs as much again).
  const sent = request ? compressText(request, response, text) : response;
  localized.add(sent);
  return sent;
}

/**
 * Middleware of the human pages: keeps the request's language and path for page code, and
 * makes the links of a Sinhala or Tamil HTML page stay in that language (pages made with
 * {@linkcode htmlPage} already do; any other HTML answer is rewritten here).
 *
 * @param baseUrl Public base URL.
 * @param options `compress`: let {@linkcode htmlPage} gzip pages for clients that accept it
 *   (default true).
 * @returns The middleware.
 */
export function pageLanguage(
  baseUrl: string,
  options: { compress?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  const compress = options.compress ?? true;
  return async (c, next) => {
    const raw = c.req.url;
    const start = raw.indexOf("/", raw.indexOf("//") + 2);
    // The API (the hot path) and static files have no language: nothing to do.
    if (raw.startsWith("/api/", start) || raw.startsWith("/static/", start)) return next();
    const url = new URL(raw);
    const { lang, path } = splitLangPath(url.pathname);
    const request = compress ? c.req.raw : undefined;
    await storage.run({ lang, path: `${path}${url.search}`, baseUrl, request }, next);
    if (lang === "en" || localized.has(c.res)) return;
    // Hono copies the old response's headers onto a new one, so headers are changed in place.
    const location = c.res.headers.get("Location");
    if (location && /^\/(?!\/|api\/|static\/|si\/|ta\/)/.test(location)) {
      // A redirect to another page stays in the language.
      c.res.headers.set("Location", localPath(lang, location));
      return;
    }
    const type = c.res.headers.get("Content-Type") ?? "";
    if (type.startsWith("text/html")) {
      const page = withBody(c.res, localizeLinks(await c.res.text(), lang));
      // Set over an existing response, Hono would wrap the new one around a stream of its body.
      c.res = undefined;
      c.res = page;
    }
  };
}
