/**
 * News posts, editors and the audit trail on Deno KV, with an in-memory index of every post for
 * listing and search.
 *
 * KV layout (everything under `["news", ...]` and `["news_audit", ...]`, so a generic KV export
 * covers it):
 *
 * | key                                   | value                                        |
 * | ------------------------------------- | -------------------------------------------- |
 * | `["news", "posts", slug]`             | {@linkcode StoredPost} (a long body: `""`)   |
 * | `["news", "post_body", slug, i]`      | piece `i` of a long body, with its revision  |
 * | `["news", "editors", accountId]`      | {@linkcode Editor}                           |
 * | `["news", "meta", "version"]`         | random id, changed by every post write       |
 * | `["news", "meta", "seeded"]`          | epoch ms when the seed posts were loaded     |
 * | `["news_audit", slug, revision]`      | {@linkcode AuditEntry} of that post write    |
 *
 * A KV value holds at most 64 KiB, and KV stores a string in UTF-16 (two bytes a character in
 * Sinhala or Tamil): a body longer than {@linkcode INLINE_BODY} code units is kept beside the post
 * in pieces of at most {@linkcode BODY_PIECE} code units, written in the same atomic operation,
 * each tagged with the post's revision so that a reader never joins pieces of two writes.
 *
 * The index is rebuilt from KV on start and updated in place by this instance's writes; other
 * instances' writes are noticed through the version key, read at most every
 * {@linkcode NEWS_REFRESH_MS} by the public endpoints and on every editor page.
 *
 * @module
 */
import { ApiError } from "../../core/errors.ts";
import {
  type DraftBody,
  type DraftResult,
  foldForSearch,
  independentSources,
  NEWS_SLUG,
  type NewsList,
  type NewsParams,
  type NewsPost,
  type NewsStatus,
  type NewsSummary,
  type PostContent,
  readingMinutes,
  sourceHost,
} from "../../core/ops/news.ts";
import { retryLocked } from "../accounts/store.ts";
import { randomBase62 } from "../accounts/secrets.ts";
import { type Clock, systemClock } from "../clock.ts";
import { renderMarkdown } from "./markdown.ts";

/** The longest body kept in the post's own KV value, in UTF-16 code units (32 KiB at most). */
export const INLINE_BODY = 16_384;
/** The longest piece of a long body, in UTF-16 code units (50,000 bytes at most). */
export const BODY_PIECE = 25_000;

/** The post's KV value when its body is kept in pieces. */
interface PostRecord extends StoredPost {
  /** How many `["news", "post_body", slug, i]` pieces hold the body. */
  bodyPieces?: number;
}

/** One piece of a long body. */
interface BodyPiece {
  revision: number;
  text: string;
}

/** A post as stored. */
export interface StoredPost extends PostContent {
  /** Byline (the editor's display name). */
  author: string;
  /** The author's account id, or null for seed posts. */
  authorId: string | null;
  status: NewsStatus;
  /** Display name of the approving editor (or the seed process). */
  approvedBy: string | null;
  approverId: string | null;
  /** Epoch ms. */
  approvedAt: number | null;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
  rejectionNote: string | null;
  seed: boolean;
  /** At 200 words a minute (kept in step with `body` on every write). */
  readingMinutes: number;
  /** Distinct hosts among `sources` (kept in step on every write). */
  sourceCount: number;
  /** Write count, starting at 1: the audit entry of each write is keyed by it. */
  revision: number;
}

/** An account with the editor role. */
export interface Editor {
  accountId: string;
  email: string;
  /** Display name, used as byline and as `approvedBy`. */
  name: string;
  /** Epoch ms. */
  grantedAt: number;
}

/** Who acts, and how they proved it. */
export interface Actor {
  accountId: string;
  name: string;
  /** A signed-in session (a person at a browser or the JSON API) or an API key. */
  via: "session" | "key";
}

