import assert from "node:assert/strict";
import fc from "fast-check";
import { ApiError } from "../../core/errors.ts";
import { dayNumber, isoFromDayNumber } from "../../core/day_number.ts";
import { HOLIDAY_DATA } from "../../core/ops/holidays.ts";
import {
  buildWorkingDayCounter,
  countWorkingDays,
  type PoyaReading,
  WORK_CALENDARS,
  type WorkCalendar,
} from "../../core/ops/working_days.ts";
import { naiveWorkingDays } from "../_helpers/naive_working_days.ts";

// Hand counts. Weekdays come from the gazette tables (1 January 2026 is a Thursday, 1 January
// 2027 a Friday); holidays from the research tables. "Weekend" is Saturday + Sunday unless
// saturday=1, when only Sundays are.
//
// Issue 43: in the mercantile calendar a Poya day is a holiday by default. The Shop and Office
// Employees Act gives shop and office workers a holiday on every Full Moon Poya Day (s.7A, "Grant
// of Holiday on the Full Moon Poya Day", srilankalaw.lk's arrangement of sections; Dawood, SSRN
// 4750750, s.4.6(c): "All workers are permitted a holiday on a full moon Poya day"); the Central
// Bank's list marks Poya days B.P. and not M because M names only the Act's s.7 statutory
// holidays (research holidays.md, "Poya days are B.P., not M"). poya=working gives that list
// alone, the reading these counts had before.
const HAND_COUNTS: {
  why: string;
  from: string;
  to: string;
  calendar: WorkCalendar;
  saturday: boolean;
  poya?: PoyaReading;
  expected: [working: number, weekend: number, holiday: number, total: number];
  names?: string[];
}[] = [
  {
    // January 2026: 31 days; Saturdays 3, 10, 17, 24, 31 and Sundays 4, 11, 18, 25 = 9 weekend
    // days; 22 weekdays, of which Thai Pongal (Thu 15) is the one mercantile holiday. Duruthu
    // Poya (Sat 3) is not mercantile and is a weekend day anyway.
    why: "January 2026, mercantile",
    from: "2026-01-01",
    to: "2026-01-31",
    calendar: "mercantile",
    saturday: false,
    expected: [21, 9, 1, 31],
    names: ["Tamil Thai Pongal Day"],
  },
  {
    // Vesak week 2026, public: Mon 25 May to Fri 5 June = 12 days. Weekend: Sat 30 (Vesak) and
    // Sun 31 (day following Vesak) count once each, as weekend days. Holidays on weekdays:
    // Id-Ul-Alha Thu 28 May. 12 - 2 - 1 = 9.
    why: "spanning Vesak 2026, public",
    from: "2026-05-25",
    to: "2026-06-05",
    calendar: "public",
    saturday: false,
    expected: [9, 2, 1, 12],
    names: ["Id-Ul-Alha (Hadji Festival Day)"],
  },
  {
    // Same span with saturday=1: only Sun 31 May is a weekend day; Sat 30 May (Vesak) is now a
    // holiday on a working day. Holidays: 28 and 30 May. 12 - 1 - 2 = 9.
    why: "spanning Vesak 2026, public, Saturdays worked",
    from: "2026-05-25",
    to: "2026-06-05",
    calendar: "public",
    saturday: true,
    expected: [9, 1, 2, 12],
    names: ["Id-Ul-Alha (Hadji Festival Day)", "Vesak Full Moon Poya Day"],
  },
  {
    // The old Vesak week, Mon 27 April to Fri 8 May 2026 = 12 days, Saturdays worked: weekend
    // is Sun 3 May only. Fri 1 May is one holiday day carrying two holidays (May Day and the
    // full-moon Poya day). Sat 2 May is NOT a holiday since Gazette 2485/14, so it is worked.
    // 12 - 1 - 1 = 10.
    why: "2 May 2026 is a working Saturday",
    from: "2026-04-27",
    to: "2026-05-08",
    calendar: "public",
    saturday: true,
    expected: [10, 1, 1, 12],
    names: ["May Day (International Workers' Day)", "Adhi Vesak Full Moon Poya Day"],
  },
  {
    // Across the year boundary, Mon 21 Dec 2026 to Fri 8 Jan 2027: 11 + 8 = 19 days. Weekend:
    // 26, 27 Dec, 2, 3 Jan = 4. The Central Bank's mercantile list: Christmas (Fri 25 Dec) only;
    // Unduvap Poya (Wed 23 Dec) is not on it; 31 Dec and 1 Jan are not holidays. 19 - 4 - 1 = 14.
    why: "across the year boundary, mercantile, Poya days worked",
    from: "2026-12-21",
    to: "2027-01-08",
    calendar: "mercantile",
    saturday: false,
    poya: "working",
    expected: [14, 4, 1, 19],
    names: ["Christmas Day"],
  },
  {
    // The same range with the Poya holiday of s.7A (the default): Unduvap Poya, Wed 23 Dec, is
    // a day off too. 19 - 4 - 2 = 13.
    why: "across the year boundary, mercantile",
    from: "2026-12-21",
    to: "2027-01-08",
    calendar: "mercantile",
    saturday: false,
    expected: [13, 4, 2, 19],
    names: ["Unduvap Full Moon Poya Day", "Christmas Day"],
  },
  {
    // Same range, public: Unduvap Poya Wed 23 Dec is added. 19 - 4 - 2 = 13.
    why: "across the year boundary, public",
    from: "2026-12-21",
    to: "2027-01-08",
    calendar: "public",
    saturday: false,
    expected: [13, 4, 2, 19],
    names: ["Unduvap Full Moon Poya Day", "Christmas Day"],
  },
  {
    // Same range, government: public holidays plus the fuel-saving Wednesdays. Wednesdays in the
    // range: 23 Dec (already Unduvap Poya, counted once), 30 Dec and 6 Jan. 19 - 4 - 4 = 11.
    why: "across the year boundary, government",
    from: "2026-12-21",
    to: "2027-01-08",
    calendar: "government",
    saturday: false,
    expected: [11, 4, 4, 19],
  },
  {
    // 2026 has 365 days = 52 weeks + Thursday 31 Dec: 104 weekend days, 261 weekdays. The
    // mercantile holidays on weekdays: 15 Jan, 4 Feb, 13 Apr, 14 Apr, 1 May, 26 Aug, 25 Dec = 7
    // (31 May, the eighth, is a Sunday). 261 - 7 = 254.
    why: "all of 2026, mercantile, Poya days worked",
    from: "2026-01-01",
    to: "2026-12-31",
    calendar: "mercantile",
    saturday: false,
    poya: "working",
    expected: [254, 104, 7, 365],
  },
  {
    // 2026 with the Poya holiday (s.7A): the Poya days on weekdays (gazette 2438/22 as amended)
    // are Madin Mon 2 Mar, Bak Wed 1 Apr, Adhi Vesak Fri 1 May (already May Day: one day),
    // Poson Mon 29 Jun, Esala Wed 29 Jul, Nikini Thu 27 Aug, Il Tue 24 Nov, Unduvap Wed 23 Dec:
    // 7 more days. 254 - 7 = 247.
    why: "all of 2026, mercantile",
    from: "2026-01-01",
    to: "2026-12-31",
    calendar: "mercantile",
    saturday: false,
    expected: [247, 104, 14, 365],
  },
  {
    // 2026, public: the weekday holidays are 15 Jan, 4 Feb, 2 Mar, 1 Apr, 3 Apr, 13 Apr, 14 Apr,
    // 1 May, 28 May, 29 Jun, 29 Jul, 26 Aug, 27 Aug, 24 Nov, 23 Dec, 25 Dec = 16 days.
    // 261 - 16 = 245.
    why: "all of 2026, public",
    from: "2026-01-01",
    to: "2026-12-31",
    calendar: "public",
    saturday: false,
    expected: [245, 104, 16, 365],
  },
  {
    // 2026, government: the 42 Wednesdays from 18 Mar to 30 Dec, less the 4 that are already
    // public holidays (1 Apr, 29 Jul, 26 Aug, 23 Dec), add 38 days. 245 - 38 = 207.
    why: "all of 2026, government",
    from: "2026-01-01",
    to: "2026-12-31",
    calendar: "government",
    saturday: false,
    expected: [207, 104, 54, 365],
  },
  {
    // 2027 has 365 days = 52 weeks + Friday 31 Dec: 104 weekend days, 261 weekdays. Mercantile
    // on weekdays: 15 Jan, 4 Feb, 13 Apr, 14 Apr, 20 May = 5 (May Day and Christmas fall on
    // Saturdays, Milad-un-Nabi on a Sunday). 261 - 5 = 256.
    why: "all of 2027, mercantile, Poya days worked",
    from: "2027-01-01",
    to: "2027-12-31",
    calendar: "mercantile",
    saturday: false,
    poya: "working",
    expected: [256, 104, 5, 365],
  },
  {
    // 2027 with the Poya holiday (s.7A): Poya days on weekdays (gazette 2493/05): 22 Jan, 22 Mar,
    // 20 Apr, 19 May, 18 Jun, 16 Aug, 15 Sep, 15 Oct, 13 Dec = 9 (20 Feb and 13 Nov are
    // Saturdays, 18 Jul a Sunday). 256 - 9 = 247.
    why: "all of 2027, mercantile",
    from: "2027-01-01",
    to: "2027-12-31",
    calendar: "mercantile",
    saturday: false,
    expected: [247, 104, 14, 365],
  },
  {
    // 2027, public: 18 of the 25 gazetted holidays fall on weekdays (research, section 6).
    // 261 - 18 = 243. Government adds the 52 Wednesdays less the 4 that are public holidays
    // (10 Mar, 14 Apr, 19 May, 15 Sep): 243 - 48 = 195.
    why: "all of 2027, government",
    from: "2027-01-01",
    to: "2027-12-31",
    calendar: "government",
    saturday: false,
    expected: [195, 104, 66, 365],
  },
  {
    // The week the fuel-saving Wednesdays began, Mon 16 to Fri 20 March 2026: Wed 18 is closed
    // for government offices only. Government 4, mercantile 5.
    why: "the first fuel-saving Wednesday",
    from: "2026-03-16",
    to: "2026-03-20",
    calendar: "government",
    saturday: false,
    expected: [4, 0, 1, 5],
    names: ["Government offices closed (fuel-saving Wednesday)"],
  },
  {
    // The week before, Mon 9 to Fri 13 March 2026: Wed 11 is before the measure. 5 days worked.
    why: "the week before the fuel-saving Wednesdays",
    from: "2026-03-09",
    to: "2026-03-13",
    calendar: "government",
    saturday: false,
    expected: [5, 0, 0, 5],
  },
];

