/**
 * Payroll: golden figures from the sources in ../shared/research/payroll.md and data/payroll.json
 * (each named beside it), properties of the payslip and the gross-up, and bad input.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { computePayslip as payslip, grossUp } from "../../core/calc/payroll.ts";
import { lumpSumTax } from "../../core/calc/payroll_apit.ts";
import { computeGratuity } from "../../core/calc/payroll_gratuity.ts";
import { computeMinimumWage } from "../../core/calc/payroll_minimum_wage.ts";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";
import { apit } from "../../core/ops/apit.ts";
import { gratuity } from "../../core/ops/gratuity.ts";
import { minimumWage } from "../../core/ops/minimum_wage.ts";
import { paye } from "../../core/ops/paye.ts";
import { payslip as payslipOp } from "../../core/ops/payslip.ts";

const ctx: OperationContext = { today: "2026-06-15", baseUrl: "https://lanka.test" };

function run(op: AnyOperation, query: string): Record<string, unknown> {
  return execute(op, new URLSearchParams(query), ctx) as Record<string, unknown>;
}

function refusal(op: AnyOperation, query: string): { status: number; param: string | undefined } {
  try {
    execute(op, new URLSearchParams(query), ctx);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, param: error.details?.[0]?.param };
  }
  assert.fail(`expected ${op.name}?${query} to be refused`);
}

// ---------------------------------------------------------------------------------------------
// APIT Table 02: the IRD "How to apply Table 02" worked examples, to the rupee.

Deno.test("Table 02 2025/26: Mr. Ranaweera's 600,000 incentive at 170,000 a month is taxed 36,000", () => {
  // IRD 2025/26 Table 02 example via https://www.taxadvisor.lk/calculator/cal-2025-table-2:
  // A = 170,000; B = 1,870,000; C = 600,000; D = 2,640,000; tax on the incentive Rs. 36,000.
  const slip = payslip({ basic: 170_000, bonus: 600_000, date: "2025-04-25" });
  assert.equal(slip.deductions.apitLumpSum?.egar, 2_640_000);
  assert.equal(slip.deductions.apitLumpSum?.amount, 36_000);
  assert.equal(slip.deductions.apitLumpSum?.table.table, 2);
  const r = run(apit, "table=2&date=2025-04-25&paidToDate=170000&payable=1870000&lumpSums=600000");
  assert.equal(r.tax, 36_000);
});

Deno.test("Table 02 2023/24: Mrs. Alwis's 400,000 incentive at 120,000 a month is taxed 32,400", () => {
  // IRD 2023/24 Table 02 example via https://www.taxadvisor.lk/calculator/cal-2023-table-2:
  // A = 120,000; B = 1,320,000; C = 400,000; D = 1,840,000; tax Rs. 32,400.
  const slip = payslip({ basic: 120_000, bonus: 400_000, date: "2023-04-25" });
  assert.equal(slip.deductions.apitLumpSum?.egar, 1_840_000);
  assert.equal(slip.deductions.apitLumpSum?.amount, 32_400);
  const r = run(apit, "table=2&date=2023-04-25&paidToDate=120000&payable=1320000&lumpSums=400000");
  assert.equal(r.tax, 32_400);
});

Deno.test("Table 02 January-March 2023: Mrs. Fernando's 300,000 incentive in January is taxed 35,100", () => {
  // IRD Table 02 text (2023-01-01 to 2023-03-31), Example 01, https://scribd.com/document/669004999/Expenses:
  // D = 630,000; (630,000 x 18%) - [(76,500 + (600 x 1) + (600 x 2) + 0] = 35,100.
  const slip = payslip({ basic: 110_000, bonus: 300_000, date: "2023-01-25" });
  assert.equal(slip.deductions.apitLumpSum?.egar, 630_000);
  assert.equal(slip.deductions.apitLumpSum?.monthlyTax, 600 * 3);
  assert.equal(slip.deductions.apitLumpSum?.amount, 35_100);
});

Deno.test("Table 02 January-March 2023: a second bonus of 500,000 in March is taxed 180,000", () => {
  // IRD Table 02 text, bonus example, https://www.scribd.com/document/669005002/PAYE-table:
  // monthly 300,000; bonuses 1,000,000 and 500,000; tax on the earlier one 358,500; D = 2,400,000;
  // (2,400,000 x 36%) - [(220,500 + (35,000 x 3) + (35,000 x 0) + 358,500] = 180,000.
  const slip = payslip({
    basic: 300_000,
    bonus: 500_000,
    previousLumpSums: 1_000_000,
    previousLumpSumTax: 358_500,
    date: "2023-03-25",
  });
  assert.equal(slip.deductions.apitLumpSum?.egar, 2_400_000);
  assert.equal(slip.deductions.apitLumpSum?.amount, 180_000);
  const r = lumpSumTax({
    date: "2023-03-25",
    paidToDate: 900_000,
    payable: 0,
    lumpSums: 1_500_000,
    monthlyTax: 35_000 * 3,
    previousLumpSumTax: 358_500,
  });
  assert.equal(r.tax, 180_000);
});

Deno.test("Table 07 January-March 2023: Mr. Edward's primary 150,000 puts his second job at 18%", () => {
  // IRD Table 07 text 2022/23, Example 01, https://scribd.com/document/750881706/08-APIT-2223-Table-07-Text:
  // "falls under income range of Rs. 141,668 - 183,333, the applicable tax rate ... is 18%".
  const r = run(apit, "table=7&date=2023-02-28&primaryMonthly=150000&remuneration=100000");
  assert.equal(r.ratePct, 18);
  const slip = payslip({
    basic: 100_000,
    date: "2023-02-28",
    employment: "secondary",
    primaryMonthly: 150_000,
  });
  assert.equal(slip.deductions.apitRegular.table.table, 7);
  assert.equal(slip.deductions.apitRegular.amount, 100_000 * 0.18);
});

Deno.test("/tax/apit table=1 takes the inputs of /tax/paye and answers the same tax", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 200_000_000 }).map((c) => c / 100),
      fc.constantFrom("2023-01-01", "2025-03-31", "2025-04-01", "2026-11-24"),
      fc.constantFrom("exact", "table"),
      (monthly, date, rounding) => {
        const q = `monthly=${monthly}&date=${date}&rounding=${rounding}`;
        const viaPaye = run(paye, q);
        const viaApit = run(apit, `table=1&${q}`);
        assert.deepEqual(viaApit.monthly, viaPaye);
        assert.equal(viaApit.tax, viaPaye.monthlyTax);
      },
    ),
    { numRuns: 100 },
  );
});

Deno.test("tables with no published source held answer 501 not_available, naming the table", () => {
  for (const table of [3, 4, 5, 6]) {
    assert.deepEqual(refusal(apit, `table=${table}&date=2026-01-25`), {
      status: 501,
      param: "table",
    });
  }
  // Table 07 is held for January-March 2023 only.
  assert.equal(
    refusal(apit, "table=7&date=2026-01-25&primaryMonthly=1&remuneration=1").status,
    501,
  );
  assert.deepEqual(refusal(payslipOp, "basic=100000&date=2026-01-25&taxOnTax=1"), {
    status: 501,
    param: "taxOnTax",
  });
  assert.deepEqual(
    refusal(payslipOp, "basic=100000&date=2026-01-25&employment=secondary&primaryMonthly=200000"),
    { status: 501, param: "table" },
  );
  // Table 05: monthly pay under the relief but the year's pay over it.
  assert.deepEqual(
    refusal(payslipOp, "basic=100000&date=2026-01-25&regularToDate=1800000&taxToDate=0"),
    { status: 501, param: "regularToDate" },
  );
});

Deno.test("APIT tax never falls as income rises, under every table held", () => {
  const money = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
  fc.assert(
    fc.property(
      money,
      money,
      fc.constantFrom("2023-02-01", "2024-06-25", "2026-01-25"),
      (x, y, date) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const t1 = (m: number) => run(apit, `table=1&monthly=${m}&date=${date}`).tax as number;
        assert.ok(t1(lo) <= t1(hi));
        const t2 = (c: number) =>
          run(apit, `table=2&date=${date}&paidToDate=200000&payable=400000&lumpSums=${c}`)
            .tax as number;
        assert.ok(t2(lo) <= t2(hi));
        if (date >= "2025-04-01") {
          const t8 = (m: number) => run(apit, `table=8&monthly=${m}&date=${date}`).tax as number;
          assert.ok(t8(lo) <= t8(hi));
        }
      },
    ),
    { numRuns: 150 },
  );
  const t7 = (p: number) =>
    run(apit, `table=7&date=2023-02-01&primaryMonthly=${p}&remuneration=100000`).tax as number;
  for (let p = 0; p < 400_000; p += 997) assert.ok(t7(p) <= t7(p + 997));
});

Deno.test("a pay date after the last table held is answered with the latest and a notice", () => {
  const slip = payslip({ basic: 250_000, date: "2027-06-25" });
  assert.equal(slip.deductions.apitRegular.table.id, "2025-04");
  assert.equal(slip.deductions.apitRegular.amount, 8_000);
  assert.ok(slip.notices.some((n) => n.code === "tableNotYetPublished"));
  const r = run(apit, "table=1&monthly=250000&date=2027-06-25");
  assert.ok((r.notices as { code: string }[]).some((n) => n.code === "tableNotYetPublished"));
  assert.ok(!payslip({ basic: 250_000, date: "2026-06-25" }).notices.length);
});

// ---------------------------------------------------------------------------------------------
// EPF and ETF: 8% and 12% of total earnings (EPF Act No. 15 of 1958 s.10), ETF 3% (ETF Board).

Deno.test("EPF 8% is deducted and EPF 12% and ETF 3% are paid on top, on the EPF earnings", () => {
  // Rates: https://scribd.com/document/522064507/Short-note-2 and https://etfb.lk/employers-faq/.
  const slip = payslip({ basic: 100_000, allowances: 20_000, date: "2026-01-25" });
  assert.equal(slip.epfEarnings, 120_000);
  assert.equal(slip.deductions.epfEmployee, 9_600);
  assert.equal(slip.employer.epf, 14_400);
  assert.equal(slip.employer.etf, 3_600);
  assert.equal(slip.employer.totalCost, 120_000 + 14_400 + 3_600);
  const notCounted = payslip({
    basic: 100_000,
    allowances: 20_000,
    allowancesEpf: false,
    date: "2026-01-25",
  });
  assert.equal(notCounted.deductions.epfEmployee, 8_000);
});

Deno.test("net pay plus every deduction is the gross pay, to the cent", () => {
  const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  fc.assert(
    fc.property(
      money(2_000_000),
      money(200_000),
      money(5_000_000),
      fc.constantFrom("2023-02-25", "2024-01-25", "2025-04-25", "2026-12-25"),
      fc.boolean(),
      (basic, allowances, bonus, date, bonusEpf) => {
        const s = payslip({ basic, allowances, bonus, bonusEpf, date });
        const d = s.deductions;
        assert.equal(
          Math.round(
            (s.net + d.epfEmployee + d.apitRegular.amount + (d.apitLumpSum?.amount ?? 0)) * 100,
          ),
          Math.round(s.earnings.gross * 100),
        );
        assert.equal(Math.round((s.net + d.total) * 100), Math.round(s.earnings.gross * 100));
      },
    ),
    { numRuns: 300 },
  );
});

// ---------------------------------------------------------------------------------------------
// Gross-up.

Deno.test("gross-up inverts the payslip: the basic found nets the same, and is no larger", () => {
  const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  fc.assert(
    fc.property(
      money(1_500_000),
      money(50_000),
      fc.constantFrom("2023-02-25", "2024-01-25", "2025-04-25", "2026-12-25"),
      (basic, allowances, date) => {
        const s = payslip({ basic, allowances, date });
        const g = grossUp({ net: s.net, allowances, date });
        assert.equal(g.net, s.net);
        assert.ok(g.earnings.basic <= basic);
        assert.equal(g.grossUp?.exact, true);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("with a bonus, the gross-up finds the smallest basic that nets at least the target", () => {
  const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  fc.assert(
    fc.property(
      money(800_000),
      money(3_000_000),
      fc.constantFrom("2023-02-25", "2024-01-25", "2025-04-25"),
      (basic, bonus, date) => {
        const s = payslip({ basic, bonus, date });
        const g = grossUp({ net: s.net, bonus, date });
        assert.ok(g.net >= s.net);
        assert.ok(g.earnings.basic <= basic);
        assert.equal(g.grossUp?.exact, g.net === s.net);
        if (g.earnings.basic > 0) {
          assert.ok(payslip({ basic: g.earnings.basic - 0.01, bonus, date }).net < s.net);
        }
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("gross-up also inverts payslips under the printed Table 01 (rounding=table)", () => {
  const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
  fc.assert(
    fc.property(
      money(800_000),
      fc.oneof(fc.constant(0), money(2_000_000)),
      fc.constantFrom("2023-02-25", "2024-01-25", "2025-04-25"),
      (basic, bonus, date) => {
        const s = payslip({ basic, bonus, date, rounding: "table" });
        const g = grossUp({ net: s.net, bonus, date, rounding: "table" });
        assert.ok(g.net >= s.net);
        assert.ok(g.earnings.basic <= basic);
        if (g.earnings.basic > 0) {
          const below = payslip({ basic: g.earnings.basic - 0.01, bonus, date, rounding: "table" });
          assert.ok(below.net < s.net);
        }
      },
    ),
    { numRuns: 15 },
  );
});

Deno.test("gross-up is monotone: a larger net never needs a smaller basic", () => {
  const net = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
  fc.assert(
    fc.property(net, net, (x, y) => {
      const [lo, hi] = x <= y ? [x, y] : [y, x];
      const a = grossUp({ net: lo, allowances: 10_000, date: "2026-01-25" }).earnings.basic;
      const b = grossUp({ net: hi, allowances: 10_000, date: "2026-01-25" }).earnings.basic;
      assert.ok(a <= b);
    }),
    { numRuns: 40 },
  );
});

Deno.test("net= gross-up via the API: 222,000 in 2026 needs a basic of 250,000", () => {
  // First principles from the sourced rules: 250,000 - 8% EPF (20,000) - Table 01 APIT (8,000,
  // finance-nic-plate.md 1.5) = 222,000.
  const r = run(payslipOp, "net=222000&date=2026-01-25");
  assert.deepEqual((r.earnings as { basic: number }).basic, 250_000);
  assert.deepEqual(r.grossUp, { net: 222_000, exact: true });
  assert.equal(refusal(payslipOp, "date=2026-01-25").param, "basic");
  assert.equal(refusal(payslipOp, "basic=1&net=1&date=2026-01-25").param, "net");
  assert.equal(refusal(payslipOp, `net=${1e10}&date=2026-01-25`).param, "net");
});

// ---------------------------------------------------------------------------------------------
// Minimum wage: either side of each change (sources in data/payroll.json).

Deno.test("minimum wage on the dates either side of each change", async (t) => {
  const cases: [string, number, number][] = [
    ["2016-01-01", 10_000, 400], // Ada Derana nid=57974: with effect from 01.01.2016
    ["2021-08-15", 10_000, 400],
    ["2021-08-16", 12_500, 500], // De Saram: took effect from 16th August 2021
    ["2024-08-15", 12_500, 500],
    ["2024-09-15", 17_500, 700], // srilankanews.lk: from September 2024
    ["2025-03-31", 17_500, 700], // onlanka: from Rs. 17,500 to Rs. 27,000, effective April 1, 2025
    ["2025-04-01", 27_000, 1_080], // Varners: 1 April 2025 to 31 December 2025
    ["2025-12-31", 27_000, 1_080],
    ["2026-01-01", 30_000, 1_200], // Varners; Commissioner General of Labour via onlanka
  ];
  for (const [date, monthly, daily] of cases) {
    await t.step(`${date}: ${monthly} a month, ${daily} a day`, () => {
      const r = run(minimumWage, `date=${date}`);
      assert.equal(r.monthly, monthly);
      assert.equal(r.daily, daily);
    });
  }
  assert.deepEqual(refusal(minimumWage, "date=2015-12-31"), { status: 400, param: "date" });
  // DeSaram 2021: 12,500 + BRA 1,000 + 2,500 = total earnings 16,000.
  assert.equal(computeMinimumWage({ date: "2022-01-01" }).totalMonthly, 16_000);
  // srilankanews.lk: 17,500 + 3,500 = 21,000.
  assert.equal(computeMinimumWage({ date: "2024-12-01" }).totalMonthly, 21_000);
  assert.equal(computeMinimumWage({ date: "2025-04-01" }).braIncluded, true);
});

Deno.test("the below-minimum warning compares like with like either side of 1 April 2025", () => {
  // Until 2025-03-31 the relief allowances were on top: basic alone is compared.
  const before = payslip({ basic: 17_500, bra: 3_500, date: "2025-03-31" });
  assert.equal(before.minimumWage.below, false);
  assert.equal(before.minimumWage.compared, 17_500);
  assert.equal(payslip({ basic: 17_499, bra: 3_500, date: "2025-03-31" }).minimumWage.below, true);
  // From 2025-04-01 they are part of it: basic plus the allowance is compared.
  const after = payslip({ basic: 23_500, bra: 3_500, date: "2025-04-01" });
  assert.equal(after.minimumWage.compared, 27_000);
  assert.equal(after.minimumWage.below, false);
  const short = payslip({ basic: 21_000, bra: 3_500, date: "2025-04-01" });
  assert.equal(short.minimumWage.below, true);
  assert.ok(short.notices.some((n) => n.code === "belowMinimumWage"));
});

// ---------------------------------------------------------------------------------------------
// Gratuity: Payment of Gratuity Act No. 12 of 1983.

Deno.test("gratuity: 10 completed years at 50,000 is 250,000 (joinhorizons worked example)", () => {
  // https://support.joinhorizons.com/...severance-pay-in-sri-lanka-: 1/2 x 50,000 x 10 = 250,000.
  const r = run(gratuity, "salary=50000&start=2016-01-01&end=2026-01-01");
  assert.equal(r.completedYears, 10);
  assert.equal(r.eligible, true);
  assert.equal(r.amount, 250_000);
  assert.equal(r.payableBy, "2026-01-31"); // s.5(1): within thirty days of termination
});

Deno.test("gratuity: section 5(1) needs five completed years and 15 workmen", () => {
  const short = computeGratuity({ salary: 50_000, start: "2021-01-02", end: "2026-01-01" });
  assert.equal(short.completedYears, 4);
  assert.equal(short.extraMonths, 11);
  assert.equal(short.eligible, false);
  assert.equal(short.amount, 0);
  assert.match(short.reason, /section 5\(1\)/);
  const five = computeGratuity({ salary: 50_000, start: "2021-01-01", end: "2026-01-01" });
  assert.equal(five.eligible, true);
  assert.equal(five.amount, 125_000);
  const small = run(gratuity, "salary=50000&start=2016-01-01&end=2026-01-01&workmen15=0");
  assert.equal(small.eligible, false);
  assert.equal(small.amount, 0);
});

Deno.test("gratuity: end before start is a 400 on end; basis=daily is 501 (no source held)", () => {
  assert.deepEqual(refusal(gratuity, "salary=1&start=2026-01-02&end=2026-01-01"), {
    status: 400,
    param: "end",
  });
  assert.deepEqual(refusal(gratuity, "salary=1&start=2016-01-01&end=2026-01-01&basis=daily"), {
    status: 501,
    param: "basis",
  });
});

// ---------------------------------------------------------------------------------------------
// Bad input.

Deno.test("bad input is a 400 naming the parameter", () => {
  assert.deepEqual(refusal(payslipOp, "basic=-1&date=2026-01-25"), { status: 400, param: "basic" });
  assert.deepEqual(refusal(payslipOp, "basic=100&bonus=-5&date=2026-01-25"), {
    status: 400,
    param: "bonus",
  });
  assert.deepEqual(refusal(payslipOp, "basic=100&date=2022-12-31"), { status: 400, param: "date" });
  assert.deepEqual(refusal(payslipOp, "basic=100&date=2026-01-25&employment=secondary"), {
    status: 400,
    param: "primaryMonthly",
  });
  assert.deepEqual(refusal(gratuity, "salary=-1&start=2016-01-01&end=2026-01-01"), {
    status: 400,
    param: "salary",
  });
  assert.deepEqual(refusal(apit, "table=9&monthly=1"), { status: 400, param: "table" });
  assert.deepEqual(refusal(apit, "table=1&date=2026-01-01"), { status: 400, param: "monthly" });
  // Another table's input is ignored, and said so.
  const other = run(apit, "table=1&monthly=5&lumpSums=3");
  assert.ok((other.notices as { code: string }[]).some((n) => n.code === "parameterIgnored"));
  assert.deepEqual(refusal(apit, "table=1&monthly=5&date=2022-12-31"), {
    status: 400,
    param: "date",
  });
});

Deno.test("year-to-date figures given explicitly for equal months match the defaults", () => {
  // June is month 3 of the year of assessment: two earlier months of 170,000, each taxed 1,200
  // under Table 01 2025/26 (6% x 170,000 - 9,000).
  const byDefault = payslip({ basic: 170_000, bonus: 600_000, date: "2025-06-25" });
  const explicit = payslip({
    basic: 170_000,
    bonus: 600_000,
    date: "2025-06-25",
    regularToDate: 340_000,
    taxToDate: 2_400,
  });
  assert.deepEqual(explicit.deductions, byDefault.deductions);
  // With equal months the month of payment does not change D, so the tax is the April one.
  assert.equal(byDefault.deductions.apitLumpSum?.amount, 36_000);
});
