/**
 * The annual income tax (`core/rules/formulas/income-tax.ts`) beyond its golden cases: properties
 * the Act gives every answer. More income never lowers the tax; foreign-currency income is never
 * taxed more than the same income from Sri Lanka, nor above 15% on any rupee from 1 April 2025;
 * the balance is the tax less the credits; the charity cap keeps a third of the taxable income.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { execute } from "../../core/execute.ts";
import { RULES } from "../../core/rules/registry.ts";

const CTX = { today: "2026-06-15", baseUrl: "https://lanka.test" };
const op = RULES.find((r) => r.source.rule.name === "income-tax")!.op;

interface Answer {
  tax: number;
  balance: number;
  credits: number;
  foreignTaxCredit: number;
  taxableIncome: number;
  qualifyingPayments: number;
  bands: { ratePct: number; portion: number; foreign: boolean }[];
}

function tax(params: Record<string, string | number>): Answer {
  const pairs = Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]);
  return execute(op, pairs, CTX) as unknown as Answer;
}

const rupees = fc.integer({ min: 0, max: 60_000_000 });
const date = fc.constantFrom("2023-06-01", "2024-12-31", "2025-04-01", "2026-09-30");

Deno.test("more employment income never lowers the year's tax", () => {
  fc.assert(
    fc.property(
      rupees,
      fc.integer({ min: 1, max: 5_000_000 }),
      rupees,
      date,
      (a, more, rent, d) => {
        const low = tax({ employment: a, rent, date: d }).tax;
        const high = tax({ employment: a + more, rent, date: d }).tax;
        assert.ok(high >= low, `${a} + ${more}: ${high} < ${low}`);
      },
    ),
  );
});

Deno.test("foreign-currency income is taxed no more than the same income from Sri Lanka, and at most 15% a rupee", () => {
  fc.assert(
    fc.property(rupees, rupees, (local, income) => {
      const foreign = tax({ business: local, foreign: income, date: "2025-06-01" });
      const home = tax({ business: local + income, date: "2025-06-01" });
      assert.ok(foreign.tax <= home.tax, `${foreign.tax} > ${home.tax}`);
      for (const band of foreign.bands.filter((b) => b.foreign)) assert.ok(band.ratePct <= 15);
    }),
  );
});

Deno.test("the balance is the tax less the foreign tax credit and the credits given", () => {
  fc.assert(
    fc.property(
      rupees,
      rupees,
      rupees,
      fc.integer({ min: 0, max: 3_000_000 }),
      (e, f, paid, abroad) => {
        const a = tax({
          employment: e,
          foreign: f,
          apit: paid,
          foreignTax: abroad,
          date: "2026-01-01",
        });
        assert.equal(a.credits, paid);
        assert.ok(a.foreignTaxCredit <= abroad);
        assert.equal(
          Math.round((a.tax - a.foreignTaxCredit - a.credits) * 100),
          Math.round(a.balance * 100),
        );
      },
    ),
  );
});

Deno.test("an approved charity donation is at most Rs 75,000 and a third of the taxable income after it", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1_800_000, max: 3_000_000 }),
      fc.integer({ min: 0, max: 500_000 }),
      (e, gift) => {
        const a = tax({ employment: e, charity: gift, date: "2025-06-01" });
        assert.ok(a.qualifyingPayments <= 75_000 && a.qualifyingPayments <= gift);
        assert.ok(
          a.qualifyingPayments <= a.taxableIncome / 3 + 0.01,
          `${a.qualifyingPayments} ${a.taxableIncome}`,
        );
      },
    ),
  );
});
