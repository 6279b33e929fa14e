/**
 * Markdown to safe HTML: `marked` renders, `sanitize-html` keeps an allow-list of tags,
 * attributes and URL schemes (no scripts, styles, event handlers, iframes, images or
 * `javascript:` URLs). Every body shown anywhere goes through {@linkcode renderMarkdown}.
 *
 * @module
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, async: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "strong",
    "em",
    "b",
    "i",
    "code",
    "pre",
    "del",
    "sup",
    "sub",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  // Headings of a post start below the page's h1.
  transformTags: {
    h1: "h2",
    a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener noreferrer" }),
  },
  disallowedTagsMode: "discard",
};
OPTIONS.allowedAttributes = { ...OPTIONS.allowedAttributes, a: ["href", "title", "rel"] };

/**
 * Renders Markdown to sanitised HTML.
 *
 * @param markdown The body.
 * @returns HTML safe to insert into a page.
 */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, OPTIONS).trim();
}
