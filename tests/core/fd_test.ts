import assert from "node:assert/strict";
import fc from "fast-check";
import { computeFd, type Payout } from "../../core/calc/fd.ts";
import { execute } from "../../core/execute.ts";
import { isApiError } from "../../core/errors.ts";
import { roundMoney } from "../../core/money.ts";
import { fd } from "../../core/ops/fd.ts";

const CTX = { today: "2026-11-24", baseUrl: "http://localhost" };

// Every published line of ../shared/research/finance-nic-plate.md section 3.2 (nominal rate, term,
// payout, the bank's published AER). Sources: Commercial Bank 2023 rates via tribune.lk; Abans
// Finance rate sheet effective 2 September 2023; Nations Trust Bank deposit rates page.
const PUBLISHED: [
  line: string,
  rate: number,
  term: { months: number } | { days: number },
  payout: Payout,
  aer: number,
][] = [
  ["Commercial Bank 1 month at maturity", 14, { months: 1 }, "maturity", 14.93],
  ["Commercial Bank 3 months at maturity", 16, { months: 3 }, "maturity", 16.99],
  ["Commercial Bank 6 months at maturity", 16.5, { months: 6 }, "maturity", 17.18],
  ["Commercial Bank 12 months, monthly interest", 15.8, { months: 12 }, "monthly", 17],
  ["Commercial Bank 24 months at maturity", 17, { months: 24 }, "maturity", 15.76],
  ["Commercial Bank 36 months at maturity", 17.5, { months: 36 }, "maturity", 15.1],
  ["Commercial Bank 60 months at maturity", 19, { months: 60 }, "maturity", 14.29],
  ["Commercial Bank 60 months, monthly interest", 13.4, { months: 60 }, "monthly", 14.25],
  ["Abans Finance 100 days", 11, { days: 100 }, "maturity", 11.45],
  ["Abans Finance 300 days", 11, { days: 300 }, "maturity", 11.11],
  ["Abans Finance 13 months at maturity", 13, { months: 13 }, "maturity", 12.93],
  ["Abans Finance 60 months at maturity", 14, { months: 60 }, "maturity", 11.2],
  ["Nations Trust 24 months at maturity", 9, { months: 24 }, "maturity", 8.63],
  ["Nations Trust 60 months at maturity", 10, { months: 60 }, "maturity", 8.45],
];

Deno.test("computeFd() reproduces every published AER line of research 3.2 to 0.01 pp", async (t) => {
  for (const [line, rate, term, payout, aer] of PUBLISHED) {
    await t.step(`${line}: ${rate}% -> AER ${aer}%`, () => {
      const r = computeFd({ principal: 1_000_000, rate, ...term, payout });
      assert.ok(
        Math.abs(r.effectiveAnnualYieldGross - aer) < 0.005 + 1e-9,
        `${r.effectiveAnnualYieldGross}`,
      );
    });
  }
});

Deno.test("computeFd() gives the four worked examples of research 3.2 to the cent", async (t) => {
  await t.step(
    "12 months at maturity, 10%: interest 100,000, AIT 10,000, net 90,000, AER 10.00%",
    () => {
      const r = computeFd({ principal: 1_000_000, rate: 10, months: 12, whtRate: 10 });
      assert.deepEqual(
        [r.totalInterestGross, r.whtAmount, r.totalInterestNet, r.effectiveAnnualYieldGross],
        [100_000, 10_000, 90_000, 10],
      );
      assert.equal(r.maturityGross, 1_100_000);
      assert.equal(r.credits.length, 1);
    },
  );
  await t.step("12 months monthly at 9.57%: 7,975 a month gross, 7,177.50 net, AER 10.00%", () => {
    const r = computeFd({
      principal: 1_000_000,
      rate: 9.57,
      months: 12,
      payout: "monthly",
      whtRate: 10,
    });
    assert.equal(r.monthlyInterestGross, 7_975);
    assert.equal(r.effectiveAnnualYieldGross, 10);
    assert.equal(r.credits.length, 12);
    for (const c of r.credits) {
      assert.deepEqual([c.interestGross, c.wht, c.interestNet], [7_975, 797.5, 7_177.5]);
    }
  });
  await t.step("24 months at maturity, 10.5%: maturity 1,210,000, AER 10.00%", () => {
    const r = computeFd({ principal: 1_000_000, rate: 10.5, months: 24 });
    assert.equal(r.maturityGross, 1_210_000);
    assert.equal(r.effectiveAnnualYieldGross, 10);
  });
  await t.step("100 days at 11%: interest 30,136.99", () => {
    const r = computeFd({ principal: 1_000_000, rate: 11, days: 100 });
    assert.equal(r.totalInterestGross, 30_136.99);
    assert.equal(r.tenureDays, 100);
    assert.equal(r.tenureMonths, null);
  });
});

