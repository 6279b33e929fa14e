/**
 * The account API: sign-up, password reset, sessions and API keys. Server-only operations (they need KV); the
 * server gives their handlers. They do not consume the daily data quota.
 *
 * @module
 */
import * as z from "zod/mini";
import { defineRemoteOperation, type Operation } from "../operation.ts";
import { text } from "../params.ts";

/** Body of sign-up and log-in. */
export interface Credentials {
  /** Email address (case is ignored). */
  email: string;
  /** Password: 8 to 256 characters after Unicode NFKC, not one of the 10,000 most common. */
  password: string;
}

/** Body of a password reset request. */
export interface ResetRequestBody {
  /** Email address of the account. */
  email: string;
}

/** The answer of sign-up and of a reset request: the same whether or not the address is known. */
export interface MailSent {
  /** The address, normalised. */
  email: string;
  /** What happens next, for people. */
  message: string;
}

/** Body of key creation. */
export interface NewKeyBody {
  /** A label for people (default "Unnamed key"). */
  name?: string | undefined;
}

/** An account as the API shows it. */
export interface AccountResult {
  id: string;
  email: string;
  /** Whether the address was confirmed by the mailed link (keys work either way). */
  emailVerified: boolean;
  /** ISO timestamp. */
  createdAt: string;
  /** When the session just opened (cookie `lanka_session`) expires, ISO timestamp. */
  sessionExpiresAt?: string | undefined;
}

/** A key in a listing (the secret is never shown again). */
export interface KeyInfo {
  id: string;
  name: string;
  /** The first 8 characters of the key, to recognise it. */
  prefix: string;
  createdAt: string;
  /** ISO timestamp of the last counted call (to the flush interval), or null. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  active: boolean;
  /** Calls counted today (UTC) by the account, all its keys together. */
  callsToday: number;
  /** The account's daily limit (shared by its keys). */
  dailyLimit: number;
  /**
   * The MCP client an authorization (OAuth) made this key for, by the name it registered: such a
   * key has no secret of its own (its client holds short-lived tokens) and its prefix is `oauth`.
   */
  client?: string | undefined;
}

/** The key listing. */
export interface KeyList {
  keys: KeyInfo[];
  /** Active keys allowed per account. */
  maxActive: number;
}

/** A newly created key: the only time the full key is returned. */
export interface NewKey extends KeyInfo {
  /** The full key. Store it now: only its hash is kept. */
  key: string;
}

const credentials: z.ZodMiniType<Credentials> = z.strictObject({
  email: z.string({ error: "must be a string" }).check(
    z.maxLength(254, { error: "is too long" }),
    z.describe("Email address"),
  ),
  password: z.string({ error: "must be a string" }).check(
    z.maxLength(1024, { error: "must be at most 256 characters long" }),
    z.describe(
      "Password: 8 to 256 characters after Unicode NFKC normalisation, not one character repeated and not one of the 10,000 most common passwords (no other rules)",
    ),
  ),
}, { error: "Body must be a JSON object with only email and password" });

const resetRequest: z.ZodMiniType<ResetRequestBody> = z.strictObject({
  email: z.string({ error: "must be a string" }).check(
    z.maxLength(254, { error: "is too long" }),
    z.describe("Email address of the account"),
  ),
}, { error: "Body must be a JSON object with only email" });

const mailSent: z.ZodMiniType<MailSent> = z.object({
  email: z.string().check(z.describe("The address, trimmed and lower-cased")),
  message: z.string().check(z.describe("What happens next")),
});

const newKeyBody: z.ZodMiniType<NewKeyBody> = z.strictObject({
  name: z.optional(
    z.string({ error: "must be a string" }).check(
      z.maxLength(60, { error: "must be at most 60 characters long" }),
    ),
  ).check(z.describe("A label for the key")),
}, { error: "Body must be a JSON object with at most a name" });

const iso = z.string().check(z.describe("ISO 8601 timestamp"));

const accountResult: z.ZodMiniType<AccountResult> = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean().check(
    z.describe("Whether the address was confirmed by the mailed link"),
  ),
  createdAt: iso,
  sessionExpiresAt: z.optional(iso),
});

const keyInfoShape = {
  id: z.string().check(z.describe("Key id (not secret)")),
  name: z.string(),
  prefix: z.string().check(z.describe("First 8 characters of the key")),
  createdAt: iso,
  lastUsedAt: z.nullable(iso),
  revokedAt: z.nullable(iso),
  active: z.boolean(),
  callsToday: z.int().check(
    z.describe("Calls counted today (UTC) by the account, all its keys together"),
  ),
  dailyLimit: z.int().check(z.describe("The account's daily limit, shared by its keys")),
  client: z.optional(
    z.string().check(
      z.describe("The MCP client an authorization (OAuth) made this key for (prefix `oauth`)"),
    ),
  ),
};
const keyInfo: z.ZodMiniType<KeyInfo> = z.object(keyInfoShape);
const keyList: z.ZodMiniType<KeyList> = z.object({
  keys: z.array(keyInfo),
  maxActive: z.int(),
});
const newKey: z.ZodMiniType<NewKey> = z.object({
  ...keyInfoShape,
  key: z.string().check(z.describe("The full key, shown only now")),
});

