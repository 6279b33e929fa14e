/**
 * The compiled parameter parser (core/execute.ts) reads every field without zod where it can:
 * for every operation of the registry it must give exactly what parsing the whole params object
 * with zod gives, values and problems alike.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type * as z from "zod/mini";
import { ApiError, type ErrorDetail } from "../../core/errors.ts";
import { parseParams } from "../../core/execute.ts";
import { operations } from "../../core/registry.ts";
import { isValidIsoDate } from "../../core/_calendar.ts";

/** The reference: the whole object parsed by zod, issues in zod's order. */
function withZod(schema: z.ZodMiniObject, raw: Record<string, string>) {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const details: ErrorDetail[] = result.error.issues.map((issue) => {
    const param = issue.path.map(String).join(".");
    return { param, message: `Parameter "${param}" ${issue.message}` };
  });
  return { ok: false, details };
}

function compiled(op: (typeof operations)[number], raw: Record<string, string>) {
  try {
    return { ok: true, value: parseParams(op, Object.entries(raw)) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, details: error.details };
  }
}

const value = fc.oneof(
  fc.constantFrom("", "0", "1", "-1", "12.5", "0.125", "1e5", "abc", "true", "2026-01-01", "x"),
  fc.constantFrom("250000", "2026-02-30", "mercantile", "ics", "SI", "ta", "1234567.891"),
  fc.string({ maxLength: 8 }),
);

Deno.test("the compiled parser reads every operation's parameters exactly as zod does", async (t) => {
  for (const op of operations) {
    const names = Object.keys(op.params.shape);
    if (names.length === 0) continue;
    await t.step(op.name, () => {
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length }),
          (raw) => assert.deepEqual(compiled(op, raw), withZod(op.params, raw)),
        ),
        { numRuns: 200 },
      );
    });
  }
});

Deno.test("isValidIsoDate() reads digit by digit exactly as the YYYY-MM-DD rule says", () => {
  const reference = (raw: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    if (!match) return false;
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (y < 1000 || m < 1 || m > 12 || d < 1) return false;
    return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
  };
  const dateLike = fc.tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  ).map(([y, m, d]) =>
    `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`
  );
  fc.assert(
    fc.property(fc.oneof(dateLike, fc.string({ maxLength: 12 })), (raw) => {
      assert.equal(isValidIsoDate(raw), reference(raw), raw);
    }),
    { numRuns: 5_000 },
  );
  // Leap years (first principles): 2024 yes, 1900 no, 2000 yes.
  assert.deepEqual(
    ["2024-02-29", "1900-02-29", "2000-02-29", "2026-04-31"].map(isValidIsoDate),
    [true, false, true, false],
  );
});
