import assert from "node:assert/strict";
import fc from "fast-check";
import { ageOn, epochDay, isoText } from "../../core/_calendar.ts";

const DAY = 86_400_000;
const date = fc.integer({ min: Date.UTC(1890, 0, 1) / DAY, max: Date.UTC(2100, 11, 31) / DAY });

function civil(day: number) {
  const d = new Date(day * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The monthly anniversary by JavaScript's Date, clamped to the last day of a shorter month. */
function anniversaryMs(birth: { year: number; month: number; day: number }, months: number) {
  const last = new Date(Date.UTC(birth.year, birth.month - 1 + months + 1, 0)).getUTCDate();
  return Date.UTC(birth.year, birth.month - 1 + months, Math.min(birth.day, last));
}

Deno.test("epochDay() and isoText() agree with JavaScript's Date", () => {
  fc.assert(
    fc.property(date, (day) => {
      assert.equal(epochDay(civil(day)), day);
      assert.equal(isoText(civil(day)), new Date(day * DAY).toISOString().slice(0, 10));
    }),
    { numRuns: 500 },
  );
});

Deno.test("ageOn() is the last monthly anniversary not after today, plus days", () => {
  fc.assert(
    fc.property(date, date, (a, b) => {
      const [birth, today] = [civil(Math.min(a, b)), civil(Math.max(a, b))];
      const age = ageOn(birth, today);
      const months = age.years * 12 + age.months;
      assert.ok(age.months >= 0 && age.months < 12 && age.days >= 0 && age.days < 31);
      assert.equal(anniversaryMs(birth, months) + age.days * DAY, Math.max(a, b) * DAY);
      assert.ok(anniversaryMs(birth, months + 1) > Math.max(a, b) * DAY);
    }),
    { numRuns: 500 },
  );
});
