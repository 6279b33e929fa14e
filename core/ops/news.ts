/**
 * News (spec 2.16, 4.14): the contract of the public list and post endpoint and of the editors'
 * draft API, plus the pure rules they share (search folding, reading time, independent sources).
 *
 * Posts live in the server's KV and are answered by the server only (`server/news/`); the SDK
 * calls the server.
 *
 * @module
 */
import * as z from "zod/mini";
import { defineRemoteOperation, type Operation } from "../operation.ts";
import { integer, text } from "../params.ts";

/** Where a post stands in the editorial workflow. */
export type NewsStatus = "draft" | "in_review" | "published" | "rejected";

/** Categories used when `NEWS_CATEGORIES` is not set. */
export const DEFAULT_NEWS_CATEGORIES: readonly string[] = [
  "Economy",
  "Politics",
  "Government",
  "Education",
  "Sports",
  "Tech",
  "Health",
  "Business",
  "World",
];

/** Largest page of the list. */
export const NEWS_MAX_LIMIT = 100;
/** Page size when `limit` is not given. */
export const NEWS_DEFAULT_LIMIT = 20;

/** Parameters of {@linkcode news}. */
export interface NewsParams {
  /** One full post by slug, instead of a listing. */
  slug?: string | undefined;
  /** Free-text search over title, excerpt, tags and keywords. */
  q?: string | undefined;
  /** One category. */
  category?: string | undefined;
  /** Page size, 1 to 100. */
  limit: number;
  /** Posts to skip. */
  offset: number;
}

/** A post in a listing (spec 2.16 post summary). */
export interface NewsSummary {
  slug: string;
  title: string;
  /** One or two sentences. */
  excerpt: string;
  category: string;
  /** ISO 8601 UTC timestamp. */
  publishedAt: string;
  readingMinutes: number;
  sourceCount: number;
  /** The post's human page. */
  url: string;
}

/** A full published post. */
export interface NewsPost extends NewsSummary {
  /** Markdown. */
  body: string;
  /** The body rendered to HTML and sanitised (no scripts, event handlers or `javascript:` URLs). */
  bodyHtml: string;
  tags: string[];
  keywords: string[];
  /** Independent sources: http(s) URLs, at least two distinct hosts. */
  sources: string[];
  /** Byline. */
  author: string;
  status: "published";
  /** The editor (or, for seed posts, the seed process) who approved it. */
  approvedBy: string;
  /** ISO 8601 UTC timestamp. */
  approvedAt: string;
  /** ISO 8601 UTC timestamp of the last change. */
  updatedAt: string;
  /** Whether the post was loaded by the seed process of a fresh install. */
  seed: boolean;
}

/** A page of posts (spec 2.16 list result). */
export interface NewsList {
  total: number;
  limit: number;
  offset: number;
  /** Echo of `q`, or null. */
  query: string | null;
  /** Echo of `category`, or null. */
  category: string | null;
  /** Available categories. */
  categories: string[];
  /** The RSS 2.0 feed's address. */
  feed: string;
  /** Newest first. */
  posts: NewsSummary[];
}

/** What `GET /news` answers: a page, or one post for `slug`. */
export type NewsResult = NewsList | NewsPost;

/** Body of draft creation and editing. */
export interface DraftBody {
  /** URL slug (lower-case letters, digits, hyphens); derived from the title when omitted. */
  slug?: string | undefined;
  title?: string | undefined;
  excerpt?: string | undefined;
  /** Markdown. */
  body?: string | undefined;
  category?: string | undefined;
  tags?: string[] | undefined;
  keywords?: string[] | undefined;
  sources?: string[] | undefined;
}

/** What an author writes: the content of a post, whatever its status. */
export interface PostContent {
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown. */
  body: string;
  category: string;
  tags: string[];
  keywords: string[];
  /** Source URLs. */
  sources: string[];
}

/** A post as its author sees it through the draft API (any status). */
export interface DraftResult extends PostContent {
  author: string;
  status: NewsStatus;
  readingMinutes: number;
  sourceCount: number;
  /** ISO 8601 UTC timestamps. */
  createdAt: string;
  updatedAt: string;
  /** Why an editor rejected it, while rejected. */
  rejectionNote: string | null;
}

/** Longest title, excerpt and body accepted. */
export const NEWS_LIMITS: {
  readonly title: number;
  readonly excerpt: number;
  readonly body: number;
  readonly items: number;
} = { title: 200, excerpt: 500, body: 100_000, items: 20 };

