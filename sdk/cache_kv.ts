/**
 * A cache in Deno KV, so a Deno program (or a Deno Deploy app) keeps serving the last good news
 * and store pages across restarts while the API is unreachable.
 *
 * @module
 */
import type { CacheEntry, CacheStore } from "./cache.ts";

/** A key part this cache writes. */
export type KvKeyPart = string | number;

/** The part of `Deno.Kv` the cache uses; a `Deno.Kv` fits it. */
export interface KvLike {
  /** Reads one key. */
  get(key: readonly KvKeyPart[]): Promise<{ value: unknown }>;
  /** Writes one key, optionally expiring. */
  set(
    key: readonly KvKeyPart[],
    value: unknown,
    options?: { expireIn?: number },
  ): Promise<unknown>;
}

/** Options of {@linkcode DenoKvCache}. */
export interface DenoKvCacheOptions {
  /** Key prefix (default `["lanka-api", "cache"]`). */
  prefix?: readonly KvKeyPart[];
  /** Entries expire this long after they were written, ms (default 30 days). */
  expireInMs?: number;
}

/** KV values are limited to 64 KiB; 30,000 UTF-16 code units stay under it even as two-byte text. */
const CHUNK = 30_000;

interface Header {
  id: string;
  chunks: number;
}

/**
 * A {@linkcode CacheStore} in Deno KV. Entries are JSON split into chunks under 64 KiB (the store
 * catalogue is larger than one KV value); a header naming the chunk set is written last, so a
 * reader never sees half an entry.
 */
export class DenoKvCache implements CacheStore {
  readonly #kv: KvLike;
  readonly #prefix: readonly KvKeyPart[];
  readonly #expireIn: number;

  /**
   * Creates the cache.
   *
   * @param kv An open `Deno.Kv` (or anything with the same `get` and `set`).
   * @param options Key prefix and expiry.
   *
   * @example Usage
   * ```ts ignore
   * import { createClient, DenoKvCache } from "@lanka/api";
   * const client = createClient({ cache: new DenoKvCache(await Deno.openKv()) });
   * ```
   */
  constructor(kv: KvLike, options: DenoKvCacheOptions = {}) {
    this.#kv = kv;
    this.#prefix = options.prefix ?? ["lanka-api", "cache"];
    this.#expireIn = options.expireInMs ?? 30 * 86_400_000;
  }

  /**
   * Reads an entry; a missing chunk counts as no entry.
   *
   * @param key The key.
   * @returns The entry, or undefined.
   */
  async get(key: string): Promise<CacheEntry | undefined> {
    const header = (await this.#kv.get([...this.#prefix, key])).value as Header | null;
    if (!header) return undefined;
    const parts = await Promise.all(
      Array.from({ length: header.chunks }, (_, i) => this.#kv.get(this.#chunkKey(key, header, i))),
    );
    if (parts.some((part) => typeof part.value !== "string")) return undefined;
    try {
      return JSON.parse(parts.map((part) => part.value).join("")) as CacheEntry;
    } catch {
      return undefined;
    }
  }

  /**
   * Writes an entry: its chunks first, then the header pointing at them.
   *
   * @param key The key.
   * @param entry The entry.
   */
  async set(key: string, entry: CacheEntry): Promise<void> {
    const text = JSON.stringify(entry);
    const header: Header = { id: crypto.randomUUID(), chunks: Math.ceil(text.length / CHUNK) };
    const options = { expireIn: this.#expireIn };
    await Promise.all(
      Array.from(
        { length: header.chunks },
        (_, i) =>
          this.#kv.set(
            this.#chunkKey(key, header, i),
            text.slice(i * CHUNK, (i + 1) * CHUNK),
            options,
          ),
      ),
    );
    await this.#kv.set([...this.#prefix, key], header, options);
  }

  #chunkKey(key: string, header: Header, index: number): KvKeyPart[] {
    return [...this.#prefix, key, header.id, index];
  }
}
