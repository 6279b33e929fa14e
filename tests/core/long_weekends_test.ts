/**
 * Long weekends (#133): the runs of three or more days off (Saturdays, Sundays and a calendar's
 * gazetted holidays). Golden runs from Gazette Extraordinary 2438/22 as amended by 2485/14 (the
 * 2026 list in data/holidays.json) and the weekday of each date (first principles), and a
 * property over every held year and calendar: each run is all days off, bounded by working days,
 * and every such run is listed.
 */
import assert from "node:assert/strict";
import { longWeekends } from "../../core/calc/long_weekends.ts";
import { HOLIDAY_DATA, SUPPORTED_YEARS } from "../../core/calc/holidays.ts";
import { dayNumber, isoFromDayNumber, weekdayOf } from "../../core/day_number.ts";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { longWeekendsOp } from "../../core/ops/long_weekends.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";

registerAllMessages();
const ctx = { today: "2026-11-28", baseUrl: "https://lanka.test" };

function spans(
  year: number,
  calendar: "public" | "bank" | "mercantile" | "government",
  options: { minDays?: number; poya?: "holiday" | "working" } = {},
) {
  return longWeekends({ year, calendar, ...options }).runs.map((r) => `${r.from}..${r.to}`);
}

Deno.test("2026's public long weekends, from Gazette 2438/22 and the weekdays", () => {
  // Madin Poya Mon 2 Mar; Good Friday 3 Apr; New Year eve and day Mon-Tue 13-14 Apr (with the
  // weekend before: 4 days); May Day and Adhi Vesak Poya Fri 1 May; Poson Poya Mon 29 Jun;
  // Christmas Fri 25 Dec. Vesak (Sat 30 May) and the day after (Sun 31 May) fall on a weekend.
  assert.deepEqual(spans(2026, "public"), [
    "2026-02-28..2026-03-02",
    "2026-04-03..2026-04-05",
    "2026-04-11..2026-04-14",
    "2026-05-01..2026-05-03",
    "2026-06-27..2026-06-29",
    "2026-12-25..2026-12-27",
  ]);
  const newYear = longWeekends({ year: 2026, calendar: "public" }).runs[2]!;
  assert.equal(newYear.days, 4);
  assert.equal(newYear.fromWeekday, "Saturday");
  assert.equal(newYear.toWeekday, "Tuesday");
  assert.deepEqual(newYear.holidays.map((h) => h.date), ["2026-04-13", "2026-04-14"]);
});

Deno.test("2026's mercantile long weekends, with Poya days off (s.7A) or the Central Bank's list", () => {
  // The mercantile calendar counts as /working-days does: Poya days are days off for shop and
  // office workers (Shop and Office Employees Act s.7A, docs/calendar.md), so Madin and Poson
  // Poya (Mondays) make long weekends; Good Friday is not a mercantile holiday.
  assert.deepEqual(spans(2026, "mercantile"), [
    "2026-02-28..2026-03-02",
    "2026-04-11..2026-04-14",
    "2026-05-01..2026-05-03",
    "2026-06-27..2026-06-29",
    "2026-12-25..2026-12-27",
  ]);
  // The Central Bank's M letters alone (Thai Pongal, Independence Day, New Year eve and day, May
  // Day, the day after Vesak, Milad-Un-Nabi, Christmas): three touch a weekend.
  assert.deepEqual(spans(2026, "mercantile", { poya: "working" }), [
    "2026-04-11..2026-04-14",
    "2026-05-01..2026-05-03",
    "2026-12-25..2026-12-27",
  ]);
  assert.deepEqual(spans(2026, "public", { minDays: 4 }), ["2026-04-11..2026-04-14"]);
  // Government offices: the fuel-saving Wednesday closure from 18 March 2026 (Ministry of Public
  // Administration circular, data/holidays.json) follows the New Year: Saturday 11 to Wednesday 15.
  const government = longWeekends({ year: 2026, calendar: "government" }).runs[2]!;
  assert.equal(`${government.from}..${government.to}`, "2026-04-11..2026-04-15");
  assert.equal(government.holidays.at(-1)!.type, "closure");
});

