import assert from "node:assert/strict";
import fc from "fast-check";
import { ApiError } from "../../core/errors.ts";
import { dayNumber, isoFromDayNumber } from "../../core/day_number.ts";
import { execute } from "../../core/execute.ts";
import { HOLIDAY_DATA, holidayOn, listHolidays, SUPPORTED_YEARS } from "../../core/ops/holidays.ts";
import { isHoliday } from "../../core/ops/is_holiday.ts";
import { countWorkingDays, WORK_CALENDARS } from "../../core/ops/working_days.ts";
import { addWorkingDays, workingDaysAdd } from "../../core/ops/working_days_add.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";

registerAllMessages();
const ctx = { today: "2026-06-15", baseUrl: "http://lanka.test" };

Deno.test("2021 to 2027 are held, each year with its own source and check", () => {
  assert.deepEqual(SUPPORTED_YEARS, [2021, 2022, 2023, 2024, 2025, 2026, 2027]);
  for (const year of SUPPORTED_YEARS) {
    const source = HOLIDAY_DATA.yearSources[String(year)]!;
    assert.match(source.lastVerified, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(source.checked.length > 20, `${year} says what it was checked against`);
    assert.equal(listHolidays({ year }).source, source.source);
  }
});

Deno.test("past years hold the gazetted lists (golden figures from the sources named)", async (t) => {
  // Counts of the annual lists' entries per year: Dilshan-H/srilanka-holidays ics/{year}.ics
  // (2023 has the Adhi Esala Poya, so 13 Poya days; Gazette 2287/04 as transcribed by
  // bslater/bodu). Special days (their gazette text starts "special") are counted apart.
  const counts: [number, number][] = [[2021, 25], [2022, 25], [2023, 26], [2024, 25], [2025, 25]];
  for (const [year, count] of counts) {
    await t.step(`${year}: ${count} gazetted holidays, 8 mercantile`, () => {
      const annual = listHolidays({ year }).holidays.filter((h) =>
        !h.gazette.startsWith("special")
      );
      assert.equal(annual.length, count);
      // Shop and Office Employees Act: the 8 statutory holidays are the mercantile ones.
      assert.equal(listHolidays({ year, type: "mercantile" }).count, 8);
    });
  }
  await t.step("special bank holidays are bank only (CBSL lists as reproduced; s.11)", () => {
    const special = SUPPORTED_YEARS.flatMap((year) => listHolidays({ year }).holidays)
      .filter((h) => h.name === "Special bank holiday");
    assert.deepEqual(special.map((h) => h.date), [
      "2022-10-10",
      "2022-12-26",
      "2023-01-16",
      "2023-06-30",
      "2025-04-15",
    ]);
    assert.ok(special.every((h) => h.bank && !h.public && !h.mercantile));
    // Tuesday 15 April 2025: a bank holiday, a working day for the mercantile calendar.
    const day = countWorkingDays({ from: "2025-04-15", to: "2025-04-15", calendar: "bank" });
    assert.equal(day.workingDays, 0);
    assert.equal(countWorkingDays({ from: "2025-04-15", to: "2025-04-15" }).workingDays, 1);
  });
  await t.step("special government holidays close government offices only", () => {
    // 23 September 2024 (Daily Mirror: "will not apply to public and private banks").
    const day = execute(isHoliday, [["date", "2024-09-23"], ["lang", "si"]], ctx);
    assert.deepEqual([day.isHoliday, day.bank, day.government], [false, false, true]);
    assert.deepEqual(day.closures, ["රාජ්‍ය අංශයේ නිවාඩු දිනය"]);
    const gov = countWorkingDays({ from: "2024-09-23", to: "2024-09-23", calendar: "government" });
    assert.deepEqual([gov.workingDays, gov.holidays[0]?.type], [0, "closure"]);
    const bank = countWorkingDays({ from: "2024-09-23", to: "2024-09-23", calendar: "bank" });
    assert.equal(bank.workingDays, 1);
    // Public Administration Circular 15/2022: Fridays 17 June to 29 July 2022, seven Fridays.
    const fridays = countWorkingDays({
      from: "2022-06-17",
      to: "2022-07-29",
      calendar: "government",
    });
    assert.equal(fridays.holidays.filter((h) => h.type === "closure").length, 7);
  });
  await t.step("Poya days of 2025 are Gazette 2395/33's (bslater/bodu transcription)", () => {
    const poya = listHolidays({ year: 2025 }).holidays.filter((h) => h.type === "poya");
    assert.deepEqual(poya.map((h) => h.date), [
      "2025-01-13",
      "2025-02-12",
      "2025-03-13",
      "2025-04-12",
      "2025-05-12",
      "2025-06-10",
      "2025-07-10",
      "2025-08-08",
      "2025-09-07",
      "2025-10-06",
      "2025-11-05",
      "2025-12-04",
    ]);
  });
  await t.step(
    "Mahasivarathri 2023 is Saturday 18 February (vacanza/holidays), not 18 March",
    () => {
      assert.equal(holidayOn("2023-02-18").holidays[0]?.name, "Mahasivarathri Day");
      assert.equal(holidayOn("2023-03-18").isHoliday, false);
    },
  );
  await t.step("Adhi Esala Poya, 3 July 2023 (Gazette 2287/04), has its three names", () => {
    const [h] = holidayOn("2023-07-03").holidays;
    assert.equal(h?.name, "Adhi Esala Full Moon Poya Day");
    assert.ok(h?.nameSinhala.startsWith("අධි "));
    assert.ok(h?.nameTamil.startsWith("அதி "));
  });
});

Deno.test("a payroll run for March 2025 counts its working days", () => {
  // March 2025: 31 days from Saturday 1st, so 10 weekend days and 21 weekdays (first
  // principles). Weekday holidays: Madin Poya Thursday 13th (Gazette 2395/33, bodu) and
  // Id-Ul-Fitr Monday 31st (Dilshan-H 2025), both public and bank but not on the Central Bank's
  // mercantile list. Issue 43: the Poya day is a holiday for shop and office workers (Shop and
  // Office Employees Act, s.7A; Dawood, SSRN 4750750, s.4.6(c)), so the mercantile count leaves
  // it out by default; poya=working gives the Central Bank's list alone.
  const mercantile = countWorkingDays({ from: "2025-03-01", to: "2025-03-31" });
  assert.deepEqual([mercantile.workingDays, mercantile.weekendDays, mercantile.holidayDays], [
    20,
    10,
    1,
  ]);
  const listed = countWorkingDays({ from: "2025-03-01", to: "2025-03-31", poya: "working" });
  assert.deepEqual([listed.workingDays, listed.weekendDays, listed.holidayDays], [21, 10, 0]);
  const pub = countWorkingDays({ from: "2025-03-01", to: "2025-03-31", calendar: "public" });
  assert.deepEqual([pub.workingDays, pub.holidayDays], [19, 2]);
  assert.deepEqual(pub.holidays.map((h) => h.date), ["2025-03-13", "2025-03-31"]);
});

Deno.test("GET /holidays/{date}: Sunday 9 October 2022 is both Vap Poya and Milad-Un-Nabi", () => {
  // Dilshan-H 2022: both fall on 9 October 2022; Milad is mercantile, Vap Poya is not.
  const r = execute(isHoliday, [["date", "2022-10-09"]], ctx);
  assert.deepEqual(
    [r.isHoliday, r.public, r.bank, r.mercantile, r.isWeekend, r.weekday],
    [true, true, true, true, true, "Sunday"],
  );
  assert.deepEqual(r.holidays.map((h) => h.type), ["poya", "muslim"]);
  const plain = execute(isHoliday, [["date", "2026-12-24"]], ctx);
  assert.deepEqual([plain.isHoliday, plain.isWeekend, plain.holidays.length], [false, false, 0]);
  // Gazette 2438/22: Navam Poya, Sunday 1 February 2026, is public and bank, not mercantile.
  const navam = execute(isHoliday, [["date", "2026-02-01"], ["lang", "si"]], ctx);
  assert.deepEqual([navam.public, navam.bank, navam.mercantile], [true, true, false]);
  assert.equal(navam.holidays[0]?.name, "නවම් පුර පසළොස්වක පෝය දිනය");
});

Deno.test("GET /holidays/{date} in a year not held is a 404 on date with known false", () => {
  assert.throws(() => execute(isHoliday, [["date", "2028-01-15"]], ctx), (e: unknown) => {
    assert.ok(e instanceof ApiError);
    assert.deepEqual([e.status, e.code, e.details?.[0]?.param], [404, "not_found", "date"]);
    assert.match(e.message, /2028 are unknown until gazetted/);
    return true;
  });
});

Deno.test("working-days/add skips weekends and the calendar's holidays", async (t) => {
  await t.step("New Year 2025: Thursday 10 April + 3 mercantile days is Wednesday 16 April", () => {
    // Dilshan-H 2025: Bak Poya Sat 12, Day prior to New Year Sun 13, New Year Mon 14 April.
    // Counting: Fri 11 (1), Mon 14 holiday, Tue 15 (2), Wed 16 (3).
    const r = addWorkingDays({ from: "2025-04-10", days: 3 });
    assert.equal(r.date, "2025-04-16");
    assert.equal(r.calendarDays, 6);
    assert.deepEqual(r.holidays.map((h) => h.date), ["2025-04-14"]);
    assert.deepEqual([r.weekendDays, r.holidayDays], [2, 1]);
  });
  await t.step("counting back over Christmas 2026 (Gazette 2438/22)", () => {
    const r = execute(workingDaysAdd, [["from", "2026-12-28"], ["days", "-1"]], ctx);
    assert.equal(r.date, "2026-12-24");
    assert.deepEqual(r.holidays.map((h) => h.name), ["Christmas Day"]);
  });
  await t.step("0 days gives from itself", () => {
    assert.equal(addWorkingDays({ from: "2026-12-26", days: 0 }).date, "2026-12-26");
  });
  await t.step("an answer past 2027 is a 404 saying 2028 is not yet gazetted", () => {
    assert.throws(() => addWorkingDays({ from: "2027-12-20", days: 30 }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.deepEqual([e.status, e.details?.[0]?.param], [404, "days"]);
      assert.match(e.message, /after 2027-12-31.*2028 are unknown until gazetted/);
      return true;
    });
  });
  await t.step("bad input is a 400 naming the parameter", () => {
    for (
      const [pairs, param] of [
        [[["from", "2026-02-30"], ["days", "3"]], "from"],
        [[["from", "2026-02-01"], ["days", "1.5"]], "days"],
        [[["from", "2026-02-01"], ["days", "5000"]], "days"],
        [[["from", "2026-02-01"]], "days"],
      ] as [[string, string][], string][]
    ) {
      assert.throws(() => execute(workingDaysAdd, pairs, ctx), (e: unknown) => {
        assert.ok(e instanceof ApiError);
        assert.deepEqual([e.status, e.details?.[0]?.param], [400, param]);
        return true;
      });
    }
  });
});

// Property: adding working days is the inverse of counting them, over the whole held range.
const START = dayNumber("2021-01-01");
const SIZE = dayNumber("2027-12-31") - START + 1;
const iso = (i: number) => isoFromDayNumber(START + i);

Deno.test("adding n working days, then counting from the next day to the answer, gives n", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: SIZE - 1 }),
      fc.integer({ min: -400, max: 400 }),
      fc.constantFrom(...WORK_CALENDARS),
      fc.boolean(),
      (i, n, calendar, saturday) => {
        let r;
        try {
          r = addWorkingDays({ from: iso(i), days: n, calendar, saturday });
        } catch (e) {
          // Only an answer outside the held years is refused, and then as a 404.
          assert.ok(e instanceof ApiError && e.status === 404);
          return;
        }
        const j = dayNumber(r.date) - START;
        assert.equal(r.calendarDays, j - i);
        if (n === 0) return assert.equal(j, i);
        // The answer is a working day, and exactly |n| working days lie between.
        const [lo, hi] = n > 0 ? [i + 1, j] : [j, i - 1];
        const counted = countWorkingDays({ from: iso(lo), to: iso(hi), calendar, saturday });
        assert.equal(counted.workingDays, Math.abs(n));
        const answerDay = countWorkingDays({ from: r.date, to: r.date, calendar, saturday });
        assert.equal(answerDay.workingDays, 1);
        assert.deepEqual(r.holidays, counted.holidays);
        assert.equal(r.holidayDays, counted.holidayDays);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("counting n working days from a start, then adding n-1 from it, lands on the last", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: SIZE - 1 }),
      fc.integer({ min: 0, max: 900 }),
      fc.constantFrom(...WORK_CALENDARS),
      fc.boolean(),
      (a, len, calendar, saturday) => {
        const b = Math.min(a + len, SIZE - 1);
        const { workingDays } = countWorkingDays({ from: iso(a), to: iso(b), calendar, saturday });
        if (workingDays === 0) return;
        // The day before a, plus workingDays working days, is the last working day in a..b.
        if (a === 0) return;
        const r = addWorkingDays({ from: iso(a - 1), days: workingDays, calendar, saturday });
        assert.ok(dayNumber(r.date) - START <= b);
        const rest = countWorkingDays({ from: r.date, to: iso(b), calendar, saturday });
        assert.equal(rest.workingDays, 1);
      },
    ),
    { numRuns: 300 },
  );
});
