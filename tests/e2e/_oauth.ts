/**
 * The MCP server's OAuth as a client and a person meet it, for socket tests: an in-memory
 * `OAuthClientProvider` for the official SDK's client (it records where it is sent to
 * authorize), and the person's part of the consent page driven over HTTP with a real session
 * cookie (open the page the client sent them to, read its form, post the answer).
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { startServer } from "../_helpers/server.ts";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

/** An MCP client's OAuth storage, in memory, as a desktop client keeps it on disk. */
export class MemoryProvider implements OAuthClientProvider {
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier = "";
  /** Every URL the client was sent to authorize at, in order. */
  readonly authorizations: URL[] = [];
  /** Every token set saved, in order. */
  readonly saved: OAuthTokens[] = [];

  /**
   * @param redirectUrl Where the authorization answer goes (a loopback URL: nothing listens,
   *   the test reads the redirect itself).
   * @param name The client's name.
   */
  constructor(readonly redirectUrl: string, readonly name = "Test assistant") {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state(): string {
    return "state-of-the-test";
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.#client = info;
  }
  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
    this.saved.push(tokens);
  }
  redirectToAuthorization(url: URL): void {
    this.authorizations.push(url);
  }
  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }
  codeVerifier(): string {
    return this.#verifier;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "client") this.#client = undefined;
    if (scope === "all" || scope === "tokens") this.#tokens = undefined;
  }
}

/**
 * Runs `run` against the real server started with `env` on a KV in a fresh folder, and stops it.
 *
 * @param env Extra environment.
 * @param run What to do with the server's URL.
 */
export async function withServer(
  env: Record<string, string>,
  run: (url: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "warn", ...env });
  try {
    await run(server.url);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

/** An MCP `initialize` request, as a client opens with it. */
export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "curl", version: "1" },
  },
} as const;

/** The site's own origin header for a server URL, as a browser sends it on a form post. */
export const originOf = (url: string): Record<string, string> => ({ Origin: new URL(url).origin });

/** Opens the consent page with a session cookie and reads its form's ticket. */
export async function openConsent(
  authorizationUrl: URL | string,
  cookie: string,
): Promise<{ status: number; html: string; csp: string; ticket: string | undefined }> {
  const res = await fetch(authorizationUrl, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = await res.text();
  const ticket = /name="ticket" value="([^"]+)"/.exec(html)?.[1];
  return {
    status: res.status,
    html,
    csp: res.headers.get("content-security-policy") ?? "",
    ticket,
  };
}

/**
 * Answers the consent page as the person would: opens it signed in, then posts approve or deny
 * from the page's own origin.
 *
 * @returns The answer's status and where it redirects (the client's redirect URI with the code,
 *   or the error).
 */
export async function answerConsent(
  authorizationUrl: URL | string,
  cookie: string,
  intent: "approve" | "deny" = "approve",
): Promise<{ status: number; location: URL | undefined }> {
  const page = await openConsent(authorizationUrl, cookie);
  if (page.ticket === undefined) {
    throw new Error(`no consent form (${page.status}): ${page.html.slice(0, 500)}`);
  }
  return await postConsent(authorizationUrl, { ticket: page.ticket, intent }, cookie);
}

/**
 * Posts the consent page's form, from the site's own origin unless another is given.
 *
 * @returns The answer's status and where it redirects.
 */
export async function postConsent(
  authorizationUrl: URL | string,
  fields: Record<string, string>,
  cookie: string,
  origin: Record<string, string> = originOf(String(authorizationUrl)),
): Promise<{ status: number; location: URL | undefined }> {
  const res = await fetch(authorizationUrl, {
    method: "POST",
    redirect: "manual",
    headers: { ...origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  await res.body?.cancel();
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location) : undefined };
}

/** A PKCE pair (RFC 7636): a random verifier and its S256 challenge. */
export async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const b64url = (data: Uint8Array) =>
    btoa(String.fromCharCode(...data)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const verifier = b64url(bytes);
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)),
  );
  return { verifier, challenge: b64url(digest) };
}

/** Signs up and logs in through the JSON API of a running server: the session cookie. */
export async function signedIn(url: string, email: string, password: string): Promise<string> {
  const json = { "Content-Type": "application/json" };
  const body = JSON.stringify({ email, password });
  const up = await fetch(`${url}/api/v1/accounts`, { method: "POST", headers: json, body });
  if (up.status !== 202) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
  await up.body?.cancel();
  const login = await fetch(`${url}/api/v1/sessions`, { method: "POST", headers: json, body });
  if (login.status !== 201) throw new Error(`log-in: ${login.status} ${await login.text()}`);
  await login.body?.cancel();
  const line = login.headers.getSetCookie().find((c) => c.startsWith("lanka_session="));
  return line!.split(";")[0]!;
}

/** Registers a client directly (RFC 7591) with one redirect URI. */
export async function register(
  url: string,
  redirectUri = "http://127.0.0.1:8976/callback",
): Promise<string> {
  const res = await fetch(`${url}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_name: "Raw client", redirect_uris: [redirectUri] }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
  return body.client_id;
}

/** The authorization URL of a request, with the usual parameters (override any). */
export function authorizeUrl(url: string, params: Record<string, string>): URL {
  const target = new URL(`${url}/developers/authorize`);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target;
}

/** A token request (`application/x-www-form-urlencoded`). */
export async function tokenRequest(
  url: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(params),
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * A whole authorization by hand (as a client that is not the SDK does it): register, approve
 * with the session, and the code with its verifier.
 */
export async function codeFor(
  url: string,
  cookie: string,
  redirectUri = "http://127.0.0.1:8976/callback",
): Promise<{ clientId: string; code: string; verifier: string; redirectUri: string }> {
  const clientId = await register(url, redirectUri);
  const { verifier, challenge } = await pkce();
  const answered = await answerConsent(
    authorizeUrl(url, {
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "s1",
      resource: `${url}/mcp`,
    }),
    cookie,
  );
  const code = answered.location?.searchParams.get("code");
  if (!code) throw new Error(`no code: ${answered.status} ${answered.location}`);
  return { clientId, code, verifier, redirectUri };
}

/** An MCP `tools/call` POSTed by hand, with the headers every MCP request carries. */
export async function mcpPost(
  url: string,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return await fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(message),
  });
}
