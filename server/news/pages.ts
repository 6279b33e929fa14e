/**
 * Public news pages: `/news` (newest first, search, category, paging) and `/news/{slug}` (the
 * sanitised body, its sources and who approved it), plus the canonical alias `/tools/news`.
 *
 * @module
 */
import type { Hono } from "hono";
import { isApiError } from "../../core/errors.ts";
import type { NewsList, NewsPost } from "../../core/ops/news.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import { html, layout, raw, type SafeHtml } from "../pages/html.ts";
import { t } from "../pages/lang.ts";
import { readNewsParams } from "./api.ts";
import type { NewsStore } from "./store.ts";

const day = (iso: string) => iso.slice(0, 10);

function feedLinks(): SafeHtml {
  return html`
    <link rel="alternate" type="application/rss+xml" title="Lanka API news (RSS)"
      href="/api/v1/news/feed.xml">
    <link rel="alternate" type="application/atom+xml" title="Lanka API news (Atom)"
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
  return html`
    <article class="post">
      <h1>${post.title}</h1>
      <p class="muted">${post.category} · ${post.readingMinutes} min read · by ${post.author}</p>
      <p><strong>${post.excerpt}</strong></p>
      ${raw(bodyHtml)}
      <h2>Sources</h2>
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
    <p>${t("page.news.intro")} <a href="/api/v1/news/feed.xml">RSS</a>,
    <a href="/api/v1/news/feed.atom">Atom</a>, <a href="/api/v1/news/feed.json">JSON Feed</a>.</p>
    <form method="get" action="/news" class="inline">
      <label>${t(
        "page.news.search",
      )} <input type="search" name="q" maxlength="100" value="${q}"></label>
      <label>${t("page.news.category")} <select name="category">
        <option value="">${t("page.news.all")}</option>
        ${list.categories.map((c) =>
          html`
            <option value="${c}" ${c === list.category ? raw(" selected") : ""}>${c}</option>
          `
        )}
      </select></label>
      <button type="submit">${t("page.home.submit")}</button>
    </form>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    <p>${t(list.total === 1 ? "page.news.count_one" : "page.news.count_many", {
      count: list.total,
    })}</p>
    ${list.posts.map((post) =>
      html`
        <section class="card">
          <h2><a href="/news/${post.slug}">${post.title}</a></h2>
          <p class="muted">${t("page.news.meta", {
            category: post.category,
            date: day(post.publishedAt),
            minutes: post.readingMinutes,
            sources: post.sourceCount,
          })}</p>
          <p>${post.excerpt}</p>
        </section>
      `
    )}
    <nav aria-label="${t("page.news.pages")}">${prev
      ? html`<a href="${prev}">${t("page.news.newer")}</a>`
      : ""} ${next ? html`<a href="${next}">${t("page.news.older")}</a>` : ""}</nav>
  `;
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
      return send(c, t("page.news.title"), listPage(list, q, error.message), 400);
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
        "Post not found",
        html`
          <h1>Post not found</h1>
          <p>There is no published post “${slug}”. <a href="/news">See all news</a>.</p>
        `,
        404,
      );
    }
    const approval = html`
      <p class="muted">Published ${day(post.publishedAt)}. Approved by ${post.approvedBy} on ${day(
        post.approvedAt,
      )}${post.seed ? " (seed content of a fresh install)" : ""}.</p>
    `;
    return send(c, post.title, postBody(post, post.bodyHtml, approval));
  });
}
