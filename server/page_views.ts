/**
 * Page views per tool page, kept in KV under `["pageviews", slug]` as `Deno.KvU64` sums.
 *
 * What is counted is distinct callers, not requests: a caller (the pipeline's caller id, an
 * address or an account) counts once per tool page per UTC day, however often it loads the page
 * and whatever User-Agent it sends, so reloading cannot push a tool up the catalogue. Who was
 * counted is kept as a SHA-256 fingerprint under `["pageviews_seen", day, slug, fingerprint]`
 * (expiring after 2 days), checked at each flush, so restarts and other instances do not count a
 * caller twice (two instances flushing the same new caller at the same moment can). Known bots
 * (by user agent) are not counted.
 *
 * Views are collected in memory and flushed on an interval, so a page request never waits for,
 * or causes, a KV write of its own. The totals (stored plus not yet flushed) feed
 * `OperationContext.popularity`.
 *
 * @module
 */
import { createHash } from "node:crypto";

/** KV key prefix of the counters. */
export const PAGE_VIEWS_PREFIX: readonly string[] = ["pageviews"];
/** KV key prefix of who was counted: `[..., day, slug, fingerprint]`. */
export const PAGE_VIEWS_SEEN_PREFIX: readonly string[] = ["pageviews_seen"];
const SEEN_TTL_MS = 2 * 86_400_000;
/** Distinct callers remembered in memory per day before the memory is cleared (KV still knows). */
const SEEN_IN_MEMORY = 100_000;

interface PendingView {
  day: string;
  slug: string;
  fingerprint: string;
}

const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|monitor|uptime|pingdom|curl\/|wget\/|python-|httpx|go-http-client|java\/|okhttp|axios|node-fetch|deno\/|libwww|scrapy/i;

/**
 * Whether a user agent is a bot, crawler, preview fetcher, monitor or script rather than a person's
 * browser. A missing user agent counts as a bot.
 *
 * @param userAgent The `User-Agent` header.
 * @returns Whether views from it are ignored.
 */
export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/** Options of {@linkcode PageViews}. */
export interface PageViewsOptions {
  /** Flush every this many milliseconds; 0 flushes only on {@linkcode PageViews.flush} and close. */
  flushIntervalMs?: number;
  /** Called when a flush fails (the views are kept for the next one). */
  onError?: (error: unknown) => void;
  /** The time (default `Date.now`), for the day a view belongs to. */
  now?: () => number;
}

/** In-memory batch of page views over KV counters. */
export class PageViews {
  #kv: Deno.Kv;
  #now: () => number;
  /** New (day, slug, caller) views not yet checked against KV and stored. */
  #pending: PendingView[] = [];
  /** `day|slug|fingerprint` of views already taken on this instance (today's). */
  #seen = new Set<string>();
  #seenDay = "";
  #stored = new Map<string, number>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<void> | undefined;
  #snapshot: ReadonlyMap<string, number> | undefined;
  #closed = false;
  #onError: (error: unknown) => void;

  /**
   * @param kv The database.
   * @param options Flush interval and error sink.
   */
  constructor(kv: Deno.Kv, options: PageViewsOptions = {}) {
    this.#kv = kv;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => {});
    const interval = options.flushIntervalMs ?? 0;
    if (interval > 0) {
      const timer = setInterval(() => void this.flush().catch(this.#onError), interval);
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  /**
   * Counts a view of a page by a caller, unless the user agent is a bot or the caller was already
   * counted on this page today. No I/O.
   *
   * @param slug The tool page slug.
   * @param userAgent The request's `User-Agent`.
   * @param caller Who is calling (the pipeline's caller id: `ip:…` or `acct:…`).
   * @returns Whether the view was taken (it may still prove, at the flush, to be a caller another
   *   instance already counted today).
   */
  record(slug: string, userAgent: string | null | undefined, caller: string): boolean {
    if (this.#closed || isBot(userAgent)) return false;
    const day = new Date(this.#now()).toISOString().slice(0, 10);
    if (day !== this.#seenDay || this.#seen.size >= SEEN_IN_MEMORY) {
      this.#seen.clear();
      this.#seenDay = day;
    }
    const fingerprint = createHash("sha256").update(caller).digest("base64url").slice(0, 22);
    const id = `${day}|${slug}|${fingerprint}`;
    if (this.#seen.has(id)) return false;
    this.#seen.add(id);
    this.#pending.push({ day, slug, fingerprint });
    this.#snapshot = undefined;
    return true;
  }

  /**
   * Views per slug: what KV held at the last load or flush, plus views not flushed yet.
   *
   * @returns A map from slug to views (the same object until the counts change).
   */
  popularity(): ReadonlyMap<string, number> {
    if (!this.#snapshot) {
      const total = new Map(this.#stored);
      for (const { slug } of this.#pending) total.set(slug, (total.get(slug) ?? 0) + 1);
      this.#snapshot = total;
    }
    return this.#snapshot;
  }

  /** Reads the stored totals from KV (at start-up; flushes refresh them too). */
  async load(): Promise<void> {
    const stored = new Map<string, number>();
    for await (const entry of this.#kv.list<Deno.KvU64>({ prefix: [...PAGE_VIEWS_PREFIX] })) {
      const slug = entry.key[PAGE_VIEWS_PREFIX.length];
      if (typeof slug === "string" && entry.value instanceof Deno.KvU64) {
        stored.set(slug, Number(entry.value.value));
      }
    }
    this.#stored = stored;
    this.#snapshot = undefined;
  }

  /**
   * Writes the pending views in one atomic operation of `sum`s, then reloads the totals. Views
   * recorded meanwhile wait for the next flush; on failure the batch is put back.
   */
  flush(): Promise<void> {
    if (!this.#flushing) {
      this.#flushing = this.#flushOnce().finally(() => (this.#flushing = undefined));
    }
    return this.#flushing;
  }

  async #flushOnce(): Promise<void> {
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    let done = 0;
    try {
      for (; done < batch.length; done += 300) {
        const chunk = batch.slice(done, done + 300);
        const keys = chunk.map((v) => [...PAGE_VIEWS_SEEN_PREFIX, v.day, v.slug, v.fingerprint]);
        const seen: boolean[] = [];
        for (let j = 0; j < keys.length; j += 10) {
          const entries = await this.#kv.getMany(keys.slice(j, j + 10));
          for (const entry of entries) seen.push(entry.versionstamp !== null);
        }
        const counts = new Map<string, number>();
        const op = this.#kv.atomic();
        chunk.forEach(({ slug }, j) => {
          if (seen[j]) return; // counted already today, by another instance or before a restart
          op.set(keys[j]!, true, { expireIn: SEEN_TTL_MS });
          counts.set(slug, (counts.get(slug) ?? 0) + 1);
        });
        if (counts.size === 0) continue;
        for (const [slug, n] of counts) op.sum([...PAGE_VIEWS_PREFIX, slug], BigInt(n));
        const committed = await op.commit();
        if (!committed.ok) throw new Error("Page view counters: the atomic sum was not committed");
        for (const [slug, n] of counts) this.#stored.set(slug, (this.#stored.get(slug) ?? 0) + n);
      }
    } catch (error) {
      // What was not stored waits for the next flush.
      this.#pending = [...batch.slice(done), ...this.#pending];
      this.#snapshot = undefined;
      throw error;
    }
    this.#snapshot = undefined;
    await this.load(); // other instances sharing the KV count too
  }

  /** Stops the timer and flushes what is left (for shutdown and tests). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush(); // a flush already running does not take views recorded since
    await this.flush();
  }
}
