import { ApiError } from "../../core/errors.ts";
import type { Config } from "../config.ts";
import { MCP_PATH, mcpChallenge } from "../oauth/metadata.ts";
import type { Call } from "./call.ts";
import { requestHeader } from "./request_header.ts";
import type { Caller } from "./types.ts";

/** What the caller middleware needs to know about a presented API key. */
export interface KeyRecord {
  /** Stable key id (not the secret). */
  id: string;
  /** The owning account. */
  accountId: string;
  /** Daily limit for this key (defaults to KEY_DAILY_LIMIT). */
  dailyLimit?: number;
  /**
   * The only path the credential works at: an MCP client's OAuth access token is for `/mcp`
   * alone (its audience, RFC 8707); elsewhere it is refused with 401. Absent for API keys.
   */
  path?: string;
}

/** Looks up presented API keys. The keys issue provides the KV-backed one. */
export interface KeyResolver {
  /**
   * @param rawKey The key exactly as presented.
   * @returns The active key, or null when it is unknown or revoked.
   */
  resolve(rawKey: string): KeyRecord | null | Promise<KeyRecord | null>;
}

/**
 * Paths whose Authorization header is not an API key: the operator's token, or an OAuth client
 * naming itself (HTTP Basic) at the token and revocation endpoints.
 */
const OPERATOR_PATHS = new Set([
  "/metrics",
  "/healthz",
  "/readyz",
  "/oauth/token",
  "/oauth/revoke",
  "/oauth/register",
]);

/** A resolver that knows no keys (every presented key is invalid). */
export const noKeys: KeyResolver = { resolve: () => Promise.resolve(null) };

/**
 * Reads the API key from `Authorization: Bearer <key>` or `x-api-key`.
 *
 * @param authorization The Authorization header.
 * @param headerKey The x-api-key header.
 * @returns The key, or undefined when none is presented.
 * @throws {ApiError} 400 when both are present and differ, or Authorization is not Bearer.
 */
export function presentedKey(
  authorization: string | undefined,
  headerKey: string | undefined,
): string | undefined {
  let bearer: string | undefined;
  if (authorization !== undefined && authorization.trim() !== "") {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match) {
      throw ApiError.invalidParam(
        "Authorization",
        'Header "Authorization" must be "Bearer <API key>"',
      );
    }
    bearer = match[1];
  }
  const header = headerKey?.trim() || undefined;
  if (bearer !== undefined && header !== undefined && bearer !== header) {
    throw ApiError.invalidParam(
      "x-api-key",
      'Headers "Authorization" and "x-api-key" carry different keys: send one key, in either header',
    );
  }
  return bearer ?? header;
}

/**
 * Identifies the caller: the API key when one is presented (an unknown or revoked key is a 401
 * `invalid_key`, never a silent downgrade to anonymous), else the client address (see
 * `resolveClient`; IPv6 grouped by /64). Until the key is known the call counts as its address,
 * so errors thrown here still carry that caller's rate-limit headers.
 *
 * Operator endpoints (`/metrics`, `/healthz`, `/readyz`) are not API calls: their
 * `Authorization` header carries the operator token, not an API key, so it is not read here.
 *
 * @param config Limits and proxy trust.
 * @param keys Key lookup.
 * @returns A step setting `call.caller`: synchronous unless a key lookup has to wait.
 */
export function callerStep(
  config: Config,
  keys: KeyResolver,
): (call: Call, path: string) => void | Promise<void> {
  // The same few addresses and keys call again and again: one caller object each, made once
  // (bounded for addresses; a key's lives as long as its cached record).
  const addresses = new Map<string, Caller>();
  const anonymous = (call: Call): Caller => {
    const { client } = call;
    let caller = addresses.get(client.address);
    if (caller === undefined) {
      if (addresses.size >= 10_000) addresses.clear();
      caller = { id: `ip:${client.group}`, tier: "anonymous", limit: config.anonDailyLimit };
      addresses.set(client.address, caller);
    }
    return caller;
  };
  const byRecord = new WeakMap<KeyRecord, Caller>();
  /** 401 for a credential refused: at `/mcp` the challenge names its resource metadata. */
  const refuse = (path: string, message: string): never => {
    throw new ApiError(401, "invalid_key", message, {
      headers: {
        "WWW-Authenticate": path === MCP_PATH
          ? mcpChallenge(config.publicBaseUrl, { code: "invalid_token", description: message })
          : 'Bearer error="invalid_token"',
      },
    });
  };
  const keyed = (call: Call, path: string, record: KeyRecord | null): void => {
    if (!record) {
      refuse(
        path,
        "API key or access token is unknown, expired or revoked: create a key at /developers, or authorize the MCP client again",
      );
      return;
    }
    if (record.path !== undefined && record.path !== path) {
      // An MCP client's access token is for /mcp alone (its audience): never the API's.
      refuse(path, `This access token works at ${record.path} only: send an API key here`);
    }
    let caller = byRecord.get(record);
    if (caller === undefined) {
      caller = {
        // Daily limits are per account: a new key of a spent account gets no fresh allowance.
        id: `acct:${record.accountId}`,
        tier: "key",
        limit: record.dailyLimit ?? config.keyDailyLimit,
        keyId: record.id,
        accountId: record.accountId,
        usedBy: `key:${record.id}`,
      };
      byRecord.set(record, caller);
    }
    call.caller = caller;
  };
  return (call, path) => {
    const { request } = call;
    // A request the server makes itself for a caller it already identified (an MCP tool call,
    // `server/mcp/http.ts`) counts as that caller; `Deno.serve` never sets it.
    const given = call.info?.caller;
    if (given !== undefined) {
      call.caller = given;
      return;
    }
    // The client was resolved once from the connection (see `resolveClient`).
    call.caller = anonymous(call);
    if (call.method === "OPTIONS" || OPERATOR_PATHS.has(path)) return;
    const raw = presentedKey(
      requestHeader(request, "authorization") ?? undefined,
      requestHeader(request, "x-api-key") ?? undefined,
    );
    if (raw === undefined) return;
    const resolved = keys.resolve(raw);
    if (resolved instanceof Promise) return resolved.then((record) => keyed(call, path, record));
    keyed(call, path, resolved);
  };
}

/**
 * Refuses callers without an API key with 401 `key_required` (for key-only operations).
 *
 * @param call The call.
 * @throws {ApiError} 401 `key_required` for an anonymous caller.
 */
export function requireKey(call: Call): void {
  if (call.caller?.tier !== "key") {
    throw new ApiError(
      401,
      "key_required",
      "This endpoint needs an API key: create a free one at /developers",
      {
        headers: { "WWW-Authenticate": 'Bearer realm="lanka-api"' },
      },
    );
  }
}
