/**
 * `date-rule`: rules of age and date.
 *
 * - `age-band`: a person's age in whole years on a reference date picks a band, and the band gives
 *   an age to reach (the minimum retirement age of the Minimum Retirement Age of Workers Act: 60,
 *   or 59, 58, 57 for workers already 52, 53, 54 on the day it came into operation). The answer
 *   is that age and the day it is reached. A reference date the sources disagree on is given as
 *   `{ between: [earliest, latest] }`: a birth date for which the two give different bands is
 *   answered 501, not guessed.
 * - `first-year`: the first year in which a person has completed an age by a day of that year
 *   (a Grade 1 intake: 5 years completed by 31 January).
 * - `due-dates`: the days a period's payments fall due, each a month and day a number of years
 *   after the year the period starts in (income tax instalments: 15 August, 15 November,
 *   15 February, 15 May).
 *
 * A person reaches an age on the anniversary of their birth; someone born on 29 February reaches
 * it on 28 February of a year that has none.
 *
 * @module
 */
import * as z from "zod/mini";
import { addMonths, ageOn, epochDay, isoText, parseIsoText } from "../../_calendar.ts";
import { ApiError } from "../../errors.ts";
import type { AgeBandFormula, DueDatesFormula, FirstYearFormula } from "../model.ts";
import type { FormulaKind, KindInput, KindResult } from "./_kind.ts";
import { numberValue } from "./_kind.ts";

/** One band of an `age-band` parameter: below an age (null: any older), the age to reach. */
export type AgeBand = { below: number | null; age: number } | {
  below: number | null;
  unknown: string;
};

/** The reference date of an `age-band` rule, or the two dates the sources give. */
export type ReferenceDate = string | { between: [string, string] };

/** The day a person born on `born` reaches `age` years. */
function reached(born: string, age: number): string {
  return isoText(addMonths(parseIsoText(born), age * 12));
}

/** Completed years on a date (negative before the birth). */
function yearsOn(born: string, on: string): number {
  const birth = parseIsoText(born);
  const day = parseIsoText(on);
  if (epochDay(birth) > epochDay(day)) return -1;
  return ageOn(birth, day).years;
}

function bandFor(bands: readonly AgeBand[], years: number): AgeBand {
  return bands.find((band) => band.below === null || years < band.below) ?? bands.at(-1)!;
}

function ageBand(input: KindInput): KindResult {
  const { source, inputs, resolver } = input;
  const formula = source.rule.formula as AgeBandFormula;
  const born = String(inputs[formula.born]);
  const onFound = resolver.value(formula.on);
  const bandsFound = resolver.value(formula.bands);
  const bands = bandsFound.value as AgeBand[];
  const reference = onFound.value as ReferenceDate;
  const dates = typeof reference === "string" ? [reference] : reference.between;
  const chosen = dates.map((date) => ({ date, years: yearsOn(born, date) }))
    .map((d) => ({ ...d, band: bandFor(bands, d.years) }));
  const first = chosen[0]!;
  if (chosen.some((c) => c.band !== first.band)) {
    const message = `The ${source.rule.name} rule counts age on a date the sources disagree on (${
      dates.join(" or ")
    }), and for a birth on ${born} the two give different answers`;
    throw new ApiError(501, "not_available", message, {
      details: [{ param: formula.born, message }],
      extra: { notAvailable: `${source.rule.name} ${formula.on}` },
    });
  }
  if ("unknown" in first.band) {
    const said = source.texts.messages[first.band.unknown]?.en ?? first.band.unknown;
    const message = `The ${source.rule.name} rule for a person aged ${first.years} on ${
      dates[0]
    } is not held: ${said}`;
    throw new ApiError(501, "not_available", message, {
      details: [{ param: formula.born, message }],
      extra: {
        notAvailable: `${source.rule.name} ${formula.bands} ${first.years}`,
        gap: `rule.${source.rule.name}.${first.band.unknown}`,
      },
    });
  }
  const age = numberValue(first.band.age, formula.bands);
  const on = dates.join(" / ");
  const years = Math.max(first.years, 0);
  const reachedOn = reached(born, age);
  const vars = { born, on, years: String(years), age: String(age), reachedOn };
  return {
    fields: { born, referenceDate: on, ageOnReferenceDate: years, age, reachedOn },
    steps: [
      { key: "step.age_on", vars, amount: null, source: onFound.source },
      { key: "step.age_band", vars, amount: null, source: bandsFound.source },
      { key: "step.reached", vars, amount: null, source: null },
    ],
    answer: { key: "answer", vars },
  };
}

