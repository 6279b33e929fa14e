/**
 * OAuth's own errors: the token, registration and revocation endpoints answer in OAuth's words
 * (`{ error, error_description }`, RFC 6749 section 5.2, RFC 7591 section 3.2.2, RFC 8707
 * section 2), not in the API's error envelope, because that is what OAuth clients parse.
 *
 * @module
 */

/** An OAuth error code (RFC 6749 5.2, RFC 7591 3.2.2, RFC 8707 2, RFC 7009 2.2.1). */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_token_type"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

/** A refused OAuth request: its status, its code and a sentence for the developer. */
export class OAuthError extends Error {
  /**
   * @param status The HTTP status (400, or 401 for `invalid_client`, 429 when over an allowance).
   * @param code The OAuth error code.
   * @param description What was wrong, for the developer.
   * @param headers Extra headers (`Retry-After`, `WWW-Authenticate`).
   */
  constructor(
    readonly status: 400 | 401 | 429,
    readonly code: OAuthErrorCode,
    description: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

/**
 * The answer to a refused OAuth request: JSON `{ error, error_description }`, never cached.
 *
 * @param error The error.
 * @returns The response.
 */
export function oauthErrorResponse(error: OAuthError): Response {
  const body = JSON.stringify({ error: error.code, error_description: error.message });
  const headers = new Headers(error.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(body, { status: error.status, headers });
}
