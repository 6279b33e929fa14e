/**
 * Electricity bills: golden figures from the worked and printed bills in
 * ../shared/research/electricity.md (section 5, W1-W7, each named beside it) and first-principles
 * sums on the official October 2025 table, the SSCL gross-up, what is not held, and the property
 * that a bill never falls when more units are used under one decision.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ELECTRICITY_CATEGORIES,
  electricityBill,
  type ElectricityCategory,
  ssclGrossUp,
} from "../../core/calc/electricity.ts";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import type { OperationContext } from "../../core/operation.ts";
import { electricity } from "../../core/ops/electricity.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { translate } from "../../core/i18n.ts";
import data from "../../data/electricity.json" with { type: "json" };

registerAllMessages();
const ctx: OperationContext = { today: "2026-11-27", baseUrl: "https://lanka.test" };
/** A date under the May 2026 rates (the July 2026 decision kept them). */
const MAY_2026 = "2026-08-13";

function charge(units: number, category: ElectricityCategory, date: string, days?: number) {
  return electricityBill({ units, category, date, ...(days ? { days } : {}) }).charge;
}

function refusal(query: string): { status: number; param: string | undefined; code: string } {
  try {
    execute(electricity, new URLSearchParams(query), ctx);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, param: error.details?.[0]?.param, code: error.code };
  }
  assert.fail(`expected ${query} to be refused`);
}

Deno.test("SSCL is the utilities' gross-up: a printed CEB bill's 55,293.00 carries 1,417.77", () => {
  // W1: a real CEB D-TOU bill (reading date 2026-08-13), reported in yaalalabs/agent-kernel
  // use-cases/sarasavi-power/README.md: Charge Rs 55,293.00; SSC Levy Rs 1,417.77;
  // Monthly Bill Rs 56,710.77.
  assert.equal(ssclGrossUp(55_293), 1_417.77);
  assert.equal(55_293 + ssclGrossUp(55_293), 56_710.77);
  // LECO calculator (via ecostay): SSCL = bill / 97.5 x 2.5, to the cent.
  assert.equal(ssclGrossUp(97.5), 2.5);
  assert.equal(ssclGrossUp(0), 0);
});

Deno.test("domestic 69 kWh in 30 days is 1,420 before SSCL under the May 2026 tariff", () => {
  // W2: October 2026 price survey: "60 x 14 + 9 x 20 = 1,020 + 400 fixed = 1,420 LKR".
  const bill = electricityBill({ units: 69, category: "D-1", date: MAY_2026 });
  assert.equal(bill.energyCharge, 1_020);
  assert.equal(bill.fixedCharge, 400);
  assert.equal(bill.charge, 1_420);
  assert.deepEqual(
    bill.blocks.map((b) => [b.firstUnit, b.lastUnit, b.units, b.unitPrice, b.amount]),
    [
      [1, 60, 60, 14, 840],
      [61, 90, 9, 20, 180],
    ],
  );
  assert.equal(bill.sscl, ssclGrossUp(1_420));
  assert.equal(bill.total, 1_420 + bill.sscl);
});

Deno.test("the domestic May 2026 golden vectors of Sarasavi and ecostay", async (t) => {
  // W3/W4: yaalalabs/agent-kernel use-cases/sarasavi-power/engine/golden_vectors.py (said to
  // match the PUCSL calculator; rechecked by the research against the May 2026 table, section 1).
  const vectors: [number, number][] = [
    [0, 80],
    [30, 230],
    [45, 495],
    [60, 630],
    [61, 1_260],
    [75, 1_540],
    [90, 1_840],
    [100, 2_720],
    [120, 3_280],
    [150, 5_100],
    [180, 6_420],
    [181, 8_450],
    [250, 15_350],
    [300, 20_350],
  ];
  for (const [units, expected] of vectors) {
    await t.step(`${units} kWh: ${expected}`, () => {
      assert.equal(charge(units, "D-1", MAY_2026), expected);
    });
  }
});

Deno.test("billing periods other than 30 days scale the block limits down and charge the fixed once", () => {
  // W5: Sarasavi golden_vectors.py, "arbitrary-day ceilings use PUCSL floor proration":
  // 62 kWh / 31 days 644.0; 63 / 31: 1,288.0; 120 / 60: 1,050.0; 121 / 60: 2,100.0.
  assert.equal(charge(62, "D-1", MAY_2026, 31), 644);
  assert.equal(charge(63, "D-1", MAY_2026, 31), 1_288);
  assert.equal(charge(120, "D-1", MAY_2026, 60), 1_050);
  assert.equal(charge(121, "D-1", MAY_2026, 60), 2_100);
  const bill = electricityBill({ units: 120, category: "D-1", date: MAY_2026, days: 60 });
  assert.equal(bill.fixedCharge, 210);
  assert.deepEqual(bill.band, { firstUnit: 0, lastUnit: 120 });
});

