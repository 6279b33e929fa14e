/**
 * The list of tools the home page shows. The one switch between the two sources lives here:
 * the tool catalogue operation (`tools`) when the registry has it, else the registry's own
 * operations that have a page.
 *
 * @module
 */
import { z } from "zod";
import { execute, paramNames } from "../../core/execute.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";

/** One tool on the home page. */
export interface ToolEntry {
  title: string;
  description: string;
  /** The group it is listed under. */
  category: string;
  /** Where its page is: a path on this site (`/tools/paye`) or an absolute URL elsewhere. */
  url: string;
  /** Words a search also matches. */
  keywords: string[];
}

/** Name of the catalogue operation (issue 5) the home page prefers when it is registered. */
export const CATALOGUE_OPERATION = "tools";

const catalogueItem = z.object({
  title: z.string(),
  description: z.string().default(""),
  category: z.string(),
  url: z.string(),
  keywords: z.array(z.string()).default([]),
});

/**
 * Reads the `tools` operation's result: the first array of items with `title`, `category` and
 * `url` found at the top level (the list wrapper is not fixed by the spec).
 *
 * @param result The catalogue operation's result.
 * @returns The items, or undefined when the shape is not recognised.
 */
export function readCatalogue(result: unknown): z.output<typeof catalogueItem>[] | undefined {
  const candidates = Array.isArray(result)
    ? [result]
    : typeof result === "object" && result !== null
    ? Object.values(result).filter(Array.isArray)
    : [];
  for (const list of candidates) {
    const parsed = z.array(catalogueItem).min(1).safeParse(list);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** A URL on this site becomes a path, so links stay on the host the page was served from. */
function localise(url: string, baseUrl: string): string {
  return url.startsWith(`${baseUrl}/`) ? url.slice(baseUrl.length) : url;
}

/**
 * The tools to list, most viewed first.
 *
 * With an operation named `tools` in `ops` its result is used, in its own order (the catalogue
 * orders by traffic from `ctx.popularity`); otherwise each operation with a `page` is listed
 * with its title, description and tag as category, ordered by `ctx.popularity` (page views),
 * then registry order. A `tools` result of an unrecognised shape throws, so a mismatch shows up
 * in the tests rather than as a silently different home page.
 *
 * @param ops The registry.
 * @param ctx Today, base URL and page views.
 * @returns The entries.
 */
export function toolCatalogue(ops: readonly AnyOperation[], ctx: OperationContext): ToolEntry[] {
  const catalogue = ops.find((op) => op.name === CATALOGUE_OPERATION && op.run);
  if (catalogue) {
    const limit = paramNames(catalogue).includes("limit") ? [["limit", "200"] as const] : [];
    const items = readCatalogue(execute(catalogue, limit, ctx));
    if (!items) {
      throw new TypeError(`The "${CATALOGUE_OPERATION}" operation's result has no list of tools`);
    }
    return items.map((item) => ({ ...item, url: localise(item.url, ctx.baseUrl) }));
  }
  const views = ctx.popularity ?? new Map<string, number>();
  return ops
    .filter((op): op is AnyOperation & { page: string } => op.page !== undefined)
    .map((op, index) => ({ op, index, views: views.get(op.page) ?? 0 }))
    .sort((a, b) => b.views - a.views || a.index - b.index)
    .map(({ op }) => ({
      title: op.title,
      description: op.description,
      category: op.tag,
      url: `/tools/${op.page}`,
      keywords: [op.name, op.page],
    }));
}

/**
 * Keeps the entries matching every word of a search, in title, description, category or
 * keywords (case-insensitive).
 *
 * @param entries The catalogue.
 * @param query The search text.
 * @returns The matching entries, in order.
 */
export function searchTools(entries: readonly ToolEntry[], query: string): ToolEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    const text = [entry.title, entry.description, entry.category, ...entry.keywords].join(" ")
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
