/**
 * The checks of what OAuth clients send: a registration's metadata (RFC 7591), its redirect URIs
 * (https, or http on a loopback host: MCP 2025-06-18 "Communication Security"), and an
 * authorization request (RFC 6749 4.1.1, RFC 7636 4.3, RFC 8707 2). Errors about the client or
 * its redirect URI are shown to the person and never redirected (RFC 6749 4.1.2.1: the redirect
 * could be an attacker's); the others go back to the client's redirect URI.
 *
 * @module
 */
import { sha256Hex } from "../accounts/secrets.ts";
import { OAuthError } from "./errors.ts";
import { isOurResource } from "./metadata.ts";
import type { OAuthClient, OAuthStore } from "./store.ts";

/** At most this many redirect URIs a registration. */
export const MAX_REDIRECT_URIS = 5;
/** The longest redirect URI accepted, in characters. */
export const MAX_REDIRECT_URI_LENGTH = 1_000;
/** The longest client name accepted, in characters (it is shown on the consent page). */
export const MAX_CLIENT_NAME = 100;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Control, format (bidirectional overrides, zero-width) and line separator characters. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Why a redirect URI cannot be registered, or undefined when it can: an absolute URL without a
 * fragment or user information, https, or http on `localhost`, `127.0.0.1` or `[::1]`.
 *
 * @param uri The URI as sent.
 * @returns The reason, or undefined.
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > MAX_REDIRECT_URI_LENGTH) {
    return `is longer than ${MAX_REDIRECT_URI_LENGTH} characters`;
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  if (uri.includes("#")) return "has a fragment";
  if (url.username || url.password) return "has user information";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return "must be https, or http on localhost, 127.0.0.1 or [::1]";
}

/** Whether a redirect URI is on a loopback host (whose port may change, RFC 8252 7.3). */
function loopback(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether a redirect URI of a request is one the client registered: the same string, or for a
 * loopback URI the same but for its port (RFC 8252 7.3, OAuth 2.1 8.4.2: a native app listens
 * on whatever port it gets).
 *
 * @param registered The client's redirect URIs.
 * @param requested The request's.
 * @returns Whether it matches one of them.
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (!loopback(url) || requested.includes("#")) return false;
  return registered.some((uri) => {
    const known = new URL(uri);
    if (!loopback(known)) return false;
    known.port = url.port;
    return known.href === url.href;
  });
}

/** A registration, checked: what the store keeps. */
export interface Registration {
  name: string | null;
  redirectUris: string[];
}

/**
 * Checks a registration's metadata (RFC 7591 2). Only what this server uses is kept: the name
 * and the redirect URIs. Grant and response types must be within the authorization code grant
 * and refresh tokens; any `token_endpoint_auth_method` asked for is answered with `none` (public
 * clients: PKCE protects the code, and no secret is issued to be kept in a config file).
 *
 * @param body The parsed JSON body.
 * @returns The name and redirect URIs.
 * @throws {OAuthError} `invalid_redirect_uri` or `invalid_client_metadata`, naming the field.
 */
export function checkRegistration(body: unknown): Registration {
  const bad = (why: string) => new OAuthError(400, "invalid_client_metadata", why);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw bad("The body must be a JSON object of client metadata (RFC 7591)");
  }
  const meta = body as Record<string, unknown>;
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError(
      400,
      "invalid_redirect_uri",
      `redirect_uris must be an array of 1 to ${MAX_REDIRECT_URIS} URIs`,
    );
  }
  for (const uri of uris) {
    const problem = typeof uri === "string" ? redirectUriProblem(uri) : "is not a string";
    if (problem) {
      const shown = typeof uri === "string" ? JSON.stringify(uri.slice(0, 100)) : "";
      throw new OAuthError(400, "invalid_redirect_uri", `redirect_uris: ${shown} ${problem}`);
    }
  }
  const typesWithin = (field: string, allowed: readonly string[], required?: string) => {
    const value = meta[field];
    if (value === undefined) return;
    if (
      !Array.isArray(value) || !value.every((v) => typeof v === "string" && allowed.includes(v)) ||
      (required !== undefined && !value.includes(required))
    ) {
      throw bad(`${field} must be a list within ${allowed.join(", ")}`);
    }
  };
  typesWithin("grant_types", ["authorization_code", "refresh_token"], "authorization_code");
  typesWithin("response_types", ["code"], "code");
  const method = meta.token_endpoint_auth_method;
  if (method !== undefined && typeof method !== "string") {
    throw bad("token_endpoint_auth_method must be a string");
  }
  let name: string | null = null;
  if (meta.client_name !== undefined) {
    const raw = meta.client_name;
    if (typeof raw !== "string") throw bad("client_name must be a string");
    const trimmed = raw.trim();
    if (trimmed.length === 0 || trimmed.length > MAX_CLIENT_NAME) {
      throw bad(`client_name must be 1 to ${MAX_CLIENT_NAME} characters`);
    }
    if (HIDDEN.test(trimmed)) {
      throw bad("client_name must not contain control, format or bidirectional characters");
    }
    name = trimmed;
  }
  return { name, redirectUris: [...new Set(uris as string[])] };
}

