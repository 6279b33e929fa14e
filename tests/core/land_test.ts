import assert from "node:assert/strict";
import fc from "fast-check";
import { convertLand, LAND_UNITS, parseDeed, SQUARE_METRES, toDeed } from "../../core/ops/land.ts";

Deno.test("convertLand() gives 10 perches as 252.9285264 m2 and 0A-0R-10.0P", () => {
  const r = convertLand({ value: 10, from: "perch" });
  assert.equal(r.squareMetres, 252.9285264);
  assert.equal(r.values.sqft, 2722.5); // 10 x 272.25 ft2
  assert.equal(r.values.rood, 0.25);
  assert.equal(r.values.acre, 0.0625);
  assert.equal(r.values.cent, 6.25); // 1 cent = 1.6 perches
  assert.deepEqual(r.deed, { acres: 0, roods: 0, perches: 10, text: "0A-0R-10.0P" });
});

Deno.test("the unit factors are the exact international-foot values", () => {
  // Research section 4: ft = 0.3048 m; perch = 272.25 ft2; rood = 40 perches; acre = 160 perches.
  assert.equal(SQUARE_METRES.sqft, 0.3048 * 0.3048);
  assert.equal(SQUARE_METRES.perch, 25.29285264);
  assert.equal(SQUARE_METRES.acre, 4046.8564224);
  assert.equal(convertLand({ value: 1, from: "acre" }).values.sqft, 43_560);
  assert.equal(convertLand({ value: 1, from: "hectare" }).values.acre, 2.47105381467);
  assert.equal(convertLand({ value: 1, from: "sqyd" }).values.sqft, 9);
});

Deno.test("deed notation reads and writes acre-rood-perch extents", () => {
  // Research: 2A-1R-30P = 390 perches = 9,864.2125296 m2; 0A-2R-15P = 95 perches = 2,402.8210008 m2.
  assert.equal(parseDeed("2A-1R-30P"), 390);
  assert.equal(parseDeed("2a-1r-30p"), 390);
  assert.equal(parseDeed(" 0A - 2R - 15.5P "), 95.5);
  assert.equal(parseDeed("0A-4R-0P"), undefined);
  assert.equal(parseDeed("0A-0R-40P"), undefined);
  assert.equal(parseDeed("two acres"), undefined);
  assert.equal(convertLand({ value: 390, from: "perch" }).squareMetres, 9864.2125296);
  assert.equal(convertLand({ value: 95, from: "perch" }).squareMetres, 2402.8210008);
  assert.equal(toDeed(390).text, "2A-1R-30.0P");
});

Deno.test("toDeed() carries when perches round up to 40.0", () => {
  assert.equal(toDeed(39.96).text, "0A-1R-0.0P");
  assert.equal(toDeed(159.95).text, "1A-0R-0.0P");
  assert.equal(toDeed(79.94).text, "0A-1R-39.9P");
  assert.equal(toDeed(0).text, "0A-0R-0.0P");
});

Deno.test("land conversions round-trip through every unit (property)", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 1e-3, max: 1e9, noNaN: true }),
      fc.constantFrom(...LAND_UNITS),
      fc.constantFrom(...LAND_UNITS),
      (value, from, to) => {
        const there = convertLand({ value: value, from: from }).values[to];
        const back = convertLand({ value: there, from: to }).values[from];
        assert.ok(
          Math.abs(back - value) <= value * 1e-10,
          `${value} ${from} -> ${there} ${to} -> ${back}`,
        );
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("deed text re-reads to the same extent to a tenth of a perch (property)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), (tenths) => {
      const deed = toDeed(tenths / 10);
      assert.ok(deed.roods <= 3 && deed.perches < 40);
      assert.equal(Math.round(parseDeed(deed.text)! * 10), tenths);
    }),
    { numRuns: 2000 },
  );
});
