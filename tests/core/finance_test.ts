import assert from "node:assert/strict";
import fc from "fast-check";
import { amortize, computeLoan, emi } from "../../core/ops/loan.ts";
import { interestWhtRate } from "../../core/ops/fd.ts";
import { computeVat, standardVatRate } from "../../core/ops/vat.ts";
import { roundMoney, roundTo } from "../../core/money.ts";

Deno.test("roundMoney() rounds half away from zero on the decimal value", () => {
  assert.equal(roundMoney(1.005), 1.01); // Math.round(1.005 * 100) / 100 gives 1.00
  assert.equal(roundMoney(2.675), 2.68);
  assert.equal(roundMoney(-1.005), -1.01);
  assert.equal(roundMoney(0.1 + 0.2), 0.3);
  assert.equal(roundMoney(1e20), 1e20);
  assert.equal(roundTo(10.4749, 2), 10.47);
  assert.throws(() => roundMoney(NaN), RangeError);
});

Deno.test("computeVat() adds and removes 18% (tax fraction 18/118)", () => {
  assert.deepEqual(computeVat({ amount: 10_000, rate: 18, mode: "add" }), {
    mode: "add",
    rate: 18,
    base: 10_000,
    vat: 1_800,
    total: 11_800,
    currency: "LKR",
  });
  assert.deepEqual(computeVat({ amount: 11_800, rate: 18, mode: "remove" }), {
    mode: "remove",
    rate: 18,
    base: 10_000,
    vat: 1_800,
    total: 11_800,
    currency: "LKR",
  });
  // 100 gross at 18%: VAT = 100 x 18/118 = 15.2542... -> 15.25, base 84.75.
  const r = computeVat({ amount: 100, rate: 18, mode: "remove" });
  assert.deepEqual([r.base, r.vat], [84.75, 15.25]);
});

Deno.test("standardVatRate() is 18% from 1 January 2024 and 15% in 2023", () => {
  assert.equal(standardVatRate("2026-11-21"), 18);
  assert.equal(standardVatRate("2024-01-01"), 18);
  assert.equal(standardVatRate("2023-12-31"), 15);
});

Deno.test("VAT added then removed returns the amount, and base + vat = total (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e12 }),
      fc.integer({ min: 0, max: 10_000 }),
      (cents, rateHundredths) => {
        const amount = cents / 100;
        const rate = rateHundredths / 100;
        const added = computeVat({ amount: amount, rate: rate, mode: "add" });
        const removed = computeVat({ amount: added.total, rate: rate, mode: "remove" });
        assert.equal(removed.base, amount);
        assert.equal(removed.vat, added.vat);
        assert.equal(roundMoney(added.base + added.vat), added.total);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("emi() follows the reducing-balance formula", () => {
  // 5,000,000 at 12.5% over 240 months: the standard formula gives 56,807.03 (research:
  // peers.md, which notes the original service's page prints a hand-written 56,785.71).
  assert.equal(roundMoney(emi({ principal: 5_000_000, rate: 12.5, months: 240 })), 56_807.03);
  // 100,000 at 12% over 12 months: r = 0.01, EMI = 100000 x 0.01 x 1.01^12 / (1.01^12 - 1)
  // = 8,884.88 (first principles).
  assert.equal(roundMoney(emi({ principal: 100_000, rate: 12, months: 12 })), 8_884.88);
  // Rate 0: equal parts.
  assert.equal(emi({ principal: 120_000, rate: 0, months: 12 }), 10_000);
});

Deno.test("computeLoan() totals are the sums of the schedule's payments and interest (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1e11 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 1, max: 600 }),
      (cents, rateHundredths, months) => {
        const options = { principal: cents / 100, rate: rateHundredths / 100, months };
        const r = computeLoan({ ...options, schedule: true });
        const rows = r.schedule!;
        const sum = (pick: (row: (typeof rows)[number]) => number) =>
          roundMoney(rows.reduce((total, row) => total + pick(row), 0));
        assert.equal(r.totalPayment, sum((row) => row.payment));
        assert.equal(r.totalInterest, sum((row) => row.interest));
        assert.equal(r.totalInterest, roundMoney(r.totalPayment - r.principal));
        assert.equal(r.lastPayment, rows.at(-1)!.payment);
        assert.equal(rows.at(-1)!.balance, 0);
        // The same totals without the schedule.
        const bare = computeLoan({ ...options, schedule: false });
        assert.equal(bare.schedule, undefined);
        assert.deepEqual({ ...bare, schedule: rows }, r);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("computeLoan() totals 5,000,000 at 12.5% over 240 months as the payments made", () => {
  // Issue 17: the schedule's last payment is 56,804.28 and its interest sums to 8,633,684.45,
  // where EMI x n - P gave 8,633,687.20. First principles: 239 x 56,807.03 + 56,804.28 =
  // 13,633,684.45 paid, less 5,000,000 principal = 8,633,684.45 interest.
  const r = computeLoan({ principal: 5_000_000, rate: 12.5, months: 240 });
  assert.equal(r.emi, 56_807.03);
  assert.equal(r.lastPayment, 56_804.28);
  assert.equal(r.totalPayment, 13_633_684.45);
  assert.equal(r.totalInterest, 8_633_684.45);
});

Deno.test("amortize() pays the loan down to zero with interest on the balance", () => {
  const r = computeLoan({ principal: 100_000, rate: 12, months: 12, schedule: true });
  const rows = r.schedule!;
  assert.equal(rows.length, 12);
  // Month 1: interest 1% of 100,000 = 1,000; principal 8,884.88 - 1,000 = 7,884.88.
  assert.deepEqual(rows[0], {
    month: 1,
    payment: 8_884.88,
    principal: 7_884.88,
    interest: 1_000,
    balance: 92_115.12,
  });
  assert.equal(rows.at(-1)!.balance, 0);
  const repaid = roundMoney(rows.reduce((sum, row) => sum + row.principal, 0));
  assert.equal(repaid, 100_000);
  assert.ok(Math.abs(rows.at(-1)!.payment - r.emi) < 0.1, "the last payment only absorbs rounding");
  const zero = amortize({
    principal: 1_000,
    rate: 0,
    months: 3,
    instalment: roundMoney(1_000 / 3),
  });
  assert.deepEqual(zero.map((row) => row.payment), [333.33, 333.33, 333.34]);
});

Deno.test("interestWhtRate() is 5% from 2023 and 10% from 1 April 2025", () => {
  assert.equal(interestWhtRate("2022-12-31"), 0);
  assert.equal(interestWhtRate("2023-01-01"), 5);
  assert.equal(interestWhtRate("2025-03-31"), 5);
  assert.equal(interestWhtRate("2025-04-01"), 10);
  assert.equal(interestWhtRate("2026-11-21"), 10);
});