/** The slug pattern. */
export const NEWS_SLUG: RegExp = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Folds text for search: NFKD, lower case, Latin diacritics removed (combining marks of the
 * Combining Diacritical Marks blocks only, so Sinhala and Tamil vowel signs, which change the
 * word, are kept), zero-width joiners and non-joiners removed (Sinhala conjuncts are typed with
 * and without them), whitespace collapsed.
 *
 * @param value Any text.
 * @returns The folded text.
 *
 * @example Usage
 * ```ts
 * import { foldForSearch } from "./news.ts";
 * console.log(foldForSearch("Café  ÉTÉ")); // "cafe ete"
 * ```
 */
export function foldForSearch(value: string): string {
  return value
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u200c\u200d]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Reading time at 200 words a minute, at least one minute.
 *
 * @param markdown The body.
 * @returns Whole minutes.
 *
 * @example Usage
 * ```ts
 * import { readingMinutes } from "./news.ts";
 * console.log(readingMinutes("word ".repeat(401))); // 3
 * ```
 */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / 200));
}

/**
 * The host of a source URL, lower-cased and without a leading `www.`, or null when it is not an
 * http(s) URL.
 *
 * @param url The URL.
 * @returns The host, or null.
 *
 * @example Usage
 * ```ts
 * import { sourceHost } from "./news.ts";
 * console.log(sourceHost("https://www.ird.gov.lk/en/x.pdf")); // "ird.gov.lk"
 * ```
 */
export function sourceHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    return parsed.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/**
 * Counts the independent sources: distinct hosts among the http(s) URLs.
 *
 * @param sources The URLs.
 * @returns How many distinct hosts they come from.
 *
 * @example Usage
 * ```ts
 * import { independentSources } from "./news.ts";
 * console.log(independentSources(["https://a.lk/1", "https://www.a.lk/2", "https://b.lk"])); // 2
 * ```
 */
export function independentSources(sources: readonly string[]): number {
  return new Set(sources.map(sourceHost).filter((host) => host !== null)).size;
}

const summaryShape = {
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  publishedAt: z.string().check(z.describe("ISO 8601 UTC timestamp")),
  readingMinutes: z.int(),
  sourceCount: z.int().check(z.describe("Independent sources (distinct hosts)")),
  url: z.string().check(z.describe("The post's human page")),
};

const summary: z.ZodMiniType<NewsSummary> = z.object(summaryShape);

const list: z.ZodMiniType<NewsList> = z.object({
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  query: z.nullable(z.string()),
  category: z.nullable(z.string()),
  categories: z.array(z.string()),
  feed: z.string().check(z.describe("RSS 2.0 feed")),
  posts: z.array(summary),
});

const post: z.ZodMiniType<NewsPost> = z.object({
  ...summaryShape,
  body: z.string().check(z.describe("Markdown")),
  bodyHtml: z.string().check(z.describe("The body as sanitised HTML")),
  tags: z.array(z.string()),
  keywords: z.array(z.string()),
  sources: z.array(z.string()),
  author: z.string(),
  status: z.literal("published"),
  approvedBy: z.string(),
  approvedAt: z.string(),
  updatedAt: z.string(),
  seed: z.boolean(),
});

const params = z.object({
  slug: z.optional(
    text({
      maxLength: 80,
      description: "Return one full post",
      example: "vesak-2026-holiday-moved-to-31-may",
    }),
  ),
  q: z.optional(text({ maxLength: 100, description: "Search title, excerpt, tags and keywords" })),
  category: z.optional(
    text({ maxLength: 40, description: "One category, for example Economy", example: "Economy" }),
  ),
  limit: z._default(
    integer({ min: 1, max: NEWS_MAX_LIMIT, description: "Page size" }),
    NEWS_DEFAULT_LIMIT,
  ),
  offset: z._default(integer({ min: 0, max: 1_000_000, description: "Posts to skip" }), 0),
});

/** `GET /api/v1/news`: published posts, or one post. */
export const news: Operation<unknown, NewsResult> = defineRemoteOperation({
  name: "news",
  method: "GET",
  path: "/news",
  title: "News",
  description:
    "Human-approved, sourced writeups about Sri Lanka, newest first; q searches title, excerpt, tags and keywords (English, Sinhala, Tamil; case and accents ignored); slug returns one full post with its sanitised HTML and sources.",
  tag: "Media",
  params,
  result: z.union([list, post]) as z.ZodMiniType<NewsResult>,
  example: "/api/v1/news?q=tax&limit=5",
  page: "news",
  errors: { "404": "No published post with this slug" },
});

const stringList = (what: string) =>
  z.array(
    z.string().check(z.maxLength(200, { error: "has an item longer than 200 characters" })),
    { error: `must be an array of ${what}` },
  ).check(
    z.maxLength(NEWS_LIMITS.items, { error: `must have at most ${NEWS_LIMITS.items} items` }),
  );

