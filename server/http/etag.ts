/**
 * Entity tags and `If-None-Match` matching for conditional GETs (RFC 9110 8.8.3, 13.1.2).
 *
 * @module
 */

/**
 * An entity tag: the first 128 bits of SHA-256 of the text, base64url.
 *
 * @param text What identifies the representation (the JSON of `data`, or the rendered body).
 * @param weak A weak tag (`W/"..."`) for representations equivalent but not byte-identical
 *   (the JSON envelope's `meta` counts down per request while `data` stays the same).
 * @returns The quoted tag.
 */
export async function entityTag(text: string, weak: boolean): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const bytes = new Uint8Array(digest, 0, 16);
  const b64 = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
  return `${weak ? "W/" : ""}"${b64}"`;
}

/**
 * Tells whether an `If-None-Match` header matches a tag, by weak comparison (the one RFC 9110
 * prescribes for `If-None-Match`): `*`, or any listed tag with the same opaque value.
 *
 * @param header The header value, or null.
 * @param tag The current tag.
 * @returns Whether the client's copy is current (answer 304).
 */
export function ifNoneMatchMatches(header: string | null, tag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  const current = opaque(tag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((t) => opaque(t) === current);
}
