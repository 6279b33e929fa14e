import assert from "node:assert/strict";
import fc from "fast-check";
import { roundTo } from "../../core/money.ts";

/** The decimal-string rounding that `roundTo` is defined by (its fast paths must agree). */
function slowRoundTo(value: number, places: number): number {
  const magnitude = Math.abs(value);
  if (magnitude >= 1e15 || Number.isInteger(value)) return value === 0 ? 0 : value;
  const [mantissa, exponent] = magnitude.toExponential().split("e") as [string, string];
  const shifted = Number(`${mantissa}e${Number(exponent) + places}`);
  const rounded = Number(`${Math.round(shifted)}e-${places}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

Deno.test("roundTo() gives the decimal-string rounding for any double, halves included", () => {
  const halves = fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }))
    .map(([n, p]) => Number(`${n}5e-${p + 1}`)); // x.xx5: exactly half a unit of the last place
  fc.assert(
    fc.property(
      fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        halves,
        fc.float({ noNaN: true, noDefaultInfinity: true }),
      ),
      fc.integer({ min: 0, max: 10 }),
      (value, places) => {
        assert.ok(
          Object.is(roundTo(value, places), slowRoundTo(value, places)),
          `${value} to ${places}`,
        );
      },
    ),
    { numRuns: 20_000 },
  );
  // First principles: half a cent rounds away from zero on the decimal digits.
  assert.deepEqual([roundTo(1.005, 2), roundTo(-2.675, 2), roundTo(0.125, 2)], [1.01, -2.68, 0.13]);
});
