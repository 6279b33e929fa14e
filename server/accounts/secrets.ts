/**
 * Secrets: API key generation, SHA-256 fingerprints, password hashing (PBKDF2-SHA256), and
 * constant-time comparison. Nothing here logs or stores a secret in clear.
 *
 * @module
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { sha256ShortAsciiHex } from "./sha256.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Length of the random part of an API key. */
export const KEY_RANDOM_LENGTH = 32;

/** The shape of an API key: `lk_` and 32 base62 characters. */
export const KEY_PATTERN: RegExp = /^lk_[0-9A-Za-z]{32}$/;

/**
 * Random base62 text from `crypto.getRandomValues`, without modulo bias: bytes of 248 and above
 * (248 = 4 x 62) are thrown away and redrawn.
 *
 * @param length How many characters.
 * @returns The text.
 */
export function randomBase62(length: number): string {
  let out = "";
  const buffer = new Uint8Array(Math.min(Math.max(length * 2, 16), 4096));
  while (out.length < length) {
    crypto.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A new API key: `lk_` followed by 32 random base62 characters (about 190 bits).
 *
 * @returns The key, to be shown once and then only stored as its hash.
 */
export function generateApiKey(): string {
  return `lk_${randomBase62(KEY_RANDOM_LENGTH)}`;
}

/**
 * The SHA-256 of a secret as lowercase hex: how API keys and session tokens are stored and
 * looked up. (Keys carry 190 random bits, so a fast hash is enough; passwords use PBKDF2.)
 *
 * @param secret The secret.
 * @returns 64 hex characters.
 */
export function sha256Hex(secret: string): string {
  // Keys and session tokens are short ASCII: hashed without node:crypto's per-call stream object.
  return sha256ShortAsciiHex(secret) ?? createHash("sha256").update(secret).digest("hex");
}

/**
 * Compares two secrets in constant time: both are hashed with SHA-256 first, so neither where
 * they differ nor their lengths show in the timing.
 *
 * @param a One string.
 * @param b The other.
 * @returns Whether they are equal.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = createHash("sha256").update(a).digest();
  const y = createHash("sha256").update(b).digest();
  return timingSafeEqual(x, y);
}

/** PBKDF2-SHA256 iterations for new passwords (OWASP's 2023 figure). */
export const PASSWORD_ITERATIONS = 600_000;

const encodeB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const decodeB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as Uint8Array<ArrayBuffer>, iterations },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/**
 * Hashes a password with PBKDF2-SHA256 and a random 16-byte salt.
 *
 * @param password The password.
 * @param iterations Iterations (default {@linkcode PASSWORD_ITERATIONS}).
 * @returns `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`.
 */
export async function hashPassword(
  password: string,
  iterations: number = PASSWORD_ITERATIONS,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${encodeB64(salt)}$${encodeB64(hash)}`;
}

/**
 * Checks a password against a stored hash in constant time (the iteration count is read from the
 * hash, so raising {@linkcode PASSWORD_ITERATIONS} keeps old hashes valid).
 *
 * @param password The password given.
 * @param stored The stored hash.
 * @returns Whether it matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, rounds, salt, hash] = stored.split("$");
  const iterations = Number(rounds);
  if (scheme !== "pbkdf2-sha256" || !salt || !hash || !Number.isInteger(iterations)) return false;
  const derived = await pbkdf2(password, decodeB64(salt), iterations);
  const expected = decodeB64(hash);
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}
