import assert from "node:assert/strict";
import {
  constantTimeEqual,
  generateApiKey,
  hashPassword,
  KEY_PATTERN,
  PASSWORD_ITERATIONS,
  randomBase62,
  sha256Hex,
  verifyPassword,
} from "../../server/accounts/secrets.ts";

Deno.test("generateApiKey() gives lk_ and 32 base62 characters, different every time", () => {
  const keys = new Set(Array.from({ length: 200 }, generateApiKey));
  assert.equal(keys.size, 200);
  for (const key of keys) assert.match(key, /^lk_[0-9A-Za-z]{32}$/);
  assert.ok(KEY_PATTERN.test([...keys][0]!));
});

Deno.test("randomBase62() uses all 62 characters about evenly (no modulo bias)", () => {
  // 62,000 draws: each character expects 1,000 (sd about 31). With modulo 256 % 62 bias the first
  // 8 characters would expect 1,000 x 5/4.13 = 1,210, far beyond this tolerance.
  const counts = new Map<string, number>();
  for (const c of randomBase62(62_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
  assert.equal(counts.size, 62);
  for (const [c, n] of counts) assert.ok(n > 850 && n < 1150, `${c} drawn ${n} times`);
});

Deno.test("sha256Hex() matches the FIPS 180-2 test vector for abc", () => {
  assert.equal(
    sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("hashPassword() uses PBKDF2-SHA256 with 600,000 iterations and a per-user salt", async () => {
  assert.ok(PASSWORD_ITERATIONS >= 600_000);
  const a = await hashPassword("correct horse battery");
  const b = await hashPassword("correct horse battery");
  assert.match(a, /^pbkdf2-sha256\$600000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  assert.notEqual(a, b, "two hashes of one password differ by their salts");
  assert.ok(!a.includes("correct horse"));
  assert.equal(await verifyPassword("correct horse battery", a), true);
  assert.equal(await verifyPassword("correct horse batterY", a), false);
  assert.equal(await verifyPassword("x", "garbage"), false);
});

Deno.test("constantTimeEqual() compares whole strings, including different lengths", () => {
  assert.equal(constantTimeEqual("abc", "abc"), true);
  assert.equal(constantTimeEqual("abc", "abd"), false);
  assert.equal(constantTimeEqual("abc", "abcd"), false);
});
