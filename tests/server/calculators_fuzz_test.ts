import assert from "node:assert/strict";
import fc from "fast-check";
import { testApp } from "../_helpers/app.ts";

// Malformed values: empty, words, exponents, infinities, negatives, too many decimals, huge,
// hex, whitespace, unicode digits, and arbitrary strings.
const badNumber = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "abc",
    "1e5",
    "1e999",
    "NaN",
    "Infinity",
    "-Infinity",
    "-1",
    "0x10",
    "1,000",
    "1.2.3",
  ),
  fc.constantFrom("١٢٣", "12abc", "+", "-", ".", "1.", ".5", "99999999999999999999999"),
  fc.string({ maxLength: 30 }),
);
const anyValue = fc.oneof(badNumber, fc.integer().map(String), fc.double().map(String));
const paramName = fc.oneof(
  fc.constantFrom(
    "amount",
    "rate",
    "mode",
    "monthly",
    "date",
    "year",
    "principal",
    "months",
    "payout",
    "wht",
  ),
  fc.constantFrom(
    "whtRate",
    "schedule",
    "value",
    "from",
    "deed",
    "x",
    "",
    "amount[]",
    "__proto__",
    "constructor",
  ),
  fc.string({ maxLength: 10 }),
);
const query = fc.array(fc.tuple(paramName, anyValue), { maxLength: 6 });
const endpoint = fc.constantFrom(
  "/api/v1/tax/paye",
  "/api/v1/vat",
  "/api/v1/loan",
  "/api/v1/fd",
  "/api/v1/convert/land",
);

Deno.test("calculator endpoints answer every malformed query with 200 or a 4xx JSON error, never 500", async () => {
  await using t = await testApp();
  await fc.assert(
    fc.asyncProperty(endpoint, query, async (path, pairs) => {
      const search = new URLSearchParams(pairs).toString();
      const res = await t.request(`${path}?${search}`);
      const body = await res.json();
      assert.ok(
        res.status === 200 || (res.status >= 400 && res.status < 500),
        `${res.status} for ${path}?${search}`,
      );
      if (res.status !== 200) {
        assert.equal(body.ok, false);
        assert.equal(typeof body.error, "string");
        assert.ok(
          body.details.length > 0 &&
            body.details.every((d: { param: unknown }) => typeof d.param === "string"),
        );
      }
    }),
    { numRuns: 600 },
  );
});

Deno.test("a malformed value of each required number names that parameter", async () => {
  await using t = await testApp();
  const base: Record<string, Record<string, string>> = {
    "/api/v1/tax/paye": { monthly: "250000" },
    "/api/v1/vat": { amount: "1000" },
    "/api/v1/loan": { principal: "100000", rate: "12", months: "12" },
    "/api/v1/fd": { principal: "100000", rate: "10", months: "12" },
    "/api/v1/convert/land": { value: "10", from: "perch" },
  };
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...Object.keys(base)),
      fc.constantFrom("", "abc", "1e5", "NaN", "Infinity", "-1", "0x10", "1.123"),
      fc.nat(),
      async (path, bad, pick) => {
        const params = { ...base[path]! };
        const names = Object.keys(params).filter((n) => n !== "from");
        const name = names[pick % names.length]!;
        params[name] = bad;
        const res = await t.request(`${path}?${new URLSearchParams(params)}`);
        // "1.123" is a valid number: extra decimals are rounded to the parameter's precision.
        if (res.status === 200) {
          assert.equal(bad, "1.123");
          return;
        }
        assert.equal(res.status, 400);
        const body = await res.json();
        assert.equal(body.code, "invalid_param");
        assert.ok(
          body.details.some((d: { param: string }) => d.param === name),
          JSON.stringify(body),
        );
      },
    ),
    { numRuns: 300 },
  );
});
