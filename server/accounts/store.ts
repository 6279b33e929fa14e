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
 * | `["email_tokens", sha256(token)]`     | {@linkcode EmailToken} (single use)    |
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
import { checkNewPassword, normalisePassword } from "./passwords.ts";

/** A developer account. */
export interface Account {
  id: string;
  /** Lower-cased email. */
  email: string;
  /** PBKDF2 hash; null for accounts an operator created, which cannot log in. */
  passwordHash: string | null;
  /** Epoch ms. */
  createdAt: number;
  /** When the email was proven by a link (epoch ms); null or absent until then. */
  verifiedAt?: number | null;
  /** Sessions opened under an older epoch are ended (a password reset or takeover raises it). */
  sessionEpoch?: number;
}

/** A signed-in session. */
export interface Session {
  accountId: string;
  /** Epoch ms; checked on read (KV expiry is only the earliest deletion time). */
  expiresAt: number;
  /** The account's session epoch when it was opened (absent: 0). */
  epoch?: number;
}

/** What an emailed link proves when followed. */
export type EmailTokenPurpose = "verify" | "claim" | "reset";

/** A link's token as stored (only its hash is the key): single use, with an expiry. */
export interface EmailToken {
  purpose: EmailTokenPurpose;
  accountId: string;
  /** The address the link was sent to. */
  email: string;
  /** Epoch ms. */
  expiresAt: number;
  /** For `claim`: the password chosen at the sign-up that asked to take the address over. */
  passwordHash?: string;
}

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Readonly<Record<EmailTokenPurpose, number>> = {
  verify: 24 * 3_600_000,
  claim: 3_600_000,
  reset: 3_600_000,
};