for (const c of HAND_COUNTS) {
  Deno.test(
    `countWorkingDays({ from: ${c.from}, to: ${c.to}, calendar: ${c.calendar}${
      c.saturday ? ", saturday" : ""
    }${c.poya ? `, poya: ${c.poya}` : ""} }) = ${c.expected[0]}: ${c.why}`,
    () => {
      const r = countWorkingDays({
        from: c.from,
        to: c.to,
        calendar: c.calendar,
        saturday: c.saturday,
        poya: c.poya,
      });
      assert.deepEqual([r.workingDays, r.weekendDays, r.holidayDays, r.totalDays], c.expected);
      assert.deepEqual([r.from, r.to, r.calendar, r.saturday], [
        c.from,
        c.to,
        c.calendar,
        c.saturday,
      ]);
      if (c.names) assert.deepEqual(r.holidays.map((h) => h.name), c.names);
    },
  );
}

Deno.test("countWorkingDays() refuses from after to, naming to", () => {
  assert.throws(() => countWorkingDays({ from: "2026-05-10", to: "2026-05-01" }), (e: unknown) => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 400);
    assert.equal(e.details?.[0]?.param, "to");
    assert.match(e.message, /must not be before "from"/);
    return true;
  });
});

Deno.test("dates outside the data are a 400 naming the covered range, never an undercount", () => {
  for (
    const [from, to, params] of [
      ["2020-12-31", "2021-01-05", ["from"]],
      ["2027-12-30", "2028-01-02", ["to"]],
      ["2020-01-01", "2028-12-31", ["from", "to"]],
    ] as const
  ) {
    assert.throws(() => countWorkingDays({ from: from, to: to }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 400);
      assert.deepEqual(e.details?.map((d) => d.param), params);
      assert.match(e.message, /from 2021-01-01 to 2027-12-31/);
      return true;
    });
  }
});

