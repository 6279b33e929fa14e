/** Response headers browsers may read cross-origin. */
export const EXPOSED_HEADERS = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "X-Request-Id",
  "ETag",
  "X-Voice-Sample-Rate",
  "X-Voice-Bit-Rate",
  "X-Voice-Duration",
  "X-Voice-Language",
  "X-Voice-Warning",
  "X-Voice-Remaining",
  // MCP clients in a browser read the challenge of /mcp (its resource metadata URL).
  "WWW-Authenticate",
];

const EXPOSED = EXPOSED_HEADERS.join(", ");

/**
 * Adds the CORS headers of a public API (any origin, no credentials) to a response.
 *
 * @param headers The response headers.
 */
export function setCorsHeaders(headers: Headers): void {
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("Access-Control-Expose-Headers", EXPOSED);
}

const PREFLIGHT: Record<string, string> = {
  "Access-Control-Allow-Methods": "GET, HEAD, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, X-API-Key, X-Request-Id, If-None-Match, Mcp-Protocol-Version",
  "Access-Control-Max-Age": "86400",
};

/**
 * The answer to every `OPTIONS` request (CORS preflight): 204 with the allowed methods and
 * headers; the pipeline adds the common CORS and rate-limit headers.
 *
 * @returns A new response.
 */
export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: PREFLIGHT });
}
