import * as z from "zod/mini";
import data from "../../data/tools.json" with { type: "json" };
import rules from "../rules/_index.json" with { type: "json" };
import { unknownChoice } from "../_choices.ts";
import { defineOperation, type Operation, type OperationContext } from "../operation.ts";
import { integer, text } from "../params.ts";
import { hasMessages, type Lang, LANGS, maybeMessage } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

/** One tool of the catalogue as the API returns it. */
export interface Tool {
  slug: string;
  title: string;
  description: string;
  category: string;
  keywords: string[];
  /** Its human page on this server. */
  url: string;
  hasApi: boolean;
  /** Path of its API endpoint, when it has one. */
  apiPath?: string | undefined;
}

/** Parameters of {@linkcode tools}. */
export interface ToolsParams {
  q?: string | undefined;
  category?: string | undefined;
  limit: number;
  offset: number;
  /** Language of titles and descriptions (default `en`). */
  lang?: Lang | undefined;
}

/** Result of {@linkcode tools}: the list wrapper, like the news list. */
export interface ToolsResult {
  total: number;
  limit: number;
  offset: number;
  query: string | null;
  category: string | null;
  categories: string[];
  tools: Tool[];
}

/** One tool's record: the catalogue's English, from `data/tools.json` or a rule's texts. */
export interface ToolRecord {
  slug: string;
  title: string;
  description: string;
  category: string;
  keywords: string[];
  apiPath?: string;
}

// The tools of data/tools.json, then the rules of data/rules/ (core/rules/_index.json, generated).
const RECORDS: ToolRecord[] = [...data.tools, ...rules.rules];

/** Every category, in order of first appearance in the data. */
export const TOOL_CATEGORIES: readonly string[] = [...new Set(RECORDS.map((t) => t.category))];

/** Slugs of every tool, in data-file order (the rules after the tools of `data/tools.json`). */
export const TOOL_SLUGS: readonly string[] = RECORDS.map((t) => t.slug);

/**
 * Adds tools to the catalogue for the rest of the process: the server's rules from a directory of
 * its own (`RULES_DIR`), whose Sinhala and Tamil words it registers with the catalogue's. A slug
 * already listed is left as it is.
 *
 * @param records The tools' records.
 */
export function addToolRecords(records: readonly ToolRecord[]): void {
  for (const record of records) {
    if (RECORDS.some((t) => t.slug === record.slug)) continue;
    RECORDS.push(record);
    (TOOL_SLUGS as string[]).push(record.slug);
    if (!TOOL_CATEGORIES.includes(record.category)) {
      (TOOL_CATEGORIES as string[]).push(record.category);
    }
  }
}

/**
 * A tool's title and description in a language, from the message catalogue (English from
 * the data file).
 *
 * @param slug The tool's slug.
 * @param lang The language.
 * @returns Title and description.
 */
export function toolText(slug: string, lang: Lang): { title: string; description: string } {
  const record = RECORDS.find((t) => t.slug === slug);
  const title = lang === "en" ? record?.title : maybeMessage(lang, `tool.${slug}.title`);
  const description = lang === "en"
    ? record?.description
    : maybeMessage(lang, `tool.${slug}.description`);
  return { title: title ?? record?.title ?? slug, description: description ?? "" };
}

/**
 * The words people use for a tool (the catalogue's `page.keywords.<slug>`, in the `tool` area),
 * so "වැටුප" or "சம்பளம்" finds the salary tools whatever the page's language: in every
 * language (the operation, which asks for an area not registered, so that the SDK loads it), or
 * in the languages whose `tool` area is registered (the pure {@linkcode searchTools}).
 */
function peopleWords(slug: string, everyLang: boolean): string[] {
  return LANGS.filter((l) => everyLang || hasMessages(l, "tool"))
    .map((l) => maybeMessage(l, `page.keywords.${slug}`) ?? "");
}

/** Tamil "ma" with pulli (U+0BAE U+0BCD), the ending of nouns such as sampalam (salary). */
const TAMIL_M = "\u0BAE\u0BCD";
/** Tamil tta and rra with the u sign (U+0B9F U+0BC1, U+0BB1 U+0BC1): the endings -du and -ru. */
const TAMIL_DU_RU = /[\u0B9F\u0BB1]\u0BC1$/;

/**
 * What a search word must find. Tamil nouns ending in "m" (ma with pulli) drop it when they take a
 * case ending or join a compound (sampalam "salary" becomes sampalattudan "with salary",
 * sampalach chittu "payslip", sampala vari "salary tax"), so such a word finds its stem
 * (sampala). Nouns ending in -du or -ru double the consonant there (makapperu "maternity" becomes
 * makapperru vidumurai "maternity leave", vidu "house" viddukku "to the house"), so such a word
 * finds its stem without the final u sign, which begins both forms. A stem shorter than four code
 * points finds only the whole word (nilam "land": its stem nila also begins nilaiyana "fixed").
 * The Tamil spellings are in `tests/core/tools_tamil_search_test.ts`.
 *
 * @param term A lower-cased search word.
 * @returns The text to look for.
 */
export function searchStem(term: string): string {
  const stem = term.endsWith(TAMIL_M)
    ? term.slice(0, -TAMIL_M.length)
    : TAMIL_DU_RU.test(term)
    ? term.slice(0, -1)
    : term;
  return stem.length >= 4 ? stem : term;
}

