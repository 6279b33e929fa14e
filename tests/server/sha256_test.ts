/**
 * The request path's SHA-256 of short ASCII text (server/accounts/sha256.ts) against the
 * published examples of FIPS 180-2 (Appendix B) and against `node:crypto` for every length it
 * takes and random text.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { sha256ShortAsciiHex, SHORT_ASCII_MAX } from "../../server/accounts/sha256.ts";
import { sha256Hex } from "../../server/accounts/secrets.ts";

const nodeHex = (text: string) => createHash("sha256").update(text).digest("hex");

Deno.test("sha256ShortAsciiHex() gives the FIPS 180-2 examples", () => {
  // FIPS 180-2, Appendix B.1 (one block) and B.2 (two blocks).
  assert.equal(
    sha256ShortAsciiHex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  assert.equal(
    sha256ShortAsciiHex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
  // The empty message: NIST CAVP SHA256ShortMsg.rsp, "Len = 0".
  assert.equal(
    sha256ShortAsciiHex(""),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
});

Deno.test("sha256ShortAsciiHex() equals node:crypto at every length it takes, and refuses the rest", () => {
  for (let length = 0; length <= SHORT_ASCII_MAX; length++) {
    const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7) % 95))).join(
      "",
    );
    assert.equal(sha256ShortAsciiHex(text), nodeHex(text), `length ${length}`);
  }
  assert.equal(sha256ShortAsciiHex("x".repeat(SHORT_ASCII_MAX + 1)), undefined);
  assert.equal(sha256ShortAsciiHex("කී"), undefined);
  assert.equal(sha256ShortAsciiHex("caf\u00e9"), undefined);
});

Deno.test("sha256Hex() equals node:crypto for any text (short ASCII here, the rest through node:crypto)", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (text) => sha256Hex(text) === nodeHex(text)),
    { numRuns: 2_000 },
  );
  fc.assert(
    fc.property(
      fc.string({ unit: "binary-ascii", maxLength: SHORT_ASCII_MAX }),
      (text) => sha256ShortAsciiHex(text) === nodeHex(text),
    ),
    { numRuns: 2_000 },
  );
});
