/**
 * The list of tools the home page shows: the tool catalogue operation (`tools`, ordered by page
 * views through `ctx.popularity`), with links made relative to this site.
 *
 * @module
 */
import type { OperationContext } from "../../core/operation.ts";
import { searchTools, type Tool, TOOL_SLUGS } from "../../core/ops/tools.ts";
import { pageContext } from "./lang.ts";

/** One tool on the home page. */
export type ToolEntry = Pick<
  Tool,
  "slug" | "title" | "description" | "category" | "url" | "keywords"
>;

/** A URL on this site becomes a path, so links stay on the host the page was served from. */
function localise(url: string, baseUrl: string): string {
  return url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
}

/**
 * The tools to list, most viewed first, optionally narrowed by a search (every word must match
 * the title, description or keywords, as `GET /api/v1/tools?q=` does).
 *
 * @param ctx Today, base URL and page views.
 * @param query Search words, if any.
 * @returns The entries.
 */
export function toolCatalogue(ctx: OperationContext, query?: string): ToolEntry[] {
  const q = query?.trim() ? query.trim() : undefined;
  const { lang } = pageContext();
  const { tools } = searchTools({ q, limit: TOOL_SLUGS.length, offset: 0, lang }, ctx);
  return tools.map(({ slug, title, description, category, url, keywords }) => ({
    slug,
    title,
    description,
    category,
    url: localise(url, ctx.baseUrl),
    keywords,
  }));
}