Deno.test("the whole covered range (730 days) is one call; a longer span hits the cap", () => {
  assert.equal(countWorkingDays({ from: "2026-01-01", to: "2027-12-31" }).totalDays, 730);
  const small = buildWorkingDayCounter(HOLIDAY_DATA, 30);
  assert.equal(small.count("2026-01-01", "2026-01-30", "public", false).totalDays, 30);
  assert.throws(() => small.count("2026-01-01", "2026-01-31", "public", false), (e: unknown) => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.details?.[0]?.param, "to");
    assert.match(e.message, /31 days long: at most 30 days/);
    return true;
  });
});

Deno.test("a closure with an end date stops counting after it", () => {
  const [closure] = HOLIDAY_DATA.governmentClosures;
  const ended = buildWorkingDayCounter({
    ...HOLIDAY_DATA,
    governmentClosures: [{ ...closure!, to: "2026-03-25" }],
  });
  // Wednesdays 18 and 25 March closed; 1 April is Bak Poya anyway, 3 April Good Friday; the
  // closure ended on 25 March, so Wednesday 8 April is worked again.
  const r = ended.count("2026-03-16", "2026-04-10", "government", false);
  assert.deepEqual(r.holidays.map((h) => h.date), [
    "2026-03-18",
    "2026-03-25",
    "2026-04-01",
    "2026-04-03",
  ]);
});

