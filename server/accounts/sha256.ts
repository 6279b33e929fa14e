/**
 * SHA-256 (FIPS 180-4) of short ASCII text, in plain JavaScript, for the request path: every
 * keyed request hashes the presented API key to find it (keys are stored only as hashes). For
 * such text, `node:crypto`'s `createHash` builds a stream object per call whose garbage cost the
 * keyed server about 2.8 µs of CPU per request (13 %; see docs/performance.md); this allocates
 * nothing but its answer. Longer or non-ASCII text is for `node:crypto` (the caller's fallback).
 *
 * Tested against the FIPS 180-2 examples and `node:crypto` (tests/server/sha256_test.ts).
 *
 * @module
 */

/** The round constants (FIPS 180-4, 4.2.2). */
const K = new Int32Array([
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
]);

/** The initial hash value (FIPS 180-4, 5.3.3). */
const INITIAL = new Int32Array([
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
]);

/** The longest text hashed here: what fits two 64-byte blocks with its padding. */
export const SHORT_ASCII_MAX = 119;

// Work areas, reused by every call (the function never yields, so calls cannot interleave).
const W = new Int32Array(64);
const H = new Int32Array(8);
const BYTES = new Uint8Array(128);
/** The character codes of the lowercase hex digits, and the digest's 64 of them, reused. */
const DIGITS = Array.from("0123456789abcdef", (digit) => digit.charCodeAt(0));
const OUT: number[] = new Array(64).fill(0);

/** One block of the message schedule in W[0..15]: the compression function (FIPS 180-4, 6.2.2). */
function compress(): void {
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15]!, y = W[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!, b = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

/**
 * The SHA-256 of ASCII text of at most {@linkcode SHORT_ASCII_MAX} characters, as 64 lowercase
 * hex digits; undefined for any other text (hash that with `node:crypto`).
 *
 * @param text The text.
 * @returns The hex digest, or undefined.
 */
export function sha256ShortAsciiHex(text: string): string | undefined {
  const length = text.length;
  if (length > SHORT_ASCII_MAX) return undefined;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return undefined;
    BYTES[i] = code;
  }
  // Padding (FIPS 180-4, 5.1.1): a 1 bit, zeros, and the length in bits in the last 64 bits.
  const total = length + 9 > 64 ? 128 : 64;
  BYTES.fill(0, length, total);
  BYTES[length] = 0x80;
  const bits = length * 8;
  BYTES[total - 2] = bits >>> 8;
  BYTES[total - 1] = bits & 0xff;
  H.set(INITIAL);
  for (let base = 0; base < total; base += 64) {
    for (let i = 0; i < 16; i++) {
      const at = base + i * 4;
      W[i] = (BYTES[at]! << 24) | (BYTES[at + 1]! << 16) | (BYTES[at + 2]! << 8) | BYTES[at + 3]!;
    }
    compress();
  }
  // One flat string from the 64 digit codes: about two thirds of the time of joining 32 two-digit
  // pieces (131 against 190 ns here), and flat already when it is looked up in a map.
  for (let i = 0; i < 8; i++) {
    const v = H[i]!;
    for (let j = 0; j < 8; j++) OUT[i * 8 + j] = DIGITS[(v >>> (28 - j * 4)) & 15]!;
  }
  return String.fromCharCode.apply(null, OUT);
}