const none = z.object({});
const TAG = "Accounts";

/** `POST /api/v1/accounts`: sign up. */
export const createAccount: Operation<unknown, MailSent> = defineRemoteOperation({
  name: "createAccount",
  method: "POST",
  path: "/accounts",
  title: "Create an account",
  description:
    "Signs up with email and password and mails a link that confirms the address; then log in with POST /api/v1/sessions (keys work before the address is confirmed). The answer is the same whether or not the address already has an account. Attempts are rate-limited per IP.",
  tag: TAG,
  params: none,
  body: credentials,
  result: mailSent,
  example: "/api/v1/accounts",
  account: "open",
  status: 202,
  errors: {
    "403": "The request came from another site (Origin check)",
    "429": "Too many sign-up or log-in attempts from this address",
  },
});

/** `POST /api/v1/password-reset`: mail a password reset link. */
export const requestPasswordReset: Operation<unknown, MailSent> = defineRemoteOperation({
  name: "requestPasswordReset",
  method: "POST",
  path: "/password-reset",
  title: "Ask for a password reset link",
  description:
    "Mails a link to set a new password (it works once, within 1 hour; setting the password ends every session) when the address has an account. The answer is the same whether or not it has one. Counts against the same hourly allowance per IP as sign-up and log-in.",
  tag: TAG,
  params: none,
  body: resetRequest,
  result: mailSent,
  example: "/api/v1/password-reset",
  account: "open",
  status: 202,
  errors: {
    "403": "The request came from another site (Origin check)",
    "429": "Too many sign-up, log-in or reset attempts from this address",
  },
});

/** `POST /api/v1/sessions`: log in. */
export const createSession: Operation<unknown, AccountResult> = defineRemoteOperation({
  name: "createSession",
  method: "POST",
  path: "/sessions",
  title: "Log in",
  description:
    "Checks email and password and opens a session (cookie lanka_session, 30 days). Attempts are rate-limited per IP.",
  tag: TAG,
  params: none,
  body: credentials,
  result: accountResult,
  example: "/api/v1/sessions",
  account: "open",
  status: 201,
  errors: {
    "401": "Wrong email or password",
    "403": "The request came from another site (Origin check)",
    "429": "Too many sign-up or log-in attempts from this address",
  },
});

/** `DELETE /api/v1/sessions`: log out. */
export const deleteSession: Operation<unknown, { signedOut: boolean }> = defineRemoteOperation({
  name: "deleteSession",
  method: "DELETE",
  path: "/sessions",
  title: "Log out",
  description: "Ends the current session and clears its cookie.",
  tag: TAG,
  params: none,
  result: z.object({ signedOut: z.boolean() }) as z.ZodMiniType<{ signedOut: boolean }>,
  example: "/api/v1/sessions",
  account: "session",
  errors: { "403": "The request came from another site (Origin check)" },
});

/** `GET /api/v1/keys`: the account's keys. */
export const listKeys: Operation<unknown, KeyList> = defineRemoteOperation({
  name: "listKeys",
  method: "GET",
  path: "/keys",
  title: "List API keys",
  description:
    "The signed-in account's keys: prefix, name, created, last used, calls today. Never the keys themselves.",
  tag: TAG,
  params: none,
  result: keyList,
  example: "/api/v1/keys",
  account: "session",
});

/** `POST /api/v1/keys`: create a key. */
export const createKey: Operation<unknown, NewKey> = defineRemoteOperation({
  name: "createKey",
  method: "POST",
  path: "/keys",
  title: "Create an API key",
  description:
    "Creates a key (lk_ and 32 random characters). The full key is in this response only; at most 5 active keys per account.",
  tag: TAG,
  params: none,
  body: newKeyBody,
  result: newKey,
  example: "/api/v1/keys",
  account: "session",
  status: 201,
  errors: {
    "403": "The request came from another site (Origin check)",
    "409": "The account already has 5 active keys",
  },
});

/** `DELETE /api/v1/keys/{id}`: revoke a key. */
export const revokeKey: Operation<unknown, KeyInfo> = defineRemoteOperation({
  name: "revokeKey",
  method: "DELETE",
  path: "/keys/{id}",
  title: "Revoke an API key",
  description:
    "Revokes a key: refused at once by the instance that revoked it, within 5 seconds by the others.",
  tag: TAG,
  params: z.object({ id: text({ maxLength: 64, description: "Key id from the listing" }) }),
  result: keyInfo,
  example: "/api/v1/keys/key_0123456789abcdef",
  account: "session",
  errors: {
    "403": "The request came from another site (Origin check)",
    "404": "No such key in this account",
  },
});

/** The account API, in index order. */
export const accountOperations: readonly Operation<unknown, unknown>[] = [
  createAccount,
  requestPasswordReset,
  createSession,
  deleteSession,
  listKeys,
  createKey,
  revokeKey,
];
