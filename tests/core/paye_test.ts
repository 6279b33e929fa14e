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

// Rows of the IRD's printed APIT Table 01 (whole rupees per monthly income range), as quoted by the
// lk-tax project (ShalomHunukumbura/lk-tax, read 2026-11-24), whose tests check every printed row
// of both tables (75,590 rows) at both ends of each range. The printed PDFs themselves (IRD,
// "APIT_2526_Table_01.pdf" and "APIT_2324_Table_01.pdf") were not readable here, and lk-tax's
// row fixtures are stored compressed, so only these quoted rows are available: fewer than the 20
// per table issue 17 asks for (said so in the report), and no guessed row is added.
const PRINTED: [table: "2025/26" | "2023-25", monthly: number, tax: number, source: string][] = [
  ["2025/26", 150_000, 0, "RATES.md: up to 150,000 -> 0"],
  ["2025/26", 150_001, 1, "RATES.md: 150,001-150,017 -> Rs. 1 (low edge)"],
  ["2025/26", 150_017, 1, "RATES.md: 150,001-150,017 -> Rs. 1 (high edge)"],
  ["2025/26", 150_018, 2, "RATES.md: 150,018-150,033 -> Rs. 2 (low edge)"],
  ["2025/26", 150_033, 2, "RATES.md: 150,018-150,033 -> Rs. 2 (high edge)"],
  ["2025/26", 275_001, 12_501, "income_tax.toml/README: 275,001-275,006 -> 12,501 (low edge)"],
  ["2025/26", 275_005, 12_501, "test_ird_table_quirk: printed 12,501 though the formula steps up"],
  ["2025/26", 275_006, 12_501, "income_tax.toml/README: 275,001-275,006 -> 12,501 (high edge)"],
  ["2025/26", 275_007, 12_502, "test_ird_table_quirk: 275,007 -> 12,502"],
  ["2025/26", 366_100, 37_796, "test_apit_official_tables: last printed row 366,100 -> 37,796"],
  ["2023-25", 309_150, 37_794, "test_apit_official_tables: last printed row 309,150 -> 37,794"],
];

Deno.test("computePaye() rounding=table gives the printed Table 01 rows quoted by lk-tax", async (t) => {
  for (const [name, monthly, tax, source] of PRINTED) {
    await t.step(`${name} ${monthly} -> ${tax} (${source})`, () => {
      const table = name === "2025/26" ? current : previous;
      const r = computePaye({ monthly, table, rounding: "table" });
      assert.equal(r.monthlyTax, tax);
      assert.equal(r.rounding, "table");
      assert.equal(r.annualTax, tax * 12);
    });
  }
});

Deno.test("computePaye() rounding=table above the last printed row is last tax + 36% of the excess", () => {
  // The printed tables end "Rs. 37,796 + 36% of the excess over Rs. 366,100" (2025/26) and
  // "Rs. 37,794 + 36% of the excess" over 309,150 (2023-25), per lk-tax's official-table test.
  for (const excess of [1, 1_234, 100_000]) {
    assert.equal(
      computePaye({ monthly: 366_100 + excess, table: current, rounding: "table" }).monthlyTax,
      Math.round((37_796 + 0.36 * excess) * 100) / 100,
    );
    assert.equal(
      computePaye({ monthly: 309_150 + excess, table: previous, rounding: "table" }).monthlyTax,
      Math.round((37_794 + 0.36 * excess) * 100) / 100,
    );
  }
});

Deno.test("computePaye() rounding=table ends each range where the formula reaches its rupee (property)", () => {
  // The construction lk-tax's notes give for the printed table (RATES.md: "each range ends at
  // (9,000 + tax) / 0.06, rounded"): the range of whole-rupee tax T in a band with summary formula
  // rate% x P - C ends at round((C + T) x 100 / rate%). Checked here in every band of both tables
  // from the IRD summary formulas, in exact integers (ranges of the 24% band can end on a half).
  const bands: [table: typeof current, rate: number, constant: number, from: number, to: number][] =
    [
      [current, 6, 9_000, 1, 4_999],
      [current, 18, 37_000, 5_001, 12_499],
      [current, 24, 53_500, 12_502, 22_499], // 12,501 is the printed quirk, tested above
      [current, 30, 72_500, 22_501, 34_999],
      [current, 36, 94_000, 35_001, 37_795],
      [previous, 6, 6_000, 1, 2_499],
      [previous, 12, 14_500, 2_501, 7_499],
      [previous, 18, 25_500, 7_501, 15_000 - 1],
      [previous, 24, 39_000, 15_001, 25_000 - 1],
      [previous, 30, 55_000, 25_001, 37_500 - 1],
      [previous, 36, 73_500, 37_501, 37_793],
    ];
  fc.assert(
    fc.property(fc.nat(), fc.integer({ min: 0, max: 1_000_000 }), (pick, offset) => {
      const [table, rate, constant, from, to] = bands[pick % bands.length]!;
      const tax = from + (offset % (to - from + 1));
      // round((C + T) x 100 / rate), half up, in integers: floor((200 (C + T) + rate) / (2 rate)).
      const end = Math.floor((200 * (constant + tax) + rate) / (2 * rate));
      assert.equal(computePaye({ monthly: end, table, rounding: "table" }).monthlyTax, tax);
      assert.equal(computePaye({ monthly: end + 1, table, rounding: "table" }).monthlyTax, tax + 1);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("computePaye() rounding=table stays within a rupee of the exact formula and never falls (property)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 400_000 }), fc.boolean(), (monthly, useCurrent) => {
      const table = useCurrent ? current : previous;
      const exact = computePaye({ monthly, table }).monthlyTax;
      const printed = computePaye({ monthly, table, rounding: "table" }).monthlyTax;
      const next = computePaye({ monthly: monthly + 1, table, rounding: "table" }).monthlyTax;
      assert.ok(next >= printed);
      assert.ok(Math.abs(printed - exact) < 1, `${monthly}: ${printed} vs ${exact}`);
      if (monthly <= table.printed.lastIncome) assert.ok(Number.isInteger(printed));
    }),
    { numRuns: 2000 },
  );
});
