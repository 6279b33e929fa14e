import assert from "node:assert/strict";
import fc from "fast-check";
import { ApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { computeWht, wht, WHT_PAYMENT_IDS } from "../../core/ops/wht.ts";
import { computeSscl, sscl } from "../../core/ops/sscl.ts";
import { interestWhtRate } from "../../core/calc/fd.ts";

const ctx = { today: "2026-06-15", baseUrl: "http://lanka.test" };

Deno.test("WHT on service fees to resident individuals: 5% once the month passes Rs 100,000", async (t) => {
  // IRD circular SEC/2022/E/03 (effective 1 January 2023), as lk-tax's wht.toml and the shared
  // research (finance-nic-plate.md 3.1) give it: 5% when the month's total to the payee exceeds
  // Rs 100,000, then on the full payment.
  await t.step("150,000 in one payment: 5% of 150,000 = 7,500", () => {
    const r = computeWht({ payment: "service-fee", amount: 150_000, date: "2026-01-15" });
    assert.deepEqual([r.withheld, r.ratePct, r.wht, r.net], [true, 5, 7_500, 142_500]);
    assert.match(r.source, /SEC\/2022\/E\/03/);
  });
  await t.step(
    "exactly 100,000 in the month does not exceed the threshold: nothing withheld",
    () => {
      const r = computeWht({ payment: "service-fee", amount: 100_000, date: "2026-01-15" });
      assert.deepEqual([r.withheld, r.wht, r.net], [false, 0, 100_000]);
    },
  );
  await t.step(
    "80,000 after 30,000 that month: the total 110,000 passes, 5% of 80,000 = 4,000",
    () => {
      const r = computeWht({
        payment: "service-fee",
        amount: 80_000,
        date: "2026-01-15",
        paidThisMonth: 30_000,
      });
      assert.deepEqual([r.withheld, r.monthTotal, r.wht], [true, 110_000, 4_000]);
      assert.ok(r.notes.some((n) => /earlier payments/.test(n)), "the unknown catch-up is said");
    },
  );
  await t.step("from 3 June 2026 the list of services is the 2026 Amendment Act's", () => {
    const r = computeWht({ payment: "service-fee", amount: 200_000, date: "2026-06-03" });
    assert.match(r.source, /Act No\. 11 of 2026/);
    assert.equal(r.wht, 10_000);
  });
});

Deno.test("WHT on interest is 5% before 1 April 2025 and 10% from then (SEC/2025/E/02)", () => {
  const before = computeWht({ payment: "interest", amount: 10_000, date: "2025-03-31" });
  const after = computeWht({ payment: "interest", amount: 10_000, date: "2025-04-01" });
  assert.deepEqual([before.ratePct, before.wht], [5, 500]);
  assert.deepEqual([after.ratePct, after.wht], [10, 1_000]);
  assert.ok(after.notes.some((n) => /self-declaration/.test(n)));
});

Deno.test("the interest rate of /tax/wht is the deposit calculator's on every date held", () => {
  for (const date of ["2023-01-01", "2024-06-30", "2025-03-31", "2025-04-01", "2026-11-27"]) {
    const r = computeWht({ payment: "interest", amount: 100, date });
    assert.equal(r.ratePct, interestWhtRate(date), date);
  }
});

Deno.test("WHT on rent, dividends, winnings and payments to non-residents (SEC/2022/E/03)", () => {
  const at = (payment: string, amount: number) =>
    computeWht({ payment, amount, date: "2025-07-01" }).wht;
  assert.equal(at("rent", 200_000), 20_000); // 10%
  assert.equal(at("rent", 90_000), 0); // the month's rent does not pass Rs 100,000
  assert.equal(at("dividend", 100_000), 15_000); // 15%
  assert.equal(at("winnings", 500_000), 0); // up to Rs 500,000 exempt (lk-tax)
  assert.equal(at("winnings", 1_000_000), 140_000); // 14%
  assert.equal(at("rent-non-resident", 100_000), 14_000); // 14%
  assert.equal(at("service-fee-non-resident", 100_000), 14_000); // 14%
});

Deno.test("WHT before 2023 is 501 not_available on date; an unknown payment is a 400", () => {
  assert.throws(
    () => computeWht({ payment: "interest", amount: 1_000, date: "2022-12-31" }),
    (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.deepEqual([e.status, e.code, e.details?.[0]?.param], [501, "not_available", "date"]);
      return true;
    },
  );
  assert.throws(() => execute(wht, [["payment", "salary"], ["amount", "1"]], ctx), (e: unknown) => {
    assert.ok(e instanceof ApiError);
    assert.deepEqual([e.status, e.details?.[0]?.param], [400, "payment"]);
    return true;
  });
  // The date defaults to today (Asia/Colombo): June 2026, interest at 10%.
  assert.equal(execute(wht, [["payment", "interest"], ["amount", "1000"]], ctx).wht, 100);
});

Deno.test("WHT never exceeds the payment and net + wht = amount (property)", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...WHT_PAYMENT_IDS),
      fc.integer({ min: 0, max: 1e11 }),
      fc.integer({ min: 0, max: 1e9 }),
      fc.constantFrom("2023-01-01", "2025-03-31", "2025-04-01", "2026-06-03", "2026-11-27"),
      (payment, cents, before, date) => {
        const amount = cents / 100;
        const r = computeWht({ payment, amount, date, paidThisMonth: before / 100 });
        assert.ok(r.wht >= 0 && r.wht <= amount);
        assert.equal(Math.round((r.net + r.wht) * 100), cents);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("SSCL is 2.5% of the liable turnover above the threshold in force (SSCL Act No. 25 of 2022)", async (t) => {
  await t.step("services, Rs 40 million in a quarter of 2025: 2.5% = 1,000,000", () => {
    // Threshold Rs 15 million a quarter from 1 January 2024 (IRD SSCL page via lk-tax).
    const r = computeSscl({ turnover: 40_000_000, date: "2025-06-30" });
    assert.deepEqual([r.liable, r.liableTurnover, r.levy, r.threshold], [
      true,
      40_000_000,
      1_000_000,
      15_000_000,
    ]);
  });
  await t.step("manufacturing is liable on 85% of turnover: 2.5% of 34 million = 850,000", () => {
    const r = computeSscl({ turnover: 40_000_000, date: "2025-06-30", activity: "manufacture" });
    assert.deepEqual([r.liableSharePct, r.liableTurnover, r.levy], [85, 34_000_000, 850_000]);
  });
  await t.step("wholesale or retail 50%, a distributor 25%", () => {
    const at = (activity: string) =>
      computeSscl({ turnover: 40_000_000, date: "2025-06-30", activity }).levy;
    assert.deepEqual([at("wholesale-retail"), at("distributor")], [500_000, 250_000]);
  });
  await t.step("Rs 12 million a quarter: under 15M in 2025, over 9M from 1 July 2026", () => {
    assert.equal(computeSscl({ turnover: 12_000_000, date: "2025-06-30" }).liable, false);
    const r = computeSscl({ turnover: 12_000_000, date: "2026-09-30" });
    // SSCL (Amendment) Act No. 10 of 2026: Rs 9 million a quarter, Rs 36 million a year.
    assert.deepEqual([r.liable, r.levy, r.threshold, r.annualThreshold], [
      true,
      300_000,
      9_000_000,
      36_000_000,
    ]);
  });
  await t.step("the first thresholds (from 1 October 2022): Rs 120 million a year", () => {
    const r = computeSscl({ turnover: 100_000_000, date: "2023-03-31", period: "year" });
    assert.deepEqual([r.threshold, r.liable, r.levy], [120_000_000, false, 0]);
  });
  await t.step("before 1 October 2022 the levy did not exist: a 400 on date", () => {
    assert.throws(
      () => execute(sscl, [["turnover", "1"], ["date", "2022-09-30"]], ctx),
      (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.deepEqual([e.status, e.details?.[0]?.param], [400, "date"]);
        return true;
      },
    );
  });
});
