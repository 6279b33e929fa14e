/**
 * The documentation set in `docs/` (one Markdown topic per file) served as pages under
 * `/docs/guide/{topic}`, so people running the server can read it without the repository.
 * Links between topics (`quotas.md#x`) are rewritten to their pages; Markdown is sanitised.
 *
 * @module
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { layout, raw } from "./html.ts";

const DOCS = new URL("../../docs/", import.meta.url);
const TOPIC = /^[a-z0-9-]+$/;
const marked = new Marked({ gfm: true, async: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["h1", "h2", "h3", "h4", "p", "br", "hr", "blockquote", "ul", "ol", "li", "a", "strong"],
    ...["em", "code", "pre", "del", "table", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: { a: ["href", "title"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tag: string, attribs: sanitizeHtml.Attributes) => ({
      tagName: tag,
      attribs: { ...attribs, href: guideHref(attribs.href) },
    }),
  },
  disallowedTagsMode: "discard",
};

/**
 * Where a link of a docs file points on the server: `x.md#y` to `/docs/guide/x#y`, the README to
 * the index; other links unchanged.
 *
 * @param href The link as written in Markdown.
 * @returns The link on the server.
 */
export function guideHref(href: string | undefined): string {
  if (href === undefined) return "";
  const match = /^(?:\.\/)?(\.\.\/README|README|[a-z0-9-]+)\.md(#.*)?$/.exec(href);
  if (!match) return href;
  const name = match[1]!;
  const topic = name.endsWith("README") ? "" : `/${name}`;
  return `/docs/guide${topic}${match[2] ?? ""}`;
}

/**
 * The topics in `docs/` (file names without `.md`, the index `README` excluded), sorted.
 *
 * @returns Topic names.
 */
export function guideTopics(): string[] {
  try {
    return [...Deno.readDirSync(DOCS)]
      .filter((e) => e.isFile && e.name.endsWith(".md") && e.name !== "README.md")
      .map((e) => e.name.slice(0, -3))
      .filter((name) => TOPIC.test(name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Renders one topic (or the index, for `""`) as a page.
 *
 * @param topic A topic name from {@linkcode guideTopics}, or `""` for the index.
 * @returns The page, or `undefined` when there is no such topic.
 */
export function guidePage(topic: string): string | undefined {
  if (topic !== "" && !TOPIC.test(topic)) return undefined;
  let markdown: string;
  try {
    markdown = Deno.readTextFileSync(new URL(topic === "" ? "README.md" : `${topic}.md`, DOCS));
  } catch {
    return undefined;
  }
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? topic;
  const body = sanitizeHtml(marked.parse(markdown) as string, OPTIONS);
  return layout({ title, description: `Lanka API documentation: ${title}.`, body: raw(body) });
}
