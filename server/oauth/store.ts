/**
 * The authorization server's records on Deno KV: registered clients, consents waiting for the
 * person's answer, authorization codes, access and refresh tokens. Every secret is stored only as
 * its SHA-256 (as API keys are), and every token leads to one API key of the account: the key an
 * authorization made for its client (`StoredKey.client`). So a token is counted, limited and
 * revoked exactly as that key: on the account's daily quota, listed in the dashboard, and dead
 * once the key is revoked (by the owner, the operator, or the account's lifecycle table).
 *
 * | key                                | value                          | expires                    |
 * | ---------------------------------- | ------------------------------ | -------------------------- |
 * | `["oauth_clients", clientId]`      | {@linkcode OAuthClient}        | 24 h unused; 30 d from use |
 * | `["oauth_consents", sha256(t)]`    | {@linkcode Consent}            | 10 min, single use         |
 * | `["oauth_codes", sha256(code)]`    | {@linkcode AuthCode}           | 5 min, single use          |
 * | `["oauth_access", sha256(token)]`  | {@linkcode AccessGrant}        | `OAUTH_ACCESS_TTL`         |
 * | `["oauth_refresh", sha256(token)]` | {@linkcode RefreshGrant}       | 30 d (rotated on each use) |
 *
 * @module
 */
import { createHash } from "node:crypto";
import { ApiError, isApiError } from "../../core/errors.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { KeyRecord, KeyResolver } from "../http/caller.ts";
import { constantTimeEqual, randomBase62, sha256Hex } from "../accounts/secrets.ts";
import { type Account, type Accounts, retryLocked, type StoredKey } from "../accounts/store.ts";
import { OAuthError } from "./errors.ts";
import { MCP_PATH } from "./metadata.ts";

/** A registered client (RFC 7591): public, identified by its id, bound to its redirect URIs. */
export interface OAuthClient {
  id: string;
  /** The name it gave, or null (the consent page then says "an unnamed MCP client"). */
  name: string | null;
  /** Where its authorization answers may go: https, or http on a loopback host. */
  redirectUris: string[];
  /** Epoch ms. */
  createdAt: number;
}

/** A consent page shown to a signed-in person, waiting for the answer its form carries. */
interface Consent {
  accountId: string;
  /** SHA-256 of the authorization request the page showed (see `requestDigest`). */
  digest: string;
  expiresAt: number;
}

/** An authorization code: what the person approved, for the client that asked. */
interface AuthCode {
  clientId: string;
  /** The redirect URI of the request, which the token request must repeat. */
  redirectUri: string;
  /** The PKCE `code_challenge` (S256). */
  challenge: string;
  accountId: string;
  /** The password version of the session that approved: a password changed since ends it. */
  epoch: number;
  /** The client's name when approved (the key's name). */
  clientName: string;
  expiresAt: number;
  /** When it was exchanged: a second use is refused and revokes what the first made. */
  usedAt?: number;
  /** The key the exchange made. */
  keyId?: string;
}

/** What an access token stands for. */
interface AccessGrant {
  keyId: string;
  accountId: string;
  clientId: string;
  expiresAt: number;
}

/** What a refresh token stands for. */
interface RefreshGrant extends AccessGrant {
  /** When it was exchanged for a new pair: using it again revokes the grant (OAuth 2.1 4.3.1). */
  rotatedAt?: number;
}

/** The token answer (RFC 6749 section 5.1). */
export interface TokenSet {
  access_token: string;
  token_type: "Bearer";
  /** Seconds. */
  expires_in: number;
  refresh_token: string;
}

/** How long a registration without a grant lives. */
export const UNUSED_CLIENT_TTL_MS = 24 * 3_600_000;
/** How long a refresh token works; a client registration in use lives as long. */
export const REFRESH_TTL_MS = 30 * 86_400_000;
/** How long an authorization code works (OAuth 2.1 recommends at most 10 minutes). */
export const CODE_TTL_MS = 5 * 60_000;
/** How long a consent page's form works. */
export const CONSENT_TTL_MS = 10 * 60_000;
/**
 * A rotated refresh token used again within this long is refused without revoking the grant:
 * two requests of one client that raced each other, not a stolen token.
 */