const draftFields = () => ({
  slug: z.optional(
    z.string().check(
      z.regex(NEWS_SLUG, { error: "must be lower-case letters, digits and single hyphens" }),
      z.maxLength(80, { error: "must be at most 80 characters long" }),
    ),
  ),
  title: z.optional(z.string().check(z.maxLength(NEWS_LIMITS.title, { error: "is too long" }))),
  excerpt: z.optional(
    z.string().check(z.maxLength(NEWS_LIMITS.excerpt, { error: "is too long" })),
  ),
  body: z.optional(z.string().check(z.maxLength(NEWS_LIMITS.body, { error: "is too long" })))
    .check(z.describe("Markdown")),
  category: z.optional(z.string().check(z.maxLength(40, { error: "is too long" }))),
  tags: z.optional(stringList("strings")),
  keywords: z.optional(stringList("strings")),
  sources: z.optional(stringList("http(s) URLs")).check(
    z.describe("Source URLs; at least two distinct hosts are needed to submit"),
  ),
});
const BODY_ERROR = { error: "Body must be a JSON object of draft fields" };

/** Editing: any of the fields. */
const draftBody: z.ZodMiniType<DraftBody> = z.strictObject(draftFields(), BODY_ERROR);

/**
 * Creating: the same fields, of which the store requires title, excerpt, body and category
 * (non-empty; its own 400 names the field). The document says so with `required`.
 */
const createDraftBody: z.ZodMiniType<DraftBody> = z.strictObject(draftFields(), BODY_ERROR);
z.globalRegistry.add(createDraftBody, {
  required: ["title", "excerpt", "body", "category"],
} as z.core.GlobalMeta);

const draftResult: z.ZodMiniType<DraftResult> = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  keywords: z.array(z.string()),
  sources: z.array(z.string()),
  author: z.string(),
  status: z.enum(["draft", "in_review", "published", "rejected"]),
  readingMinutes: z.int(),
  sourceCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  rejectionNote: z.nullable(z.string()),
});

const TAG = "News editors";
const slugParam = z.object({
  slug: text({ maxLength: 80, description: "The draft's slug" }),
});
const editorErrors = {
  "401": "Neither a signed-in session nor an API key",
  "403": "The account is not an editor, is not the post's author, or the Origin check failed",
};

/** `POST /api/v1/news/drafts`: create a draft. */
export const createNewsDraft: Operation<unknown, DraftResult> = defineRemoteOperation({
  name: "createNewsDraft",
  method: "POST",
  path: "/news/drafts",
  title: "Create a news draft",
  description:
    "Editors only (session cookie or API key): creates a draft. Title, excerpt, body and category are required; slug is derived from the title when omitted.",
  tag: TAG,
  params: z.object({}),
  body: createDraftBody,
  result: draftResult,
  example: "/api/v1/news/drafts",
  account: "editor",
  status: 201,
  errors: { ...editorErrors, "409": "A post with this slug exists" },
});

/** `POST /api/v1/news/drafts/{slug}`: edit a draft. */
export const updateNewsDraft: Operation<unknown, DraftResult> = defineRemoteOperation({
  name: "updateNewsDraft",
  method: "POST",
  path: "/news/drafts/{slug}",
  title: "Edit a news draft",
  description:
    "The author only (session cookie or API key): changes the given fields of a draft or rejected post (a rejected post becomes a draft again). The slug cannot change.",
  tag: TAG,
  params: slugParam,
  body: draftBody,
  result: draftResult,
  example: "/api/v1/news/drafts/example-post",
  account: "editor",
  errors: {
    ...editorErrors,
    "404": "No post with this slug",
    "409": "The post is in review or published",
  },
});

/** `POST /api/v1/news/drafts/{slug}/submit`: submit for review. */
export const submitNewsDraft: Operation<unknown, DraftResult> = defineRemoteOperation({
  name: "submitNewsDraft",
  method: "POST",
  path: "/news/drafts/{slug}/submit",
  title: "Submit a news draft for review",
  description:
    "The author only (session cookie or API key): moves a complete draft to in_review. It needs at least two independent sources (http(s) URLs on distinct hosts). Approval is a human action on /editor by another editor, never through the API.",
  tag: TAG,
  params: slugParam,
  result: draftResult,
  example: "/api/v1/news/drafts/example-post/submit",
  account: "editor",
  errors: {
    ...editorErrors,
    "404": "No post with this slug",
    "409": "The post is not a draft",
  },
});

/** The news operations, in index order. */
export const newsOperations: readonly Operation<unknown, unknown>[] = [
  news,
  createNewsDraft,
  updateNewsDraft,
  submitNewsDraft,
];