Deno.test("GP-1 and H-1 charge every unit at the band's rate, switching above the threshold", () => {
  // W7: ecostay's arithmetic on the May 2026 rates: GP-1 180 vs 181: 5,360 vs 8,116;
  // H-1 300 vs 301: 3,000 vs 6,218.
  assert.equal(charge(180, "GP-1", MAY_2026), 5_360);
  assert.equal(charge(181, "GP-1", MAY_2026), 8_116);
  assert.equal(charge(300, "H-1", MAY_2026), 3_000);
  assert.equal(charge(301, "H-1", MAY_2026), 6_218);
  // I-1 was kept unchanged in May 2026 with H-1's rates (LankaCalc; ecostay).
  assert.equal(charge(301, "I-1", MAY_2026), 6_218);
});

Deno.test("a March 2024 bill: 30 units Rs 390 and 60 units Rs 1,140 (PUCSL chairman, July 2024)", () => {
  // W6: newshub.lk (Tamil) 2024-07-15 quoting the PUCSL chairman: before the July 2024 cut,
  // 30 units cost Rs 390 and 60 units Rs 1,140 (onlanka.com's March 2024 table: 30 x 8 + 150;
  // 30 x 8 + 30 x 20 + 300).
  assert.equal(charge(30, "D-1", "2024-07-15"), 390);
  assert.equal(charge(60, "D-1", "2024-07-15"), 1_140);
});

Deno.test("the official October 2025 table, summed from first principles", () => {
  // PUCSL Annex 2 (effective until 14 Oct 2025 = from 15 Oct 2025), read directly by the research:
  // D-1 above 60: 60 x 12.75 + 30 x 18.50 + 10 x 24.00 + fixed 1,000.00 = 2,560.00.
  assert.equal(charge(100, "D-1", "2025-10-20"), 2_560);
  // D-1 up to 60: 30 x 4.50 + 20 x 8.00 + fixed 210.00 = 505.00.
  assert.equal(charge(50, "D-1", "2025-10-20"), 505);
  // R-1, one ladder of five blocks: 30 x 4.50 + 60 x 4.50 + 30 x 8.00 + 10 x 19.00 + 1,300.00.
  assert.equal(charge(130, "R-1", "2025-10-20"), 135 + 270 + 240 + 190 + 1_300);
  // GP-1 below 180: 100 x 25.00 + 500.00; H-1 above 300: 400 x 17.00 + 800.00.
  assert.equal(charge(100, "GP-1", "2025-10-20"), 3_000);
  assert.equal(charge(400, "H-1", "2025-10-20"), 7_600);
  assert.equal(
    electricityBill({ units: 100, category: "D-1", date: "2025-10-20" }).decision.confidence,
    "official",
  );
});

Deno.test("April 2026 charged above 180 units as a fifth block; May 2026 as a two-block ladder", () => {
  // Research section 2 (consistency check): 200 kWh in April 2026: 60 x 14 + 30 x 20 + 30 x 28 +
  // 60 x 44 + 20 x 85 + 2,100 = 8,720; in May 2026: 180 x 32.5 + 20 x 100 + 2,500 = 10,350.
  assert.equal(charge(200, "D-1", "2026-04-15"), 8_720);
  assert.equal(charge(200, "D-1", "2026-05-11"), 10_350);
});

Deno.test("the answer names the decision it used, and the last one held with what is unknown", () => {
  const today = execute(electricity, new URLSearchParams("units=69"), ctx) as ReturnType<
    typeof electricityBill
  >;
  assert.equal(today.date, "2026-11-27");
  assert.equal(today.decision.from, "2026-07-31");
  assert.equal(today.decision.to, null);
  assert.match(today.decision.sourceUrl, /pucsl\.gov\.lk.*July-2026\.pdf$/);
  assert.equal(today.lastDecisionHeld, "2026-07-31");
  assert.match(today.note!, /31 July 2026.*No source read says whether a decision took effect/);
  assert.equal(today.charge, 1_420);
  const june = electricityBill({ units: 69, category: "D-1", date: "2026-06-01" });
  assert.equal(june.decision.from, "2026-05-11");
  assert.equal(june.note, null);
  assert.equal(june.lastDecisionHeld, "2026-07-31");
  const si = execute(electricity, new URLSearchParams("units=69&lang=si"), ctx) as {
    note: string;
  };
  assert.match(si.note, /[\u0D80-\u0DFF]/);
});