export const REFRESH_RACE_MS = 10_000;
/** Access tokens are re-read from KV after this long (the bound on revocation elsewhere). */
export const TOKEN_CACHE_MS = 5_000;
const TOKEN_CACHE_MAX = 10_000;

/** `lka_` and 43 base62 characters (about 256 bits). */
export const ACCESS_TOKEN_PATTERN: RegExp = /^lka_[0-9A-Za-z]{43}$/;
/** `lkr_` and 43 base62 characters. */
export const REFRESH_TOKEN_PATTERN: RegExp = /^lkr_[0-9A-Za-z]{43}$/;
/** Client ids: `mcp_` and 24 base62 characters. */
export const CLIENT_ID_PATTERN: RegExp = /^mcp_[0-9A-Za-z]{24}$/;
const SECRET_PATTERN = /^[0-9A-Za-z]{43}$/;

const invalidGrant = (why: string) => new OAuthError(400, "invalid_grant", why);

/**
 * The S256 code challenge of a PKCE verifier (RFC 7636 section 4.2).
 *
 * @param verifier The verifier.
 * @returns BASE64URL(SHA256(verifier)), without padding.
 */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** Options of {@linkcode OAuthStore}. */
export interface OAuthStoreOptions {
  clock?: Clock;
  /** Access token lifetime in seconds (`OAUTH_ACCESS_TTL`). */
  accessTtlS: number;
}

/** The authorization server's records, and the resolver of access tokens for the caller step. */
export class OAuthStore implements KeyResolver {
  readonly #kv: Deno.Kv;
  readonly #accounts: Accounts;
  readonly #clock: Clock;
  readonly #accessTtlMs: number;
  readonly #cache = new Map<string, { record: KeyRecord; at: number; until: number }>();

  /**
   * @param kv The database.
   * @param accounts The accounts, whose keys the tokens stand for.
   * @param options Clock and access token lifetime.
   */
  constructor(kv: Deno.Kv, accounts: Accounts, options: OAuthStoreOptions) {
    this.#kv = kv;
    this.#accounts = accounts;
    this.#clock = options.clock ?? systemClock;
    this.#accessTtlMs = options.accessTtlS * 1000;
    accounts.onRevoke((keyId) => {
      for (const [hash, entry] of this.#cache) {
        if (entry.record.id === keyId) this.#cache.delete(hash);
      }
    });
  }

  /** Access token lifetime in seconds. */
  get accessTtlS(): number {
    return this.#accessTtlMs / 1000;
  }

  /**
   * Registers a client whose metadata was already checked (see `registration.ts`).
   *
   * @param name Its name, or null.
   * @param redirectUris Its redirect URIs.
   * @returns The client.
   */
  async register(name: string | null, redirectUris: string[]): Promise<OAuthClient> {
    const client: OAuthClient = {
      id: `mcp_${randomBase62(24)}`,
      name,
      redirectUris,
      createdAt: this.#clock.now(),
    };
    await retryLocked(() =>
      this.#kv.set(["oauth_clients", client.id], client, { expireIn: UNUSED_CLIENT_TTL_MS })
    );
    return client;
  }

