/**
 * The flat/reducing rate, appliance and EV charging rules beyond their golden cases: the rate
 * conversion goes back to where it started, and the electricity costs are what `/electricity/bill`
 * itself answers (the bill with the extra units less the bill without), asked over HTTP of a real
 * server as a client would.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { execute } from "../../core/execute.ts";
import { RULES } from "../../core/rules/registry.ts";
import { ELECTRICITY_FIRST_DATE, LATEST_NOTE } from "../../core/calc/electricity.ts";
import APPLIANCE from "../../data/rules/appliance-cost.json" with { type: "json" };
import EV from "../../data/rules/ev-charging-cost.json" with { type: "json" };
import APPLIANCE_TEXTS from "../../data/messages/rules/appliance-cost.json" with { type: "json" };
import EV_TEXTS from "../../data/messages/rules/ev-charging-cost.json" with { type: "json" };
import { startServer } from "../_helpers/server.ts";

const CTX = { today: "2026-11-29", baseUrl: "https://lanka.test" };

function run(name: string, params: Record<string, string | number>): Record<string, number> {
  const op = RULES.find((r) => r.source.rule.name === name)!.op;
  const pairs = Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]);
  return execute(op, pairs, CTX) as unknown as Record<string, number>;
}

Deno.test("a flat rate converted to reducing and back gives the flat rate again", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 2_000_000 }),
      fc.integer({ min: 2, max: 120 }),
      fc.integer({ min: 1, max: 4000 }),
      (principal, months, hundredths) => {
        const flat = hundredths / 100;
        const there = run("flat-reducing-rate", { principal, months, rate: flat, quoted: "flat" });
        // Above the flat rate, or equal once rounded to 2 decimals: 0.01% flat over 2 months is
        // about 0.0133% reducing (n = 2: 2n / (n + 1) = 4/3 times), shown as 0.01.
        assert.ok(there.reducingRate! >= flat, "the reducing rate is not below the flat rate");
        if (flat * (2 * months) / (months + 1) - flat >= 0.02) {
          assert.ok(there.reducingRate! > flat);
        }
        const back = run("flat-reducing-rate", {
          principal,
          months,
          rate: there.reducingRate!,
          quoted: "reducing",
        });
        // The reducing rate is rounded to 2 decimals on the way, so the way back is near, not equal.
        assert.ok(Math.abs(back.flatRate! - flat) <= 0.02, `${flat} -> ${back.flatRate}`);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("the electricity rules start where the tariff decisions held start", () => {
  for (const rule of [APPLIANCE, EV]) {
    assert.equal(rule.parameters.tariff.values[0]!.from, ELECTRICITY_FIRST_DATE, rule.name);
  }
});

Deno.test("the electricity rules' note on the last decision says what data/electricity.json says", () => {
  // If a newer decision is added, this fails until note.latest is rewritten in both rules.
  assert.match(LATEST_NOTE, /31 July 2026/);
  for (const texts of [APPLIANCE_TEXTS, EV_TEXTS]) {
    assert.match(texts.messages["note.latest"].en, /31 July 2026/, texts.rule);
  }
});

Deno.test("appliance and EV costs are the /electricity/bill difference, over HTTP", async () => {
  const server = await startServer();
  try {
    const get = async (path: string) => {
      const response = await fetch(`${server.url}/api/v1${path}`);
      assert.equal(response.status, 200, path);
      return (await response.json()).data;
    };
    const date = "2026-08-15";
    for (const [watts, hours, units] of [[1000, 2, 100], [60, 5, 0], [2000, 6, 170], [45, 3, 20]]) {
      const kWh = Math.round((watts! * hours! * 30) / 1000);
      const cost = await get(
        `/electricity/appliance-cost?watts=${watts}&hours=${hours}&units=${units}&date=${date}`,
      );
      const without = await get(`/electricity/bill?units=${units}&date=${date}`);
      const withIt = await get(`/electricity/bill?units=${units! + kWh}&date=${date}`);
      assert.equal(cost.meterUnits, kWh);
      assert.equal(cost.cost, Math.round((withIt.total - without.total) * 100) / 100);
    }
    const ev = await get(
      `/electricity/ev-charging-cost?energy=30&efficiency=100&charges=2&category=d-tou&window=day&date=${date}`,
    );
    const zero = await get(`/electricity/bill?category=D-TOU&peak=0&day=0&offPeak=0&date=${date}`);
    const sixty = await get(
      `/electricity/bill?category=D-TOU&peak=0&day=60&offPeak=0&date=${date}`,
    );
    assert.equal(ev.meterUnits, 60);
    assert.equal(ev.cost, Math.round((sixty.total - zero.total) * 100) / 100);
  } finally {
    await server.stop();
  }
});