/** One transition of one post. */
export interface AuditEntry {
  slug: string;
  /** Epoch ms. */
  at: number;
  action: "create" | "edit" | "submit" | "approve" | "reject" | "seed";
  from: NewsStatus | null;
  to: NewsStatus;
  /** Account id, or null for the seed process. */
  actorId: string | null;
  actor: string;
  via: "session" | "key" | "seed";
  note: string | null;
}

/**
 * Splits folded text into search tokens: runs of letters, marks and digits (so Sinhala and Tamil
 * words keep their vowel signs; punctuation and spaces separate tokens).
 *
 * @param text Any text (folded here).
 * @returns The tokens, in order.
 */
export function searchTokens(text: string): string[] {
  return foldForSearch(text).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/** How often the public endpoints look for other instances' writes. */
export const NEWS_REFRESH_MS = 5_000;

/** Options of {@linkcode NewsStore}. */
export interface NewsStoreOptions {
  clock?: Clock;
  /** Allowed categories. */
  categories: readonly string[];
  /** Public base URL (for post URLs). */
  baseUrl: string;
  /** Seed posts loaded into an empty KV on start (default none). */
  seed?: SeedData;
  /** How often to check for other instances' writes (default {@linkcode NEWS_REFRESH_MS}). */
  refreshMs?: number;
  /** Search terms whose matches are cached (default 512; 0 disables the cache). */
  termCacheSize?: number;
}

/** The seed file's shape (`data/news_seed.json`). */
export interface SeedData {
  approvedBy: string;
  author: string;
  posts: (PostContent & { publishedAt: string })[];
}

interface Entry {
  post: StoredPost;
  category: string;
  haystack: string;
  summary: NewsSummary;
  full?: NewsPost;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Makes a slug from a title: ASCII letters and digits (Latin accents dropped), hyphens between.
 *
 * @param title The title.
 * @returns The slug, possibly empty (for a title in Sinhala or Tamil).
 */
export function slugify(title: string): string {
  return foldForSearch(title).replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80)
    .replace(/-+$/, "");
}

function cleanList(values: readonly string[] | undefined, param: string): string[] | undefined {
  if (values === undefined) return undefined;
  const out: string[] = [];
  for (const value of values) {
    const item = value.trim();
    if (item === "") continue;
    if (param === "sources" && sourceHost(item) === null) {
      throw ApiError.invalidParam(
        "sources",
        `Field "sources" must hold http(s) URLs: got ${JSON.stringify(item.slice(0, 80))}`,
      );
    }
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

/** Posts, editors, audit trail and the index. */
export class NewsStore {
  readonly #kv: Deno.Kv;
  readonly #clock: Clock;
  readonly #baseUrl: string;
  readonly #seed: SeedData | undefined;
  readonly #refreshMs: number;
  readonly #termCacheSize: number;
  /** Allowed categories. */
  readonly categories: readonly string[];
  readonly #entries = new Map<string, Entry>();
  #published: Entry[] = [];
  #postings = new Map<string, number[]>();
  #vocabulary: string[] = [];
  readonly #termCache = new Map<string, Uint32Array>();
  #version: string | null = null;
  #checkedAt = -Infinity;
  #loading: Promise<void> | undefined;

  /**
   * @param kv The database.
   * @param options Categories, base URL, clock, seed posts.
   */
  constructor(kv: Deno.Kv, options: NewsStoreOptions) {
    this.#kv = kv;
    this.#clock = options.clock ?? systemClock;
    this.#baseUrl = options.baseUrl;
    this.categories = options.categories;
    this.#seed = options.seed;
    this.#refreshMs = options.refreshMs ?? NEWS_REFRESH_MS;
    this.#termCacheSize = options.termCacheSize ?? 512;
  }

  /**
   * Seeds an empty KV (once), then loads the index. Safe to call repeatedly: the first call's
   * work is shared, and a failed load is retried by the next call.
   */
  ready(): Promise<void> {
    this.#loading ??= (async () => {
      await this.#seedIfEmpty();
      await this.#rebuild();
    })().catch((error) => {
      this.#loading = undefined;
      throw error;
    });
    return this.#loading;
  }

  /**
   * Rebuilds the index when another instance wrote since the last look.
   *
   * @param force Look now rather than at most every refresh interval.
   */
  async refresh(force = false): Promise<void> {
    await this.ready();
    const now = this.#clock.now();
    if (!force && now - this.#checkedAt < this.#refreshMs && now >= this.#checkedAt) return;
    this.#checkedAt = now;
    const version = (await this.#kv.get<string>(["news", "meta", "version"])).value;
    if (version !== this.#version) await this.#rebuild();
  }

  async #seedIfEmpty(): Promise<void> {
    if (!this.#seed) return;
    const seeded = await this.#kv.get(["news", "meta", "seeded"]);
    if (seeded.versionstamp !== null) return;
    for await (const _ of this.#kv.list({ prefix: ["news", "posts"] }, { limit: 1 })) return;
    const now = this.#clock.now();
    const op = this.#kv.atomic().check(seeded).set(["news", "meta", "seeded"], now);
    for (const item of this.#seed.posts) {
      const at = Date.parse(item.publishedAt);
      const post: StoredPost = {
        ...item,
        author: this.#seed.author,
        authorId: null,
        status: "published",
        approvedBy: this.#seed.approvedBy,
        approverId: null,
        approvedAt: at,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
        rejectionNote: null,
        seed: true,
        readingMinutes: readingMinutes(item.body),
        sourceCount: independentSources(item.sources),
        revision: 1,
      };
      this.#setPost(op, post, null);
      this.#audit(op, post, "seed", null, null, { via: "seed", note: "Loaded into an empty KV" });
    }
    op.set(["news", "meta", "version"], randomBase62(16));
    await retryLocked(() => op.commit());
  }

  async #rebuild(): Promise<void> {
    const version = (await this.#kv.get<string>(["news", "meta", "version"])).value;
    this.#entries.clear();
    for await (const entry of this.#kv.list<PostRecord>({ prefix: ["news", "posts"] })) {
      const post = (await this.#whole(entry)) ?? (await this.#read(entry.value.slug)).value;
      if (post) this.#entries.set(post.slug, this.#entry(post));
    }
    this.#sortPublished();
    this.#version = version;
    this.#checkedAt = this.#clock.now();
  }

  #entry(post: StoredPost): Entry {
    return {
      post,
      category: post.category,
      haystack: foldForSearch(
        [post.title, post.excerpt, ...post.tags, ...post.keywords].join("\n"),
      ),
      summary: {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        category: post.category,
        publishedAt: iso(post.publishedAt ?? post.updatedAt),
        readingMinutes: post.readingMinutes,
        sourceCount: post.sourceCount,
        url: `${this.#baseUrl}/news/${post.slug}`,
      },
    };
  }

  #sortPublished(): void {
    this.#published = [...this.#entries.values()]
      .filter((entry) => entry.post.status === "published")
      .sort((a, b) =>
        b.post.publishedAt! - a.post.publishedAt! || (a.post.slug < b.post.slug ? -1 : 1)
      );
    // The token index: each distinct token of the published posts' folded text, with the
    // positions (in #published order) of the posts that have it.
    const postings = new Map<string, number[]>();
    this.#published.forEach((entry, i) => {
      for (const token of new Set(searchTokens(entry.haystack))) {
        const list = postings.get(token);
        if (list) list.push(i);
        else postings.set(token, [i]);
      }
    });
    this.#postings = postings;
    this.#vocabulary = [...postings.keys()];
    this.#termCache.clear();
  }

  /**
   * Positions of the published posts with a token containing `term` (substring match over the
   * vocabulary, so "tax" finds "taxes" and a Sinhala stem finds its inflections). Cached per term
   * until the index changes.
   */
  #matches(term: string): Uint32Array {
    const cached = this.#termCache.get(term);
    if (cached) return cached;
    const hits = new Uint8Array(this.#published.length);
    for (const token of this.#vocabulary) {
      if (token.includes(term)) { for (const i of this.#postings.get(token)!) hits[i] = 1; }
    }
    const out: number[] = [];
    hits.forEach((hit, i) => hit && out.push(i));
    const result = Uint32Array.from(out);
    if (this.#termCacheSize === 0) return result;
    if (this.#termCache.size >= this.#termCacheSize) {
      this.#termCache.delete(this.#termCache.keys().next().value!);
    }
    this.#termCache.set(term, result);
    return result;
  }

  #remember(post: StoredPost, version: string): void {
    const before = this.#entries.get(post.slug)?.post.status;
    this.#entries.set(post.slug, this.#entry(post));
    if (before === "published" || post.status === "published") this.#sortPublished();
    this.#version = version;
  }

  /**
   * The category as configured, matched case-insensitively.
   *
   * @param name A category name.
   * @param param The parameter or field it came from, for the error.
   * @returns The configured spelling.
   * @throws {ApiError} 400 naming the categories.
   */
  category(name: string, param = "category"): string {
    const found = this.categories.find((c) => c.toLowerCase() === name.trim().toLowerCase());
    if (!found) {
      throw ApiError.invalidParam(
        param,
        `${param === "category" ? "Parameter" : "Field"} "${param}" must be one of ${
          this.categories.join(", ")
        }: got ${JSON.stringify(name.slice(0, 40))}`,
      );
    }
    return found;
  }

  /**
   * A page of published posts, newest first.
   *
   * @param params Search, category, paging.
   * @returns The list result of spec 2.16.
   */
  list(params: Omit<NewsParams, "slug">): NewsList {
    const category = params.category === undefined ? null : this.category(params.category);
    const terms = params.q === undefined ? [] : searchTokens(params.q);
    let total = 0;
    const posts: NewsSummary[] = [];
    const end = params.offset + params.limit;
    const published = this.#published;
    // Posts matching every term: mark[i] === terms.length (see #matches).
    const mark = terms.length ? new Uint8Array(published.length) : undefined;
    terms.forEach((term, t) => {
      for (const i of this.#matches(term)) if (mark![i] === t) mark![i] = t + 1;
    });
    for (let i = 0; i < published.length; i++) {
      if (mark && mark[i] !== terms.length) continue;
      const entry = published[i]!;
      if (category !== null && entry.category !== category) continue;
      if (total >= params.offset && total < end) posts.push(entry.summary);
      total++;
    }
    return {
      total,
      limit: params.limit,
      offset: params.offset,
      query: params.q ?? null,
      category,
      categories: [...this.categories],
      feed: `${this.#baseUrl}/api/v1/news/feed.xml`,
      posts,
    };
  }

  /**
   * One published post, with its sanitised HTML.
   *
   * @param slug The slug.
   * @returns The post.
   * @throws {ApiError} 404 when there is no published post with that slug.
   */
  published(slug: string): NewsPost {
    const entry = this.#entries.get(slug);
    if (!entry || entry.post.status !== "published") {
      throw ApiError.notFound(`No published post with slug "${slug.slice(0, 80)}"`);
    }
    return entry.full ??= this.#full(entry);
  }

  /**
   * The newest published posts, optionally of one category (for the feeds).
   *
   * @param count How many.
   * @param category A configured category, or null.
   * @returns Full posts, newest first.
   */
  latest(count: number, category: string | null): NewsPost[] {
    const out: NewsPost[] = [];
    for (const entry of this.#published) {
      if (out.length >= count) break;
      if (category === null || entry.post.category === category) {
        out.push(entry.full ??= this.#full(entry));
      }
    }
    return out;
  }

  /** An id that changes whenever any post changes (for feed ETags). */
  get version(): string {
    return this.#version ?? "empty";
  }

  #full(entry: Entry): NewsPost {
    const post = entry.post;
    return {
      ...entry.summary,
      body: post.body,
      bodyHtml: renderMarkdown(post.body),
      tags: post.tags,
      keywords: post.keywords,
      sources: post.sources,
      author: post.author,
      status: "published",
      approvedBy: post.approvedBy ?? "",
      approvedAt: iso(post.approvedAt ?? post.updatedAt),
      updatedAt: iso(post.updatedAt),
      seed: post.seed,
    };
  }

  /**
   * Every post in the index (for editor pages: call {@linkcode refresh} with `force` first).
   *
   * @returns Posts, most recently updated first.
   */
  all(): StoredPost[] {
    return [...this.#entries.values()].map((e) => e.post).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /**
   * A post of any status, read from KV.
   *
   * @param slug The slug.
   * @returns The post, or null.
   */
  async post(slug: string): Promise<StoredPost | null> {
    return (await this.#read(slug)).value;
  }

  /**
   * A post's KV entry with its whole body (joined from its pieces when it has them). Retries when
   * a write came between reading the post and its pieces.
   */
  async #read(slug: string): Promise<Deno.KvEntryMaybe<StoredPost>> {
    // No post has a slug longer than 80 characters or outside the slug alphabet (every write
    // checks it), and a KV key cannot be longer than 2 KiB: such a slug is simply not found.
    if (slug.length > 80 || !NEWS_SLUG.test(slug)) {
      return { key: ["news", "posts", slug.slice(0, 80)], value: null, versionstamp: null };
    }
    for (let attempt = 0;; attempt++) {
      const entry = await this.#kv.get<PostRecord>(["news", "posts", slug]);
      if (entry.value === null) return entry;
      const whole = await this.#whole(entry as Deno.KvEntry<PostRecord>);
      if (whole) return { ...entry, value: whole };
      if (attempt >= 4) {
        throw new Error(`News post "${slug}": its body pieces keep changing while read`);
      }
    }
  }

  /**
   * The post of a KV entry with its body joined from its pieces, or null when the pieces are of
   * another revision (a write came between).
   */
  async #whole(entry: Deno.KvEntry<PostRecord>): Promise<StoredPost | null> {
    const { bodyPieces, ...post } = entry.value;
    if (!bodyPieces) return post;
    const keys = Array.from({ length: bodyPieces }, (_, i) => ["news", "post_body", post.slug, i]);
    const texts: string[] = [];
    for (let i = 0; i < keys.length; i += 10) {
      for (const piece of await this.#kv.getMany<BodyPiece[]>(keys.slice(i, i + 10))) {
        if (piece.value?.revision !== post.revision) return null;
        texts.push(piece.value.text);
      }
    }
    return { ...post, body: texts.join("") };
  }

  /**
   * Sets a post in an atomic operation: its body inline, or in pieces beside it; deletes the
   * pieces of the previous body that the new one does not overwrite.
   */
  #setPost(op: Deno.AtomicOperation, post: StoredPost, previous: StoredPost | null): void {
    const { body, slug, revision } = post;
    const pieces: string[] = [];
    if (body.length > INLINE_BODY) {
      for (let start = 0; start < body.length;) {
        let end = Math.min(start + BODY_PIECE, body.length);
        // Never split a surrogate pair.
        const last = body.charCodeAt(end - 1);
        if (end < body.length && last >= 0xd800 && last <= 0xdbff) end--;
        pieces.push(body.slice(start, end));
        start = end;
      }
    }
    const record: PostRecord = pieces.length
      ? { ...post, body: "", bodyPieces: pieces.length }
      : post;
    op.set(["news", "posts", slug], record);
    pieces.forEach((text, i) => op.set(["news", "post_body", slug, i], { revision, text }));
    const before = previous && previous.body.length > INLINE_BODY
      ? Math.ceil(previous.body.length / (BODY_PIECE - 1))
      : 0;
    for (let i = pieces.length; i < before; i++) op.delete(["news", "post_body", slug, i]);
  }

  /**
   * A post's audit trail, oldest first.
   *
   * @param slug The slug.
   * @returns The entries.
   */
  async auditTrail(slug: string): Promise<AuditEntry[]> {
    const out: AuditEntry[] = [];
    for await (const entry of this.#kv.list<AuditEntry>({ prefix: ["news_audit", slug] })) {
      out.push(entry.value);
    }
    return out;
  }

  // Editors -----------------------------------------------------------------------------------

  /**
   * Grants the editor role.
   *
   * @param accountId The account.
   * @param email Its email (for listings).
   * @param name Display name.
   * @returns The editor.
   */
  async grantEditor(accountId: string, email: string, name: string): Promise<Editor> {
    const editor: Editor = { accountId, email, name, grantedAt: this.#clock.now() };
    await retryLocked(() => this.#kv.set(["news", "editors", accountId], editor));
    return editor;
  }

  /**
   * Removes the editor role.
   *
   * @param accountId The account.
   * @returns Whether it was an editor.
   */
  async revokeEditor(accountId: string): Promise<boolean> {
    const entry = await this.#kv.get(["news", "editors", accountId]);
    if (entry.versionstamp === null) return false;
    await retryLocked(() => this.#kv.delete(["news", "editors", accountId]));
    return true;
  }

  /**
   * The editor record of an account.
   *
   * @param accountId The account.
   * @returns The editor, or null when the account is not an editor.
   */
  async editor(accountId: string): Promise<Editor | null> {
    return (await this.#kv.get<Editor>(["news", "editors", accountId])).value;
  }

  /** @returns Every editor, by email. */
  async editors(): Promise<Editor[]> {
    const out: Editor[] = [];
    for await (const entry of this.#kv.list<Editor>({ prefix: ["news", "editors"] })) {
      out.push(entry.value);
    }
    return out.sort((a, b) => a.email.localeCompare(b.email));
  }

  // Workflow ----------------------------------------------------------------------------------

  #audit(
    op: Deno.AtomicOperation,
    post: StoredPost,
    action: AuditEntry["action"],
    from: NewsStatus | null,
    actor: Actor | null,
    extra: { via?: AuditEntry["via"]; note?: string | null } = {},
  ): void {
    const at = this.#clock.now();
    const entry: AuditEntry = {
      slug: post.slug,
      at,
      action,
      from,
      to: post.status,
      actorId: actor?.accountId ?? null,
      actor: actor?.name ?? "seed process",
      via: extra.via ?? actor?.via ?? "seed",
      note: extra.note ?? null,
    };
    op.set(["news_audit", post.slug, post.revision], entry);
  }

  /** Writes a post and its audit entry if the post did not change meanwhile. */
  async #write(
    previous: Deno.KvEntryMaybe<StoredPost>,
    post: StoredPost,
    action: AuditEntry["action"],
    actor: Actor,
    note: string | null = null,
  ): Promise<void> {
    const version = randomBase62(16);
    post.revision = (previous.value?.revision ?? 0) + 1;
    post.readingMinutes = readingMinutes(post.body);
    post.sourceCount = independentSources(post.sources);
    const op = this.#kv.atomic()
      .check(previous)
      .set(["news", "meta", "version"], version);
    this.#setPost(op, post, previous.value);
    this.#audit(op, post, action, previous.value?.status ?? null, actor, { note });
    const result = await retryLocked(() => op.commit());
    if (!result.ok) {
      throw new ApiError(
        409,
        "conflict",
        previous.value === null
          ? `A post with slug "${post.slug}" already exists`
          : `Post "${post.slug}" was changed meanwhile: reload and try again`,
      );
    }
    this.#remember(post, version);
  }

  #apply(post: StoredPost, body: DraftBody): StoredPost {
    const next = { ...post };
    if (body.title !== undefined) next.title = body.title.trim();
    if (body.excerpt !== undefined) next.excerpt = body.excerpt.trim();
    if (body.body !== undefined) next.body = body.body.replace(/\r\n/g, "\n").trim();
    if (body.category !== undefined) {
      next.category = body.category.trim() === "" ? "" : this.category(body.category, "category");
    }
    next.tags = cleanList(body.tags, "tags") ?? next.tags;
    next.keywords = cleanList(body.keywords, "keywords") ?? next.keywords;
    next.sources = cleanList(body.sources, "sources") ?? next.sources;
    next.updatedAt = this.#clock.now();
    return next;
  }

  /** Refuses a post that is not complete enough to create or submit. */
  #requireComplete(post: StoredPost): void {
    for (const field of ["title", "excerpt", "body", "category"] as const) {
      if (post[field] === "") {
        throw ApiError.invalidParam(field, `Field "${field}" is required and cannot be empty`);
      }
    }
  }

  #requireAuthor(post: StoredPost, actor: Actor): void {
    if (post.authorId !== actor.accountId) {
      throw new ApiError(403, "forbidden", `Only the author of "${post.slug}" can change it`);
    }
  }

  async #existing(slug: string): Promise<Deno.KvEntry<StoredPost>> {
    const entry = await this.#read(slug);
    if (entry.value === null) throw ApiError.notFound(`No post with slug "${slug.slice(0, 80)}"`);
    return entry as Deno.KvEntry<StoredPost>;
  }

  /**
   * Creates a draft.
   *
   * @param actor The editor.
   * @param body Its fields: title, excerpt, body and category required.
   * @returns The draft.
   * @throws {ApiError} 400 for missing or malformed fields, 409 for a slug in use.
   */
  async createDraft(actor: Actor, body: DraftBody): Promise<StoredPost> {
    const now = this.#clock.now();
    const empty: StoredPost = {
      slug: "",
      title: "",
      excerpt: "",
      body: "",
      category: "",
      tags: [],
      keywords: [],
      sources: [],
      author: actor.name,
      authorId: actor.accountId,
      status: "draft",
      approvedBy: null,
      approverId: null,
      approvedAt: null,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
      rejectionNote: null,
      seed: false,
      readingMinutes: 1,
      sourceCount: 0,
      revision: 0,
    };
    const post = this.#apply(empty, body);
    this.#requireComplete(post);
    post.slug = body.slug ?? slugify(post.title);
    if (!NEWS_SLUG.test(post.slug)) {
      throw ApiError.invalidParam(
        "slug",
        'Field "slug" is needed: the title has no Latin letters or digits to make one from',
      );
    }
    const previous = await this.#read(post.slug);
    if (previous.value !== null) {
      throw new ApiError(409, "conflict", `A post with slug "${post.slug}" already exists`);
    }
    await this.#write(previous, post, "create", actor);
    return post;
  }

  /**
   * Edits a draft (or a rejected post, which becomes a draft again). Author only.
   *
   * @param actor The editor.
   * @param slug The post.
   * @param body The fields to change.
   * @returns The post.
   * @throws {ApiError} 403 for another editor's post, 404, 409 when in review or published.
   */
  async updateDraft(actor: Actor, slug: string, body: DraftBody): Promise<StoredPost> {
    const entry = await this.#existing(slug);
    this.#requireAuthor(entry.value, actor);
    if (entry.value.status !== "draft" && entry.value.status !== "rejected") {
      throw new ApiError(
        409,
        "conflict",
        `Post "${slug}" is ${
          entry.value.status.replace("_", " ")
        }: only drafts and rejected posts can be edited`,
      );
    }
    if (body.slug !== undefined && body.slug !== slug) {
      throw ApiError.invalidParam("slug", `Field "slug" cannot change: it is "${slug}"`);
    }
    const post = { ...this.#apply(entry.value, body), status: "draft" as const };
    this.#requireComplete(post);
    await this.#write(entry, post, "edit", actor);
    return post;
  }

  /**
   * Submits a draft for review. Author only; needs at least two independent sources.
   *
   * @param actor The editor.
   * @param slug The post.
   * @returns The post, now in review.
   * @throws {ApiError} 400 with fewer than two independent sources, 403, 404, 409.
   */
  async submit(actor: Actor, slug: string): Promise<StoredPost> {
    const entry = await this.#existing(slug);
    this.#requireAuthor(entry.value, actor);
    if (entry.value.status !== "draft") {
      throw new ApiError(
        409,
        "conflict",
        `Post "${slug}" is ${entry.value.status.replace("_", " ")}: only drafts can be submitted`,
      );
    }
    this.#requireComplete(entry.value);
    const hosts = independentSources(entry.value.sources);
    if (hosts < 2) {
      throw ApiError.invalidParam(
        "sources",
        `Field "sources" needs at least 2 independent sources (http(s) URLs on distinct hosts): got ${hosts}`,
      );
    }
    const post: StoredPost = { ...entry.value, status: "in_review", updatedAt: this.#clock.now() };
    await this.#write(entry, post, "submit", actor);
    return post;
  }

  /**
   * Approves and publishes a post in review. Only a signed-in session of an editor other than
   * the author: the caller checks the role, this checks the rest.
   *
   * @param actor The approving editor.
   * @param slug The post.
   * @returns The published post.
   * @throws {ApiError} 403 for a key or the author, 404, 409 when not in review.
   */
  async approve(actor: Actor, slug: string): Promise<StoredPost> {
    const entry = await this.#review(actor, slug, "approve");
    const now = this.#clock.now();
    const post: StoredPost = {
      ...entry.value,
      status: "published",
      approvedBy: actor.name,
      approverId: actor.accountId,
      approvedAt: now,
      publishedAt: now,
      updatedAt: now,
      rejectionNote: null,
    };
    await this.#write(entry, post, "approve", actor);
    return post;
  }

  /**
   * Rejects a post in review, with a note for the author. Same rules as {@linkcode approve}.
   *
   * @param actor The reviewing editor.
   * @param slug The post.
   * @param note Why (up to 500 characters).
   * @returns The rejected post.
   */
  async reject(actor: Actor, slug: string, note: string): Promise<StoredPost> {
    const entry = await this.#review(actor, slug, "reject");
    const text = note.trim().slice(0, 500) || null;
    const post: StoredPost = {
      ...entry.value,
      status: "rejected",
      rejectionNote: text,
      updatedAt: this.#clock.now(),
    };
    await this.#write(entry, post, "reject", actor, text);
    return post;
  }

  async #review(
    actor: Actor,
    slug: string,
    verb: "approve" | "reject",
  ): Promise<Deno.KvEntry<StoredPost>> {
    if (actor.via !== "session") {
      throw new ApiError(
        403,
        "forbidden",
        `Only a signed-in editor can ${verb} a post, at /editor: API keys cannot`,
      );
    }
    const entry = await this.#existing(slug);
    if (entry.value.authorId === actor.accountId) {
      throw new ApiError(
        403,
        "forbidden",
        `You wrote "${slug}": another editor must ${verb} it`,
      );
    }
    if (entry.value.status !== "in_review") {
      throw new ApiError(
        409,
        "conflict",
        `Post "${slug}" is ${
          entry.value.status.replace("_", " ")
        }: only posts in review can be approved or rejected`,
      );
    }
    return entry;
  }
}

/**
 * The draft API's view of a post.
 *
 * @param post The post.
 * @returns What the author sees.
 */
export function draftResult(post: StoredPost): DraftResult {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    body: post.body,
    category: post.category,
    tags: post.tags,
    keywords: post.keywords,
    sources: post.sources,
    author: post.author,
    status: post.status,
    readingMinutes: post.readingMinutes,
    sourceCount: post.sourceCount,
    createdAt: iso(post.createdAt),
    updatedAt: iso(post.updatedAt),
    rejectionNote: post.rejectionNote,
  };
}