/** The registration answer (RFC 7591 3.2.1): what was registered, as registered. */
export function registrationAnswer(client: OAuthClient): Record<string, unknown> {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt / 1000),
    ...(client.name !== null ? { client_name: client.name } : {}),
    redirect_uris: client.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

/** An authorization request that may be shown to the person. */
export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  state: string | undefined;
  /** The PKCE challenge (S256). */
  challenge: string;
  /** SHA-256 of what the request asks, binding a consent form to it. */
  digest: string;
}

/** What checking an authorization request gives. */
export type CheckedAuthorization =
  | { ok: true; request: AuthorizationRequest }
  /** A problem with the client or its redirect URI: shown to the person, never redirected. */
  | { ok: false; show: "client" | "redirect_uri" | "request" }
  /** Any other problem: sent back to the client's redirect URI. */
  | { ok: false; redirect: string };

const PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;

/**
 * The redirect that carries an authorization answer back to the client: its redirect URI with
 * the answer's parameters, the request's `state` and the issuer (`iss`, RFC 9207) added to its
 * query.
 *
 * @param redirectUri Where to.
 * @param params The answer (`code`, or `error` and `error_description`).
 * @param state The request's state.
 * @param issuer The issuer.
 * @returns The URL.
 */
export function answerUrl(
  redirectUri: string,
  params: Record<string, string>,
  state: string | undefined,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer);
  return url.href;
}

/**
 * Checks an authorization request: first the client and its redirect URI (problems are shown),
 * then the rest (problems go back to the client): `response_type=code`, a PKCE challenge with
 * `code_challenge_method=S256` (`plain` and a missing method are refused), a `resource` that is
 * this server's `/mcp` if one is given, and no parameter twice.
 *
 * @param query The request's parameters.
 * @param store The registered clients.
 * @param baseUrl The public base URL (the issuer and the resource's origin).
 * @returns The request, or where its problem goes.
 */
export async function checkAuthorization(
  query: URLSearchParams,
  store: OAuthStore,
  baseUrl: string,
): Promise<CheckedAuthorization> {
  const twice = PARAMS.filter((name) => query.getAll(name).length > 1);
  if (twice.includes("client_id") || twice.includes("redirect_uri")) {
    return { ok: false, show: "request" };
  }
  const client = await store.client(query.get("client_id") ?? "");
  if (!client) return { ok: false, show: "client" };
  let redirectUri = query.get("redirect_uri");
  if (redirectUri === null) {
    // Optional only when one URI is registered and it cannot vary (RFC 6749 4.1.1, 3.1.2.3).
    const only = client.redirectUris.length === 1 ? client.redirectUris[0]! : undefined;
    if (only === undefined || loopback(new URL(only))) return { ok: false, show: "redirect_uri" };
    redirectUri = only;
  } else if (!redirectUriMatches(client.redirectUris, redirectUri)) {
    return { ok: false, show: "redirect_uri" };
  }
  const state = query.get("state") ?? undefined;
  const back = (error: string, description: string) => ({
    ok: false as const,
    redirect: answerUrl(
      redirectUri,
      { error, error_description: description },
      twice.includes("state") ? undefined : state,
      baseUrl,
    ),
  });
  if (twice.length) return back("invalid_request", `Parameter sent twice: ${twice.join(", ")}`);
  if (query.get("response_type") !== "code") {
    return back("unsupported_response_type", "response_type must be code");
  }
  const challenge = query.get("code_challenge") ?? "";
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return back(
      "invalid_request",
      "code_challenge is required: the S256 challenge of a PKCE verifier (43 characters)",
    );
  }
  if (query.get("code_challenge_method") !== "S256") {
    return back("invalid_request", "code_challenge_method must be S256 (plain is not accepted)");
  }
  const resource = query.get("resource");
  if (resource !== null && !isOurResource(resource, baseUrl)) {
    return back("invalid_target", `resource must be ${baseUrl}/mcp, the MCP endpoint`);
  }
  const digest = sha256Hex(JSON.stringify([client.id, redirectUri, challenge, state ?? null]));
  return { ok: true, request: { client, redirectUri, state, challenge, digest } };
}