function matches(tool: ToolRecord, terms: string[], everyLang: boolean): boolean {
  if (terms.length === 0) return true;
  // Every language's title and description, whatever the answer's language: a Tamil word typed
  // on the English page finds the tool as it does on the Tamil page (issue 43).
  const local = LANGS.filter((l) => l !== "en" && (everyLang || hasMessages(l, "tool")))
    .flatMap((l) => Object.values(toolText(tool.slug, l)));
  const haystack = [
    tool.title,
    tool.description,
    ...local,
    ...tool.keywords,
    ...peopleWords(tool.slug, everyLang),
  ].join("\n").toLowerCase();
  return terms.every((term) => haystack.includes(searchStem(term)));
}

/**
 * Searches and pages the tool catalogue, most visited first.
 *
 * Ordering: page views from `popularity` (descending; a tool without views counts 0), ties in
 * data-file order, so with no views at all the order is the data file's.
 *
 * @param params `q` (every whitespace-separated word must occur in the title, description or
 *   keywords, in English or in any language whose catalogue is registered, or in the words people
 *   use for the tool, ignoring case), `category` (ignoring case; a code, the
 *   same in every language), `limit`, `offset`, `lang` (titles and descriptions).
 * @param ctx `baseUrl` for the page URLs, `popularity` for the order.
 * @returns The page of tools with the list wrapper.
 * @throws {ApiError} 400 for an unknown category, listing the categories.
 *
 * @example Usage
 * ```ts
 * import { searchTools } from "./tools.ts";
 * const page = searchTools({ q: "vat", limit: 10, offset: 0 }, { today: "2026-01-01", baseUrl: "https://x.test" });
 * console.log(page.tools[0]?.url); // "https://x.test/tools/vat"
 * ```
 */
export function searchTools(params: ToolsParams, ctx: OperationContext): ToolsResult {
  return search(params, ctx, false);
}

function search(params: ToolsParams, ctx: OperationContext, everyLang: boolean): ToolsResult {
  let category: string | null = null;
  if (params.category !== undefined) {
    const wanted = params.category.toLowerCase();
    category = TOOL_CATEGORIES.find((c) => c.toLowerCase() === wanted) ?? null;
    if (category === null) {
      throw unknownChoice("category", "category", params.category, TOOL_CATEGORIES);
    }
  }
  const query = params.q === undefined || params.q === "" ? null : params.q;
  const terms = query === null ? [] : query.toLowerCase().split(/\s+/).filter(Boolean);
  const lang = params.lang ?? "en";
  const views = (slug: string) => ctx.popularity?.get(slug) ?? 0;
  const found = RECORDS
    .map((tool, index) => ({ tool, index }))
    .filter(({ tool }) =>
      (category === null || tool.category === category) && matches(tool, terms, everyLang)
    )
    .sort((a, b) => views(b.tool.slug) - views(a.tool.slug) || a.index - b.index)
    .map(({ tool }) => tool);
  const page = found.slice(params.offset, params.offset + params.limit);
  return {
    total: found.length,
    limit: params.limit,
    offset: params.offset,
    query,
    category,
    categories: [...TOOL_CATEGORIES],
    tools: page.map((tool) => ({
      slug: tool.slug,
      ...toolText(tool.slug, lang),
      category: tool.category,
      keywords: [...tool.keywords],
      url: `${ctx.baseUrl}/tools/${tool.slug}`,
      hasApi: tool.apiPath !== undefined,
      ...(tool.apiPath !== undefined ? { apiPath: tool.apiPath } : {}),
    })),
  };
}

const toolSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  keywords: z.array(z.string()),
  url: z.string().check(z.describe("The tool's human page on this server")),
  hasApi: z.boolean(),
  apiPath: z.optional(z.string()).check(z.describe("Path of the API endpoint, when it has one")),
});

const result: z.ZodMiniType<ToolsResult> = z.object({
  total: z.int().check(z.describe("Tools matching q and category")),
  limit: z.int(),
  offset: z.int(),
  query: z.nullable(z.string()).check(z.describe("Echo of q")),
  category: z.nullable(z.string()).check(z.describe("Echo of category, in its canonical spelling")),
  categories: z.array(z.string()).check(z.describe("Every category of the catalogue")),
  tools: z.array(toolSchema).check(z.describe("Most visited first")),
});

const params = z.object({
  q: z.optional(text({
    maxLength: 100,
    description:
      "Words to find in the title, description or keywords, in English, Sinhala or Tamil (all must occur; a Tamil noun in its dictionary form also finds its inflected forms)",
    example: "tax",
  })),
  category: z.optional(text({
    maxLength: 40,
    description: "One category, e.g. Finance or Education (case ignored)",
    example: "Finance",
  })),
  limit: z._default(
    integer({ min: 1, max: 200, description: "Page size, 1 to 200 (default 50)" }),
    50,
  ),
  offset: z._default(integer({ min: 0, max: 100000, description: "Tools to skip (default 0)" }), 0),
  lang: langParam(),
});

/** `GET /api/v1/tools`: the tool catalogue. */
export const tools: Operation<ToolsParams, ToolsResult> = defineOperation({
  name: "tools",
  method: "GET",
  path: "/tools",
  title: "Tool catalogue",
  description:
    "Every tool of this service with its category, keywords, page URL and API path; searchable, filterable by category and ordered by page views.",
  tag: "Reference",
  params,
  result,
  example: "/api/v1/tools?q=tax",
  page: "tools",
  // The words people use in every language, as on the server (the SDK loads them on demand).
  run: (p, ctx) => search(p, ctx, true),
});
