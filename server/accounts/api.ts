/**
 * Handlers of the account API operations (`core/ops/accounts.ts`), for `mountOperations`.
 *
 * @module
 */
import type { Handler } from "hono";
import type { z } from "zod";
import { ApiError, type ErrorDetail } from "../../core/errors.ts";
import { parseParams } from "../../core/execute.ts";
import type { AnyOperation } from "../../core/operation.ts";
import type {
  AccountResult,
  Credentials,
  NewKeyBody,
  ResetRequestBody,
} from "../../core/ops/accounts.ts";
import { buildMeta } from "../http/envelope.ts";
import { BODY_LIMITS, readBody } from "../http/body.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { type Account, MAX_ACTIVE_KEYS } from "./store.ts";
import { requestReset, RESET_SENT, SIGN_UP_SENT, signUpByMail } from "./recovery.ts";
import {
  type AccountDeps,
  checkOrigin,
  clearSessionCookie,
  currentAccount,
  keyInfo,
  openSession,
  sessionToken,
} from "./web.ts";

/** Largest JSON body the account API reads. */
export const MAX_BODY_BYTES: number = BODY_LIMITS.json;

/**
 * Reads and validates a JSON request body against an operation's `body` schema.
 *
 * @param c The context.
 * @param schema The body schema.
 * @param maxBytes The largest body read (default {@linkcode MAX_BODY_BYTES}).
 * @returns The parsed body.
 * @throws {ApiError} 415 without a JSON content type, 413 over `maxBytes`, 400
 *   for malformed JSON or a body the schema refuses (never echoing values, which may be secret).
 */
export async function readJsonBody<T>(
  c: AppContext,
  schema: z.ZodType<T>,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<T> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `Body must be JSON with "Content-Type: application/json": got ${
        JSON.stringify(type || "none")
      }`,
    );
  }
  // Bounded before it is read: by Content-Length, and while streaming without one.
  const bytes = await readBody(c.req.raw, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw ApiError.invalidParam("(body)", "Body is not valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details: ErrorDetail[] = parsed.error.issues.map((issue) => {
    const param = issue.path.length ? issue.path.map(String).join(".") : "(body)";
    const keys = issue.code === "unrecognized_keys" ? `: unknown ${issue.keys.join(", ")}` : "";
    return {
      param,
      message: param === "(body)" ? `${issue.message}${keys}` : `Field "${param}" ${issue.message}`,
    };
  });
  throw ApiError.invalidParams(details);
}

function accountResult(account: Account, sessionExpiresAt?: number): AccountResult {
  return {
    id: account.id,
    email: account.email,
    emailVerified: Boolean(account.verifiedAt),
    createdAt: new Date(account.createdAt).toISOString(),
    ...(sessionExpiresAt ? { sessionExpiresAt: new Date(sessionExpiresAt).toISOString() } : {}),
  };
}

/**
 * An account operation's answer. Every one is `Cache-Control: no-store`: they carry sessions,
 * keys or account details, which no cache may keep.
 */
function reply(
  c: AppContext,
  op: AnyOperation,
  data: unknown,
  baseUrl: string,
): Response {
  c.header("Cache-Control", "no-store");
  return c.json({ ok: true, data, meta: buildMeta(c, op, baseUrl) }, op.status ?? 200);
}

async function signedIn(c: AppContext, deps: AccountDeps): Promise<Account> {
  const account = await currentAccount(c, deps.accounts);
  if (!account) {
    throw new ApiError(
      401,
      "unauthorized",
      "Not signed in: log in with POST /api/v1/sessions (or at /developers) first",
    );
  }
  return account;
}

/**
 * The guard of an account operation: the Origin check on state-changing methods, then its path
 * and query parameters checked like any operation's (unknown ones are refused).
 *
 * @param op The operation.
 * @param deps Config.
 * @returns The check, run before the operation's handler.
 */
export function accountGuard(op: AnyOperation, deps: AccountDeps): (c: AppContext) => void {
  return (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") checkOrigin(c, deps.config, false);
    const entries: [string, string][] = Object.entries(c.req.param());
    for (const pair of new URL(c.req.url).searchParams) entries.push(pair);
    parseParams(op, entries);
  };
}

/**
 * The handlers, by operation name.
 *
 * @param ops The account operations (from the registry), by name.
 * @param deps Accounts, quota, clock, config.
 * @param logger For account events (ids only: never emails' passwords, keys or tokens).
 * @returns Handlers for `mountOperations`.
 */
export function accountHandlers(
  ops: Record<string, AnyOperation>,
  deps: AccountDeps,
  logger: Logger,
): Record<string, Handler<AppEnv>> {
  const { accounts, config } = deps;
  const baseUrl = config.publicBaseUrl;
  const op = (name: string): AnyOperation => {
    const found = ops[name];
    if (!found) throw new TypeError(`No account operation "${name}" in the registry`);
    return found;
  };
  return {
    createAccount: async (c) => {
      const body = await readJsonBody(c, op("createAccount").body as z.ZodType<Credentials>);
      const email = await signUpByMail(c, deps, logger, body.email, body.password);
      return reply(c, op("createAccount"), { email, message: SIGN_UP_SENT }, baseUrl);
    },
    requestPasswordReset: async (c) => {
      const name = "requestPasswordReset";
      const body = await readJsonBody(c, op(name).body as z.ZodType<ResetRequestBody>);
      const email = await requestReset(c, deps, logger, body.email);
      return reply(c, op(name), { email, message: RESET_SENT }, baseUrl);
    },
    createSession: async (c) => {
      const body = await readJsonBody(c, op("createSession").body as z.ZodType<Credentials>);
      const opened = await openSession(c, deps, logger, body.email, body.password);
      return reply(
        c,
        op("createSession"),
        accountResult(opened.account, opened.expiresAt),
        baseUrl,
      );
    },
    deleteSession: async (c) => {
      await signedIn(c, deps);
      await accounts.endSession(sessionToken(c)!);
      clearSessionCookie(c, config);
      return reply(c, op("deleteSession"), { signedOut: true }, baseUrl);
    },
    listKeys: async (c) => {
      const account = await signedIn(c, deps);
      const keys = await accounts.listKeys(account.id);
      const data = {
        keys: await Promise.all(keys.map((key) => keyInfo(key, deps))),
        maxActive: MAX_ACTIVE_KEYS,
      };
      return reply(c, op("listKeys"), data, baseUrl);
    },
    createKey: async (c) => {
      const account = await signedIn(c, deps);
      const body = await readJsonBody(c, op("createKey").body as z.ZodType<NewKeyBody>);
      const created = await accounts.createKey(account.id, body.name ?? "", {
        epoch: account.sessionEpoch ?? 0,
      });
      logger.log("info", "Key created", { accountId: account.id, keyId: created.record.id });
      const info = await keyInfo({ ...created.record, lastUsedAt: null }, deps);
      return reply(c, op("createKey"), { ...info, key: created.key }, baseUrl);
    },
    revokeKey: async (c) => {
      const account = await signedIn(c, deps);
      const id = c.req.param("id") ?? "";
      const revoked = await accounts.revokeKey(id, account.id);
      logger.log("info", "Key revoked", { accountId: account.id, keyId: revoked.id });
      return reply(
        c,
        op("revokeKey"),
        await keyInfo(await accounts.listing(revoked), deps),
        baseUrl,
      );
    },
  };
}
