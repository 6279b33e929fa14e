import assert from "node:assert/strict";
import fc from "fast-check";
import { apitTableOn, computePaye } from "../../core/ops/paye.ts";

const current = apitTableOn("2026-11-21")!;
const previous = apitTableOn("2025-03-31")!;

// Worked examples from ../shared/research/finance-nic-plate.md section 1.5 (new / old table),
// which match Newsfirst 26-02-2025, lk-tax and apit_lk tests and Adaderana 24-12-2022.
const EXAMPLES: [monthly: number, current: number, previous: number][] = [
  [100_000, 0, 0],
  [150_000, 0, 3_500],
  [200_000, 3_000, 10_500],
  [250_000, 8_000, 21_000],
  [300_000, 18_500, 35_000],
  [350_000, 32_500, 52_500],
  [400_000, 50_000, 70_500],
  [500_000, 86_000, 106_500],
  [1_000_000, 266_000, 286_500],
];

Deno.test("apitTableOn() picks the 2023-25 table until 31 March 2025 and the 2025/26 one after", () => {
  assert.equal(apitTableOn("2023-01-01")?.id, "2023-01");
  assert.equal(apitTableOn("2025-03-31")?.id, "2023-01");
  assert.equal(apitTableOn("2025-04-01")?.id, "2025-04");
  assert.equal(apitTableOn("2026-11-21")?.id, "2025-04");
  assert.equal(apitTableOn("2022-12-31"), undefined);
});

Deno.test("computePaye() matches the published worked examples under both tables", async (t) => {
  for (const [monthly, now, before] of EXAMPLES) {
    await t.step(`${monthly}: ${now} under 2025/26, ${before} under 2023-25`, () => {
      assert.equal(computePaye({ monthly, table: current }).monthlyTax, now);
      assert.equal(computePaye({ monthly, table: previous }).monthlyTax, before);
    });
  }
});

Deno.test("computePaye() taxes 250000 at 8000 with the fields of spec 2.6", () => {
  const r = computePaye({ monthly: 250_000, table: current });
  assert.deepEqual(
    [
      r.grossMonthly,
      r.grossAnnual,
      r.monthlyTax,
      r.annualTax,
      r.monthlyNet,
      r.annualNet,
      r.currency,
    ],
    [250_000, 3_000_000, 8_000, 96_000, 242_000, 2_904_000, "LKR"],
  );
  assert.equal(r.marginalRatePct, 18);
});

Deno.test("computePaye() agrees with the IRD summary formulas rate x P - constant in every band", () => {
  // IRD Table 01 summary formulas (research section 1.2 and 1.3).
  const formulas = (table: "current" | "previous", p: number): number => {
    const rows = table === "current"
      ? [[150_000, 0, 0], [233_333.34, 6, 9_000], [275_000, 18, 37_000], [316_666.67, 24, 53_500], [
        358_333.34,
        30,
        72_500,
      ], [Infinity, 36, 94_000]]
      : [
        [100_000, 0, 0],
        [141_666.67, 6, 6_000],
        [183_333.34, 12, 14_500],
        [225_000, 18, 25_500],
        [
          266_666.67,
          24,
          39_000,
        ],
        [308_333.34, 30, 55_000],
        [Infinity, 36, 73_500],
      ];
    const [, rate, constant] = rows.find(([top]) => p <= top!)!;
    return (rate! * p) / 100 - constant!;
  };
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 5_000_000 }), (p) => {
      for (const [name, table] of [["current", current], ["previous", previous]] as const) {
        const expected = Math.round(formulas(name, p) * 100) / 100;
        assert.ok(
          Math.abs(computePaye({ monthly: p, table }).monthlyTax - expected) <= 0.01,
          `${name} ${p}`,
        );
      }
    }),
    { numRuns: 500 },
  );
});

Deno.test("computePaye() is monotone and continuous in salary (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 200_000_000 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.boolean(),
      (cents, stepCents, useCurrent) => {
        const table = useCurrent ? current : previous;
        const a = computePaye({ monthly: cents / 100, table }).monthlyTax;
        const b = computePaye({ monthly: (cents + stepCents) / 100, table }).monthlyTax;
        assert.ok(b >= a, "tax never falls as pay rises");
        // Continuity: the top rate is 36%, so tax rises by at most 36% of the step (plus a cent
        // of rounding on each side).
        assert.ok(
          b - a <= (0.36 * stepCents) / 100 + 0.02,
          `jump of ${b - a} for ${stepCents / 100}`,
        );
      },
    ),
    { numRuns: 1000 },
  );
});
