/**
 * The tool catalogue's page: words and a category in; how many tools match first, then each
 * tool as a link to its page with its category and what it does, in the page's language.
 *
 * @module
 */
import { TOOL_CATEGORIES } from "../../../core/ops/tools.ts";
import { figureOf, plain } from "../components.ts";
import { html, markup } from "../html.ts";
import { t } from "../lang.ts";
import type { Json, ToolPage } from "./spec.ts";

function list(r: Json): Json[] {
  return Array.isArray(r.tools) ? r.tools as Json[] : [];
}

/** The tool's page on this server (its path; links are put in the page's language). */
function pagePath(tool: Json): string {
  try {
    return new URL(String(tool.url)).pathname;
  } catch {
    return `/tools/${String(tool.slug ?? "")}`;
  }
}

/** The page of `GET /api/v1/tools`. */
export const toolsPage: ToolPage = {
  heading: "page.tools.heading",
  lead: "page.tools.lead",
  button: "page.tools.button",
  answerOnFirstVisit: true,
  fields: [
    {
      name: "q",
      kind: "text",
      keys: true,
      label: "page.tools.q",
      hint: "page.tools.q_hint",
    },
    {
      name: "category",
      kind: "choice",
      keys: true,
      label: "page.tools.category",
      options: TOOL_CATEGORIES.map((c) => ({ value: c, label: `tool.category.${c}` })),
    },
  ],
  answer: (r) => {
    const one = r.total === 1 ? "one" : "many";
    const count = figureOf("count", plain(r.total));
    if (typeof r.query === "string") {
      // The search words are the person's own, shown as typed (not translated).
      const query = html`<span translate="no">${r.query}</span>`;
      return markup(`page.tools.answer_query_${one}`, { count, query });
    }
    if (typeof r.category === "string") {
      return markup(`page.tools.answer_category_${one}`, {
        count,
        category: t(`tool.category.${r.category}`),
      });
    }
    return markup("page.tools.answer_all", { count });
  },
  keyFigure: (r) => plain(r.total),
  breakdown: (r) => {
    const tools = list(r);
    if (!tools.length) return undefined;
    return html`
      <ul class="tool-list">${tools.map((tool) =>
        html`
          <li>
            <a href="${pagePath(tool)}">${String(tool.title ?? "")}</a>
            <span class="muted">${t(`tool.category.${String(tool.category)}`)}</span>
            <p>${String(tool.description ?? "")}</p>
          </li>
        `
      )}</ul>
    `;
  },
};