Deno.test("every run is all days off, bounded by working days, and none is missed", () => {
  // An oracle of its own: a day off is a Saturday, a Sunday or a holiday of the calendar in the
  // dataset (mercantile: the M letter, and Poya days unless poya=working).
  const readings = [
    ["public", "holiday"],
    ["bank", "holiday"],
    ["mercantile", "holiday"],
    ["mercantile", "working"],
  ] as const;
  for (const year of SUPPORTED_YEARS) {
    for (const [calendar, poya] of readings) {
      const off = new Set(
        HOLIDAY_DATA.holidays.filter((h) =>
          h[calendar] || (calendar === "mercantile" && poya === "holiday" && h.type === "poya")
        ).map((h) => h.date),
      );
      const isOff = (day: number) => off.has(isoFromDayNumber(day)) || weekdayOf(day) % 6 === 0;
      const runs = longWeekends({ year, calendar, poya }).runs;
      const firstHeld = dayNumber(`${SUPPORTED_YEARS[0]}-01-01`);
      for (const run of runs) {
        const [a, b] = [dayNumber(run.from), dayNumber(run.to)];
        assert.equal(run.days, b - a + 1);
        assert.ok(run.days >= 3);
        for (let d = a; d <= b; d++) assert.ok(isOff(d), `${run.from}: ${isoFromDayNumber(d)}`);
        assert.ok(a === firstHeld || !isOff(a - 1), `${year} ${calendar} ${run.from} is cut`);
        assert.ok(!isOff(b + 1), `${year} ${calendar} ${run.to} is cut`);
      }
      for (let d = dayNumber(`${year}-01-01`); d <= dayNumber(`${year}-12-31`); d++) {
        let lo = d, hi = d;
        while (lo > firstHeld && isOff(lo - 1)) lo--;
        while (isOff(hi + 1)) hi++;
        if (!isOff(d) || hi - lo + 1 < 3) continue;
        const day = isoFromDayNumber(d);
        const found = runs.some((r) => r.from <= day && day <= r.to);
        assert.ok(found, `${year} ${calendar} ${poya}: ${day} missed`);
      }
    }
  }
});

Deno.test("the operation: defaults, names in Sinhala, and what is refused", () => {
  const answer = execute(longWeekendsOp, new URLSearchParams(""), ctx) as {
    year: number;
    calendar: string;
    count: number;
  };
  assert.equal(answer.year, 2026);
  assert.equal(answer.calendar, "public");
  assert.equal(answer.count, 6);
  const si = execute(longWeekendsOp, new URLSearchParams("year=2026&lang=si"), ctx) as {
    runs: { fromWeekday: string; holidays: { name: string }[] }[];
  };
  assert.equal(si.runs[0]!.fromWeekday, "සෙනසුරාදා");
  assert.match(si.runs[0]!.holidays[0]!.name, /[\u0D80-\u0DFF]/);
  assert.equal(si.runs[0]!.holidays[0]!.name, "මැදින් පුර පසළොස්වක පෝය දිනය");
  for (
    const [query, status, param] of [
      ["year=2028", 404, "year"],
      ["year=2020", 404, "year"],
      ["calendar=school", 400, "calendar"],
      ["calendar=public&poya=working", 400, "poya"],
      ["minDays=2", 400, "minDays"],
    ] as const
  ) {
    try {
      execute(longWeekendsOp, new URLSearchParams(query), ctx);
      assert.fail(`${query} answered`);
    } catch (error) {
      assert.ok(isApiError(error), String(error));
      assert.equal(error.status, status, query);
      assert.equal(error.details?.[0]?.param, param, query);
    }
  }
});
