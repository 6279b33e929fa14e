/**
 * Daily request counters on Deno KV with write-behind batching.
 *
 * - Counters live in memory; today's persisted total for a caller is read from KV on its first
 *   use (`["usage", callerId, "YYYY-MM-DD"]`, a `Deno.KvU64`; the UTC day is in the key because
 *   `sum` clears `expireIn`).
 * - Increments are flushed as blind `sum`s, all in one atomic operation per tick (at most
 *   {@linkcode FLUSH_INTERVAL_MS} apart; more than 900 dirty counters take more than one
 *   operation). After each flush the flushed counters are re-read, so each instance also sees
 *   what the others have persisted.
 * - Blind sums never conflict, so several processes on one SQLite file (or one `denokv`) add up
 *   exactly; a "database is locked" failure keeps the increments pending for the next tick.
 * - Days older than {@linkcode USAGE_RETENTION_DAYS} are deleted at start and when the day turns.
 * - `close()` flushes everything; the server calls it on SIGINT/SIGTERM.
 *
 * - Small limits (up to {@linkcode STRICT_UP_TO}) wholly, and the last {@linkcode STRICT_TAIL}
 *   (or 5 %) requests of larger ones, are admitted only once written to KV (a checked atomic set
 *   of the day's total): no instance admits them twice and a crash loses none of them.
 *
 * Bounds: a crash loses at most the increments of one flush interval (none in the strict tail);
 * N instances admit beyond a limit at most what each admits in the time its view of the total is
 * stale (one flush interval at their rate), and nothing once all are in the tail.
 *
 * @module
 */
import { nextUtcMidnight, utcDate } from "../clock.ts";
import type { QuotaState } from "../http/types.ts";
import type { QuotaDecision, QuotaStore } from "./store.ts";

/** The longest gap between flushes. */
export const FLUSH_INTERVAL_MS = 50;
/** Usage rows are kept this many days (for `deno task admin usage --day`). */
export const USAGE_RETENTION_DAYS = 35;
/** Mutations per atomic operation (Deno KV allows 1,000): a sum per counter, a set per key used. */
const BATCH_MUTATIONS = 900;

/** Splits dirty counters into atomic operations of at most {@linkcode BATCH_MUTATIONS}. */
function batches(counters: Counter[]): Counter[][] {
  const out: Counter[][] = [];
  let batch: Counter[] = [];
  let mutations = 0;
  for (const counter of counters) {
    const size = 1 + (counter.lastUsed?.size ?? 0);
    if (batch.length && mutations + size > BATCH_MUTATIONS) {
      out.push(batch);
      batch = [];
      mutations = 0;
    }
    batch.push(counter);
    mutations += size;
  }
  if (batch.length) out.push(batch);
  return out;
}

interface Counter {
  callerId: string;
  day: string;
  /** The persisted total as last read (includes every flushed increment of this instance). */
  persisted: number;
  /** Counted here and not yet flushed. */
  pending: number;
  /** Resolves once the persisted total is loaded. */
  ready: Promise<void> | null;
  /** Last counted time by what was used (`key:<id>`), written as `["usage_last", id]`. */
  lastUsed: Map<string, number> | null;
  /** When the first read failed (KV down): try it again at this time (epoch ms). */
  retryLoadAt: number | null;
  /** The admissions in the strict tail, one after another (see {@linkcode STRICT_TAIL}). */
  chain: Promise<unknown> | null;
}

/**
 * Limits up to this are strict from the first request: every admission is written to KV (an
 * atomic check-and-set of the day's total) before it is answered, so no number of instances can
 * exceed them and a crash loses none of their counts (the anonymous limit of 50, log-in attempts).
 */
export const STRICT_UP_TO = 100;
/**
 * Of larger limits, the last this-many requests (or 5 % of the limit, if more) are strict the
 * same way; below that tail, counting stays in memory and is written behind.
 */
export const STRICT_TAIL = 10;

/** The strict tail of a limit (see {@linkcode STRICT_UP_TO}, {@linkcode STRICT_TAIL}). */
function strictTail(limit: number): number {
  return limit <= STRICT_UP_TO ? limit : Math.max(STRICT_TAIL, Math.ceil(limit * 0.05));
}

/** Longest wait between flush attempts while KV keeps failing. */
export const MAX_RETRY_MS = 5_000;

