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
 * | `["keys_by_hash", sha256(key)]`       | keyId (none for an MCP client's key)   |
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
import { earlierForm, normaliseEmail } from "./address.ts";
import {
  type AddressState,
  type LinkKind,
  LINKS,
  stateOf,
  type Transition,
  transitionOf,
} from "./lifecycle.ts";

/** The 401 of a link that needs the account's password, when the password given is not it. */
export const WRONG_PASSWORD = "Wrong password for this account";

/** A developer account. */
export interface Account {
  id: string;
  /** The address in its one form (see `address.ts`). */
  email: string;
  /** PBKDF2 hash; null for accounts an operator created, which cannot log in. */
  passwordHash: string | null;
  /** Epoch ms. */
  createdAt: number;
  /** When the address was proven by a link (epoch ms); null or absent until then. */
  verifiedAt?: number | null;
  /**
   * The password's version (absent: 0): raised whenever the password changes. A session works
   * only under the version it was opened with; a key remembers the version it was made under.
   */
  sessionEpoch?: number;
  /**
   * The first password version the address's owner proved (confirming the address with that
   * password, or choosing it on a mailed link's page); every later one is proven too, since only
   * links change a password. Absent: none yet (and for addresses confirmed before this was kept).
   */
  provenEpoch?: number;
  /** Raised by everything a link changes (absent: 0): a link works only under its version. */
  version?: number;
}

/** A signed-in session. */
export interface Session {
  accountId: string;
  /** Epoch ms; checked on read (KV expiry is only the earliest deletion time). */
  expiresAt: number;
  /**
   * The password version whose password opened it (absent: 0): the one read with the password
   * that was checked, so a log-in racing a password change gets a session that is already over.
   */
  epoch?: number;
}

/** A link's token as stored (only its hash is the key): single use, with an expiry. */
export interface EmailToken {
  purpose: LinkKind;
  accountId: string;
  /** The address the link was sent to. */
  email: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The account's version when the link was mailed: any change to the account ends the link. */
  version?: number;
}

/** A link that works now, with what following it would do. */
export interface OpenLink {
  token: EmailToken;
  account: Account;
  state: AddressState;
  transition: Transition;
}

/** What following a link did. */
export interface Redeemed {
  /** The account after. */
  account: Account;
  purpose: LinkKind;
  /** The state before and what was done. */
  state: AddressState;
  transition: Transition;
  /** Keys revoked because they were made before the address's owner proved it. */
  keysRevoked: number;
}

/** What a person gives when following a link (see `Transition.proof`). */
export interface LinkAnswer {
  /** The password typed on the page: the account's current one, or the new one chosen. */
  password?: string;
  /** The account of the browser's session, which proves the current password as well. */
  session?: Account | null;
}

/** Who made a key: a session under a password version, or the operator. */
export type KeyMaker = { epoch: number } | "operator";

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
  /** The account's password version it was made under (absent for keys made before this was kept). */
  epoch?: number;
  /** Made by the operator (`deno task admin keys create`). */
  operator?: boolean;
  /**
   * Made when the account authorized an MCP client (OAuth, `server/oauth/`): the client's id and
   * name. Such a key has no secret anyone holds (its client presents short-lived access tokens
   * instead, see `server/oauth/store.ts`), so it is never looked up by hash; revoking it ends
   * the client's tokens.
   */
  client?: { id: string; name: string };
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

/** Options of {@linkcode Accounts}. */
export interface AccountsOptions {
  clock?: Clock;
  /** PBKDF2 iterations for new passwords (default 600,000; lower only in tests). */
  iterations?: number;
  /** Key cache lifetime (default {@linkcode KEY_CACHE_MS}). */
  keyCacheMs?: number;
}

export { normaliseEmail } from "./address.ts";
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
  readonly #revokeListeners: ((keyId: string) => void)[] = [];
  /** Checking a password against this spends the time a real check does, for unknown emails. */
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
    const account = await this.create(address, hash, earlierForm(email, address));
    if (!account) {
      throw new ApiError(409, "conflict", `An account with email "${address}" already exists`);
    }
    return account;
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
   * Creates an unconfirmed account with a password already hashed, unless the address has one:
   * one atomic write that checks the address is free (in its one form, and in the form
   * addresses were stored in before, when that differs).
   *
   * @param address A normalised email.
   * @param passwordHash The hash, or null.
   * @param earlier The address as stored before addresses had one form, if it differs.
   * @returns The new account, or null when the address already has one.
   */
  async create(
    address: string,
    passwordHash: string | null,
    earlier?: string,
  ): Promise<Account | null> {
    const account: Account = {
      id: `acc_${randomBase62(16)}`,
      email: address,
      passwordHash,
      createdAt: this.#clock.now(),
      verifiedAt: null,
      sessionEpoch: 0,
      version: 0,
    };
    const result = await retryLocked(() => {
      const op = this.#kv.atomic()
        .check({ key: ["accounts_by_email", address], versionstamp: null });
      if (earlier) op.check({ key: ["accounts_by_email", earlier], versionstamp: null });
      return op.set(["accounts", account.id], account)
        .set(["accounts_by_email", address], account.id)
        .commit();
    });
    return result.ok ? account : null;
  }

  /**
   * Finds an account by email (any spelling of its address).
   *
   * @param email The email as typed.
   * @returns The account, or null (also for a string that is no plain address).
   */
  async byEmail(email: string): Promise<Account | null> {
    let address: string;
    try {
      address = normaliseEmail(email);
    } catch {
      return null;
    }
    const earlier = earlierForm(email, address);
    const ids = await this.#kv.getMany<string[]>([
      ["accounts_by_email", address],
      ...(earlier ? [["accounts_by_email", earlier]] : []),
    ]);
    const id = ids.find((entry) => entry.value)?.value;
    return id ? (await this.#kv.get<Account>(["accounts", id])).value : null;
  }

  /**
   * Checks an email and password. The work is the same whether or not the address has an
   * account, and whatever the password: one PBKDF2 check, and a second (of the password as
   * typed, for hashes made before passwords were normalised) whenever NFKC changes the password.
   *
   * @param email The email.
   * @param password The password.
   * @returns The account as read before its password was checked, or null when either is wrong.
   */
  async logIn(email: string, password: string): Promise<Account | null> {
    const account = await this.byEmail(email);
    this.#dummyHash ??= hashPassword("not a password", this.#iterations);
    const stored = account?.passwordHash ?? await this.#dummyHash;
    const normalised = normalisePassword(password);
    let ok = await verifyPassword(normalised, stored);
    if (normalised !== password) {
      // Always both checks when NFKC changed the password: how long the answer takes must not
      // depend on whether the first one matched, or on whether there was an account.
      ok = await verifyPassword(password, stored) || ok;
    }
    return ok && account?.passwordHash ? account : null;
  }

  /**
   * Opens a session under the password version of the account as it was read when its password
   * was checked: a password changed since (a reset racing the log-in) has already ended it.
   *
   * @param account The account, as read by {@linkcode logIn}.
   * @returns The session token (for the cookie; stored only hashed) and its expiry.
   */
  async createSession(
    account: Pick<Account, "id" | "sessionEpoch">,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBase62(43);
    const expiresAt = this.#clock.now() + SESSION_TTL_MS;
    const session: Session = { accountId: account.id, expiresAt, epoch: account.sessionEpoch ?? 0 };
    await retryLocked(() =>
      this.#kv.set(["sessions", sha256Hex(token)], session, { expireIn: SESSION_TTL_MS })
    );
    return { token, expiresAt };
  }

  /**
   * The account of a session token.
   *
   * @param token The token from the cookie.
   * @returns The account, or null for an unknown or expired session, or one opened under
   *   another password.
   */
  async session(token: string): Promise<Account | null> {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
    const entry = await this.#kv.get<Session>(["sessions", sha256Hex(token)]);
    if (!entry.value || entry.value.expiresAt <= this.#clock.now()) return null;
    const account = (await this.#kv.get<Account>(["accounts", entry.value.accountId])).value;
    if (!account || (entry.value.epoch ?? 0) !== (account.sessionEpoch ?? 0)) return null;
    return account;
  }

  /**
   * Issues a single-use link token for an account, valid while the account stays as it is.
   *
   * @param purpose The kind of link.
   * @param account The account.
   * @returns The token (for the link; stored only hashed) and its expiry (epoch ms).
   */
  async issueToken(
    purpose: LinkKind,
    account: Account,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBase62(43);
    const ttl = LINKS[purpose].ttlMs;
    const expiresAt = this.#clock.now() + ttl;
    const value: EmailToken = {
      purpose,
      accountId: account.id,
      email: account.email,
      expiresAt,
      version: account.version ?? 0,
    };
    await retryLocked(() =>
      this.#kv.set(["email_tokens", sha256Hex(token)], value, { expireIn: ttl })
    );
    return { token, expiresAt };
  }

  /**
   * A link that works now, without using it (for the page the link opens): known, unused, not
   * expired, of a kind the page takes, issued under the account's present version, and allowed
   * in the address's present state by the table.
   *
   * @param token From the link.
   * @param purposes The kinds the page takes.
   * @returns The link with what following it would do, or null.
   */
  async peekToken(token: string, purposes: readonly LinkKind[]): Promise<OpenLink | null> {
    return (await this.#open(token, purposes))?.link ?? null;
  }

  async #open(
    token: string,
    purposes: readonly LinkKind[],
  ): Promise<
    {
      link: OpenLink;
      entries: [Deno.KvEntry<EmailToken>, Deno.KvEntry<Account>];
    } | null
  > {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return null;
    const entry = await this.#kv.get<EmailToken>(["email_tokens", sha256Hex(token)]);
    const value = entry.value;
    if (!value || value.expiresAt <= this.#clock.now() || !purposes.includes(value.purpose)) {
      return null;
    }
    const current = await this.#kv.get<Account>(["accounts", value.accountId]);
    const account = current.value;
    if (
      !account || account.email !== value.email || value.version === undefined ||
      value.version !== (account.version ?? 0)
    ) {
      return null;
    }
    const state = stateOf(account);
    const transition = transitionOf(state, value.purpose);
    if (!transition) return null;
    return {
      link: { token: value, account, state, transition },
      entries: [entry as Deno.KvEntry<EmailToken>, current as Deno.KvEntry<Account>],
    };
  }

  /**
   * Follows a link, by the table of `lifecycle.ts`: checks what the person gave (the account's
   * password, or a session of it, for `currentPassword`; a password the rule accepts for
   * `newPassword`), then in one atomic write uses the token up, changes the account (confirmed;
   * the new password; the password version raised when sessions end; the account's version
   * raised, which ends every other link) and revokes the keys the transition names.
   *
   * @param token From the link.
   * @param purposes The kinds accepted here.
   * @param answer What the person gave.
   * @returns What was done, or null when the link does not work (unknown, used, expired, of
   *   another kind, issued before the account last changed, or not allowed in its state).
   * @throws {ApiError} 400 when a new password is refused by the rule, 401 when the current
   *   password is wrong (the link is not used up by either).
   */
  async redeemToken(
    token: string,
    purposes: readonly LinkKind[],
    answer: LinkAnswer = {},
  ): Promise<Redeemed | null> {
    let newHash: string | undefined;
    let provenFor: string | undefined;
    for (;;) {
      const opened = await this.#open(token, purposes);
      if (!opened) return null;
      const { link, entries: [entry, current] } = opened;
      const { account: before, transition, state } = link;
      if (transition.proof === "newPassword") {
        newHash ??= await this.hashNewPassword(answer.password ?? "");
      } else if (provenFor !== before.passwordHash) {
        await this.#checkCurrentPassword(before, answer);
        provenFor = before.passwordHash ?? undefined;
      }
      const now = this.#clock.now();
      const epoch = (before.sessionEpoch ?? 0) + (transition.endsSessions ? 1 : 0);
      const account: Account = {
        ...before,
        passwordHash: transition.setsPassword ? newHash! : before.passwordHash,
        verifiedAt: before.verifiedAt || now,
        sessionEpoch: epoch,
        provenEpoch: before.provenEpoch ?? epoch,
        version: (before.version ?? 0) + 1,
      };
      const revoke = transition.revokesKeys === "unproven" ? await this.#unprovenKeys(before) : [];
      const active = await this.#kv.get<number>(["active_keys", before.id]);
      // One write: the token used up, the account changed, the keys revoked, or nothing at all.
      const write = () => {
        const op = this.#kv.atomic().check(entry).check(current).check(active)
          .delete(entry.key)
          .set(["accounts", account.id], account);
        for (const key of revoke) {
          op.check(key)
            .set(["keys", key.value.id], { ...key.value, revokedAt: now })
            .delete(["keys_by_hash", key.value.hash]);
        }
        if (revoke.length) {
          op.set(
            ["active_keys", before.id],
            Math.max((active.value ?? revoke.length) - revoke.length, 0),
          );
        }
        return op.commit();
      };
      const result = await retryLocked(write);
      if (!result.ok) continue;
      for (const key of revoke) this.#revoked(key.value);
      return {
        account,
        purpose: link.token.purpose,
        state,
        transition,
        keysRevoked: revoke.length,
      };
    }
  }

  /** Checks the proof a `currentPassword` link asks for; throws 401 when it is not given. */
  async #checkCurrentPassword(account: Account, answer: LinkAnswer): Promise<void> {
    const session = answer.session;
    if (
      session && session.id === account.id &&
      (session.sessionEpoch ?? 0) === (account.sessionEpoch ?? 0)
    ) {
      return;
    }
    const password = answer.password ?? "";
    const normalised = normalisePassword(password);
    const stored = account.passwordHash;
    if (
      stored && (await verifyPassword(normalised, stored) ||
        (normalised !== password && await verifyPassword(password, stored)))
    ) {
      return;
    }
    throw new ApiError(401, "unauthorized", WRONG_PASSWORD);
  }

  /**
   * The active keys of an account made before its address's owner proved it: under a password
   * version older than the first proven one (or before versions were kept), and not by the
   * operator. On an account without a password every key is the operator's.
   */
  async #unprovenKeys(account: Account): Promise<Deno.KvEntry<StoredKey>[]> {
    if (account.passwordHash === null) return [];
    const ids: string[] = [];
    for await (const entry of this.#kv.list({ prefix: ["keys_by_account", account.id] })) {
      ids.push(String(entry.key[2]));
    }
    const out: Deno.KvEntry<StoredKey>[] = [];
    for (let i = 0; i < ids.length; i += 10) {
      const entries = await this.#kv.getMany<StoredKey[]>(
        ids.slice(i, i + 10).map((id) => ["keys", id]),
      );
      for (const entry of entries) {
        const key = entry.value;
        if (!key || key.revokedAt !== null || key.operator) continue;
        const proven = account.provenEpoch !== undefined && key.epoch !== undefined &&
          key.epoch >= account.provenEpoch;
        if (!proven) out.push(entry as Deno.KvEntry<StoredKey>);
      }
    }
    return out;
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
   * @param maker Who makes it: a session, under the password version it was opened with, or
   *   the operator (unknown: counted as made before the address was proven).
   * @param client The MCP client an authorization makes it for: then the key's secret is thrown
   *   away unseen (its prefix is `oauth`) and the key is never looked up by hash.
   * @returns The full key (show it once) and its stored record.
   * @throws {ApiError} 409 when the account already has {@linkcode MAX_ACTIVE_KEYS} active keys.
   */
  async createKey(
    accountId: string,
    name: string,
    maker?: KeyMaker,
    client?: { id: string; name: string },
  ): Promise<{ key: string; record: StoredKey }> {
    const key = generateApiKey();
    const record: StoredKey = {
      id: `key_${randomBase62(16)}`,
      accountId,
      name: name.trim().slice(0, 60) || UNNAMED_KEY,
      prefix: client ? "oauth" : key.slice(0, 8),
      hash: sha256Hex(key),
      createdAt: this.#clock.now(),
      revokedAt: null,
      ...(maker === "operator" ? { operator: true } : maker ? { epoch: maker.epoch } : {}),
      ...(client ? { client } : {}),
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
      const result = await retryLocked(() => {
        const op = this.#kv.atomic()
          .check(active)
          .set(["active_keys", accountId], count + 1)
          .set(["keys", record.id], record)
          .set(["keys_by_account", accountId, record.id], true);
        // An MCP client's key is reached through its tokens only, never by a secret.
        if (!client) op.set(["keys_by_hash", record.hash], record.id);
        return op.commit();
      });
      if (result.ok) return { key: client ? "" : key, record };
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
      if (result.ok) {
        this.#revoked(key);
        return revoked;
      }
    }
  }

  /**
   * Calls `listener` with the id of every key this instance revokes (by the owner, the operator
   * or a link), so that what caches a key's credentials (an MCP client's tokens) drops them at
   * once.
   *
   * @param listener Called with the key id.
   */
  onRevoke(listener: (keyId: string) => void): void {
    this.#revokeListeners.push(listener);
  }

  #revoked(key: StoredKey): void {
    this.#forget(key.hash);
    for (const listener of this.#revokeListeners) listener(key.id);
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
    if (!key || key.revokedAt !== null || key.hash !== hash || key.client) {
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