  /**
   * A registered client.
   *
   * @param id Its id as sent.
   * @returns The client, or null (also for a string that is no client id).
   */
  async client(id: string): Promise<OAuthClient | null> {
    if (!CLIENT_ID_PATTERN.test(id)) return null;
    return (await this.#kv.get<OAuthClient>(["oauth_clients", id])).value;
  }

  /**
   * Opens a consent: the ticket the consent page's form carries, bound to the signed-in account
   * and to the request the page shows. It works once (a form posted from elsewhere has none).
   *
   * @param accountId The signed-in account.
   * @param digest The request's digest.
   * @returns The ticket.
   */
  async openConsent(accountId: string, digest: string): Promise<string> {
    const ticket = randomBase62(43);
    const consent: Consent = { accountId, digest, expiresAt: this.#clock.now() + CONSENT_TTL_MS };
    await retryLocked(() =>
      this.#kv.set(["oauth_consents", sha256Hex(ticket)], consent, { expireIn: CONSENT_TTL_MS })
    );
    return ticket;
  }

  /**
   * Uses a consent up: true when the ticket was issued to this account for this very request,
   * within its time, and not used before.
   *
   * @param ticket From the form.
   * @param accountId The signed-in account.
   * @param digest The digest of the request the form was posted with.
   * @returns Whether the answer may be taken.
   */
  async takeConsent(ticket: string, accountId: string, digest: string): Promise<boolean> {
    if (!SECRET_PATTERN.test(ticket)) return false;
    const key = ["oauth_consents", sha256Hex(ticket)];
    const entry = await this.#kv.get<Consent>(key);
    const consent = entry.value;
    if (!consent || consent.expiresAt <= this.#clock.now()) return false;
    if (consent.accountId !== accountId || consent.digest !== digest) return false;
    const result = await retryLocked(() => this.#kv.atomic().check(entry).delete(key).commit());
    return result.ok;
  }

  /**
   * Issues an authorization code for what a person approved.
   *
   * @param client The client.
   * @param redirectUri The request's redirect URI.
   * @param challenge The PKCE challenge (S256).
   * @param account The approving account, as its session read it.
   * @returns The code (for the redirect; stored only hashed).
   */
  async issueCode(
    client: OAuthClient,
    redirectUri: string,
    challenge: string,
    account: Pick<Account, "id" | "sessionEpoch">,
  ): Promise<string> {
    const code = randomBase62(43);
    const value: AuthCode = {
      clientId: client.id,
      redirectUri,
      challenge,
      accountId: account.id,
      epoch: account.sessionEpoch ?? 0,
      clientName: client.name ?? "MCP client",
      expiresAt: this.#clock.now() + CODE_TTL_MS,
    };
    await retryLocked(() =>
      this.#kv.set(["oauth_codes", sha256Hex(code)], value, { expireIn: CODE_TTL_MS })
    );
    return code;
  }

  /**
   * Exchanges an authorization code (RFC 6749 4.1.3, RFC 7636 4.6): the code must be known,
   * unused, unexpired and issued to this client for this redirect URI, and the verifier must
   * hash to its challenge. The account's password must not have changed since the approval.
   * The client's earlier key on the account (an earlier authorization) is revoked, and a new key
   * made for it; the answer is a token pair for that key. A code used twice is refused and
   * revokes the key its first use made (OAuth 2.1 4.1.3).
   *
   * @param code The code.
   * @param clientId The client.
   * @param redirectUri The redirect URI sent with the token request.
   * @param verifier The PKCE verifier.
   * @returns The tokens.
   * @throws {OAuthError} `invalid_grant` for any of the above.
   */
  async exchangeCode(
    code: string,
    clientId: string,
    redirectUri: string,
    verifier: string,
  ): Promise<TokenSet> {
    if (!SECRET_PATTERN.test(code)) throw invalidGrant("Unknown authorization code");
    const key = ["oauth_codes", sha256Hex(code)];
    const entry = await this.#kv.get<AuthCode>(key);
    const value = entry.value;
    const now = this.#clock.now();
    if (!value || value.expiresAt <= now) {
      throw invalidGrant("Unknown or expired authorization code");
    }
    if (value.usedAt !== undefined) {
      // Replayed: whatever its first use made is revoked, and so is the code for good.
      await retryLocked(() =>
        this.#kv.set(key, { ...value, usedAt: -1 }, { expireIn: CODE_TTL_MS })
      );
      if (value.keyId) await this.#revokeKey(value.keyId);
      throw invalidGrant("Authorization code was already used: the tokens it gave are revoked");
    }
    if (value.clientId !== clientId) {
      throw invalidGrant("Authorization code was issued to another client");
    }
    if (value.redirectUri !== redirectUri) {
      throw invalidGrant("redirect_uri differs from the authorization request's");
    }
    if (!constantTimeEqual(s256(verifier), value.challenge)) {
      throw invalidGrant("code_verifier does not match the code_challenge (PKCE, S256)");
    }
    const used = { ...value, usedAt: now };
    const marked = await retryLocked(() =>
      this.#kv.atomic().check(entry).set(key, used, { expireIn: CODE_TTL_MS }).commit()
    );
    if (!marked.ok) throw invalidGrant("Authorization code was already used");
    const account = (await this.#kv.get<Account>(["accounts", value.accountId])).value;
    if (!account || (account.sessionEpoch ?? 0) !== value.epoch) {
      throw invalidGrant("The account's password changed since the approval: authorize again");
    }
    // One key per client and account: an earlier authorization of the same client ends.
    for (const earlier of await this.#accounts.listKeys(account.id)) {
      if (earlier.revokedAt === null && earlier.client?.id === clientId) {
        await this.#revokeKey(earlier.id);
      }
    }
    let made: StoredKey;
    try {
      made = (await this.#accounts.createKey(account.id, value.clientName, { epoch: value.epoch }, {
        id: clientId,
        name: value.clientName,
      })).record;
    } catch (error) {
      if (isApiError(error) && error.status === 409) throw invalidGrant(error.message);
      throw error;
    }
    const current = await this.#kv.get<AuthCode>(key);
    const noted = await retryLocked(() =>
      this.#kv.atomic().check(current).set(key, { ...used, keyId: made.id }, {
        expireIn: CODE_TTL_MS,
      }).commit()
    );
    if (!noted.ok || current.value?.usedAt !== now) {
      // Replayed while this exchange ran: nothing it made survives.
      await this.#revokeKey(made.id);
      throw invalidGrant("Authorization code was already used");
    }
    return await this.#issue(made, clientId);
  }

  /**
   * Exchanges a refresh token for a new pair (RFC 6749 section 6), rotating it: the old one is
   * spent. Using a spent one again revokes the grant (OAuth 2.1 4.3.1: a stolen token and its
   * rightful client cannot both go on), unless it was spent less than
   * {@linkcode REFRESH_RACE_MS} ago (a client racing itself).
   *
   * @param token The refresh token.
   * @param clientId The client.
   * @returns The new pair.
   * @throws {OAuthError} `invalid_grant`.
   */
  async refresh(token: string, clientId: string): Promise<TokenSet> {
    for (;;) {
      if (!REFRESH_TOKEN_PATTERN.test(token)) throw invalidGrant("Unknown refresh token");
      const key = ["oauth_refresh", sha256Hex(token)];
      const entry = await this.#kv.get<RefreshGrant>(key);
      const grant = entry.value;
      const now = this.#clock.now();
      if (!grant || grant.expiresAt <= now) throw invalidGrant("Unknown or expired refresh token");
      if (grant.clientId !== clientId) {
        throw invalidGrant("Refresh token was issued to another client");
      }
      if (grant.rotatedAt !== undefined) {
        if (now - grant.rotatedAt < REFRESH_RACE_MS) {
          throw invalidGrant("Refresh token was just used: use the tokens that use gave");
        }
        await this.#revokeKey(grant.keyId);
        throw invalidGrant("Refresh token was already used: the grant is revoked");
      }
      const stored = await this.#accounts.key(grant.keyId);
      if (!stored || stored.revokedAt !== null || stored.client?.id !== clientId) {
        throw invalidGrant("The authorization was revoked: authorize again");
      }
      const spent: RefreshGrant = { ...grant, rotatedAt: now };
      const pair = this.#pair(stored, clientId, now);
      const client = await this.#kv.get<OAuthClient>(["oauth_clients", clientId]);
      const result = await retryLocked(() =>
        pair.write(
          this.#kv.atomic().check(entry).set(key, spent, {
            expireIn: Math.max(grant.expiresAt - now, 1),
          }),
          client,
        ).commit()
      );
      if (result.ok) return pair.tokens;
    }
  }

  /**
   * Revokes the grant of a token (RFC 7009): its key, and with it every token of the grant.
   * An unknown token is not an error (RFC 7009 section 2.2).
   *
   * @param token An access or refresh token.
   * @param clientId The client asking.
   * @throws {OAuthError} `unauthorized_client` when the token was issued to another client.
   */
  async revoke(token: string, clientId: string): Promise<void> {
    const table = ACCESS_TOKEN_PATTERN.test(token)
      ? "oauth_access"
      : REFRESH_TOKEN_PATTERN.test(token)
      ? "oauth_refresh"
      : undefined;
    if (!table) return;
    const grant = (await this.#kv.get<AccessGrant>([table, sha256Hex(token)])).value;
    if (!grant) return;
    if (grant.clientId !== clientId) {
      throw new OAuthError(400, "unauthorized_client", "Token was issued to another client");
    }
    await this.#revokeKey(grant.keyId);
  }

  /**
   * The key an access token stands for, as the caller step needs it (it works at `/mcp` only).
   * Cached for {@linkcode TOKEN_CACHE_MS} (never past the token's expiry); dropped at once when
   * this instance revokes the key.
   *
   * @param raw The token as presented.
   * @returns The key's record, or null for an unknown, expired or revoked token.
   */
  resolve(raw: string): KeyRecord | null | Promise<KeyRecord | null> {
    if (!ACCESS_TOKEN_PATTERN.test(raw)) return null;
    const hash = sha256Hex(raw);
    const now = this.#clock.now();
    const hit = this.#cache.get(hash);
    if (hit && now >= hit.at && now - hit.at < TOKEN_CACHE_MS && now < hit.until) {
      return hit.record;
    }
    return this.#lookup(hash, now);
  }

  async #lookup(hash: string, now: number): Promise<KeyRecord | null> {
    this.#cache.delete(hash);
    const grant = (await this.#kv.get<AccessGrant>(["oauth_access", hash])).value;
    if (!grant || grant.expiresAt <= now) return null;
    const key = await this.#accounts.key(grant.keyId);
    if (!key || key.revokedAt !== null || key.client?.id !== grant.clientId) return null;
    const record: KeyRecord = { id: key.id, accountId: key.accountId, path: MCP_PATH };
    this.#cache.set(hash, { record, at: now, until: grant.expiresAt });
    if (this.#cache.size > TOKEN_CACHE_MAX) this.#cache.delete(this.#cache.keys().next().value!);
    return record;
  }

  /** A new token pair for a key, and the writes that store it (with the client kept alive). */
  #pair(key: StoredKey, clientId: string, now: number) {
    const access = `lka_${randomBase62(43)}`;
    const refresh = `lkr_${randomBase62(43)}`;
    const grant: AccessGrant = {
      keyId: key.id,
      accountId: key.accountId,
      clientId,
      expiresAt: now + this.#accessTtlMs,
    };
    const refreshGrant: RefreshGrant = { ...grant, expiresAt: now + REFRESH_TTL_MS };
    const tokens: TokenSet = {
      access_token: access,
      token_type: "Bearer",
      expires_in: this.#accessTtlMs / 1000,
      refresh_token: refresh,
    };
    const write = (op: Deno.AtomicOperation, client: Deno.KvEntryMaybe<OAuthClient>) => {
      op.set(["oauth_access", sha256Hex(access)], grant, { expireIn: this.#accessTtlMs })
        .set(["oauth_refresh", sha256Hex(refresh)], refreshGrant, { expireIn: REFRESH_TTL_MS });
      // A client in use lives as long as its newest refresh token.
      if (client.value) op.set(client.key, client.value, { expireIn: REFRESH_TTL_MS });
      return op;
    };
    return { tokens, write };
  }

  async #issue(key: StoredKey, clientId: string): Promise<TokenSet> {
    const now = this.#clock.now();
    const pair = this.#pair(key, clientId, now);
    const client = await this.#kv.get<OAuthClient>(["oauth_clients", clientId]);
    await retryLocked(() => pair.write(this.#kv.atomic(), client).commit());
    return pair.tokens;
  }

  async #revokeKey(keyId: string): Promise<void> {
    try {
      await this.#accounts.revokeKey(keyId, null);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
}
