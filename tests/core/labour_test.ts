/**
 * Issue 31, labour law: golden figures from the Acts' text and the worked examples printed in the
 * research (`../shared/research/employment-law.md`; the source is named beside each figure, or
 * the figure is derived from a quoted rule by first principles and says so), and property tests
 * (termination monotone in years and salary and never past the cap; maternity dates add up).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { computeMaternity } from "../../core/calc/labour_maternity.ts";
import { computeLeave } from "../../core/calc/labour_leave.ts";
import { computeHolidayPay, computeNoPay, computeOvertime } from "../../core/calc/labour_pay.ts";
import { computeTermination, formulaMonths } from "../../core/calc/labour_termination.ts";
import { computeInjury } from "../../core/calc/labour_injury.ts";
import { computeEpfProjection } from "../../core/calc/payroll_epf_projection.ts";
import { addDays, daysBetween } from "../../core/_days.ts";
import { NotAvailableError, PayrollInputError } from "../../core/calc/payroll_errors.ts";
import { execute } from "../../core/execute.ts";
import { operations } from "../../core/registry.ts";
import { isApiError } from "../../core/errors.ts";
import { countWorkingDays } from "../../core/calc/working_days.ts";
import { dayNumber as dayNumberOf } from "../../core/day_number.ts";

Deno.test("maternity, shop and office: 14 days before and 70 from the day of confinement (Act No. 14 of 2018)", () => {
  // s.18B(2)(a), Act No. 14 of 2018: "seventy days commencing on the date of her confinement";
  // 14 days before: Dawood (SSRN 4750750) and ft.lk; total 84 (Dawood, compass policy).
  // Issue 43: counted as working days, as the Employers' Federation of Ceylon reads the Act
  // ("seventy (70) working days of paid leave commencing on the date of confinement", "fourteen
  // (14) working days immediately preceding such confinement", employers.lk, 18 July 2018);
  // Salary.lk: "84 days excluding weekly holidays, Poya days and statutory holidays".
  const live = computeMaternity({ confinement: "2026-03-15" });
  assert.equal(live.count, "working");
  assert.equal(live.days, 84);
  // First principles over Gazette 2438/22: confinement Sunday 15 March 2026. The 14 working days
  // before: 13, 12, 11, 10, 9, 6, 5, 4, 3 March (Madin Poya, Monday 2 March, left out), 27, 26,
  // 25, 24, 23 February.
  assert.deepEqual(live.before, { from: "2026-02-23", to: "2026-03-14", days: 14 });
  // The 70 from the 15th: March 16-31 give 12; April 1 Bak Poya out, 2 and 3 (Good Friday is not
  // one of the Act's holidays) 14, 6-10 19, 13 and 14 (the New Year) out, 15-17 22, 20-24 27,
  // 27-30 31; 1 May (May Day and a Poya day) out; May 4-29 51 (28 May, Id-Ul-Alha, is not one of
  // the Act's holidays); June 1-19 66; 22, 23, 24, 25 June: the 70th.
  assert.deepEqual(live.after, { from: "2026-03-15", to: "2026-06-25", days: 70 });
  assert.equal(live.from, "2026-02-23");
  assert.equal(live.to, "2026-06-25");
  assert.deepEqual(live.holidays.map((h) => h.date), [
    "2026-03-02",
    "2026-04-01",
    "2026-04-13",
    "2026-04-14",
    "2026-05-01",
    "2026-05-01",
  ]);
  // The other reading is named, with its dates: calendar days, 1 March to 23 May.
  assert.deepEqual(live.otherReading, {
    count: "calendar",
    from: "2026-03-01",
    to: "2026-05-23",
    days: 84,
  });
  assert.ok(live.unknown.some((n) => /2026-03-01 to 2026-05-23/.test(n)));
  // s.18I: two intervals in any nine hours, 30 minutes with a creche, one hour without.
  assert.deepEqual(
    { ...live.nursing, until: undefined },
    {
      intervals: 2,
      inHours: 9,
      minutesWithCreche: 30,
      minutesWithoutCreche: 60,
      until: undefined,
    },
  );
  // "a child under one year of age": under one until the day before the first birthday.
  assert.equal(live.nursing?.until, "2027-03-14");
  // The pre-2018 third-child rule is gone, and the answer says so.
  assert.ok(live.notes.some((n) => /third child/.test(n) && /repealed/.test(n)));
  // s.18B(2)(b): "twenty eight days commencing on the date of her confinement"; 42 in all. The
  // 28th working day from 15 March (as counted above): 27 April.
  const stillborn = computeMaternity({ confinement: "2026-03-15", live: false });
  assert.equal(stillborn.days, 42);
  assert.deepEqual(stillborn.after, { from: "2026-03-15", to: "2026-04-27", days: 28 });
  assert.equal(stillborn.nursing, null);
  assert.match(live.act, /Act No\. 14 of 2018/);
});

Deno.test("maternity, shop and office, the issue's confinement: 84 working days from 12 May to 10 September 2026", () => {
  // Issue 43: counted as calendar days the answer was 18 May to 9 August 2026. First principles
  // over Gazette 2438/22 (as amended by 2485/14): confinement Monday 1 June 2026. Before: May 29,
  // 28 (Id-Ul-Alha: not one of the Act's holidays), 27, 26, 25, 22-18, 15-12: 14 working days.
  // From 1 June: June gives 21 (Poson Poya, Monday 29, out), July 21 (Esala Poya, Wednesday 29,
  // out), August 19 (Milad-Un-Nabi, 26, and Nikini Poya, 27, out): 61 by 31 August; 1-4 and 7-10
  // September: the 70th is Thursday 10 September.
  const r = computeMaternity({ confinement: "2026-06-01" });
  assert.deepEqual([r.from, r.before.to, r.after.from, r.to], [
    "2026-05-12",
    "2026-05-31",
    "2026-06-01",
    "2026-09-10",
  ]);
  assert.deepEqual(r.holidays.map((h) => h.name), [
    "Poson Full Moon Poya Day",
    "Esala Full Moon Poya Day",
    "Milad-Un-Nabi (Holy Prophet's Birthday)",
    "Nikini Full Moon Poya Day",
  ]);
  assert.equal(r.calendarDays, 122);
  // The calendar-day reading, as the answer used to give it (the figures).
  const calendar = computeMaternity({ confinement: "2026-06-01", count: "calendar" });
  assert.deepEqual([calendar.from, calendar.to, calendar.days], ["2026-05-18", "2026-08-09", 84]);
  assert.deepEqual(calendar.otherReading, {
    count: "working",
    from: "2026-05-12",
    to: "2026-09-10",
    days: 84,
  });
  // A shop that works Saturdays: 70 working days end sooner.
  const sat = computeMaternity({ confinement: "2026-06-01", saturday: true });
  assert.ok(sat.to < r.to && sat.saturday);
});

Deno.test("maternity: working days beyond the held holidays are a 404 naming the year; the Ordinance counts weeks only", () => {
  for (const [confinement, year] of [["2027-12-01", "2027"], ["2021-01-05", "2021"]] as const) {
    // The held years are 2021 to 2027 (data/holidays.json).
    try {
      computeMaternity({ confinement });
      assert.fail("expected a 404");
    } catch (error) {
      assert.ok(isApiError(error) && error.status === 404, String(error));
      assert.equal(error.details?.[0]?.param, "confinement");
      assert.match(error.message, new RegExp(year));
      assert.match(error.message, /count=calendar/);
    }
    // Calendar days are always answered.
    assert.equal(computeMaternity({ confinement, count: "calendar" }).days, 84);
  }
  assert.throws(
    () => computeMaternity({ confinement: "2026-06-01", scheme: "ordinance", count: "working" }),
    (e) => isApiError(e) && e.status === 400 && e.details?.[0]?.param === "count",
  );
});

Deno.test("maternity, Ordinance: two weeks up to and including confinement, ten (or four) after (Act No. 15 of 2018)", () => {
  // s.3(1)(a), Act No. 15 of 2018: "two weeks up to and including the day of her confinement and
  // ten weeks immediately following that day".
  const live = computeMaternity({ confinement: "2026-03-15", scheme: "ordinance" });
  assert.equal(live.days, 84);
  assert.deepEqual(live.before, { from: "2026-03-02", to: "2026-03-15", days: 14 });
  assert.deepEqual(live.after, { from: "2026-03-16", to: "2026-05-24", days: 70 });
  // s.3(1)(b): six weeks, two before (including the day) and four after; ft.lk: 42 days.
  const stillborn = computeMaternity({
    confinement: "2026-03-15",
    scheme: "ordinance",
    live: false,
  });
  assert.equal(stillborn.days, 42);
  assert.deepEqual(stillborn.after, { from: "2026-03-16", to: "2026-04-12", days: 28 });
  assert.ok(live.notes.some((n) => /third child/.test(n)));
  assert.ok(live.unknown.some((n) => /prescribed by regulations/.test(n)));
  assert.match(live.act, /Maternity Benefits Ordinance.*Act No\. 15 of 2018/);
});

Deno.test("maternity dates add up for any confinement, live or not, under either law", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 365 * 60 }),
      fc.boolean(),
      fc.constantFrom("shop-office" as const, "ordinance" as const),
      (offset, live, scheme) => {
        const confinement = addDays("1990-01-01", offset);
        const r = computeMaternity({ confinement, live, scheme, count: "calendar" });
        assert.equal(r.days, r.before.days + r.after.days);
        assert.equal(daysBetween(r.from, r.to) + 1, r.days);
        assert.equal(daysBetween(r.before.from, r.before.to) + 1, r.before.days);
        assert.equal(daysBetween(r.after.from, r.after.to) + 1, r.after.days);
        assert.equal(addDays(r.before.to, 1), r.after.from);
        assert.equal(r.days, live ? 84 : 42);
        // Shop and office: the days after start on the day of confinement; Ordinance: the two
        // weeks before include it.
        assert.equal(scheme === "shop-office" ? r.after.from : r.before.to, confinement);
      },
    ),
    { numRuns: 500 },
  );
});

Deno.test("maternity in working days: each part holds exactly its working days, first and last days worked", () => {
  const first = dayNumberOf("2021-02-01");
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: dayNumberOf("2027-08-31") - first }),
      fc.boolean(),
      fc.boolean(),
      (offset, live, saturday) => {
        const confinement = addDays("2021-02-01", offset);
        const r = computeMaternity({ confinement, live, saturday });
        const count = (from: string, to: string) =>
          countWorkingDays({ from, to, calendar: "mercantile", saturday }).workingDays;
        assert.equal(r.days, r.before.days + r.after.days);
        assert.equal(count(r.before.from, r.before.to), r.before.days);
        assert.equal(count(r.after.from, r.after.to), r.after.days);
        // The leave starts and ends on working days, and the parts meet at the confinement.
        assert.equal(count(r.before.from, r.before.from), 1);
        assert.equal(count(r.after.to, r.after.to), 1);
        assert.equal(addDays(r.before.to, 1), r.after.from);
        assert.equal(r.after.from, confinement);
        assert.equal(daysBetween(r.from, r.to) + 1, r.calendarDays);
        assert.ok(r.calendarDays >= r.days);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("leave: none in the year of joining, then 14/10/7/4 by quarter, then 14; 7 casual (de Saram, Salary.lk)", () => {
  // de Saram: "employees are not entitled to annual leave on the first year of employment".
  assert.equal(computeLeave({ joined: "2025-02-10", year: 2025 }).annual, 0);
  // de Saram's table of the second year: Jan-Mar 14, Apr-Jun 10, Jul-Sep 7, Oct-Dec 4.
  const second = (joined: string) => computeLeave({ joined, year: 2026 }).annual;
  assert.equal(second("2025-01-01"), 14);
  assert.equal(second("2025-03-31"), 14);
  assert.equal(second("2025-04-01"), 10);
  assert.equal(second("2025-06-30"), 10);
  assert.equal(second("2025-07-01"), 7);
  assert.equal(second("2025-09-30"), 7);
  assert.equal(second("2025-10-01"), 4);
  assert.equal(second("2025-12-31"), 4);
  // "14 days of annual leave ... for each concluded year of service" (de Saram); 7 casual
  // "from the second year onwards" (de Saram; Dawood: seven days every calendar year).
  const third = computeLeave({ joined: "2025-10-01", year: 2027 });
  assert.deepEqual([third.annual, third.casual], [14, 7]);
  assert.equal(computeLeave({ joined: "2025-10-01", year: 2026 }).casual, 7);
});

Deno.test("leave: first-year casual leave by either practice the research found", () => {
  // Dawood: "one day for every concluded period of two months of service". Joined 15 May 2025:
  // by 31 December, seven completed months (15 June ... 15 December): three days.
  assert.equal(computeLeave({ joined: "2025-05-15", year: 2025 }).casual, 3);
  // Joined on 1 May: eight completed months by 31 December: four days.
  assert.equal(computeLeave({ joined: "2025-05-01", year: 2025 }).casual, 4);
  // The public PHP calculator's company rule: half a day a month, the month of joining ignored.
  const half = computeLeave({
    joined: "2025-05-15",
    year: 2025,
    firstYearCasual: "half-per-month",
  });
  assert.equal(half.casual, 3.5);
  assert.ok(half.employerChoice.some((c) => /sources differ/.test(c)));
  assert.throws(
    () => computeLeave({ joined: "2025-05-15", year: 2024 }),
    (e) => e instanceof PayrollInputError && e.param === "year",
  );
});

Deno.test("overtime: the printed examples for each divisor", () => {
  // Humanised: 80,000 / 208 = 384.61; x 1.5 = 576.92 per hour; 10 hours = Rs. 5,769.20.
  const humanised = computeOvertime({ monthly: 80_000, hours: 10, divisor: "208" });
  assert.equal(humanised.overtimeHourlyPay, 576.92);
  assert.equal(humanised.amount, 5_769.2);
  // costcalculator.calculator.city: 60,000 / 200 = 300; OT rate 450; 10 hours = 4,500.
  const cost = computeOvertime({ monthly: 60_000, hours: 10, divisor: "200" });
  assert.deepEqual([cost.hourlyPay, cost.overtimeHourlyPay, cost.amount], [300, 450, 4_500]);
  // LankaCalc fixtures (divisor 240): 100,000, 12 hours: hourly 416.67, pay 7,500.00;
  // 60,000, 0.5 hours: 187.50.
  const lanka = computeOvertime({ monthly: 100_000, hours: 12 });
  assert.deepEqual([lanka.divisor, lanka.hourlyPay, lanka.amount], ["240", 416.67, 7_500]);
  assert.equal(computeOvertime({ monthly: 60_000, hours: 0.5 }).amount, 187.5);
  // The weekly cap: "Overtime shall not exceed an aggregate of 12 hours in any one week" (Dawood).
  assert.equal(lanka.weeklyCapHours, 12);
  assert.equal(lanka.multiplier, 1.5);
});

Deno.test("no-pay: Humanised's example, the 26-day example and induwara's cap", () => {
  // Humanised: "60,000 basic salary /30 days/ 8 hours = 250 per hour ... 2 days and 4 hours of
  // no pay, his deduction will be = LKR 5,000".
  const h = computeNoPay({ monthly: 60_000, days: 2, hours: 4 });
  assert.deepEqual([h.hourPay, h.amount], [250, 5_000]);
  // theflatbkny.com (generic): "Rs 26,000/26 = Rs 1,000" a day.
  assert.equal(computeNoPay({ monthly: 26_000, days: 1, divisor: "26" }).dayPay, 1_000);
  // induwara.lk: the deduction is capped at one month's salary.
  const capped = computeNoPay({ monthly: 60_000, days: 31, divisor: "25" });
  assert.deepEqual([capped.amount, capped.limited], [60_000, true]);
  // Calendar days: February 2026 has 28 (first principles).
  assert.equal(
    computeNoPay({ monthly: 28_000, days: 1, divisor: "calendar", date: "2026-02-10" }).amount,
    1_000,
  );
  assert.equal(
    computeNoPay({ monthly: 22_000, days: 1, divisor: "working", workingDays: 22 }).amount,
    1_000,
  );
  assert.throws(
    () => computeNoPay({ monthly: 1, days: 1, divisor: "working" }),
    (e) => e instanceof PayrollInputError && e.param === "workingDays",
  );
});

Deno.test("holiday pay: the sourced rules, and no amount where no rule was found", () => {
  // Derived from the quoted rules (research §2, "derived, not printed"): 60,000 / 30 = 2,000 a
  // day; a mercantile holiday worked earns an extra day's pay (Daily News, Dawood) or a day off;
  // a Poya day an extra half day (Chambers Colombo).
  const mercantile = computeHolidayPay({ monthly: 60_000, holiday: "mercantile" });
  assert.deepEqual([mercantile.dayPay, mercantile.amount, mercantile.substituteDays], [
    2_000,
    2_000,
    1,
  ]);
  assert.ok(mercantile.employerChoice.length > 0);
  const poya = computeHolidayPay({ monthly: 60_000, holiday: "poya", days: 2 });
  assert.deepEqual([poya.amount, poya.substituteDays], [2_000, null]);
  // induwara.lk: "Monthly ÷ 26 days → Rs 2,307.69" for Rs 60,000.
  assert.equal(
    computeHolidayPay({ monthly: 60_000, holiday: "poya", divisor: "26" }).dayPay,
    2_307.69,
  );
  for (const holiday of ["public", "bank"] as const) {
    const r = computeHolidayPay({ monthly: 60_000, holiday });
    assert.equal(r.amount, null);
    assert.ok(r.unknown.some((u) => /this kind of holiday/.test(u)));
  }
});

Deno.test("termination: de Saram's cumulative column and the caps by date", () => {
  // de Saram's table, "Maximum compensation" column: 12.5, 30.5, 38, 43, 48 months.
  assert.deepEqual([5, 14, 19, 24, 34].map(formulaMonths), [12.5, 30.5, 38, 43, 48]);
  assert.equal(formulaMonths(40), 48);
  assert.equal(formulaMonths(0), 0);
  // Research, derived: 100,000 and 10 years: 5 x 2.5 + 5 x 2 = 22.5 months = 2,250,000.
  const ten = computeTermination({ salary: 100_000, years: 10, date: "2026-01-01" });
  assert.deepEqual([ten.months, ten.amount, ten.capped], [22.5, 2_250_000, false]);
  // 20 years: 39 months = 3.9M, capped at 2.5M from 19 February 2021 (news.lk, 2021-03-01) and
  // at 1.25M before (de Saram).
  const after = computeTermination({ salary: 100_000, years: 20, date: "2021-02-19" });
  assert.deepEqual([after.months, after.amount, after.capped], [39, 2_500_000, true]);
  const before = computeTermination({ salary: 100_000, years: 20, date: "2021-02-18" });
  // The formula's date: 15 March 2005 (the Commissioner General as reported by Lanka Talks).
  assert.deepEqual([before.amount, before.cap, before.capFrom], [
    1_250_000,
    1_250_000,
    "2005-03-15",
  ]);
  assert.equal(computeTermination({ salary: 1, years: 1, date: "2005-03-15" }).amount, 2.5);
  assert.throws(
    () => computeTermination({ salary: 1, years: 1, date: "2005-03-14" }),
    (e) => e instanceof NotAvailableError && e.param === "date",
  );
});

Deno.test("termination is monotone in years and salary and never past the cap", () => {
  const date = fc.constantFrom("2015-06-01", "2021-02-18", "2021-02-19", "2026-11-27");
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 79 }),
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.integer({ min: 0, max: 10_000_000 }),
      date,
      (years, a, b, d) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const r = computeTermination({ salary: low, years, date: d });
        assert.ok(r.amount <= r.cap);
        assert.ok(computeTermination({ salary: high, years, date: d }).amount >= r.amount);
        assert.ok(
          computeTermination({ salary: low, years: years + 1, date: d }).amount >= r.amount,
        );
        assert.ok(r.months <= 48);
        assert.equal(r.amount, Math.min(r.uncapped, r.cap));
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("injury: Schedule IV of Act No. 10 of 2022 by wage band", () => {
  // Schedule IV row 40,001-45,000: death 1,610,000; permanent 1,680,000; half-monthly 21,250.
  const death = computeInjury({ monthly: 42_000, outcome: "death" });
  assert.equal(death.amount, 1_610_000);
  assert.deepEqual([death.band.from, death.band.to], [40_001, 45_000]);
  assert.equal(computeInjury({ monthly: 42_000, outcome: "permanent-total" }).amount, 1_680_000);
  // Schedule I: "Total loss of sight in one eye 80"; research, derived: 0.8 x 1,680,000.
  assert.equal(
    computeInjury({ monthly: 42_000, outcome: "permanent-partial", loss: 80 }).amount,
    1_344_000,
  );
  // The first band (0-10,000) and its edge: 1,140,000 / 1,200,000; 10,001 is the second band.
  assert.equal(computeInjury({ monthly: 10_000, outcome: "death" }).amount, 1_140_000);
  assert.equal(computeInjury({ monthly: 10_001, outcome: "death" }).amount, 1_180_000);
  // "100,000 and above": 2,000,000 for death and permanent disablement (and Dawood's maximum).
  assert.equal(computeInjury({ monthly: 250_000, outcome: "death" }).amount, 2_000_000);
  assert.equal(computeInjury({ monthly: 250_000, outcome: "permanent-total" }).amount, 2_000_000);
  // Temporary: column 4, not more than half the monthly wages (Dawood's paraphrase of s.6).
  assert.equal(computeInjury({ monthly: 45_000, outcome: "temporary" }).halfMonthly, 21_250);
  assert.equal(computeInjury({ monthly: 8_000, outcome: "temporary" }).halfMonthly, 4_000);
  assert.throws(
    () => computeInjury({ monthly: 1, outcome: "permanent-partial" }),
    (e) => e instanceof PayrollInputError && e.param === "loss",
  );
});

Deno.test("EPF/ETF projection: 8% + 12% and 3% (epf.lk, etfb.lk) with the CBSL rates", () => {
  // Research §7, derived: earnings 100,000: EPF 8,000 + 12,000 a month, ETF 3,000.
  const p = computeEpfProjection({ monthly: 100_000, from: 2020, to: 2021 });
  assert.deepEqual(p.years.map((y) => y.epfContributions), [240_000, 240_000]);
  assert.deepEqual(p.years.map((y) => y.etfContributions), [36_000, 36_000]);
  // CBSL AR 2021 Table 8.16: EPF 9.00 for 2020 and 2021; Table 8.17: ETF 8.0 (2020), 7.3 (2021).
  assert.deepEqual(p.years.map((y) => [y.epfRate, y.etfRate]), [[9, 8], [9, 7.3]]);
  // Opening-balance crediting (first principles): 2021 interest = 9% of 240,000 = 21,600;
  // ETF 7.3% of 36,000 = 2,628.
  assert.deepEqual([p.epfBalance, p.etfBalance], [501_600, 74_628]);
  // Monthly crediting: the 12 contributions earn 11/12 ... 0/12 of the year (5.5 months in all):
  // 2020: 20,000 x 5.5 x 9% = 9,900 (first principles).
  const m = computeEpfProjection({ monthly: 100_000, from: 2020, crediting: "monthly" });
  assert.equal(m.years[0]!.epfInterest, 9_900);
  // 2024 is "subject to the approval of the Ministers" (CBSL via Ada Derana); 2025 unknown.
  const late = computeEpfProjection({ monthly: 100_000, from: 2023, to: 2025 });
  assert.equal(late.years[1]!.epfStatus, "subject-to-approval");
  assert.equal(late.years[1]!.epfRate, 11);
  assert.equal(late.years[0]!.epfRate, 13); // 2023: 13% (news.lk 2024-04-29)
  assert.deepEqual([late.years[2]!.epfRate, late.years[2]!.epfBalance, late.epfBalance], [
    null,
    null,
    null,
  ]);
  assert.ok(late.unknown.some((u) => /2025/.test(u)));
  assert.ok(late.unknown.some((u) => /subject to the approval/.test(u)));
  assert.throws(
    () => computeEpfProjection({ monthly: 1, from: 2014 }),
    (e) => e instanceof PayrollInputError && e.param === "from",
  );
});

Deno.test("every labour answer names its Act and section, and bad input is a 400 naming the parameter", () => {
  const ctx = { today: "2026-06-15", baseUrl: "https://lanka.test" };
  const names = [
    "maternity",
    "leave",
    "overtime",
    "no-pay",
    "holiday-pay",
    "termination",
    "injury",
    "epf-projection",
  ];
  for (const name of names) {
    const op = operations.find((o) => o.name === name)!;
    const url = new URL(op.example, "http://x");
    const r = execute(op, [...url.searchParams], ctx) as Record<string, unknown>;
    assert.match(String(r.act), /Act|Ordinance/, name);
    assert.ok(String(r.section).length > 0, name);
    assert.ok(Array.isArray(r.unknown) && Array.isArray(r.employerChoice), name);
  }
  const bad: [string, [string, string][], string][] = [
    ["termination", [["salary", "1"], ["years", "-1"]], "years"],
    ["maternity", [["confinement", "2026-02-30"]], "confinement"],
    ["no-pay", [["monthly", "1"], ["divisor", "calendar"]], "date"],
    ["injury", [["monthly", "1"], ["outcome", "permanent-partial"]], "loss"],
    ["epf-projection", [["monthly", "1"], ["from", "2022"], ["to", "2021"]], "to"],
  ];
  for (const [name, entries, param] of bad) {
    const op = operations.find((o) => o.name === name)!;
    try {
      execute(op, entries, ctx);
      assert.fail(`${name} accepted ${JSON.stringify(entries)}`);
    } catch (error) {
      assert.ok(isApiError(error), String(error));
      assert.equal(error.status, 400, name);
      assert.equal(error.details?.[0]?.param, param, name);
    }
  }
});
