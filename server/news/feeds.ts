/**
 * RSS 2.0, Atom 1.0 and JSON Feed renderings of the newest published posts, with the `feed`
 * library from npm. Titles and excerpts are sent as text, never as HTML; only the body (already
 * sanitised Markdown) is HTML.
 *
 * @module
 */
import { Feed } from "feed";
import type { NewsPost } from "../../core/ops/news.ts";

/** Options of {@linkcode renderFeed}. */
export interface FeedOptions {
  baseUrl: string;
  /** The category the feed is limited to, or null. */
  category: string | null;
}

/**
 * Renders a feed.
 *
 * @param file `feed.xml` (RSS 2.0), `feed.atom` (Atom 1.0) or `feed.json` (JSON Feed).
 * @param posts Newest first.
 * @param options Base URL and category.
 * @returns The document.
 */
export function renderFeed(
  file: "feed.xml" | "feed.atom" | "feed.json",
  posts: readonly NewsPost[],
  options: FeedOptions,
): string {
  const { baseUrl, category } = options;
  const query = category === null ? "" : `?category=${encodeURIComponent(category)}`;
  const feed = new Feed({
    title: `Lanka API news${category === null ? "" : `: ${category}`}`,
    description:
      "Short, sourced writeups about Sri Lanka, each approved by an editor before it is published.",
    id: `${baseUrl}/news${query}`,
    link: `${baseUrl}/news${query}`,
    language: "en",
    copyright: "Lanka API contributors",
    updated: posts.length ? new Date(posts[0]!.updatedAt) : new Date(0),
    generator: "Lanka API",
    feedLinks: {
      rss: `${baseUrl}/api/v1/news/feed.xml${query}`,
      atom: `${baseUrl}/api/v1/news/feed.atom${query}`,
      json: `${baseUrl}/api/v1/news/feed.json${query}`,
    },
  });
  for (const post of posts) {
    const sources = post.sources.map((url) =>
      `<li><a href="${escapeAttr(url)}">${escapeText(url)}</a></li>`
    )
      .join("");
    feed.addItem({
      // Titles and excerpts are text. RSS readers render both as HTML, so they get it escaped;
      // Atom marks them type="text" (below); JSON Feed's title and summary are text by definition.
      title: file === "feed.xml" ? escapeText(post.title) : post.title,
      id: post.url,
      link: post.url,
      description: file === "feed.xml" ? escapeText(post.excerpt) : post.excerpt,
      content: `${post.bodyHtml}<h2>Sources</h2><ul>${sources}</ul><p>Approved by ${
        escapeText(post.approvedBy)
      }.</p>`,
      author: [{ name: post.author }],
      date: new Date(post.updatedAt),
      published: new Date(post.publishedAt),
      category: [{ name: post.category }],
    });
  }
  if (file === "feed.xml") return feed.rss2();
  if (file === "feed.atom") {
    return feed.atom1().replace(/<(title|summary) type="html">/g, '<$1 type="text">');
  }
  return jsonFeed11(feed.json1());
}

/**
 * The `feed` library writes JSON Feed 1 (`version/1`, a single `author`); this turns its output
 * into JSON Feed 1.1, which the document promises: the 1.1 version URL, `language`, and
 * `authors` arrays in place of the deprecated `author` objects
 * (https://www.jsonfeed.org/version/1.1/).
 */
function jsonFeed11(text: string): string {
  const doc = JSON.parse(text) as Record<string, unknown> & { items?: Record<string, unknown>[] };
  doc.version = "https://jsonfeed.org/version/1.1";
  doc.language = "en";
  moveAuthor(doc);
  for (const item of doc.items ?? []) moveAuthor(item);
  return JSON.stringify(doc, null, 4);
}

function moveAuthor(object: Record<string, unknown>): void {
  if (object.author === undefined) return;
  if (object.authors === undefined) object.authors = [object.author];
  delete object.author;
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}
