/**
 * Accounts, sessions and API keys on Deno KV, and the KV-backed {@linkcode KeyResolver}.
 *
 * KV layout (secrets are never stored, only their SHA-256):
 *
 * | key                                   | value                                  |
 * | ------------------------------------- | -------------------------------------- |
 * | `["accounts", accountId]`             | {@linkcode Account}                    |
 * | `["accounts_by_email", email]`        | accountId                              |
 * | `["sessions", sha256(token)]`         | {@linkcode Session} (expires in 30 d)  |
 * | `["keys", keyId]`                     | {@linkcode StoredKey}                  |
 * | `["keys_by_hash", sha256(key)]`       | keyId                                  |
 * | `["keys_by_account", accountId, id]`  | true                                   |
 * | `["active_keys", accountId]`          | number of active keys (checked on write) |
 * | `["usage_last", "key:" + keyId]`      | epoch ms of last use (quota store)     |
 *
 * @module
 */
import { ApiError } from "../../core/errors.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { KeyRecord, KeyResolver } from "../http/caller.ts";
import {
  generateApiKey,
  hashPassword,
  KEY_PATTERN,
  PASSWORD_ITERATIONS,
  randomBase62,
  sha256Hex,
  verifyPassword,
} from "./secrets.ts";

/** A developer account. */
export interface Account {
  id: string;
  /** Lower-cased email. */
  email: string;
  /** PBKDF2 hash; null for accounts an operator created, which cannot log in. */
  passwordHash: string | null;
  /** Epoch ms. */
  createdAt: number;
}

/** A signed-in session. */
export interface Session {
  accountId: string;
  /** Epoch ms; checked on read (KV expiry is only the earliest deletion time). */
  expiresAt: number;
}

/** An API key as stored: the secret only as its hash. */
export interface StoredKey {
  id: string;
  accountId: string;
  name: string;
  /** The first characters of the key (`lk_` + 5), to recognise it in lists. */
  prefix: string;
  /** SHA-256 of the key, hex. */
  hash: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms, or null while active. */
  revokedAt: number | null;
}

/** A key in a listing, with when it was last used. */
export interface KeyListing extends StoredKey {
  /** Epoch ms of the last counted call (to the flush interval), or null. */
  lastUsedAt: number | null;
}

/** How long a session lasts. */
export const SESSION_TTL_MS = 30 * 86_400_000;
/** At most this many active keys per account. */
export const MAX_ACTIVE_KEYS = 5;
/** The name of a key created without one (the dashboard shows it in the page's language). */
export const UNNAMED_KEY = "Unnamed key";
/** Key records are re-read from KV after this long: the bound on revoke propagation. */
export const KEY_CACHE_MS = 5_000;
const KEY_CACHE_MAX = 10_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Options of {@linkcode Accounts}. */
export interface AccountsOptions {
  clock?: Clock;
  /** PBKDF2 iterations for new passwords (default 600,000; lower only in tests). */
  iterations?: number;
  /** Key cache lifetime (default {@linkcode KEY_CACHE_MS}). */
  keyCacheMs?: number;
}

/**
 * Normalises and checks an email address.
 *
 * @param email As typed.
 * @returns Trimmed and lower-cased.
 * @throws {ApiError} 400 when it does not look like an address.
 */
export function normaliseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !EMAIL.test(value)) {
    throw ApiError.invalidParam("email", `Email must be an address like name@example.com`);
  }
  return value;
}

/**
 * Checks a new password's length (never echoing it).
 *
 * @param password The password.
 * @throws {ApiError} 400 when shorter than 8 or longer than 256 characters.
 */
export function checkPassword(password: string): void {
  if (password.length < 8 || password.length > 256) {
    throw ApiError.invalidParam("password", "Password must be 8 to 256 characters long");
  }
}

/**
 * Runs a KV write, retrying while SQLite reports "database is locked" (another process on the
 * same file is writing).
 *
 * @param write The write.
 * @returns Its result.
 */
export async function retryLocked<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 50 || !/database is locked/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10 * (attempt + 1)));
    }
  }
}

/** Accounts, sessions and keys; also the API key resolver of the caller middleware. */
export class Accounts implements KeyResolver {
  readonly #kv: Deno.Kv;
  readonly #clock: Clock;
  readonly #iterations: number;
  readonly #cacheMs: number;
  readonly #cache = new Map<string, { record: KeyRecord; at: number }>();
  /** Verifying against this keeps log-in with an unknown email as slow as with a known one. */
  #dummyHash: Promise<string> | undefined;

