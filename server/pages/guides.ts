/**
 * The documentation set in `docs/` (one Markdown topic per file) served as pages under
 * `/docs/guide/{topic}`, so people running the server can read it without the repository.
 * Links between topics (`quotas.md#x`) are rewritten to their pages; Markdown is sanitised.
 *
 * @module
 */
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { maybeMessage } from "../../core/i18n.ts";
import { localText, tHtml } from "./docs.ts";
import { html, layout, raw, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";

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
 * Renders one topic (or the index, for `""`) as a page. The guides are written in English only
 * (the reference of developers and operators): in Sinhala and Tamil the page's own text (title,
 * the links around the guide, the index of topics) is in the page's language, a note says the
 * guide is in English, and the guide's text is marked `lang="en"`.
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
  const { lang } = pageContext();
  if (lang === "en") {
    return layout({ title, description: `Lanka API documentation: ${title}.`, body: raw(body) });
  }
  if (topic === "") {
    return layout({
      title: t("page.docs.guide.title"),
      description: t("page.docs.guide.intro"),
      body: guideIndex(markdown),
    });
  }
  const local = maybeMessage(lang, `page.docs.topic.${topic}.title`);
  // The guide's own first heading is the page's, in the page's language when the catalogue has it.
  const text = local === undefined ? body : body.replace(/<h1>[\s\S]*?<\/h1>/, "");
  return layout({
    title: local ?? title,
    description: t("page.docs.guide.description", { title: local ?? title }),
    body: html`
      <p><a href="/docs/guide">${t("page.docs.guide.title")}</a> · <a href="/docs">${t(
        "page.docs.title",
      )}</a></p>
      ${local === undefined ? "" : html`<h1>${local}</h1>`}
      <p><strong>${tHtml("page.docs.guide.english_note", {
        title: html`<span lang="en">${title}</span>`,
      })}</strong></p>
      <div lang="en">${raw(text)}</div>
    `,
  });
}

/**
 * The index of the guides in Sinhala or Tamil: every topic, in the order of `docs/README.md`
 * (then any topic it does not list), with its title and what it covers from the catalogue.
 */
function guideIndex(readme: string): SafeHtml {
  const named = new Map<string, string>();
  for (const m of readme.matchAll(/\[([^\]]+)\]\(([a-z0-9-]+)\.md\)/g)) {
    if (!named.has(m[2]!)) named.set(m[2]!, m[1]!);
  }
  const topics = guideTopics();
  const order = [...[...named.keys()].filter((n) => topics.includes(n)), ...topics];
  const rows = [...new Set(order)].map((name) => {
    return html`
      <tr>
        <td><a href="/docs/guide/${name}">${localText(
          `page.docs.topic.${name}.title`,
          named.get(name) ?? name,
        )}</a></td>
        <td>${localText(`page.docs.topic.${name}.about`, "")}</td>
      </tr>
    `;
  });
  return html`
    <p><a href="/docs">${t("page.docs.title")}</a></p>
    <h1>${t("page.docs.guide.title")}</h1>
    <p>${t("page.docs.guide.intro")}</p>
    <p><strong>${t("page.docs.guide.english")}</strong></p>
    <section class="table-wrap" tabindex="0" aria-label="${t("page.docs.guide.title")}">
      <table>
        <thead>
          <tr>
            <th scope="col">${t("page.docs.guide.col.topic")}</th>
            <th scope="col">${t("page.docs.guide.col.about")}</th>
          </tr>
        </thead>
        <tbody>${rows}</tbody>
      </table>
    </section>
    <p>${t("page.docs.guide.checked")}</p>
  `;
}