Deno.test("computeFd() pays P x r / k per payout for quarterly, semi-annual and annual payouts", () => {
  // First principles: 1,200,000 at 12% pays 36,000 a quarter, 72,000 a half-year, 144,000 a year.
  for (
    const [payout, each, count] of [["quarterly", 36_000, 8], ["semiannual", 72_000, 4], [
      "annual",
      144_000,
      2,
    ]] as const
  ) {
    const r = computeFd({ principal: 1_200_000, rate: 12, months: 24, payout });
    assert.equal(r.interestPerPayoutGross, each);
    assert.equal(r.credits.length, count);
    assert.equal(r.totalInterestGross, each * count);
    assert.equal(r.monthlyInterestGross, null);
  }
  // AER (1 + r/k)^k - 1: quarterly at 12% is 1.03^4 - 1 = 12.55%; annual is r itself.
  assert.equal(
    computeFd({ principal: 1, rate: 12, months: 12, payout: "quarterly" })
      .effectiveAnnualYieldGross,
    12.55,
  );
  assert.equal(
    computeFd({ principal: 1, rate: 12, months: 12, payout: "annual" }).effectiveAnnualYieldGross,
    12,
  );
});

Deno.test("computeFd() accepts cumulative as the name of the at-maturity payout", () => {
  const a = computeFd({ principal: 500_000, rate: 9, months: 18, payout: "cumulative" });
  const b = computeFd({ principal: 500_000, rate: 9, months: 18 });
  assert.deepEqual(a, b);
  assert.equal(a.payout, "maturity");
  // Simple, not compounded: 500,000 x 9% x 1.5 = 67,500.
  assert.equal(a.totalInterestGross, 67_500);
});

Deno.test("computeFd() compounds only when asked: compound-monthly is P (1 + r/12)^n", () => {
  // The old default (peers.md example): 1,000,000 at 10% for 12 months compounded monthly ->
  // 1,104,713.07, yield 10.47%.
  const r = computeFd({ principal: 1_000_000, rate: 10, months: 12, payout: "compound-monthly" });
  assert.equal(r.maturityGross, 1_104_713.07);
  assert.equal(r.effectiveAnnualYieldGross, 10.47);
  assert.notEqual(
    computeFd({ principal: 1_000_000, rate: 10, months: 12 }).maturityGross,
    r.maturityGross,
  );
});

Deno.test("computeFd() takes withholding tax by credit date: 5% to 31 March 2025, 10% from 1 April", () => {
  // SEC/2022/E/03 (5% from 2023-01-01) and SEC/2025/E/02 (10% from 2025-04-01). A monthly deposit
  // opened 2024-12-15 for 6 months is credited on 15 Jan, Feb, Mar (5%) and Apr, May, Jun (10%).
  const r = computeFd({
    principal: 1_200_000,
    rate: 12,
    months: 6,
    payout: "monthly",
    start: "2024-12-15",
    wht: true,
  });
  assert.deepEqual(r.credits.map((c) => [c.date, c.whtRate, c.wht]), [
    ["2025-01-15", 5, 600],
    ["2025-02-15", 5, 600],
    ["2025-03-15", 5, 600],
    ["2025-04-15", 10, 1_200],
    ["2025-05-15", 10, 1_200],
    ["2025-06-15", 10, 1_200],
  ]);
  assert.equal(r.whtAmount, 5_400);
  assert.equal(r.whtRate, null, "the rate changes during the term");
  assert.equal(r.totalInterestNet, 72_000 - 5_400);
  assert.equal(r.maturityDate, "2025-06-15");
  // At maturity, the one credit is taxed at the rate of its own date.
  const before = computeFd({
    principal: 1_000_000,
    rate: 10,
    months: 12,
    start: "2024-03-31",
    wht: true,
  });
  assert.deepEqual([before.maturityDate, before.whtRate, before.whtAmount], [
    "2025-03-31",
    5,
    5_000,
  ]);
  const after = computeFd({
    principal: 1_000_000,
    rate: 10,
    months: 12,
    start: "2024-04-01",
    wht: true,
  });
  assert.deepEqual([after.maturityDate, after.whtRate, after.whtAmount], [
    "2025-04-01",
    10,
    10_000,
  ]);
  // A term in days: 100 days from 2025-01-01 ends on 2025-04-11.
  assert.equal(
    computeFd({ principal: 1, rate: 1, days: 100, start: "2025-01-01" }).maturityDate,
    "2025-04-11",
  );
});

