/**
 * The income tax instalments (`core/rules/formulas/tax-instalments.ts`) beyond their golden cases:
 * what s.90(3) gives every answer. Paid as worked out, the four instalments add up to A - C (to
 * the cent each); the step naming A follows the year (the estimate up to 2025/26, the year
 * before's tax from 2026/27 under Act No. 11 of 2026) and cites the source of that reading.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { execute } from "../../core/execute.ts";
import { RULES } from "../../core/rules/registry.ts";

const CTX = { today: "2026-06-15", baseUrl: "https://lanka.test" };
const op = RULES.find((r) => r.source.rule.name === "tax-instalments")!.op;

interface Answer {
  amount: number;
  steps: { text: string; source: number | null }[];
  sources: { source: string }[];
}

function run(params: Record<string, string | number>): Answer {
  const pairs = Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]);
  return execute(op, pairs, CTX) as unknown as Answer;
}

Deno.test("four instalments each paid as worked out add up to A less C, within a cent each", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 5_000_000_000 }),
      fc.integer({ min: 0, max: 1_000_000_000 }),
      (taxCents, withheldCents) => {
        const tax = taxCents / 100;
        let paid = withheldCents / 100;
        let total = 0;
        for (const instalment of ["q1", "q2", "q3", "q4"]) {
          const { amount } = run({ year: 2025, tax, paid: paid.toFixed(2), instalment });
          total = Math.round((total + amount) * 100) / 100;
          paid = Math.round((paid + amount) * 100) / 100;
        }
        const owed = Math.max(0, taxCents - withheldCents) / 100;
        assert.ok(Math.abs(total - owed) <= 0.02, `${total} vs ${owed}`);
      },
    ),
  );
});

Deno.test("A is the year's estimate up to 2025/26 and the year before's tax from 2026/27", () => {
  const before = run({ year: 2025, tax: 400000 });
  const after = run({ year: 2026, tax: 400000 });
  const stepA = (a: Answer) => a.steps.find((s) => s.text.startsWith("A,"))!;
  assert.match(stepA(before).text, /estimated for the year/);
  assert.match(stepA(after).text, /the year before/);
  const cited = after.sources[stepA(after).source!]!.source;
  assert.match(cited, /No\. 11 of 2026/);
});
