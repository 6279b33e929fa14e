import assert from "node:assert/strict";
import { ApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { HOLIDAY_DATA, holidays, listHolidays } from "../../core/ops/holidays.ts";

const ctx = { today: "2026-06-15", baseUrl: "http://lanka.test" };

// The 2026 list of Gazette Extraordinary 2438/22 as amended by 2485/14, transcribed by hand from
// the table in ../shared/research/holidays.md ("2026 (current, amended state)"): date, English
// name, and the P/B/M letters (public, bank, mercantile).
const GAZETTE_2026: [string, string, string][] = [
  ["2026-01-03", "Duruthu Full Moon Poya Day", "PB-"],
  ["2026-01-15", "Tamil Thai Pongal Day", "PBM"],
  ["2026-02-01", "Navam Full Moon Poya Day", "PB-"],
  ["2026-02-04", "Independence Day", "PBM"],
  ["2026-02-15", "Mahasivarathri Day", "PB-"],
  ["2026-03-02", "Madin Full Moon Poya Day", "PB-"],
  ["2026-03-21", "Id-Ul-Fitr (Ramazan Festival Day)", "PB-"],
  ["2026-04-01", "Bak Full Moon Poya Day", "PB-"],
  ["2026-04-03", "Good Friday", "PB-"],
  ["2026-04-13", "Day prior to Sinhala & Tamil New Year Day", "PBM"],
  ["2026-04-14", "Sinhala & Tamil New Year Day", "PBM"],
  ["2026-05-01", "May Day (International Workers' Day)", "PBM"],
  ["2026-05-01", "Adhi Vesak Full Moon Poya Day", "PB-"],
  ["2026-05-28", "Id-Ul-Alha (Hadji Festival Day)", "PB-"],
  ["2026-05-30", "Vesak Full Moon Poya Day", "PB-"],
  ["2026-05-31", "Day following Vesak Full Moon Poya Day", "PBM"],
  ["2026-06-29", "Poson Full Moon Poya Day", "PB-"],
  ["2026-07-29", "Esala Full Moon Poya Day", "PB-"],
  ["2026-08-26", "Milad-Un-Nabi (Holy Prophet's Birthday)", "PBM"],
  ["2026-08-27", "Nikini Full Moon Poya Day", "PB-"],
  ["2026-09-26", "Binara Full Moon Poya Day", "PB-"],
  ["2026-10-25", "Vap Full Moon Poya Day", "PB-"],
  ["2026-11-08", "Deepavali Festival Day", "PB-"],
  ["2026-11-24", "Il Full Moon Poya Day", "PB-"],
  ["2026-12-23", "Unduvap Full Moon Poya Day", "PB-"],
  ["2026-12-25", "Christmas Day", "PBM"],
];

// The 2027 list of Gazette Extraordinary 2493/05 (16 June 2026), transcribed by hand from
// ../shared/research/government-calendar.md section 6.
const GAZETTE_2027: [string, string, string][] = [
  ["2027-01-15", "Tamil Thai Pongal Day", "PBM"],
  ["2027-01-22", "Duruthu Full Moon Poya Day", "PB-"],
  ["2027-02-04", "Independence Day", "PBM"],
  ["2027-02-20", "Navam Full Moon Poya Day", "PB-"],
  ["2027-03-06", "Mahasivarathri Day", "PB-"],
  ["2027-03-10", "Id-Ul-Fitr (Ramazan Festival Day)", "PB-"],
  ["2027-03-22", "Madin Full Moon Poya Day", "PB-"],
  ["2027-03-26", "Good Friday", "PB-"],
  ["2027-04-13", "Day prior to Sinhala & Tamil New Year Day", "PBM"],
  ["2027-04-14", "Sinhala & Tamil New Year Day", "PBM"],
  ["2027-04-20", "Bak Full Moon Poya Day", "PB-"],
  ["2027-05-01", "May Day (International Workers' Day)", "PBM"],
  ["2027-05-17", "Id-Ul-Alha (Hadji Festival Day)", "PB-"],
  ["2027-05-19", "Vesak Full Moon Poya Day", "PB-"],
  ["2027-05-20", "Day following Vesak Full Moon Poya Day", "PBM"],
  ["2027-06-18", "Poson Full Moon Poya Day", "PB-"],
  ["2027-07-18", "Esala Full Moon Poya Day", "PB-"],
  ["2027-08-15", "Milad-Un-Nabi (Holy Prophet's Birthday)", "PBM"],
  ["2027-08-16", "Nikini Full Moon Poya Day", "PB-"],
  ["2027-09-15", "Binara Full Moon Poya Day", "PB-"],
  ["2027-10-15", "Vap Full Moon Poya Day", "PB-"],
  ["2027-10-28", "Deepavali Festival Day", "PB-"],
  ["2027-11-13", "Il Full Moon Poya Day", "PB-"],
  ["2027-12-13", "Unduvap Full Moon Poya Day", "PB-"],
  ["2027-12-25", "Christmas Day", "PBM"],
];

function letters(h: { public: boolean; bank: boolean; mercantile: boolean }): string {
  return `${h.public ? "P" : "-"}${h.bank ? "B" : "-"}${h.mercantile ? "M" : "-"}`;
}

for (
  const [year, expected, gazette] of [[2026, GAZETTE_2026, "2438/22"], [
    2027,
    GAZETTE_2027,
    "2493/05",
  ]] as const
) {
  Deno.test(`listHolidays({ year: ${year} }) is the gazette ${gazette} list entry by entry, with P/B/M`, () => {
    const list = listHolidays({ year: year });
    assert.equal(list.count, expected.length);
    assert.equal(list.holidays.length, expected.length);
    expected.forEach(([date, name, pbm], i) => {
      const h = list.holidays[i]!;
      assert.deepEqual([h.date, h.name, letters(h)], [date, name, pbm], `entry ${i}`);
      assert.equal(h.gazette, gazette, `${date} gazette`);
      assert.equal(h.tentative, false, `${date} is gazetted, not tentative`);
      assert.ok(h.nameSinhala.length > 0 && h.nameTamil.length > 0, `${date} names`);
    });
  });
}

Deno.test("the Vesak 2026 change: Vesak on 30 May, the day after on 31 May, 2 May no holiday", () => {
  const list = listHolidays({ year: 2026 }).holidays;
  assert.equal(list.filter((h) => h.date === "2026-05-02").length, 0);
  const vesak = list.find((h) => h.date === "2026-05-30")!;
  assert.equal(vesak.name, "Vesak Full Moon Poya Day");
  assert.deepEqual([vesak.amendedBy, vesak.originalDate, vesak.type], [
    "2485/14",
    "2026-05-01",
    "poya",
  ]);
  const after = list.find((h) => h.date === "2026-05-31")!;
  assert.equal(after.name, "Day following Vesak Full Moon Poya Day");
  assert.deepEqual([after.amendedBy, after.originalDate, after.type, after.mercantile], [
    "2485/14",
    "2026-05-02",
    "buddhist",
    true,
  ]);
  // 1 May stays a holiday twice over: May Day and the (renamed) full-moon Poya day.
  assert.deepEqual(list.filter((h) => h.date === "2026-05-01").map((h) => h.type), [
    "national",
    "poya",
  ]);
});

Deno.test("31 December is a holiday in neither year", () => {
  assert.ok(!HOLIDAY_DATA.holidays.some((h) => h.date.endsWith("-12-31")));
});

Deno.test("type filters by calendar: 8 mercantile holidays in 2026, all 26 are public and bank", () => {
  assert.equal(listHolidays({ year: 2026, type: "mercantile" }).count, 8);
  assert.equal(listHolidays({ year: 2026, type: "public" }).count, 26);
  assert.equal(listHolidays({ year: 2026, type: "bank" }).count, 26);
  assert.equal(listHolidays({ year: 2027, type: "mercantile" }).count, 8);
  assert.ok(listHolidays({ year: 2026, type: "mercantile" }).holidays.every((h) => h.mercantile));
  assert.equal(listHolidays({ year: 2026, type: "mercantile" }).type, "mercantile");
  assert.equal(listHolidays({ year: 2026 }).type, "all");
});

Deno.test("holidays() defaults the year to today's year in Colombo and carries its source", () => {
  const result = execute(holidays, [], { ...ctx, today: "2027-03-01" });
  assert.equal(result.year, 2027);
  assert.equal(result.known, true);
  assert.equal(result.lastVerified, HOLIDAY_DATA.yearSources["2027"]!.lastVerified);
  assert.match(result.source, /Gazette Extraordinary 2493\/05/);
  assert.match(listHolidays({ year: 2026 }).source, /2438\/22, 2485\/14/);
  assert.equal(execute(holidays, [], ctx).year, 2026);
});

Deno.test("a year not held is a 404 on year with known false, saying when gazettes come out", () => {
  for (
    const [year, pattern] of [[2028, /unknown until gazetted.*between May and July/], [
      2020,
      /not held/,
    ]] as const
  ) {
    assert.throws(
      () => execute(holidays, [["year", String(year)]], ctx),
      (error: unknown) => {
        assert.ok(error instanceof ApiError);
        assert.equal(error.status, 404);
        assert.equal(error.code, "not_found");
        assert.equal(error.details?.[0]?.param, "year");
        assert.match(error.message, pattern);
        assert.match(error.message, /the years held are 2021 to 2027/);
        assert.equal(error.extra?.known, false);
        assert.deepEqual(error.extra?.supportedYears, [2021, 2022, 2023, 2024, 2025, 2026, 2027]);
        return true;
      },
    );
  }
});

Deno.test("holidays() with no year on 1 January 2028 answers an empty list with known false", () => {
  const result = execute(holidays, [], { ...ctx, today: "2028-01-01" });
  assert.equal(result.year, 2028);
  assert.equal(result.known, false);
  assert.equal(result.count, 0);
  assert.deepEqual(result.holidays, []);
  assert.match(result.notice ?? "", /2028 are unknown until gazetted/);
});

Deno.test("the dataset is frozen: results cannot corrupt it", () => {
  const list = listHolidays({ year: 2026 });
  assert.throws(() => {
    (list.holidays[0] as { name: string }).name = "x";
  }, TypeError);
  list.holidays.pop();
  assert.equal(listHolidays({ year: 2026 }).count, 26);
});