/** Options of {@linkcode KvQuotaStore}. */
export interface KvQuotaStoreOptions {
  /** Longest gap between flushes (default {@linkcode FLUSH_INTERVAL_MS}). */
  flushIntervalMs?: number;
  /** Called when a flush or sweep fails (the increments stay pending and are retried). */
  onError?: (error: unknown) => void;
  /**
   * Called after each flush attempt with its duration, outcome, and when it began (epoch ms):
   * once a flush succeeded, everything counted before it began is in KV.
   */
  onFlush?: (durationMs: number, ok: boolean, startedAt: number) => void;
  /**
   * The strict tail of every limit: by default all of a limit up to {@linkcode STRICT_UP_TO},
   * else the last {@linkcode STRICT_TAIL} or 5 %; a number fixes it (0 turns strictness off).
   */
  strictTail?: number;
}

/** The usage key of a caller on a UTC day. */
export function usageKey(callerId: string, day: string): Deno.KvKey {
  return ["usage", callerId, day];
}

/** A {@linkcode QuotaStore} on Deno KV. */
export class KvQuotaStore implements QuotaStore {
  readonly #kv: Deno.Kv;
  readonly #interval: number;
  readonly #onError: (error: unknown) => void;
  readonly #onFlush: (durationMs: number, ok: boolean, startedAt: number) => void;
  readonly #strictTail: (limit: number) => number;
  /** Consecutive failed flushes: the retry delay doubles with each, up to MAX_RETRY_MS. */
  #failures = 0;
  /** The counters by UTC day, then by caller id. */
  readonly #counters = new Map<string, Map<string, Counter>>();
  /** The current day's counters (the request path's lookup). */
  #today = new Map<string, Counter>();
  readonly #dirty = new Set<Counter>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #flushing: Promise<void> | null = null;
  #lastFlush = performance.now();
  #sweeping: Promise<void> | null = null;
  #day = "";
  /** The current UTC day's bounds in epoch ms, so the date is formatted once a day, not per call. */
  #dayStart = 0;
  #dayEnd = 0;
  #closed = false;
  /** Counts since start, for {@linkcode KvQuotaStore.#markDirty}'s look at the clock. */
  #counted = 0;

  /**
   * @param kv The database.
   * @param options Flush interval, error hook.
   */
  constructor(kv: Deno.Kv, options: KvQuotaStoreOptions = {}) {
    this.#kv = kv;
    this.#interval = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
    this.#onError = options.onError ?? ((error) => console.error("quota store:", error));
    this.#onFlush = options.onFlush ?? (() => {});
    const fixed = options.strictTail;
    this.#strictTail = fixed === undefined ? strictTail : () => fixed;
  }

  /** The wait before the next flush: the interval, doubled per consecutive failure. */
  #delay(): number {
    return Math.min(this.#interval * 2 ** this.#failures, MAX_RETRY_MS);
  }

  consume(
    callerId: string,
    limit: number,
    nowMs: number,
    usedBy?: string,
  ): QuotaDecision | Promise<QuotaDecision> {
    const counter = this.#counter(callerId, nowMs);
    const by = usedBy ?? (callerId.startsWith("key:") ? callerId : undefined);
    return counter instanceof Promise
      ? counter.then((loaded) => this.#count(loaded, limit, nowMs, by))
      : this.#count(counter, limit, nowMs, by);
  }

  #count(
    counter: Counter,
    limit: number,
    nowMs: number,
    usedBy: string | undefined,
  ): QuotaDecision | Promise<QuotaDecision> {
    const used = counter.persisted + counter.pending;
    if (used < limit && limit - used <= this.#strictTail(limit) && !this.#closed) {
      const run = () => this.#strict(counter, limit, nowMs, usedBy);
      const next = (counter.chain ?? Promise.resolve()).then(run, run);
      counter.chain = next;
      return next;
    }
    return this.#loose(counter, limit, nowMs, usedBy);
  }

