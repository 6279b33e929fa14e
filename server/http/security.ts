/**
 * Security headers. Every response gets `X-Content-Type-Options: nosniff`; every HTML page also
 * gets a Content-Security-Policy that forbids inline script, plugins and framing, a
 * Referrer-Policy, and `Strict-Transport-Security` when the public URL is https.
 *
 * @module
 */

/**
 * The pages' policy: everything from this origin only, no inline script or style (the pages have
 * none; a JSON-LD data block is not script), no plugins, no `<base>`, forms post only here, and
 * no framing by anyone.
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; " +
  "form-action 'self'; frame-ancestors 'none'";

/** HSTS for a year, sent only when the public URL is https. */
export const HSTS = "max-age=31536000";

/**
 * Adds the page headers to an HTML response (keeping a stricter Referrer-Policy a page set, and
 * the consent page's policy).
 *
 * @param headers The response's headers.
 * @param https Whether the public URL is https (adds HSTS).
 */
export function setPageHeaders(headers: Headers, https: boolean): void {
  // The one page that sets its own (the OAuth consent page) only adds its client's redirect
  // origin to `form-action` (see `consentPolicy`); every other page gets this one.
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", PAGE_CSP);
  headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Referrer-Policy")) {
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  }
  if (https) headers.set("Strict-Transport-Security", HSTS);
}
