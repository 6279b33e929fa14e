/**
 * The authorization server's endpoints beside the consent page (`server/pages/consent.ts`): the
 * two metadata documents, dynamic client registration, the token endpoint and revocation. Each
 * answers in OAuth's own words (`{ error, error_description }`) with the status its RFC names,
 * never a 500 for anything a client sends.
 *
 * @module
 */
import type { Hono } from "hono";
import type { Clock } from "../clock.ts";
import { readBody } from "../http/body.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import type { QuotaStore } from "../quota/store.ts";
import { OAuthError, oauthErrorResponse } from "./errors.ts";
import {
  isOurResource,
  REGISTER_PATH,
  RESOURCE_METADATA_PATH,
  resourceMetadata,
  REVOKE_PATH,
  SERVER_METADATA_PATH,
  serverMetadata,
  TOKEN_PATH,
} from "./metadata.ts";
import { checkRegistration, registrationAnswer } from "./requests.ts";
import type { OAuthStore } from "./store.ts";

/** The largest registration, token or revocation body read. */
export const MAX_OAUTH_BODY = 16_384;
/** Client registrations allowed per caller address (IPv6 per /64) per hour. */
export const REGISTRATIONS_PER_HOUR = 60;

/** What {@linkcode mountOAuth} needs. */
export interface OAuthDeps {
  oauth: OAuthStore;
  quota: QuotaStore;
  clock: Clock;
  baseUrl: string;
  logger: Logger;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });

/** Runs an endpoint, answering an {@linkcode OAuthError} in OAuth's words. */
const guarded = (run: (c: AppContext) => Promise<Response>) => async (c: AppContext) => {
  try {
    return await run(c);
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    throw error;
  }
};

/**
 * Reads a form body (`application/x-www-form-urlencoded`, RFC 6749 3.2), refusing a parameter
 * sent twice (RFC 6749 3.2).
 */
async function readOAuthForm(c: AppContext): Promise<Map<string, string>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError(
      400,
      "invalid_request",
      "The body must be application/x-www-form-urlencoded",
    );
  }
  const text = new TextDecoder().decode(await readBody(c.req.raw, MAX_OAUTH_BODY, "The body"));
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (params.has(name)) throw new OAuthError(400, "invalid_request", `${name} is sent twice`);
    params.set(name, value);
  }
  return params;
}

/**
 * The client of a token or revocation request: a public client names itself with `client_id`
 * in the body, or in HTTP Basic with an empty password (RFC 6749 2.3.1); no client has a secret.
 */
async function requestClient(
  c: AppContext,
  params: Map<string, string>,
  oauth: OAuthStore,
): Promise<string> {
  const refused = (why: string) =>
    new OAuthError(401, "invalid_client", why, { "WWW-Authenticate": 'Basic realm="lanka-api"' });
  let id = params.get("client_id");
  const authorization = c.req.header("authorization");
  if (authorization !== undefined) {
    const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization);
    let decoded: string;
    try {
      decoded = basic ? atob(basic[1]!) : "";
    } catch {
      decoded = "";
    }
    const colon = decoded.indexOf(":");
    if (colon === -1) throw refused("Authorization must be HTTP Basic with the client id");
    const [user, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        return "\u0000";
      }
    });
    if (secret !== "") throw refused("Clients here have no secret: send the client id alone");
    if (id !== undefined && id !== user) {
      throw new OAuthError(400, "invalid_request", "Two different client ids were sent");
    }
    id = user;
  }
  if (id === undefined || id === "") {
    throw new OAuthError(400, "invalid_request", "client_id is required");
  }
  if (!(await oauth.client(id!))) throw refused("Unknown client_id: register the client again");
  return id!;
}

/** A required form parameter. */
function required(params: Map<string, string>, name: string): string {
  const value = params.get(name);
  if (value === undefined || value === "") {
    throw new OAuthError(400, "invalid_request", `${name} is required`);
  }
  return value;
}

/**
 * Mounts the metadata documents, registration, token and revocation endpoints.
 *
 * @param app The app.
 * @param deps The store, the counters (registrations per caller), the clock, the public URL.
 */
export function mountOAuth(app: Hono<AppEnv>, deps: OAuthDeps): void {
  const { oauth, baseUrl } = deps;
  const cacheable = { "Cache-Control": "public, max-age=3600" };
  app.get(RESOURCE_METADATA_PATH, () => json(resourceMetadata(baseUrl), 200, cacheable));
  app.get(SERVER_METADATA_PATH, () => json(serverMetadata(baseUrl), 200, cacheable));

  app.post(
    REGISTER_PATH,
    guarded(async (c) => {
      const now = deps.clock.now();
      // The client the pipeline resolved from the connection (never a header the caller writes).
      const group = c.get("client")?.group ?? "unknown";
      const hour = Math.floor(now / 3_600_000);
      const decision = await deps.quota.consume(
        `oauth_register:${group}:${hour}`,
        REGISTRATIONS_PER_HOUR,
        now,
      );
      if (!decision.allowed) {
        throw new OAuthError(
          429,
          "invalid_request",
          `Too many client registrations from this address: at most ${REGISTRATIONS_PER_HOUR} an hour`,
          { "Retry-After": String(Math.max((hour + 1) * 3600 - Math.floor(now / 1000), 1)) },
        );
      }
      const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") {
        throw new OAuthError(400, "invalid_client_metadata", "The body must be application/json");
      }
      const text = new TextDecoder().decode(
        await readBody(c.req.raw, MAX_OAUTH_BODY, "The registration"),
      );
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new OAuthError(400, "invalid_client_metadata", "The body is not valid JSON");
      }
      const { name, redirectUris } = checkRegistration(body);
      const client = await oauth.register(name, redirectUris);
      deps.logger.log("info", "OAuth client registered", { clientId: client.id });
      return json(registrationAnswer(client), 201, { "Cache-Control": "no-store" });
    }),
  );

  app.post(
    TOKEN_PATH,
    guarded(async (c) => {
      const params = await readOAuthForm(c);
      const grantType = required(params, "grant_type");
      if (grantType !== "authorization_code" && grantType !== "refresh_token") {
        throw new OAuthError(
          400,
          "unsupported_grant_type",
          "grant_type must be authorization_code or refresh_token",
        );
      }
      const clientId = await requestClient(c, params, oauth);
      const resource = params.get("resource");
      if (resource !== undefined && !isOurResource(resource, baseUrl)) {
        throw new OAuthError(
          400,
          "invalid_target",
          `resource must be ${baseUrl}/mcp, the MCP endpoint`,
        );
      }
      let tokens;
      if (grantType === "authorization_code") {
        const code = required(params, "code");
        const redirectUri = required(params, "redirect_uri");
        const verifier = required(params, "code_verifier");
        if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
          throw new OAuthError(
            400,
            "invalid_request",
            "code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636)",
          );
        }
        tokens = await oauth.exchangeCode(code, clientId, redirectUri, verifier);
        deps.logger.log("info", "OAuth tokens issued", { clientId });
      } else {
        tokens = await oauth.refresh(required(params, "refresh_token"), clientId);
      }
      return json(tokens, 200, { "Cache-Control": "no-store", Pragma: "no-cache" });
    }),
  );

  app.post(
    REVOKE_PATH,
    guarded(async (c) => {
      const params = await readOAuthForm(c);
      const token = required(params, "token");
      const clientId = await requestClient(c, params, oauth);
      await oauth.revoke(token, clientId);
      deps.logger.log("info", "OAuth grant revoked by its client", { clientId });
      return new Response(null, { status: 200, headers: { "Cache-Control": "no-store" } });
    }),
  );
}