function firstYear(input: KindInput): KindResult {
  const { source, inputs, resolver } = input;
  const formula = source.rule.formula as FirstYearFormula;
  const born = String(inputs[formula.born]);
  const ageFound = resolver.value(formula.age);
  const onFound = resolver.value(formula.on);
  const age = numberValue(ageFound.value, formula.age);
  const day = String(onFound.value);
  if (!/^\d{2}-\d{2}$/.test(day)) throw new TypeError(`Cannot compute: ${formula.on} is not MM-DD`);
  const reachedOn = reached(born, age);
  let year = Number(reachedOn.slice(0, 4));
  if (reachedOn > `${year}-${day}`) year += 1;
  const cutOff = `${year}-${day}`;
  const vars = { born, age: String(age), reachedOn, year: String(year), cutOff };
  return {
    fields: { born, age, reachedOn, year, cutOff },
    steps: [
      { key: "step.reached", vars, amount: null, source: ageFound.source },
      { key: "step.first_year", vars, amount: null, source: onFound.source },
    ],
    answer: { key: "answer", vars },
  };
}

/** One date of a `due-dates` parameter: `month`/`day` of the year `years` after the start year. */
export interface DueDate {
  id: string;
  month: number;
  day: number;
  years: number;
}

function dueDates(input: KindInput): KindResult {
  const { source, inputs, resolver } = input;
  const formula = source.rule.formula as DueDatesFormula;
  const year = Number(inputs[formula.year]);
  const found = resolver.value(formula.dates);
  const dates = (found.value as DueDate[]).map((d) => ({
    id: d.id,
    date: isoText({ year: year + d.years, month: d.month, day: d.day }),
  }));
  return {
    fields: { year, dates },
    steps: dates.map((d) => ({
      key: "step.due",
      vars: { label: { key: `date.${d.id}` }, date: d.date },
      amount: null,
      source: found.source,
    })),
    answer: { key: "answer", vars: { dates: dates.map((d) => d.date).join(", ") } },
  };
}

/** The `date-rule` kind. */
export const dateRuleKind: FormulaKind = {
  fields(source) {
    const formula = source.rule.formula as AgeBandFormula | FirstYearFormula | DueDatesFormula;
    if (formula.rule === "due-dates") {
      return {
        year: z.int().check(z.describe("The year the period starts in")),
        dates: z.array(z.object({ id: z.string(), date: z.iso.date() })).check(
          z.describe("Each payment's id and the day it falls due"),
        ),
      };
    }
    if (formula.rule === "first-year") {
      return {
        born: z.iso.date(),
        age: z.int().check(z.describe("The age to have completed")),
        reachedOn: z.iso.date().check(z.describe("The day that age is reached")),
        year: z.int().check(z.describe("The first year in which it is reached by the day")),
        cutOff: z.iso.date().check(z.describe("The day of that year it is counted on")),
      };
    }
    return {
      born: z.iso.date(),
      referenceDate: z.string().check(z.describe(
        "The date age is counted on (two dates joined by ' / ' where the sources disagree and both give this answer)",
      )),
      ageOnReferenceDate: z.int().check(z.describe("Completed years on that date")),
      age: z.int().check(z.describe("The age the rule gives")),
      reachedOn: z.iso.date().check(z.describe("The day that age is reached")),
    };
  },
  compute(input) {
    const formula = input.source.rule.formula as
      | AgeBandFormula
      | FirstYearFormula
      | DueDatesFormula;
    if (formula.rule === "due-dates") return dueDates(input);
    return formula.rule === "first-year" ? firstYear(input) : ageBand(input);
  },
};
