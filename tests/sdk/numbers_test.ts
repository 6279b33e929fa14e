/**
 * The numbers rule (docs/sdk.md, "Numbers"): any finite JavaScript number works as a parameter,
 * is sent as plain decimal text (never exponent notation), and every decimal parameter rounds
 * extra digits half away from zero to its precision (money: the cent), on the server and in the
 * SDK alike, with the rounded value echoed in the answer. Non-values fail in our words.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  createClient,
  isValidationError,
  type LankaClient,
  LocalStorageCache,
  ValidationError,
} from "../../mod.ts";
import { plainNumber } from "../../sdk/_request.ts";
import { FIXED_NOW, testApp } from "../_helpers/app.ts";

const options = { baseUrl: "http://lanka.test", now: () => FIXED_NOW, retries: 0 };

async function error(promise: PromiseLike<unknown>): Promise<ValidationError> {
  const caught = await Promise.resolve(promise).then(() => undefined, (e: unknown) => e);
  assert.ok(caught instanceof ValidationError, `expected a ValidationError, got ${caught}`);
  return caught;
}

Deno.test("client.vat() takes amounts computed in JavaScript and echoes them rounded to the cent", async (t) => {
  const client = createClient({ ...options, mode: "local" });
  // First principles: 0.1 + 0.2 is 0.30000000000000004 in binary floating point, 0.30 to the
  // cent; 18% of 0.30 is 0.054, 0.05 to the cent.
  await t.step("0.1 + 0.2 is 0.30", async () => {
    const answer = await client.vat({ amount: 0.1 + 0.2, rate: 18 });
    assert.deepEqual([answer.base, answer.vat, answer.total], [0.3, 0.05, 0.35]);
  });
  await t.step("1234567.891 is 1234567.89 and 1000 / 3 is 333.33", async () => {
    assert.equal((await client.vat({ amount: 1234567.891, rate: 18 })).base, 1234567.89);
    assert.equal((await client.vat({ amount: 1000 / 3, rate: 18 })).base, 333.33);
  });
  await t.step(
    "half a cent rounds up, the way a cashier does (0.125 -> 0.13, 1.005 -> 1.01)",
    async () => {
      assert.equal((await client.vat({ amount: 0.125, rate: 0 })).total, 0.13);
      assert.equal((await client.vat({ amount: 1.005, rate: 0 })).total, 1.01);
      assert.equal((await client.vat({ amount: 2.675, rate: 0 })).total, 2.68);
    },
  );
  await t.step(
    "a tiny number (1e-7) is 0.00 and a huge one (1e21) is out of range, named",
    async () => {
      assert.equal((await client.vat({ amount: 1e-7, rate: 18 })).total, 0);
      const tooBig = await error(client.vat({ amount: 1e21, rate: 18 }));
      assert.equal(tooBig.details?.[0]?.param, "amount");
      assert.match(tooBig.message, /"1000000000000000000000"/);
    },
  );
  await t.step("the rate rounds to its own precision, 4 decimals", async () => {
    assert.equal((await client.vat({ amount: 100, rate: 18.00004 })).rate, 18);
  });
});

Deno.test("numbers travel as plain decimal text, never exponent notation", async () => {
  const urls: string[] = [];
  const client = createClient({
    ...options,
    mode: "remote",
    fetch: (input) => {
      urls.push(String(input));
      return Promise.resolve(Response.json({ ok: true, data: {}, meta: {} }));
    },
  });
  for (const amount of [1e-7, 1e21, 0.1 + 0.2, -1e-7, 123e-20]) await client.vat({ amount });
  const sent = urls.map((url) => new URL(url).searchParams.get("amount"));
  assert.deepEqual(sent, [
    "0.0000001",
    "1000000000000000000000",
    "0.30000000000000004",
    "-0.0000001",
    "0.00000000000000000123",
  ]);
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
      const text = plainNumber(value);
      assert.match(text, /^-?\d+(\.\d+)?$/);
      // Exact where JavaScript writes the number without an exponent or at 1e21 and above.
      // (-0 is written "0".)
      if (Math.abs(value) >= 1e-6 || value === 0) assert.equal(Number(text), value + 0);
    }),
  );
});

Deno.test("the server applies the same rule to raw HTTP callers", async () => {
  await using t = await testApp();
  const vat = async (query: string) => (await t.request(`/api/v1/vat?${query}`)).json();
  assert.equal((await vat("amount=1234567.891&rate=18")).data.base, 1234567.89);
  assert.equal((await vat("amount=0.125&rate=0")).data.total, 0.13);
  for (const bad of ["1e5", "1E5", "Infinity", "NaN", ".5", "1.", "0x10"]) {
    const body = await vat(`amount=${encodeURIComponent(bad)}&rate=18`);
    assert.equal(body.code, "invalid_param", bad);
    assert.match(body.error, /plain decimal notation/);
  }
});

Deno.test("numbers computed in JavaScript give the same answer locally and from the server", async () => {
  await using server = await testApp();
  const local = createClient({ ...options, mode: "local" });
  const remote = createClient({
    ...options,
    mode: "remote",
    fetch: server.fetch,
  });
  const outcome = (client: LankaClient, amount: number, rate: number) =>
    client.vat({ amount, rate }).then((d) => d, (e: unknown) => {
      assert.ok(e instanceof ValidationError);
      return [e.name, e.message, e.details];
    });
  await fc.assert(
    fc.asyncProperty(
      fc.double({ min: -10, max: 1e14, noNaN: true }),
      fc.double({ min: 0, max: 100, noNaN: true }),
      async (amount, rate) => {
        assert.deepEqual(await outcome(local, amount, rate), await outcome(remote, amount, rate));
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("SDK errors for values that are not parameters are ValidationErrors in our words", async (t) => {
  const client = createClient({ ...options, mode: "local" });
  await t.step("client.nic(undefined) names the number", async () => {
    // @ts-expect-error: JavaScript callers can pass anything
    const e = await error(client.nic(undefined));
    assert.ok(isValidationError(e));
    assert.equal(e.details?.[0]?.param, "number");
    assert.equal(e.message, 'Parameter "number" is required: expected text');
  });
  await t.step("NaN, Infinity, null and objects name the parameter", async () => {
    const cases: [unknown, RegExp][] = [
      [NaN, /^Parameter "amount" must be a finite number: got NaN$/],
      [Infinity, /^Parameter "amount" must be a finite number: got Infinity$/],
      [null, /^Parameter "amount" must be a number, text or a boolean: got null$/],
      [{}, /^Parameter "amount" must be a number, text or a boolean: got a value of type object$/],
    ];
    for (const [amount, message] of cases) {
      for (const mode of ["local", "remote"] as const) {
        const other = createClient({ ...options, mode, fetch: () => Promise.reject(new Error()) });
        const e = await error(other.vat({ amount: amount as number }));
        assert.equal(e.details?.[0]?.param, "amount");
        assert.match(e.message, message);
      }
    }
  });
  await t.step("no message leaks the validator's own words", async () => {
    // @ts-expect-error: a missing required parameter, as from JavaScript
    const e = await error(client.paye({}));
    assert.doesNotMatch(e.message, /Invalid input|received undefined/);
    assert.equal(e.details?.[0]?.param, "monthly");
  });
});

Deno.test("new LocalStorageCache() without localStorage says so and what to do instead", () => {
  // Deno under test has a localStorage: hide it, as Node 20 and workers have none (the npm
  // package's Node test checks the real absence).
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", { value: undefined, configurable: true });
  try {
    assert.throws(
      () => new LocalStorageCache(),
      (e: unknown) =>
        e instanceof TypeError && /no localStorage/.test(e.message) &&
        /MemoryCache/.test(e.message),
    );
  } finally {
    if (descriptor) Object.defineProperty(globalThis, "localStorage", descriptor);
    else delete (globalThis as { localStorage?: unknown }).localStorage;
  }
});
