/**
 * Small security primitives shared by the server.
 *
 * @module
 */

const encoder = new TextEncoder();

/**
 * Compares two secrets in constant time: both are hashed with SHA-256 first, so neither the
 * length nor the position of the first difference leaks through timing.
 *
 * @param a A secret.
 * @param b Another secret.
 * @returns Whether they are equal.
 */
export async function timingSafeEqual(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  const left = new Uint8Array(x);
  const right = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < left.length; i++) diff |= left[i]! ^ right[i]!;
  return diff === 0;
}
