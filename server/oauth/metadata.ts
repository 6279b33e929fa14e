/**
 * What the server says about its MCP endpoint as an OAuth 2.1 protected resource, and about itself
 * as the authorization server that issues its tokens (MCP 2025-06-18, "Authorization"):
 *
 * - the protected resource is `<PUBLIC_BASE_URL>/mcp`; its metadata (RFC 9728) is at
 *   `/.well-known/oauth-protected-resource/mcp` (the well-known path inserted before the
 *   resource's path, RFC 9728 section 3.1);
 * - the authorization server's issuer is `PUBLIC_BASE_URL`; its metadata (RFC 8414) is at
 *   `/.well-known/oauth-authorization-server`;
 * - a `401` of `/mcp` carries `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728
 *   section 5.1), and so does every answer to an anonymous MCP request (RFC 9110 section 11.6.1
 *   lets any answer carry a challenge): that is how an anonymous client learns it can authorize.
 *
 * @module
 */

/** The path of the MCP endpoint: the one protected resource the tokens are for. */
export const MCP_PATH = "/mcp";

/** The protected resource metadata's path for {@linkcode MCP_PATH} (RFC 9728 section 3.1). */
export const RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource/mcp";

/** The authorization server metadata's path for an issuer without a path (RFC 8414 section 3). */
export const SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server";

/** The consent page: the authorization endpoint, part of the developer dashboard. */
export const AUTHORIZE_PATH = "/developers/authorize";

/** The token endpoint (RFC 6749 section 3.2). */
export const TOKEN_PATH = "/oauth/token";

/** The dynamic client registration endpoint (RFC 7591). */
export const REGISTER_PATH = "/oauth/register";

/** The token revocation endpoint (RFC 7009). */
export const REVOKE_PATH = "/oauth/revoke";

/**
 * The canonical URI of the MCP endpoint: the protected resource's identifier (RFC 8707 section
 * 2, RFC 9728 `resource`), the only `resource` a token is issued for.
 *
 * @param baseUrl The public base URL (no trailing slash).
 * @returns `<baseUrl>/mcp`.
 */
export function resourceId(baseUrl: string): string {
  return `${baseUrl}${MCP_PATH}`;
}

/**
 * Whether a `resource` parameter names this server's MCP endpoint: an absolute URL without a
 * query or fragment whose origin is the public base URL's (scheme and host compared as URLs
 * compare them, so in any case) and whose path is `/mcp` (or `/mcp/`).
 *
 * @param value The parameter as sent.
 * @param baseUrl The public base URL.
 * @returns Whether a token may be issued for it.
 */
export function isOurResource(value: string, baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (value.includes("#") || url.search !== "" || url.username || url.password) return false;
  const ours = new URL(resourceId(baseUrl));
  return url.origin === ours.origin && (url.pathname === "/mcp" || url.pathname === "/mcp/");
}

/**
 * The `WWW-Authenticate` challenge of the MCP endpoint: the Bearer scheme with the resource
 * metadata's URL, and an error code when credentials were sent and refused (RFC 6750 section
 * 3: none when the request carried none).
 *
 * @param baseUrl The public base URL.
 * @param error What was wrong with the credentials sent, if any.
 * @returns The header's value.
 */
export function mcpChallenge(
  baseUrl: string,
  error?: { code: "invalid_token"; description: string },
): string {
  const params = [`resource_metadata="${baseUrl}${RESOURCE_METADATA_PATH}"`];
  if (error) {
    // RFC 6750 section 3: the description is %x20-21 / %x23-5B / %x5D-7E (no quote or backslash).
    const description = error.description.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, "");
    params.push(`error="${error.code}"`, `error_description="${description}"`);
  }
  return `Bearer ${params.join(", ")}`;
}

/**
 * The protected resource metadata of `/mcp` (RFC 9728 section 2).
 *
 * @param baseUrl The public base URL.
 * @returns The document.
 */
export function resourceMetadata(baseUrl: string): Record<string, unknown> {
  return {
    resource: resourceId(baseUrl),
    authorization_servers: [baseUrl],
    bearer_methods_supported: ["header"],
    resource_name: "Lanka API",
    resource_documentation: `${baseUrl}/docs/guide/mcp`,
  };
}

/**
 * The authorization server metadata (RFC 8414 section 2): the authorization code grant with PKCE
 * (S256 only), refresh tokens, public clients (no client secret), dynamic registration and
 * revocation, the issuer in the authorization response (RFC 9207).
 *
 * @param baseUrl The public base URL (the issuer).
 * @returns The document.
 */
export function serverMetadata(baseUrl: string): Record<string, unknown> {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}${AUTHORIZE_PATH}`,
    token_endpoint: `${baseUrl}${TOKEN_PATH}`,
    registration_endpoint: `${baseUrl}${REGISTER_PATH}`,
    revocation_endpoint: `${baseUrl}${REVOKE_PATH}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${baseUrl}/docs/guide/mcp`,
  };
}