Deno.test("computeFd() refuses to guess withholding tax on credits before 2023", () => {
  // data/wht.json holds rates from 2023-01-01 only (research 3.1: the earlier rate was not
  // checked), so a credit dated 2022-12-15 has no known rate; whtRate= gives one.
  assert.throws(
    () => computeFd({ principal: 1_000, rate: 10, months: 12, start: "2021-12-15", wht: true }),
    (error) =>
      error instanceof RangeError && error.cause === "start" &&
      /no withholding tax rate is held before 2023-01-01/.test(error.message),
  );
  const given = computeFd({
    principal: 1_000,
    rate: 10,
    months: 12,
    start: "2021-12-15",
    wht: true,
    whtRate: 5,
  });
  assert.equal(given.whtAmount, 5);
  // Without withholding tax the date does not matter.
  assert.equal(
    computeFd({ principal: 1_000, rate: 10, months: 12, start: "2021-12-15" }).whtRate,
    0,
  );
});

Deno.test("computeFd() whtRate=0 models a depositor who filed the self-declaration", () => {
  const r = computeFd({
    principal: 1_000_000,
    rate: 10,
    months: 12,
    start: "2026-01-01",
    wht: true,
    whtRate: 0,
  });
  assert.deepEqual([r.whtRate, r.whtAmount, r.totalInterestNet], [0, 0, 100_000]);
  assert.equal(r.effectiveAnnualYieldNet, r.effectiveAnnualYieldGross);
});

