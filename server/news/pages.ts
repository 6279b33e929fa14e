/**
 * Public news pages: `/news` (newest first, search, category, paging) and `/news/{slug}` (the
 * sanitised body, its sources and who approved it), plus the canonical alias `/tools/news`.
 *
 * @module
 */
import type { Hono } from "hono";
import { type ApiError, isApiError } from "../../core/errors.ts";
import { type Lang, maybeMessage, translate } from "../../core/i18n.ts";
import type { NewsList, NewsPost } from "../../core/ops/news.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import { html, layout, markup, raw, type SafeHtml } from "../pages/html.ts";
import { pageContext, t } from "../pages/lang.ts";
import { pageError } from "../pages/tool.ts";
import { readNewsParams } from "./api.ts";
import { NEWS_SEED } from "./seed.ts";
import type { NewsStore } from "./store.ts";

const day = (iso: string) => iso.slice(0, 10);

/**
 * The language a post is written in, from the letters of its title and excerpt (the script with
 * the most letters). Posts carry no language of their own: the editor writes them in one
 * language, English so far, and the seed posts are English.
 *
 * @param post The post's title and excerpt.
 * @returns Its language.
 *
 * @example Usage
 * ```ts
 * import { postLang } from "./pages.ts";
 * console.log(postLang({ title: "Vesak 2026", excerpt: "The holiday moved" })); // "en"
 * ```
 */
export function postLang(post: Pick<NewsPost, "title" | "excerpt">): Lang {
  const text = `${post.title} ${post.excerpt}`;
  const letters = (script: RegExp) => text.match(script)?.length ?? 0;
  const si = letters(/[\u0D80-\u0DFF]/g);
  const ta = letters(/[\u0B80-\u0BFF]/g);
  const en = letters(/[A-Za-z]/g);
  if (si > en && si >= ta) return "si";
  return ta > en ? "ta" : "en";
}

/** ` lang="en"` on a post's own text when it is not in the page's language (else nothing). */
function langOf(lang: Lang): SafeHtml | "" {
  return lang === pageContext().lang ? "" : raw(` lang="${lang}"`);
}