/** What following a link did. */
export interface Redeemed {
  account: Account;
  purpose: EmailTokenPurpose;
  /** Keys revoked because someone else had made them on an unproven account. */
  keysRevoked: number;
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

export { checkNewPassword } from "./passwords.ts";

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
    const hash = password === null ? null : await this.hashNewPassword(password);
    return await this.create(address, hash);
  }

  /**
   * Checks a new password against the rule and hashes it.
   *
   * @param password As typed.
   * @returns The hash of its NFKC form.
   * @throws {ApiError} 400 when the rule refuses it.
   */
  async hashNewPassword(password: string): Promise<string> {
    return await hashPassword(checkNewPassword(password), this.#iterations);
  }

  /**
   * Creates an unverified account with a password already hashed.
   *
   * @param address A normalised email.
   * @param passwordHash The hash, or null.
   * @returns The account.
   * @throws {ApiError} 409 when the email is taken.
   */
  async create(address: string, passwordHash: string | null): Promise<Account> {
    const account: Account = {
      id: `acc_${randomBase62(16)}`,
      email: address,
      passwordHash,
      createdAt: this.#clock.now(),
      verifiedAt: null,
      sessionEpoch: 0,
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
    const normalised = normalisePassword(password);
    if (await verifyPassword(normalised, account.passwordHash)) return account;
    // Hashes made before passwords were normalised hold the password as typed.
    if (normalised !== password && await verifyPassword(password, account.passwordHash)) {
      return account;
    }
    return null;
  }

  /**
   * Spends as long as checking a password does, for answers that must not show whether an
   * account exists.
   *
   * @param password Anything.
   */
  async wasteTime(password: string): Promise<void> {
    this.#dummyHash ??= hashPassword("not a password", this.#iterations);
    await verifyPassword(password, await this.#dummyHash);
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
    const account = (await this.#kv.get<Account>(["accounts", accountId])).value;
    const session: Session = { accountId, expiresAt, epoch: account?.sessionEpoch ?? 0 };
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
    const account = (await this.#kv.get<Account>(["accounts", entry.value.accountId])).value;
    if (!account || (entry.value.epoch ?? 0) < (account.sessionEpoch ?? 0)) return null;
    return account;
  }

  /**
   * Issues a single-use link token for an account.
   *
   * @param purpose What following the link does.
   * @param account The account.
   * @param passwordHash For `claim`: the password chosen at the new sign-up.
   * @returns The token (for the link; stored only hashed) and its expiry (epoch ms).
   */
  async issueToken(
    purpose: EmailTokenPurpose,
    account: Account,
    passwordHash?: string,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBase62(43);
    const ttl = TOKEN_TTL_MS[purpose];
    const expiresAt = this.#clock.now() + ttl;
    const value: EmailToken = {
      purpose,
      accountId: account.id,
      email: account.email,
      expiresAt,
      ...(passwordHash ? { passwordHash } : {}),
    };
    await retryLocked(() =>
      this.#kv.set(["email_tokens", sha256Hex(token)], value, { expireIn: ttl })
    );
    return { token, expiresAt };
  }

  /**
   * A link token that can still be used, without using it (for the page the link opens).
   *
   * @param token From the link.
   * @param purposes The purposes the page accepts.
   * @returns The stored token, or null when unknown, used, expired or for another purpose.
   */
  async peekToken(
    token: string,
    purposes: readonly EmailTokenPurpose[],
  ): Promise<EmailToken | null> {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
    const entry = await this.#kv.get<EmailToken>(["email_tokens", sha256Hex(token)]);
    const value = entry.value;
    if (!value || value.expiresAt <= this.#clock.now() || !purposes.includes(value.purpose)) {
      return null;
    }
    return value;
  }

  /**
   * Follows a link: in one atomic write the token is deleted (single use) and the account
   * changed. Every purpose marks the email verified. `reset` sets `newPassword` and ends every
   * session; `claim` sets the password chosen at the claiming sign-up. When the address was not
   * yet proven and someone had set a password on it (`claim`, or `reset` of an unverified
   * account), that someone's sessions end and their keys are revoked: the owner takes it over.
   *
   * @param token From the link.
   * @param purposes The purposes accepted here.
   * @param newPassword For `reset`: the new password (checked against the rule first, so a
   *   refused password does not use up the link).
   * @returns What was done, or null when the link is unknown, used, expired or for another purpose.
   * @throws {ApiError} 400 when `newPassword` is refused by the rule.
   */
  async redeemToken(
    token: string,
    purposes: readonly EmailTokenPurpose[],
    newPassword?: string,
  ): Promise<Redeemed | null> {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
    const newHash = newPassword === undefined ? undefined : await this.hashNewPassword(newPassword);
    const key = ["email_tokens", sha256Hex(token)];
    for (;;) {
      const entry = await this.#kv.get<EmailToken>(key);
      const value = entry.value;
      const now = this.#clock.now();
      if (!value || value.expiresAt <= now || !purposes.includes(value.purpose)) return null;
      const current = await this.#kv.get<Account>(["accounts", value.accountId]);
      const before = current.value;
      if (!before || before.email !== value.email) {
        await retryLocked(() => this.#kv.atomic().check(entry).delete(key).commit());
        return null;
      }
      const unproven = !before.verifiedAt;
      const takeover = unproven && before.passwordHash !== null &&
        (value.purpose === "claim" || value.purpose === "reset");
      const passwordHash = value.purpose === "claim"
        ? value.passwordHash ?? before.passwordHash
        : value.purpose === "reset"
        ? newHash ?? before.passwordHash
        : before.passwordHash;
      const endSessions = value.purpose !== "verify" || takeover;
      const account: Account = {
        ...before,
        passwordHash,
        verifiedAt: before.verifiedAt || now,
        sessionEpoch: (before.sessionEpoch ?? 0) + (endSessions ? 1 : 0),
      };
      const result = await retryLocked(() =>
        this.#kv.atomic().check(entry).check(current).delete(key)
          .set(["accounts", account.id], account).commit()
      );
      if (!result.ok) continue;
      let keysRevoked = 0;
      if (takeover) {
        for (const listed of await this.listKeys(account.id)) {
          if (listed.revokedAt !== null) continue;
          await this.revokeKey(listed.id, account.id);
          keysRevoked++;
        }
      }
      return { account, purpose: value.purpose, keysRevoked };
    }
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
