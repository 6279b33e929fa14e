/**
 * A cache in the browser's `localStorage` (or any Web Storage), so news and store pages read
 * while online stay readable after a reload offline.
 *
 * @module
 */
import type { CacheEntry, CacheStore } from "./cache.ts";

/** The part of the Web Storage API the cache uses (`localStorage`, `sessionStorage`). */
export interface StorageLike {
  /** Reads an item. */
  getItem(key: string): string | null;
  /** Writes an item; may throw when the storage is full. */
  setItem(key: string, value: string): void;
}

/** A {@linkcode CacheStore} in Web Storage, each entry one JSON item under a prefix. */
export class LocalStorageCache implements CacheStore {
  readonly #storage: StorageLike;
  readonly #prefix: string;

  /**
   * Creates the cache.
   *
   * @param storage The storage (default `globalThis.localStorage`).
   * @param prefix Prepended to every item key (default `"lanka-api:"`).
   * @throws {TypeError} When no storage is given and the runtime has no `localStorage`.
   *
   * @example Usage
   * ```ts ignore
   * import { createClient, LocalStorageCache } from "@lanka/api";
   * const client = createClient({ cache: new LocalStorageCache() });
   * ```
   */
  constructor(storage?: StorageLike, prefix = "lanka-api:") {
    let found = storage;
    if (!found) {
      try {
        // Reading it can throw (Deno without --location, disabled storage in a browser).
        found = (globalThis as { localStorage?: StorageLike }).localStorage;
      } catch {
        found = undefined;
      }
    }
    if (!found || typeof found.getItem !== "function" || typeof found.setItem !== "function") {
      throw new TypeError(
        "Cannot create LocalStorageCache: this runtime has no localStorage (Node, Deno without --location, a worker): pass a Storage such as sessionStorage, or use MemoryCache or DenoKvCache",
      );
    }
    this.#storage = found;
    this.#prefix = prefix;
  }

  /**
   * Reads an entry; unreadable items count as missing.
   *
   * @param key The key.
   * @returns The entry, or undefined.
   */
  get(key: string): CacheEntry | undefined {
    const text = this.#storage.getItem(this.#prefix + key);
    if (text === null) return undefined;
    try {
      return JSON.parse(text) as CacheEntry;
    } catch {
      return undefined;
    }
  }

  /**
   * Writes an entry; a full storage is not an error (the entry is simply not kept).
   *
   * @param key The key.
   * @param entry The entry.
   */
  set(key: string, entry: CacheEntry): void {
    try {
      this.#storage.setItem(this.#prefix + key, JSON.stringify(entry));
    } catch {
      // Quota exceeded or storage disabled: caching is best effort.
    }
  }
}