Deno.test("what no source holds is refused, naming the parameter", () => {
  // Before the first decision held.
  assert.deepEqual(refusal("units=10&date=2023-10-19"), {
    status: 400,
    param: "date",
    code: "invalid_param",
  });
  // January 2025: only percentages were found.
  assert.deepEqual(refusal("units=10&date=2025-03-01"), {
    status: 501,
    param: "category",
    code: "not_available",
  });
  // March 2024: only the domestic table.
  assert.equal(refusal("units=10&category=GP-1&date=2024-04-01").status, 501);
  // July 2024: fixed charges above 60 units were not printed.
  assert.deepEqual(refusal("units=61&date=2024-08-01"), {
    status: 501,
    param: "units",
    code: "not_available",
  });
  assert.equal(charge(60, "D-1", "2024-08-01"), 30 * 6 + 30 * 9 + 250);
  // Bad input is a 400 naming it.
  assert.equal(refusal("units=-1").param, "units");
  assert.equal(refusal("units=1.5").param, "units");
  assert.equal(refusal("units=10&category=X-9").param, "category");
  assert.equal(refusal("units=10&days=0").param, "days");
  assert.equal(refusal("category=D-1").param, "units");
});

Deno.test("every figure file entry carries its source and check date", () => {
  assert.ok(data.source && data.lastVerified && data.sscl.source);
  for (const decision of data.decisions) {
    assert.ok(decision.source.length > 20, decision.id);
    assert.match(decision.sourceUrl, /^https:\/\//, decision.id);
    assert.match(decision.lastVerified, /^\d{4}-\d{2}-\d{2}$/, decision.id);
  }
  // Dated without gaps or overlaps.
  for (let i = 1; i < data.decisions.length; i++) {
    const before = new Date(`${data.decisions[i - 1]!.to}T00:00:00Z`);
    before.setUTCDate(before.getUTCDate() + 1);
    assert.equal(before.toISOString().slice(0, 10), data.decisions[i]!.from);
  }
});

/** Dates under each decision that holds figures (the July 2026 one keeps May's). */
const DATES = ["2023-11-01", "2024-04-01", "2024-08-01", "2025-07-01", "2026-04-15", "2026-06-01"];

function total(units: number, category: ElectricityCategory, date: string, days: number) {
  try {
    return electricityBill({ units, category, date, days }).total;
  } catch (error) {
    if (isApiError(error) && error.status === 501) return undefined; // not held
    throw error;
  }
}

Deno.test("a bill never falls when more units are used, under one decision and period", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ELECTRICITY_CATEGORIES),
      fc.constantFrom(...DATES),
      fc.integer({ min: 1, max: 92 }),
      fc.integer({ min: 0, max: 2_000 }),
      fc.integer({ min: 0, max: 2_000 }),
      (category, date, days, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const x = total(low, category, date, days);
        const y = total(high, category, date, days);
        if (x === undefined || y === undefined) return;
        assert.ok(x <= y, `${category} ${date} ${days} days: ${low} -> ${x}, ${high} -> ${y}`);
      },
    ),
    { numRuns: 2_000 },
  );
  // Every unit step across the thresholds, where the regime and band switch.
  for (const category of ELECTRICITY_CATEGORIES) {
    for (const date of DATES) {
      let previous = -1;
      for (let units = 0; units <= 400; units++) {
        const value = total(units, category, date, 30);
        if (value === undefined) continue;
        assert.ok(value >= previous, `${category} ${date}: ${units} kWh`);
        previous = value;
      }
    }
  }
});

function touBill(offPeak: number, day: number, peak: number, date: string) {
  return electricityBill({ category: "D-TOU", offPeak, day, peak, date });
}

Deno.test("D-TOU: the printed CEB bill of 13 August 2026 (W1) to the cent", () => {
  // W1, a printed CEB D-TOU bill (research electricity.md section 5): off-peak 275, day 540,
  // peak 173 kWh: Charge Rs 55,293.00; SSC Levy Rs 1,417.77; Monthly Bill Rs 56,710.77.
  const bill = touBill(275, 540, 173, MAY_2026);
  assert.equal(bill.charge, 55_293);
  assert.equal(bill.sscl, 1_417.77);
  assert.equal(bill.total, 56_710.77);
  assert.equal(bill.units, 988);
  assert.equal(bill.fixedCharge, 2_500);
  assert.deepEqual(bill.blocks, []);
  // Check in the research: 275 x 33 + 540 x 47 + 173 x 106 + 2,500 = 55,293.
  assert.deepEqual(bill.windows, [
    { window: "offPeak", from: "22:30", to: "05:30", units: 275, unitPrice: 33, amount: 9_075 },
    { window: "day", from: "05:30", to: "18:30", units: 540, unitPrice: 47, amount: 25_380 },
    { window: "peak", from: "18:30", to: "22:30", units: 173, unitPrice: 106, amount: 18_338 },
  ]);
  // The same bill through the operation, with units given as their sum.
  const answer = execute(
    electricity,
    new URLSearchParams("category=d-tou&offPeak=275&day=540&peak=173&units=988&date=2026-08-13"),
    ctx,
  ) as ReturnType<typeof electricityBill>;
  assert.equal(answer.category, "D-TOU");
  assert.equal(answer.total, 56_710.77);
  assert.equal(answer.decision.from, "2026-07-31");
});