/** A category's name in the page's language (a category set by the operator keeps its name). */
function categoryName(category: string): string {
  const key = `news.category.${category.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
  return maybeMessage(pageContext().lang, key) ?? category;
}

/**
 * A person's or the seed process's name in a byline: the seed's own names are the catalogue's;
 * others are names, not translated (marked so on a Sinhala or Tamil page).
 */
function byName(name: string): SafeHtml | string {
  if (name === NEWS_SEED.author) return t("page.post.seed_author");
  if (name === NEWS_SEED.approvedBy) return t("page.post.seed_approver");
  return pageContext().lang === "en" ? name : html`<span translate="no">${name}</span>`;
}

function feedLinks(): SafeHtml {
  return html`
    <link rel="alternate" type="application/rss+xml" title="${t("page.post.feed", {
      format: "RSS",
    })}"
      href="/api/v1/news/feed.xml">
    <link rel="alternate" type="application/atom+xml" title="${t("page.post.feed", {
      format: "Atom",
    })}"
      href="/api/v1/news/feed.atom">
  `;
}

/**
 * The body of a post (also the editors' preview): title, byline, sanitised HTML, sources.
 *
 * @param post The post's fields.
 * @param bodyHtml Its sanitised HTML.
 * @param approval Who approved it and when, or a note for a preview.
 * @returns The markup.
 */
export function postBody(
  post: Pick<NewsPost, "title" | "excerpt" | "category" | "author" | "sources" | "readingMinutes">,
  bodyHtml: string,
  approval: SafeHtml,
): SafeHtml {
  const lang = postLang(post);
  const own = langOf(lang);
  return html`
    <article class="post">
      <h1${own}>${post.title}</h1>
      <p class="muted">${markup("page.post.meta", {
        category: categoryName(post.category),
        minutes: String(post.readingMinutes),
        author: byName(post.author),
      })}</p>
      <p${own}><strong>${post.excerpt}</strong></p>
      ${own ? html`<div${own}>${raw(bodyHtml)}</div>` : raw(bodyHtml)}
      <h2>${t("page.post.sources")}</h2>
      <ol>${post.sources.map((url) =>
        html`<li><a href="${url}" rel="nofollow noopener">${url}</a></li>`
      )}</ol>
      ${approval}
    </article>
  `;
}

function listPage(list: NewsList, q: string, error?: string): SafeHtml {
  const query = (offset: number) => {
    const search = new URLSearchParams();
    if (list.query) search.set("q", list.query);
    if (list.category) search.set("category", list.category);
    if (offset) search.set("offset", String(offset));
    return `/news${search.size ? `?${search}` : ""}`;
  };
  const next = list.offset + list.limit < list.total ? query(list.offset + list.limit) : null;
  const prev = list.offset > 0 ? query(Math.max(0, list.offset - list.limit)) : null;
  return html`
    <h1>${t("page.news.title")}</h1>
    <p>${t("page.news.intro")} <a href="/api/v1/news/feed.xml" translate="no">RSS</a>,
    <a href="/api/v1/news/feed.atom" translate="no">Atom</a>, <a href="/api/v1/news/feed.json"
      translate="no">JSON Feed</a>.</p>
    <form method="get" action="/news" class="inline">
      <label>${t(
        "page.news.search",
      )} <input type="search" name="q" maxlength="100" value="${q}"></label>
      <label>${t("page.news.category")} <select name="category">
        <option value="">${t("page.news.all")}</option>
        ${list.categories.map((c) =>
          html`
            <option value="${c}" ${c === list.category ? raw(" selected") : ""}>${categoryName(
              c,
            )}</option>
          `
        )}
      </select></label>
      <button type="submit">${t("page.home.submit")}</button>
    </form>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    <p>${t(list.total === 1 ? "page.news.count_one" : "page.news.count_many", {
      count: list.total,
    })}</p>
    ${list.posts.map((post) => {
      const own = langOf(postLang(post));
      return html`
        <section class="card">
          <h2${own}><a href="/news/${post.slug}">${post.title}</a></h2>
          <p class="muted">${t("page.news.meta", {
            category: categoryName(post.category),
            date: day(post.publishedAt),
            minutes: post.readingMinutes,
            sources: post.sourceCount,
          })}</p>
          <p${own}>${post.excerpt}</p>
        </section>
      `;
    })}
    <nav aria-label="${t("page.news.pages")}">${prev
      ? html`<a href="${prev}">${t("page.news.newer")}</a>`
      : ""} ${next ? html`<a href="${next}">${t("page.news.older")}</a>` : ""}</nav>
  `;
}

/**
 * A listing error in the page's language; the categories an unknown one is told to choose from
 * are named as the filter names them.
 */
function listError(error: ApiError, list: NewsList): string {
  const own = translate(pageContext().lang, error.message, "page.post.error.");
  const shown = own === error.message ? pageError(error.message) : own;
  if (pageContext().lang === "en" || error.details?.[0]?.param !== "category") return shown;
  return shown.replace(list.categories.join(", "), list.categories.map(categoryName).join(", "));
}

/**
 * Mounts `/news`, `/news/{slug}` and `/tools/news` (a 301 to `/news`).
 *
 * @param app The app.
 * @param store The news store.
 */
export function mountNewsPages(app: Hono<AppEnv>, store: NewsStore): void {
  const send = (c: AppContext, title: string, body: SafeHtml, status: 200 | 400 | 404 = 200) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.html(
      layout({
        title,
        description: t("page.news.description"),
        body,
        head: feedLinks(),
      }),
      status,
    );
  };
  app.get("/tools/news", (c) => c.redirect("/news", 301));
  app.get("/news", async (c) => {
    await store.refresh();
    const search = new URL(c.req.url).searchParams;
    // Empty fields of the form ("All" categories, an empty search box) mean no filter.
    const entries = [...search].filter(([, value]) => value.trim() !== "");
    const q = search.get("q") ?? "";
    try {
      const params = readNewsParams(entries);
      if (params.slug !== undefined) return c.redirect(`/news/${encodeURIComponent(params.slug)}`);
      return send(c, t("page.news.title"), listPage(store.list(params), q));
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) throw error;
      const list = store.list({ limit: 20, offset: 0 });
      return send(c, t("page.news.title"), listPage(list, q, listError(error, list)), 400);
    }
  });
  app.get("/news/:slug", async (c) => {
    await store.refresh();
    const slug = c.req.param("slug");
    let post: NewsPost;
    try {
      post = store.published(slug);
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      return send(
        c,
        t("page.post.not_found"),
        html`
          <h1>${t("page.post.not_found")}</h1>
          <p>${t("page.post.not_found_text", { slug })} <a href="/news">${t(
            "page.post.all_news",
          )}</a>.</p>
        `,
        404,
      );
    }
    const approval = html`
      <p class="muted">${markup(post.seed ? "page.post.approval_seed" : "page.post.approval", {
        date: day(post.publishedAt),
        approver: byName(post.approvedBy),
        approved: day(post.approvedAt),
      })}</p>
    `;
    return send(c, post.title, postBody(post, post.bodyHtml, approval));
  });
}