  /**
   * @param kv The database.
   * @param options Clock, password iterations, key cache lifetime.
   */
  constructor(kv: Deno.Kv, options: AccountsOptions = {}) {
    this.#kv = kv;
    this.#clock = options.clock ?? systemClock;
    this.#iterations = options.iterations ?? PASSWORD_ITERATIONS;
    this.#cacheMs = options.keyCacheMs ?? KEY_CACHE_MS;
  }

  /**
   * Creates an account.
   *
   * @param email The email (normalised here).
   * @param password The password, or null for an operator-created account without log-in.
   * @returns The account.
   * @throws {ApiError} 400 for a bad email or password, 409 when the email is taken.
   */
  async signUp(email: string, password: string | null): Promise<Account> {
    const address = normaliseEmail(email);
    if (password !== null) checkPassword(password);
    const account: Account = {
      id: `acc_${randomBase62(16)}`,
      email: address,
      passwordHash: password === null ? null : await hashPassword(password, this.#iterations),
      createdAt: this.#clock.now(),
    };
    const result = await retryLocked(() =>
      this.#kv.atomic()
        .check({ key: ["accounts_by_email", address], versionstamp: null })
        .set(["accounts", account.id], account)
        .set(["accounts_by_email", address], account.id)
        .commit()
    );
    if (!result.ok) {
      throw new ApiError(409, "conflict", `An account with email "${address}" already exists`);
    }
    return account;
  }

  /**
   * Finds an account by email.
   *
   * @param email The email.
   * @returns The account, or null.
   */
  async byEmail(email: string): Promise<Account | null> {
    const id = await this.#kv.get<string>(["accounts_by_email", email.trim().toLowerCase()]);
    if (!id.value) return null;
    return (await this.#kv.get<Account>(["accounts", id.value])).value;
  }

  /**
   * Checks an email and password.
   *
   * @param email The email.
   * @param password The password.
   * @returns The account, or null when either is wrong (the same time is spent either way).
   */
  async logIn(email: string, password: string): Promise<Account | null> {
    const account = await this.byEmail(email);
    if (!account?.passwordHash) {
      this.#dummyHash ??= hashPassword("not a password", this.#iterations);
      await verifyPassword(password, await this.#dummyHash);
      return null;
    }
    return (await verifyPassword(password, account.passwordHash)) ? account : null;
  }

  /**
   * Opens a session.
   *
   * @param accountId The account.
   * @returns The session token (for the cookie; stored only hashed) and its expiry.
   */
  async createSession(accountId: string): Promise<{ token: string; expiresAt: number }> {
    const token = randomBase62(43);
    const expiresAt = this.#clock.now() + SESSION_TTL_MS;
    const session: Session = { accountId, expiresAt };
    await retryLocked(() =>
      this.#kv.set(["sessions", sha256Hex(token)], session, { expireIn: SESSION_TTL_MS })
    );
    return { token, expiresAt };
  }

  /**
   * The account of a session token.
   *
   * @param token The token from the cookie.
   * @returns The account, or null for an unknown or expired session.
   */
  async session(token: string): Promise<Account | null> {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
    const entry = await this.#kv.get<Session>(["sessions", sha256Hex(token)]);
    if (!entry.value || entry.value.expiresAt <= this.#clock.now()) return null;
    return (await this.#kv.get<Account>(["accounts", entry.value.accountId])).value;
  }

  /**
   * Ends a session.
   *
   * @param token The token from the cookie.
   */
  async endSession(token: string): Promise<void> {
    await retryLocked(() => this.#kv.delete(["sessions", sha256Hex(token)]));
  }

  /**
   * Creates an API key.
   *
   * @param accountId The owner.
   * @param name A label for people.
   * @returns The full key (show it once) and its stored record.
   * @throws {ApiError} 409 when the account already has {@linkcode MAX_ACTIVE_KEYS} active keys.
   */
  async createKey(accountId: string, name: string): Promise<{ key: string; record: StoredKey }> {
    const key = generateApiKey();
    const record: StoredKey = {
      id: `key_${randomBase62(16)}`,
      accountId,
      name: name.trim().slice(0, 60) || UNNAMED_KEY,
      prefix: key.slice(0, 8),
      hash: sha256Hex(key),
      createdAt: this.#clock.now(),
      revokedAt: null,
    };
    for (;;) {
      const active = await this.#kv.get<number>(["active_keys", accountId]);
      const count = active.value ?? 0;
      if (count >= MAX_ACTIVE_KEYS) {
        throw new ApiError(
          409,
          "conflict",
          `An account may have at most ${MAX_ACTIVE_KEYS} active keys: revoke one first`,
        );
      }
      const result = await retryLocked(() =>
        this.#kv.atomic()
          .check(active)
          .set(["active_keys", accountId], count + 1)
          .set(["keys", record.id], record)
          .set(["keys_by_hash", record.hash], record.id)
          .set(["keys_by_account", accountId, record.id], true)
          .commit()
      );
      if (result.ok) return { key, record };
    }
  }

  /**
   * An account's keys, newest first, with when each was last used.
   *
   * @param accountId The owner.
   * @returns Active and revoked keys.
   */
  async listKeys(accountId: string): Promise<KeyListing[]> {
    const ids: string[] = [];
    for await (const entry of this.#kv.list({ prefix: ["keys_by_account", accountId] })) {
      ids.push(String(entry.key[2]));
    }
    const out: KeyListing[] = [];
    for (let i = 0; i < ids.length; i += 5) {
      const chunk = ids.slice(i, i + 5);
      const keys = await this.#kv.getMany<StoredKey[]>(chunk.map((id) => ["keys", id]));
      const used = await this.#kv.getMany<number[]>(chunk.map((id) => ["usage_last", `key:${id}`]));
      keys.forEach((entry, j) => {
        if (entry.value) out.push({ ...entry.value, lastUsedAt: used[j]?.value ?? null });
      });
    }
    return out.sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * A stored key with when it was last used.
   *
   * @param key The stored key.
   * @returns The listing entry.
   */
  async listing(key: StoredKey): Promise<KeyListing> {
    const used = await this.#kv.get<number>(["usage_last", `key:${key.id}`]);
    return { ...key, lastUsedAt: used.value };
  }

  /**
   * A key by id.
   *
   * @param keyId The key id.
   * @returns The stored key, or null.
   */
  async key(keyId: string): Promise<StoredKey | null> {
    return (await this.#kv.get<StoredKey>(["keys", keyId])).value;
  }

  /**
   * Revokes a key. It stops working at once on this instance (its cache entry is dropped) and
   * within {@linkcode KEY_CACHE_MS} on others.
   *
   * @param keyId The key id.
   * @param accountId The owner, or null for the operator.
   * @returns The revoked key.
   * @throws {ApiError} 404 when there is no such key (or it belongs to another account).
   */
  async revokeKey(keyId: string, accountId: string | null): Promise<StoredKey> {
    for (;;) {
      const entry = await this.#kv.get<StoredKey>(["keys", keyId]);
      const key = entry.value;
      if (!key || (accountId !== null && key.accountId !== accountId)) {
        throw ApiError.notFound(`No key with id "${keyId}" in this account`);
      }
      this.#forget(key.hash);
      if (key.revokedAt !== null) return key;
      const active = await this.#kv.get<number>(["active_keys", key.accountId]);
      const revoked: StoredKey = { ...key, revokedAt: this.#clock.now() };
      const result = await retryLocked(() =>
        this.#kv.atomic()
          .check(entry)
          .check(active)
          .set(["keys", keyId], revoked)
          .delete(["keys_by_hash", key.hash])
          .set(["active_keys", key.accountId], Math.max((active.value ?? 1) - 1, 0))
          .commit()
      );
      if (result.ok) return revoked;
    }
  }

  /**
   * Looks up a presented API key by its hash. Active keys are cached for
   * {@linkcode KEY_CACHE_MS}; unknown keys are not cached, so a key created on another instance
   * works at once.
   *
   * @param rawKey The key as presented.
   * @returns The key, or null when unknown or revoked.
   */
  resolve(rawKey: string): KeyRecord | null | Promise<KeyRecord | null> {
    if (!KEY_PATTERN.test(rawKey)) return null;
    const hash = sha256Hex(rawKey);
    const now = this.#clock.now();
    const hit = this.#cache.get(hash);
    // A cached key answers synchronously: no KV read and no microtask on the hot path.
    if (hit && now >= hit.at && now - hit.at < this.#cacheMs) return hit.record;
    return this.#lookup(hash, now);
  }

  async #lookup(hash: string, now: number): Promise<KeyRecord | null> {
    const id = await this.#kv.get<string>(["keys_by_hash", hash]);
    const key = id.value ? await this.key(id.value) : null;
    if (!key || key.revokedAt !== null || key.hash !== hash) {
      this.#forget(hash);
      return null;
    }
    const record: KeyRecord = { id: key.id, accountId: key.accountId };
    this.#cache.delete(hash);
    this.#cache.set(hash, { record, at: now });
    if (this.#cache.size > KEY_CACHE_MAX) {
      this.#cache.delete(this.#cache.keys().next().value!);
    }
    return record;
  }

  #forget(hash: string): void {
    this.#cache.delete(hash);
  }
}