  /** Counts in memory (written behind). */
  #loose(
    counter: Counter,
    limit: number,
    nowMs: number,
    usedBy: string | undefined,
  ): QuotaDecision {
    const used = counter.persisted + counter.pending;
    const allowed = used < limit;
    if (allowed) {
      counter.pending++;
      if (usedBy !== undefined) (counter.lastUsed ??= new Map()).set(usedBy, nowMs);
      this.#markDirty(counter);
    }
    const count = allowed ? used + 1 : used;
    return { allowed, limit, remaining: Math.max(limit - count, 0), reset: nextUtcMidnight(nowMs) };
  }

  /**
   * Admits a request of the strict tail only once KV holds it: the day's total is read and set,
   * with this instance's unwritten count, in one checked atomic operation (retried when another
   * instance wrote meanwhile). While KV fails, counts in memory as below the tail.
   */
  async #strict(
    counter: Counter,
    limit: number,
    nowMs: number,
    usedBy: string | undefined,
  ): Promise<QuotaDecision> {
    while (this.#flushing) await this.#flushing;
    // This counter's unwritten count goes out with the admission, not with the next flush.
    const carry = counter.pending;
    counter.pending = 0;
    this.#dirty.delete(counter);
    const key = usageKey(counter.callerId, counter.day);
    const reset = nextUtcMidnight(nowMs);
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          const entry = await this.#kv.get<Deno.KvU64>(key);
          const stored = Number(entry.value?.value ?? 0n);
          const allowed = stored + carry < limit;
          const total = stored + carry + (allowed ? 1 : 0);
          if (total > stored) {
            const op = this.#kv.atomic().check(entry).set(key, new Deno.KvU64(BigInt(total)));
            if (allowed && usedBy !== undefined) op.set(["usage_last", usedBy], nowMs);
            if (!(await op.commit()).ok) continue;
          }
          if (total > counter.persisted) counter.persisted = total;
          return { allowed, limit, remaining: Math.max(limit - total, 0), reset };
        } catch (error) {
          // Another process on the same SQLite file is writing: wait a little and try again.
          if (!/database is locked/i.test(String(error))) throw error;
          await new Promise((resolve) =>
            setTimeout(resolve, 1 + Math.random() * 4 * (attempt + 1))
          );
        }
      }
      throw new Error(`Quota counter ${counter.callerId}: too many concurrent writers`);
    } catch (error) {
      this.#onError(error);
      counter.pending += carry;
      if (counter.pending > 0) this.#markDirty(counter);
      return this.#loose(counter, limit, nowMs, usedBy);
    }
  }

  peek(callerId: string, limit: number, nowMs: number): QuotaState | Promise<QuotaState> {
    const counter = this.#counter(callerId, nowMs);
    const state = (loaded: Counter): QuotaState => ({
      limit,
      remaining: Math.max(limit - loaded.persisted - loaded.pending, 0),
      reset: nextUtcMidnight(nowMs),
    });
    return counter instanceof Promise ? counter.then(state) : state(counter);
  }

  /**
   * How many requests a caller has made today, as this instance sees it.
   *
   * @param callerId The caller.
   * @param nowMs The current time.
   * @returns The count.
   */
  async used(callerId: string, nowMs: number): Promise<number> {
    const counter = await this.#counter(callerId, nowMs);
    return counter.persisted + counter.pending;
  }

  /**
   * Flushes now: resolves once everything counted before the call is persisted (a failing KV is
   * retried a few times, then the increments stay pending).
   */
  async flush(): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      while (this.#flushing) await this.#flushing;
      if (this.#dirty.size === 0) return;
      await this.#startFlush();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
    await this.#sweeping;
    const lost = this.pending();
    if (lost > 0) {
      this.#onError(
        new Error(`${lost} counted requests could not be stored before shutdown and are lost`),
      );
    }
  }

  /**
   * Requests counted here and not yet stored in KV (they stay pending while KV cannot be written).
   *
   * @returns The count.
   */
  pending(): number {
    let total = 0;
    for (const counter of this.#dirty) total += counter.pending;
    return total;
  }

  #counter(callerId: string, nowMs: number): Counter | Promise<Counter> {
    if (nowMs < this.#dayStart || nowMs >= this.#dayEnd) {
      this.#dayStart = Math.floor(nowMs / 86_400_000) * 86_400_000;
      this.#dayEnd = this.#dayStart + 86_400_000;
      const today = utcDate(nowMs);
      if (today !== this.#day) this.#turnDay(today);
    }
    const day = this.#day;
    let counter = this.#today.get(callerId);
    if (!counter) {
      counter = {
        callerId,
        day,
        persisted: 0,
        pending: 0,
        ready: null,
        lastUsed: null,
        retryLoadAt: null,
        chain: null,
      };
      this.#today.set(callerId, counter);
      this.#load(counter, nowMs);
    } else if (counter.retryLoadAt !== null && nowMs >= counter.retryLoadAt && !counter.ready) {
      this.#load(counter, nowMs);
    }
    if (!counter.ready) return counter;
    const loaded = counter;
    return counter.ready.then(() => loaded);
  }

  /**
   * Reads a caller's persisted total. While KV is down the request is not failed: the caller
   * counts from what this instance has seen (its increments stay pending and are flushed once
   * KV answers), and the read is tried again a second later.
   */
  #load(counter: Counter, nowMs: number): void {
    const read = Promise.resolve().then(() =>
      this.#kv.get<Deno.KvU64>(usageKey(counter.callerId, counter.day))
    );
    counter.ready = read.then((entry) => {
      const value = Number(entry.value?.value ?? 0n);
      if (value > counter.persisted) counter.persisted = value;
      counter.retryLoadAt = null;
    }, (error) => {
      counter.retryLoadAt = nowMs + 1_000;
      this.#onError(error);
    }).finally(() => {
      counter.ready = null;
    });
  }

  #turnDay(day: string): void {
    this.#day = day;
    for (const [other, counters] of this.#counters) {
      if (other === day) continue;
      for (const [callerId, counter] of counters) {
        if (!this.#dirty.has(counter)) counters.delete(callerId);
      }
      if (counters.size === 0) this.#counters.delete(other);
    }
    let today = this.#counters.get(day);
    if (!today) this.#counters.set(day, today = new Map());
    this.#today = today;
    if (!this.#closed && !this.#sweeping) {
      this.#sweeping = this.#sweep(day).catch(this.#onError).finally(() => {
        this.#sweeping = null;
      });
    }
  }

  #markDirty(counter: Counter): void {
    this.#dirty.add(counter);
    if (this.#flushing) return;
    // With a flush already scheduled, only every 64th count looks at the clock: a timer is late
    // only under load, when 64 counts come within a few milliseconds.
    if (this.#timer !== undefined && (++this.#counted & 63) !== 0) return;
    if (performance.now() - this.#lastFlush >= this.#delay()) {
      // A busy event loop delays timers: flush from the request path when one is overdue.
      void this.#startFlush();
    } else if (this.#timer === undefined && !this.#closed) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        if (!this.#flushing) void this.#startFlush();
      }, this.#interval);
    }
  }

  #startFlush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#lastFlush = performance.now();
    const started = performance.now();
    // Taken before #flushOnce snapshots the pending counters (synchronously, below).
    const startedAt = Date.now();
    const run = this.#flushOnce().then(() => {
      this.#failures = 0;
      this.#onFlush(performance.now() - started, true, startedAt);
    }, (error) => {
      this.#failures = Math.min(this.#failures + 1, 16);
      this.#onFlush(performance.now() - started, false, startedAt);
      this.#onError(error);
    }).finally(() => {
      this.#flushing = null;
      // Whatever was counted during the flush (or kept after a failure) goes out at the next
      // tick; after failures the wait doubles, up to MAX_RETRY_MS.
      if (this.#dirty.size > 0 && this.#timer === undefined && !this.#closed) {
        this.#timer = setTimeout(() => {
          this.#timer = undefined;
          if (!this.#flushing) void this.#startFlush();
        }, this.#delay());
      }
    });
    this.#flushing = run;
    return run;
  }

  async #flushOnce(): Promise<void> {
    const counters = [...this.#dirty];
    this.#dirty.clear();
    let failure: unknown;
    for (const batch of batches(counters)) {
      const deltas = batch.map((counter) => counter.pending);
      const op = this.#kv.atomic();
      const written: [Counter, string, number][] = [];
      batch.forEach((counter, j) => {
        op.sum(usageKey(counter.callerId, counter.day), BigInt(deltas[j]!));
        for (const [id, at] of counter.lastUsed ?? []) {
          op.set(["usage_last", id], at);
          written.push([counter, id, at]);
        }
      });
      try {
        await op.commit();
      } catch (error) {
        // Nothing was applied: keep the increments for the next tick.
        for (const counter of batch) this.#dirty.add(counter);
        failure = error;
        continue;
      }
      for (const [counter, id, at] of written) {
        if (counter.lastUsed?.get(id) === at) counter.lastUsed.delete(id);
      }
      batch.forEach((counter, j) => {
        counter.pending -= deltas[j]!;
        counter.persisted += deltas[j]!;
        if (counter.pending > 0) this.#dirty.add(counter);
      });
      await this.#refresh(batch);
    }
    if (failure) throw failure;
  }

  /** Re-reads persisted totals, picking up what other instances flushed. */
  async #refresh(batch: Counter[]): Promise<void> {
    const reads: Promise<void>[] = [];
    for (let i = 0; i < batch.length; i += 10) {
      const chunk = batch.slice(i, i + 10);
      reads.push(
        this.#kv.getMany<Deno.KvU64[]>(chunk.map((c) => usageKey(c.callerId, c.day))).then(
          (entries) =>
            entries.forEach((entry, j) => {
              const value = Number(entry.value?.value ?? 0n);
              const counter = chunk[j]!;
              if (value > counter.persisted) counter.persisted = value;
            }),
        ),
      );
    }
    await Promise.all(reads);
  }

  async #sweep(today: string): Promise<void> {
    const cutoff = utcDate(Date.parse(`${today}T00:00:00Z`) - USAGE_RETENTION_DAYS * 86_400_000);
    let op = this.#kv.atomic();
    let count = 0;
    for await (const entry of this.#kv.list({ prefix: ["usage"] })) {
      const day = entry.key[2];
      if (typeof day !== "string" || day >= cutoff) continue;
      op.delete(entry.key);
      if (++count % 500 === 0) {
        await op.commit();
        op = this.#kv.atomic();
      }
    }
    if (count % 500 !== 0) await op.commit();
  }
}
