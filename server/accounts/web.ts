/**
 * What the account API and the dashboard share: the session cookie, Origin checks, the per-IP
 * limit on sign-up and log-in attempts, and the public view of a key.
 *
 * @module
 */
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { ApiError } from "../../core/errors.ts";
import type { KeyInfo } from "../../core/ops/accounts.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { rateLimited } from "../http/quota.ts";
import type { AppContext } from "../http/types.ts";
import type { Logger } from "../log.ts";
import type { QuotaStore } from "../quota/store.ts";
import type { Mailer } from "./mail.ts";
import type { Outbox } from "./outbox.ts";
import type { Account, Accounts, KeyListing } from "./store.ts";

/** The session cookie's name. */
export const SESSION_COOKIE = "lanka_session";
/** Sign-up and log-in attempts allowed per IP (IPv6 per /64) per hour. */
export const AUTH_ATTEMPTS_PER_HOUR = 20;

/** What account routes need. */
export interface AccountDeps {
  accounts: Accounts;
  quota: QuotaStore;
  clock: Clock;
  config: Config;
  /** Account mail (verification and reset links). */
  mailer: Mailer;
  /** The account flows' work done after their answer (see `outbox.ts`). */
  outbox: Outbox;
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when the public URL is https.
 *
 * @param c The context.
 * @param config For the public URL.
 * @param token The session token.
 * @param expiresAt Epoch ms.
 */
export function setSessionCookie(
  c: AppContext,
  config: Config,
  token: string,
  expiresAt: number,
): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: config.publicBaseUrl.startsWith("https:"),
    expires: new Date(expiresAt),
  });
}

/**
 * Clears the session cookie.
 *
 * @param c The context.
 * @param config For the public URL.
 */
export function clearSessionCookie(c: AppContext, config: Config): void {
  deleteCookie(c, SESSION_COOKIE, {
    path: "/",
    secure: config.publicBaseUrl.startsWith("https:"),
  });
}

/**
 * The session token from the cookie.
 *
 * @param c The context.
 * @returns The token, or undefined.
 */
export function sessionToken(c: AppContext): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * The signed-in account, or null.
 *
 * @param c The context.
 * @param accounts The store.
 * @returns The account.
 */
export async function currentAccount(c: AppContext, accounts: Accounts): Promise<Account | null> {
  const token = sessionToken(c);
  return token ? await accounts.session(token) : null;
}

/**
 * Refuses a state-changing request sent from another site: `Origin` (or, without it, the
 * `Referer`'s origin) must be the public base URL's origin or the request's own.
 *
 * @param c The context.
 * @param config For the public URL.
 * @param required Whether a request with neither header is refused (forms: yes; the JSON API:
 *   no, since non-browser clients send neither and browsers always send Origin on POST).
 * @throws {ApiError} 403 `forbidden`.
 */
export function checkOrigin(c: AppContext, config: Config, required: boolean): void {
  let origin = c.req.header("origin");
  if (origin === undefined) {
    const referer = c.req.header("referer");
    try {
      origin = referer ? new URL(referer).origin : undefined;
    } catch {
      origin = "null";
    }
  }
  if (origin === undefined && !required) return;
  const allowed = [new URL(config.publicBaseUrl).origin, new URL(c.req.url).origin];
  if (origin === undefined || !allowed.includes(origin)) {
    throw new ApiError(
      403,
      "forbidden",
      "Request refused: it did not come from this site (Origin check)",
    );
  }
}

/**
 * Counts a sign-up or log-in attempt against the client address's hourly allowance.
 *
 * @param c The context.
 * @param deps Quota store, clock, config.
 * @throws {ApiError} 429 `rate_limited` when the allowance is used up.
 */
export async function countAuthAttempt(c: AppContext, deps: AccountDeps): Promise<void> {
  // The client the pipeline resolved from the connection (one allowance per address or /64).
  const group = c.get("client")?.group ?? "unknown";
  const now = deps.clock.now();
  const hour = new Date(now).getUTCHours();
  const decision = await deps.quota.consume(
    `auth:${group}:${hour}`,
    AUTH_ATTEMPTS_PER_HOUR,
    now,
  );
  if (!decision.allowed) {
    const reset = Math.floor(now / 3_600_000 + 1) * 3600;
    const error = rateLimited({ ...decision, reset }, now, "sign-up and log-in attempts");
    throw new ApiError(
      429,
      "rate_limited",
      `Too many sign-up and log-in attempts from this address: try again after ${
        new Date(reset * 1000).toISOString().slice(11, 16)
      } UTC`,
      { extra: error.extra ?? {}, headers: error.headers ?? {} },
    );
  }
}

/**
 * The public view of a stored key, with today's usage.
 *
 * @param key The key.
 * @param deps Quota store, clock, config.
 * @returns What the API and the dashboard show.
 */
export async function keyInfo(key: KeyListing, deps: AccountDeps): Promise<KeyInfo> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: new Date(key.createdAt).toISOString(),
    lastUsedAt: iso(key.lastUsedAt),
    revokedAt: iso(key.revokedAt),
    active: key.revokedAt === null,
    callsToday: await callsToday(key.accountId, deps),
    dailyLimit: deps.config.keyDailyLimit,
    ...(key.client ? { client: key.client.name } : {}),
  };
}

/**
 * Calls the account counted today (all its keys: the limit is per account). The store reports
 * what is left of a limit, so ask with a huge one.
 */
async function callsToday(accountId: string, deps: AccountDeps): Promise<number> {
  const state = await deps.quota.peek(
    `acct:${accountId}`,
    Number.MAX_SAFE_INTEGER,
    deps.clock.now(),
  );
  return Number.MAX_SAFE_INTEGER - state.remaining;
}

/**
 * Logs in and opens a session with its cookie: the one path the JSON API and the dashboard
 * share. Counts the attempt against the address's hourly allowance first. Logs ids only.
 *
 * @param c The context.
 * @param deps Accounts, quota, clock, config.
 * @param logger For the account event.
 * @param email The email.
 * @param password The password.
 * @returns The account and when its session expires (epoch ms).
 * @throws {ApiError} 401 `unauthorized` for a wrong log-in, 429.
 */
export async function openSession(
  c: AppContext,
  deps: AccountDeps,
  logger: Logger,
  email: string,
  password: string,
): Promise<{ account: Account; expiresAt: number }> {
  await countAuthAttempt(c, deps);
  const account = await deps.accounts.logIn(email, password);
  if (!account) {
    logger.log("info", "Log-in refused", { requestId: c.get("requestId") });
    throw new ApiError(401, "unauthorized", "Wrong email or password");
  }
  // Under the password version read with the password that was checked (see createSession).
  const session = await deps.accounts.createSession(account);
  setSessionCookie(c, deps.config, session.token, session.expiresAt);
  return { account, expiresAt: session.expiresAt };
}
