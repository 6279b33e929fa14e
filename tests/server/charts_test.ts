import assert from "node:assert/strict";
import fc from "fast-check";
import { computeFd } from "../../core/ops/fd.ts";
import {
  amortizationChart,
  curveX,
  holidayCalendar,
  normalCdf,
  normalCurveChart,
} from "../../server/pages/charts.ts";
import { depositGrowth, TOOL_FIGURES } from "../../server/pages/figures.ts";
import { squash } from "../_helpers/pages.ts";

Deno.test("normalCdf() matches the standard normal table", () => {
  // Printed values of the standard normal table: Φ(0) = 0.5, Φ(1) = 0.8413, Φ(1.96) = 0.9750,
  // Φ(-1.645) = 0.0500, Φ(3) = 0.99865.
  const table: [number, number][] = [[0, 0.5], [1, 0.8413], [1.96, 0.975], [-1.645, 0.05], [
    3,
    0.99865,
  ]];
  for (const [z, p] of table) assert.ok(Math.abs(normalCdf(z) - p) < 5e-5, `Φ(${z})`);
  fc.assert(
    fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (z) => {
      assert.ok(Math.abs(normalCdf(z) + normalCdf(-z) - 1) < 1e-7, "symmetry");
      assert.ok(normalCdf(z) >= 0 && normalCdf(z) <= 1);
    }),
    { numRuns: 200 },
  );
});

Deno.test("normalCurveChart() marks the Z-score and says what share lies below it", () => {
  const svg = squash(String(normalCurveChart(1.96)));
  assert.match(svg, /<svg[^>]*role="img"[^>]*aria-labelledby="curve-title curve-desc"/);
  assert.match(
    svg,
    /<title id="curve-title">The normal curve with the Z-score 1\.96 marked<\/title>/,
  );
  assert.match(svg, /lies above about 97\.5% of a normal distribution/);
  // The plot spans Z -4..4 over x 110..704: Z = 1.96 sits at 110 + (5.96 / 8) x 594 = 552.53.
  assert.match(svg, /data-marker="z" x1="552\.53"/);
  assert.equal(curveX(0), 407, "the middle of the plot");
  assert.equal(curveX(9), curveX(4), "far scores are drawn at the edge");
  assert.match(squash(String(normalCurveChart(-9))), /above about 0\.0%/);
  assert.doesNotMatch(squash(String(normalCurveChart(-9))), /class="area"/, "nothing to shade");
});

Deno.test("the z-score page hooks the curve to the operation's Z by name", () => {
  const draw = TOOL_FIGURES["z-score"]!.draw;
  assert.match(String(draw({ zScore: 1.2345 })), /Z = 1\.2345/);
  assert.match(String(draw({ z: -0.5 })), /Z = -0\.5/);
  assert.equal(draw({ subjects: [] }), undefined, "the subject list has no curve");
});

Deno.test("amortizationChart() draws one bar per month with both parts", () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    month: i + 1,
    principal: 100 + i,
    interest: 50 - i,
    balance: 3000 - 100 * (i + 1),
  }));
  const svg = squash(String(amortizationChart(rows)));
  assert.equal([...svg.matchAll(/<g data-month="\d+">/g)].length, 30);
  assert.equal([...svg.matchAll(/<rect class="principal"/g)].length, 30);
  assert.equal([...svg.matchAll(/<rect class="interest"/g)].length, 30);
  assert.match(svg, /<details><summary>The figures by year<\/summary>/);
  assert.equal([...svg.matchAll(/<tr><td>\d<\/td>/g)].length, 3, "30 months span 3 years");
});

Deno.test("depositGrowth() accrues simple interest at maturity and steps with each payout", () => {
  const r = computeFd({ principal: 1_000_000, rate: 10, months: 12 }) as unknown as Record<
    string,
    unknown
  >;
  const points = depositGrowth(r);
  assert.equal(points.length, 13);
  // Simple interest: 1,000,000 x 10% x m / 12, so 8,333.33 a month and 100,000 at 12 months.
  assert.deepEqual(points.slice(0, 2).map((p) => p.value), [1_000_000, 1_008_333.33]);
  assert.equal(points[6]!.value, 1_050_000);
  assert.equal(points.at(-1)!.value, 1_100_000);
  const monthly = computeFd({ principal: 1_200, rate: 12, months: 3, payout: "monthly" });
  // 12% a year on 1,200 pays 12 a month.
  assert.deepEqual(
    depositGrowth(monthly as unknown as Record<string, unknown>).map((p) => p.value),
    [
      1_200,
      1_212,
      1_224,
      1_236,
    ],
  );
  const quarterly = computeFd({ principal: 1_200, rate: 12, months: 6, payout: "quarterly" });
  // 36 a quarter: paid at months 3 and 6.
  assert.deepEqual(
    depositGrowth(quarterly as unknown as Record<string, unknown>).map((p) => p.value),
    [1_200, 1_200, 1_200, 1_236, 1_236, 1_236, 1_272],
  );
  const compounded = computeFd({
    principal: 1_000_000,
    rate: 10,
    months: 12,
    payout: "compound-monthly",
  }) as unknown as Record<string, unknown>;
  // 1,000,000 x (1 + 0.1/12)^12 = 1,104,713.07 (peers.md).
  assert.equal(depositGrowth(compounded).at(-1)!.value, 1_104_713.07);
});

Deno.test("holidayCalendar() lays out every month from Monday with the names in three languages", () => {
  const cal = squash(String(holidayCalendar(2026, [
    {
      date: "2026-02-04",
      name: "Independence Day",
      nameSinhala: "නිදහස් සමරු දිනය",
      nameTamil: "சுதந்திர தினம்",
    },
  ])));
  assert.equal([...cal.matchAll(/<table class="month-grid">/g)].length, 12);
  // 1 February 2026 is a Sunday (1 January is a Thursday, plus 31 days = 3 weekdays later):
  // six empty cells, then 1; the 4th is the Wednesday of the next row.
  assert.match(
    cal,
    /February 2026<\/caption>.*?<tbody><tr>(<td><\/td>){6}<td>1<\/td><\/tr><tr><td>2<\/td><td>3<\/td><td class="holiday"><strong>4<\/strong>/,
  );
  assert.match(cal, /<span lang="si">නිදහස් සමරු දිනය<\/span>/);
  assert.match(cal, /<span lang="ta">சுதந்திர தினம்<\/span>/);
  assert.equal([...cal.matchAll(/No holidays\./g)].length, 11);
});
