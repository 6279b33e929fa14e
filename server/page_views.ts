/**
 * Page views per tool page, kept in KV under `["pageviews", slug]` as `Deno.KvU64` sums.
 *
 * Views are counted in memory and flushed in one atomic operation of `sum`s on an interval, so a
 * page request never waits for, or causes, a KV write of its own. Known bots (by user agent) are
 * not counted, and each caller (its address, IPv6 by /64, as the pipeline resolved it) counts
 * once per page per UTC day in a process: a script that sends a browser's `User-Agent` again and
 * again cannot push a tool up the catalogue's traffic order. The totals (stored plus not yet flushed) feed `OperationContext.popularity`.
 *
 * @module
 */

/** KV key prefix of the counters. */
export const PAGE_VIEWS_PREFIX: readonly string[] = ["pageviews"];

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
}

/** In-memory batch of page views over KV counters. */
export class PageViews {
  #kv: Deno.Kv;
  #pending = new Map<string, number>();
  #stored = new Map<string, number>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<void> | undefined;
  #snapshot: ReadonlyMap<string, number> | undefined;
  #closed = false;
  #onError: (error: unknown) => void;
  /** Callers already counted today, per page (`slug` newline `caller`), and that day. */
  #seen = new Set<string>();
  #seenDay = -1;

  /**
   * @param kv The database.
   * @param options Flush interval and error sink.
   */
  constructor(kv: Deno.Kv, options: PageViewsOptions = {}) {
    this.#kv = kv;
    this.#onError = options.onError ?? (() => {});
    const interval = options.flushIntervalMs ?? 0;
    if (interval > 0) {
      const timer = setInterval(() => void this.flush().catch(this.#onError), interval);
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  /**
   * Counts one view of a page, unless the user agent is a bot or this caller was already counted
   * on this page today. No I/O.
   *
   * @param slug The tool page slug.
   * @param userAgent The request's `User-Agent`.
   * @param caller Who asked (the client's counting key); each counts once per page per day.
   * @param now Epoch ms (for the day).
   * @returns Whether the view was counted.
   */
  record(
    slug: string,
    userAgent: string | null | undefined,
    caller?: string,
    now: number = Date.now(),
  ): boolean {
    if (this.#closed || isBot(userAgent)) return false;
    if (caller !== undefined) {
      const day = Math.floor(now / 86_400_000);
      // Bounded: past 100,000 distinct (page, caller) pairs in a day the set starts over.
      if (day !== this.#seenDay || this.#seen.size >= 100_000) {
        this.#seen.clear();
        this.#seenDay = day;
      }
      const seen = `${slug}\n${caller}`;
      if (this.#seen.has(seen)) return false;
      this.#seen.add(seen);
    }
    this.#pending.set(slug, (this.#pending.get(slug) ?? 0) + 1);
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
      for (const [slug, n] of this.#pending) total.set(slug, (total.get(slug) ?? 0) + n);
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
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    const op = this.#kv.atomic();
    for (const [slug, n] of batch) op.sum([...PAGE_VIEWS_PREFIX, slug], BigInt(n));
    try {
      const committed = await op.commit();
      if (!committed.ok) throw new Error("Page view counters: the atomic sum was not committed");
    } catch (error) {
      for (const [slug, n] of batch) this.#pending.set(slug, (this.#pending.get(slug) ?? 0) + n);
      this.#snapshot = undefined;
      throw error;
    }
    for (const [slug, n] of batch) this.#stored.set(slug, (this.#stored.get(slug) ?? 0) + n);
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