Deno.test("computeFd() at-maturity interest is linear in the term (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 100_000, max: 1e9 }),
      fc.integer({ min: 1, max: 3_000 }),
      fc.integer({ min: 1, max: 300 }),
      fc.integer({ min: 1, max: 300 }),
      (cents, rateHundredths, m1, m2) => {
        const base = { principal: cents / 100, rate: rateHundredths / 100 };
        const i = (months: number) => computeFd({ ...base, months }).totalInterestGross;
        // P r (m1 + m2) / 12 = P r m1 / 12 + P r m2 / 12, each side rounded to the cent.
        assert.ok(Math.abs(i(m1 + m2) - (i(m1) + i(m2))) <= 0.011);
        const exact = (base.principal * base.rate * m1) / 1200;
        assert.ok(Math.abs(i(m1) - exact) <= 0.005 + 1e-6);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("computeFd() AER at maturity is below the nominal rate over a year and above it under a year (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 10, max: 3_000 }),
      fc.oneof(
        fc.integer({ min: 1, max: 600 }).map((months) => ({ months })),
        fc.integer({ min: 1, max: 3_660 }).map((days) => ({ days })),
      ),
      (rateHundredths, term) => {
        const rate = rateHundredths / 100;
        const r = computeFd({ principal: 1_000_000, rate, ...term });
        const years = "months" in term ? term.months / 12 : term.days / 365;
        const aer = (Math.pow(1 + (rate / 100) * years, 1 / years) - 1) * 100;
        assert.ok(Math.abs(r.effectiveAnnualYieldGross - aer) <= 0.005 + 1e-9);
        if (years > 1) assert.ok(aer < rate, `${aer} < ${rate} for ${years} years`);
        if (years < 1) assert.ok(aer > rate, `${aer} > ${rate} for ${years} years`);
        if (years === 1) assert.ok(Math.abs(aer - rate) < 1e-9);
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("computeFd() net is gross minus the sum of per-credit withholding tax (property)", () => {
  const payouts: Payout[] = [
    "maturity",
    "monthly",
    "quarterly",
    "semiannual",
    "annual",
    "compound-monthly",
  ];
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1e11 }),
      fc.integer({ min: 0, max: 3_000 }),
      fc.integer({ min: 1, max: 10 }),
      fc.constantFrom(...payouts),
      fc.date({ min: new Date("2023-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
      fc.option(fc.integer({ min: 0, max: 2_000 })),
      (cents, rateHundredths, years, payout, start, fixed) => {
        const r = computeFd({
          principal: cents / 100,
          rate: rateHundredths / 100,
          months: years * 12,
          payout,
          start: start.toISOString().slice(0, 10),
          wht: true,
          whtRate: fixed === null ? undefined : fixed / 100,
        });
        const sum = (pick: (c: (typeof r.credits)[number]) => number) =>
          roundMoney(r.credits.reduce((total, c) => total + pick(c), 0));
        assert.equal(r.whtAmount, sum((c) => c.wht));
        assert.equal(r.totalInterestGross, sum((c) => c.interestGross));
        assert.equal(r.totalInterestNet, roundMoney(r.totalInterestGross - r.whtAmount));
        assert.equal(r.maturityNet, roundMoney(r.principal + r.totalInterestNet));
        for (const c of r.credits) assert.equal(c.interestNet, roundMoney(c.interestGross - c.wht));
        assert.ok(r.effectiveAnnualYieldNet <= r.effectiveAnnualYieldGross);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("computeFd() never shows a net yield above the gross one, even for a few cents of interest", () => {
  // 1,000.01 at 0.03% for one month earns 0.025 (0.03 rounded); the yield must come from the
  // exact rates, not the rounded cents.
  const r = computeFd({ principal: 1000.01, rate: 0.03, months: 1, whtRate: 10 });
  assert.ok(r.effectiveAnnualYieldNet <= r.effectiveAnnualYieldGross);
});

Deno.test("the fd operation answers a bad term or payout with a 400 naming the parameter", async (t) => {
  const cases: [entries: [string, string][], param: string][] = [
    [[["principal", "1000"], ["rate", "10"]], "months"],
    [[["principal", "1000"], ["rate", "10"], ["months", "12"], ["days", "100"]], "days"],
    [[["principal", "1000"], ["rate", "10"], ["days", "100"], ["payout", "monthly"]], "payout"],
    [[["principal", "1000"], ["rate", "10"], ["months", "13"], ["payout", "quarterly"]], "months"],
    [[["principal", "1000"], ["rate", "10"], ["months", "12"], ["payout", "weekly"]], "payout"],
    [[["principal", "1000"], ["rate", "10"], ["days", "0"]], "days"],
  ];
  for (const [entries, param] of cases) {
    await t.step(entries.map(([k, v]) => `${k}=${v}`).join("&"), () => {
      assert.throws(() => execute(fd, entries, CTX), (error) => {
        assert.ok(isApiError(error));
        assert.equal(error.status, 400);
        assert.equal(error.details?.[0]?.param, param);
        return true;
      });
    });
  }
});

Deno.test("the fd operation dates credits from today unless start is given", () => {
  const r = execute(
    fd,
    [["principal", "1000000"], ["rate", "10"], ["months", "12"], ["wht", "1"]],
    CTX,
  );
  assert.deepEqual([r.startDate, r.maturityDate, r.whtRate, r.whtAmount], [
    "2026-11-24",
    "2027-11-24",
    10,
    10_000,
  ]);
  const old = execute(fd, [
    ["principal", "1000000"],
    ["rate", "10"],
    ["months", "12"],
    ["wht", "1"],
    ["start", "2023-06-01"],
  ], CTX);
  assert.deepEqual([old.maturityDate, old.whtRate, old.whtAmount], ["2024-06-01", 5, 5_000]);
});
