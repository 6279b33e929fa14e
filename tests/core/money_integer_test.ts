import assert from "node:assert/strict";
import fc from "fast-check";
import { roundTo } from "../../core/money.ts";

/** The decimal-string rounding of `roundTo`, without its whole-number shortcut. */
function slowRoundTo(value: number, places: number): number {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e15) return value;
  const [mantissa, exponent] = magnitude.toExponential().split("e") as [string, string];
  const shifted = Number(`${mantissa}e${Number(exponent) + places}`);
  const rounded = Number(`${Math.round(shifted)}e-${places}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

Deno.test("roundTo() gives whole numbers back exactly as the decimal-string rounding does", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 1e15, -1e15, 2 ** 53)),
      fc.integer({ min: 0, max: 6 }),
      (value, places) => {
        assert.ok(Object.is(roundTo(value, places), slowRoundTo(value, places)), String(value));
      },
    ),
    { numRuns: 500 },
  );
  assert.ok(Object.is(roundTo(-0, 2), 0));
});