// Property tests over the whole covered range.
const START = dayNumber("2026-01-01");
const SIZE = dayNumber("2027-12-31") - START + 1;
const day = fc.integer({ min: 0, max: SIZE - 1 });
const range = fc.tuple(day, day).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
const calendar = fc.constantFrom(...WORK_CALENDARS);
const poyaReading = fc.constantFrom<PoyaReading>("holiday", "working");
const iso = (i: number) => isoFromDayNumber(START + i);

Deno.test("workingDays + weekendDays + holidayDays = totalDays, and match a naive day walk", () => {
  fc.assert(
    fc.property(range, calendar, fc.boolean(), poyaReading, ([a, b], cal, sat, poyaDays) => {
      const poya = cal === "mercantile" ? poyaDays : "holiday";
      const r = countWorkingDays({ from: iso(a), to: iso(b), calendar: cal, saturday: sat, poya });
      assert.equal(r.workingDays + r.weekendDays + r.holidayDays, r.totalDays);
      assert.equal(r.totalDays, b - a + 1);
      assert.equal(new Set(r.holidays.map((h) => h.date)).size, r.holidayDays);
      const naive = naiveWorkingDays(HOLIDAY_DATA, iso(a), iso(b), cal, sat, poya);
      assert.deepEqual(
        [r.workingDays, r.weekendDays, r.holidayDays, r.totalDays],
        [naive.workingDays, naive.weekendDays, naive.holidayDays, naive.totalDays],
      );
    }),
    { numRuns: 150 },
  );
});

Deno.test("a wider range never has fewer working days", () => {
  fc.assert(
    fc.property(range, day, day, calendar, fc.boolean(), ([a, b], x, y, cal, sat) => {
      const wideFrom = Math.min(a, x);
      const wideTo = Math.max(b, y);
      const narrow =
        countWorkingDays({ from: iso(a), to: iso(b), calendar: cal, saturday: sat }).workingDays;
      const wide =
        countWorkingDays({ from: iso(wideFrom), to: iso(wideTo), calendar: cal, saturday: sat })
          .workingDays;
      assert.ok(wide >= narrow, `${wide} < ${narrow}`);
    }),
    { numRuns: 300 },
  );
});

Deno.test("saturday=1 never gives fewer working days, and government never more than public", () => {
  fc.assert(
    fc.property(range, calendar, ([a, b], cal) => {
      const without =
        countWorkingDays({ from: iso(a), to: iso(b), calendar: cal, saturday: false }).workingDays;
      const withSat =
        countWorkingDays({ from: iso(a), to: iso(b), calendar: cal, saturday: true }).workingDays;
      assert.ok(withSat >= without);
      const pub =
        countWorkingDays({ from: iso(a), to: iso(b), calendar: "public", saturday: false })
          .workingDays;
      const gov =
        countWorkingDays({ from: iso(a), to: iso(b), calendar: "government", saturday: false })
          .workingDays;
      const merc =
        countWorkingDays({ from: iso(a), to: iso(b), calendar: "mercantile", saturday: false })
          .workingDays;
      assert.ok(gov <= pub && pub <= merc);
    }),
    { numRuns: 300 },
  );
});
