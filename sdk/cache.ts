/**
 * The offline cache: where the client keeps the last good answer of each server-only read (news,
 * store), to serve it marked `stale` when the network fails. Any store with `get` and `set`
 * works; three are included: {@linkcode MemoryCache} (the default), `DenoKvCache` and
 * `LocalStorageCache`.
 *
 * @module
 */
import type { Meta, RateLimit } from "./types.ts";

/** One cached answer. Must survive `JSON.stringify` (browsers' `localStorage` keeps text). */
export interface CacheEntry {
  /** When the answer was received, epoch milliseconds. */
  savedAt: number;
  /** The envelope's `data`. */
  data: unknown;
  /** The envelope's `meta`. */
  meta: Meta | undefined;
  /** The rate-limit headers of that response. */
  rateLimit: RateLimit | undefined;
  /** The request id of that response. */
  requestId: string | undefined;
}

/** A place to keep cached answers; methods may be synchronous or return promises. */
export interface CacheStore {
  /**
   * Reads an entry.
   *
   * @param key The request's method and URL.
   * @returns The entry, or undefined when there is none.
   */
  get(key: string): Promise<CacheEntry | undefined> | CacheEntry | undefined;
  /**
   * Writes an entry, replacing any older one.
   *
   * @param key The request's method and URL.
   * @param entry The answer.
   */
  set(key: string, entry: CacheEntry): Promise<void> | void;
}

/** The default cache: a bounded in-memory map, least recently used entries dropped first. */
export class MemoryCache implements CacheStore {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #maxEntries: number;

  /**
   * Creates an empty cache.
   *
   * @param maxEntries Most entries kept (default 100).
   */
  constructor(maxEntries = 100) {
    this.#maxEntries = maxEntries;
  }

  /**
   * Reads an entry and marks it recently used.
   *
   * @param key The key.
   * @returns The entry, or undefined.
   */
  get(key: string): CacheEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * Writes an entry, dropping the least recently used one when full.
   *
   * @param key The key.
   * @param entry The entry.
   */
  set(key: string, entry: CacheEntry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size;
  }
}