Deno.test("D-TOU under the official June 2025 table, first principles", () => {
  // PUCSL Annex 2 (until and from 15 October 2025), Domestic Time Of Use: peak 67.00, day 35.00,
  // off-peak 21.00, fixed 2,100.00. 300 x 21 + 200 x 35 + 100 x 67 + 2,100 = 22,100;
  // SSCL 22,100 x 2.5 / 97.5 = 566.666... -> 566.67.
  const bill = touBill(300, 200, 100, "2025-10-20");
  assert.equal(bill.charge, 22_100);
  assert.equal(bill.sscl, 566.67);
  assert.equal(bill.decision.from, "2025-06-12");
  // May 2026 (decision effective 11 May): 106 / 47 / 33, fixed 2,500.
  assert.equal(touBill(0, 0, 0, "2026-05-11").charge, 2_500);
  // The windows have no block limits: the billing period's length changes nothing.
  const days = electricityBill({
    category: "D-TOU",
    offPeak: 300,
    day: 200,
    peak: 100,
    date: "2025-10-20",
    days: 45,
  });
  assert.equal(days.charge, 22_100);
});

Deno.test("D-TOU: decisions whose D-TOU rates no source prints are 501s naming them", () => {
  for (const date of ["2023-11-01", "2024-04-01", "2024-08-01", "2025-03-01", "2026-04-15"]) {
    const refused = refusal(`category=D-TOU&peak=1&day=1&offPeak=1&date=${date}`);
    assert.deepEqual(refused, { status: 501, param: "category", code: "not_available" }, date);
  }
  try {
    touBill(1, 1, 1, "2026-04-15");
    assert.fail("April 2026 D-TOU answered");
  } catch (error) {
    assert.ok(isApiError(error));
    assert.match(error.message, /D-TOU tariff of the decision effective 2026-04-01 is not held/);
  }
});

Deno.test("D-TOU needs the three windows; other categories refuse them", () => {
  assert.equal(refusal("category=D-TOU&day=1&offPeak=1").param, "peak");
  assert.equal(refusal("category=D-TOU&peak=1&offPeak=1").param, "day");
  assert.equal(refusal("category=D-TOU&peak=1&day=1").param, "offPeak");
  assert.equal(refusal("category=D-TOU&units=100").param, "peak");
  assert.equal(refusal("category=D-TOU&peak=1&day=1&offPeak=1&units=4").param, "units");
  assert.equal(refusal("category=D-TOU&peak=-1&day=1&offPeak=1").param, "peak");
  assert.equal(refusal("units=10&peak=5").param, "peak");
  assert.equal(refusal("units=10&category=GP-1&offPeak=5").param, "offPeak");
  // Each new message has its catalogue template, so pages say it in Sinhala and Tamil.
  const messages = [
    "category=D-TOU&day=1&offPeak=1",
    "category=D-TOU&peak=1&day=1&offPeak=1&units=4",
    "units=10&category=GP-1&offPeak=5",
  ].map((query) => {
    try {
      execute(electricity, new URLSearchParams(query), ctx);
    } catch (error) {
      if (isApiError(error)) return error.message;
    }
    assert.fail(query);
  });
  assert.match(messages[0]!, /^Parameter "peak" is required for category D-TOU/);
  for (const message of messages) {
    assert.match(translate("si", message, "error."), /[\u0D80-\u0DFF]/, message);
    assert.match(translate("ta", message, "error."), /[\u0B80-\u0BFF]/, message);
  }
});

Deno.test("D-TOU: more kWh in any window never lowers the bill", () => {
  fc.assert(
    fc.property(
      fc.constantFrom("2025-07-01", "2026-06-01", "2026-11-01"),
      fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 3, maxLength: 3 }),
      fc.constantFrom(0, 1, 2),
      fc.integer({ min: 1, max: 1_000 }),
      (date, [offPeak, day, peak], window, more) => {
        const before = touBill(offPeak!, day!, peak!, date).total;
        const grown = [offPeak!, day!, peak!];
        grown[window] = grown[window]! + more;
        const after = touBill(grown[0]!, grown[1]!, grown[2]!, date).total;
        assert.ok(after > before, `${date} ${grown}: ${before} -> ${after}`);
      },
    ),
    { numRuns: 500 },
  );
});
