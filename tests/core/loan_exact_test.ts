/**
 * Loan schedules to the cent: every row and total of `computeLoan` equals an exact computation
 * written here independently, with BigInt fractions and explicit half-up rounding.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { computeLoan } from "../../core/ops/loan.ts";

/** `n / d` rounded half up (n >= 0, d > 0), by quotient and remainder. */
function halfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  return 2n * (n % d) >= d ? q + 1n : q;
}

/**
 * The exact schedule of a loan of `cents` at `tenThousandths` / 10,000 percent a year over
 * `months`: monthly rate k / D with D = 1200 x 10,000; instalment P r / (1 - (1 + r)^-n) rounded
 * half up to the cent; each month interest = balance x r rounded half up; every payment the
 * instalment (or what is due, if less), the last one whatever clears the balance.
 */
function reference(cents: bigint, tenThousandths: bigint, months: number) {
  const D = 12_000_000n;
  const k = tenThousandths;
  const n = BigInt(months);
  const instalment = k === 0n
    ? halfUp(cents, n)
    : halfUp(cents * k * (D + k) ** n, D * ((D + k) ** n - D ** n));
  const rows: [bigint, bigint, bigint, bigint][] = [];
  let balance = cents;
  for (let m = 1; m <= months; m++) {
    const interest = halfUp(balance * k, D);
    let payment = instalment;
    if (m === months || balance + interest < instalment) payment = balance + interest;
    balance = balance - (payment - interest);
    rows.push([payment, payment - interest, interest, balance]);
  }
  return { instalment, rows };
}

/** Cents written as LKR with two decimals, to compare with the API's numbers as text. */
const lkr = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`;
const text = (x: number) => x.toFixed(2);

Deno.test("37,800,564.05 at 10% over 600 months is exact to the cent (issue 29)", () => {
  // First principles, exact fractions (the reference above): instalment 317,186.63, last
  // payment 317,146.67, paid 190,311,938.04, interest 152,511,373.99; the floating-point
  // schedule gave 317,146.64, 190,311,938.01 and 152,511,373.96 (issue 29: 3 cents off).
  const r = computeLoan({ principal: 37_800_564.05, rate: 10, months: 600 });
  assert.deepEqual([r.emi, r.lastPayment, r.totalPayment, r.totalInterest], [
    317_186.63,
    317_146.67,
    190_311_938.04,
    152_511_373.99,
  ]);
});

Deno.test("every row and total equals the exact BigInt schedule, for loans up to 600 months", () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 100_000_000_000_000n }), // up to LKR 1e12, in cents
      fc.oneof(
        fc.bigInt({ min: 0n, max: 1_000_000n }), // 0% to 100% in 0.0001% steps
        fc.constantFrom(0n, 100_000n, 125_000n, 97_500n, 1n),
      ),
      fc.integer({ min: 1, max: 600 }),
      (cents, k, months) => {
        const principal = Number(cents) / 100;
        const rate = Number(k) / 10_000;
        const r = computeLoan({ principal, rate, months, schedule: true });
        const exact = reference(cents, k, months);
        assert.equal(text(r.emi), lkr(exact.instalment));
        assert.equal(r.schedule!.length, months);
        r.schedule!.forEach((row, i) => {
          const [payment, toPrincipal, interest, balance] = exact.rows[i]!;
          assert.deepEqual(
            [row.payment, row.principal, row.interest, row.balance].map(text),
            [lkr(payment), lkr(toPrincipal), lkr(interest), lkr(balance)],
            `month ${i + 1}`,
          );
        });
        const paid = exact.rows.reduce((s, row) => s + row[0], 0n);
        const interest = exact.rows.reduce((s, row) => s + row[2], 0n);
        assert.equal(text(r.totalPayment), lkr(paid));
        assert.equal(text(r.totalInterest), lkr(interest));
        assert.equal(text(r.lastPayment), lkr(exact.rows.at(-1)![0]));
        assert.equal(r.schedule!.at(-1)!.balance, 0);
      },
    ),
    { numRuns: 120 },
  );
});
