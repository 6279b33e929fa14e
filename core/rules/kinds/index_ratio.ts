/**
 * `index-ratio`: what a sum of one period is worth in another, by the ratio of a price index
 * (the CCPI): `amount x index(to) / index(from)`. A period is a month (`YYYY-MM`) or a year
 * (`YYYY`, the mean of its twelve months, all of one series). Series of several bases are linked
 * at the stated months, by the ratio of the two series in that month, and the answer names the
 * factor. Computed in exact fractions, rounded half up to the cent once.
 *
 * @module
 */
import * as z from "zod/mini";
import { ApiError } from "../../errors.ts";
import type { IndexParameter, IndexRatioFormula, IndexSeries } from "../model.ts";
import type { Resolver } from "../dated.ts";
import { cents, type FormulaKind, type KindStep, moneyText, numberText, rupees } from "./_kind.ts";

/** Index values are held with at most 3 decimals; they are counted in thousandths. */
const SCALE = 1000n;

interface Fraction {
  num: bigint;
  den: bigint;
}

function scaled(value: number): bigint {
  return BigInt(Math.round(value * 1000));
}

function toNumber(f: Fraction, places: number): number {
  const p = 10n ** BigInt(places);
  return Number((f.num * p * 2n + f.den) / (f.den * 2n)) / Number(p);
}

/** The series in use for a month: the newest whose link month is not after it. */
function seriesIndex(index: IndexParameter, month: string): number {
  let at = 0;
  (index.links ?? []).forEach((link, i) => {
    if (link.month <= month) at = i + 1;
  });
  return at;
}

/** What the index holds, for a 400: the months and the full years. */
function held(index: IndexParameter): string {
  const months = index.series.flatMap((s) => Object.keys(s.months)).sort();
  const first = months[0]!, last = months.at(-1)!;
  const years = [...new Set(months.map((m) => m.slice(0, 4)))].filter((y) =>
    Array.from({ length: 12 }, (_, i) => `${y}-${String(i + 1).padStart(2, "0")}`)
      .every((m) => index.series[seriesIndex(index, `${y}-12`)]!.months[m] !== undefined)
  );
  return `months ${first} to ${last}, full years ${years[0]} to ${years.at(-1)}`;
}

interface Reading {
  value: Fraction;
  series: IndexSeries;
  shown: number;
  steps: KindStep[];
}

function read(
  index: IndexParameter,
  name: string,
  label: string,
  input: string,
  period: string,
  resolver: Resolver,
): Reading {
  const yearly = period.length === 4;
  const which = seriesIndex(index, yearly ? `${period}-12` : period);
  const series = index.series[which]!;
  const months = yearly
    ? Array.from({ length: 12 }, (_, i) => `${period}-${String(i + 1).padStart(2, "0")}`)
    : [period];
  const values = months.map((m) => series.months[m]);
  if (values.some((v) => v === undefined)) {
    const count = values.filter((v) => v !== undefined).length;
    const why = yearly && count > 0
      ? `only ${count} of its months are held (give a month)`
      : "it is not held";
    throw ApiError.invalidParam(
      input,
      `The ${label} for ${period} cannot be used: ${why}; held: ${held(index)}`,
    );
  }
  let value: Fraction = {
    num: (values as number[]).reduce((sum, v) => sum + scaled(v), 0n),
    den: BigInt(values.length) * SCALE,
  };
  const shown = toNumber(value, 2);
  const source = resolver.record(
    name,
    Object.keys(series.months).sort()[0]!,
    Object.keys(series.months).sort().at(-1)!,
    series.source,
  );
  const steps: KindStep[] = [{
    key: yearly ? "step.index_year" : "step.index_month",
    vars: { name: { key: `index.${name}` }, period, base: series.base, index: numberText(shown) },
    amount: null,
    source,
  }];
  // Carried to the newest series through each link after it.
  for (let i = which; i < index.series.length - 1; i++) {
    const month = index.links![i]!.month;
    const older = index.series[i]!.months[month];
    const newer = index.series[i + 1]!.months[month];
    if (older === undefined || newer === undefined) {
      throw new TypeError(`Cannot compute: ${name} does not hold ${month} in both series`);
    }
    value = { num: value.num * scaled(newer), den: value.den * scaled(older) };
    steps.push({
      key: "step.link",
      vars: {
        old: index.series[i]!.base,
        new: index.series[i + 1]!.base,
        month,
        factor: numberText(toNumber({ num: scaled(newer), den: scaled(older) }, 6)),
        newer: numberText(newer),
        older: numberText(older),
      },
      amount: null,
      source: resolver.record(
        name,
        Object.keys(index.series[i + 1]!.months).sort()[0]!,
        Object.keys(index.series[i + 1]!.months).sort().at(-1)!,
        index.series[i + 1]!.source,
      ),
    });
  }
  return { value, series, shown, steps };
}

/** The `index-ratio` kind. */
export const indexRatioKind: FormulaKind = {
  fields: () => ({
    amount: z.number().check(z.describe("The sum, in money of the first period")),
    from: z.string().check(z.describe("The period the sum is of (YYYY or YYYY-MM)")),
    to: z.string().check(z.describe("The period it is wanted in")),
    multiplier: z.number().check(
      z.describe("The index of the second period over the first, linked, to 6 decimals"),
    ),
    worth: z.number().check(z.describe("The sum in money of the second period")),
    index: z.object({
      from: z.number().check(z.describe("The index of the first period, on its own base")),
      fromBase: z.string().check(z.describe("That index's base, for example 2013=100")),
      to: z.number().check(z.describe("The index of the second period, on its own base")),
      toBase: z.string(),
    }).check(z.describe("The two indices used (a year's is the mean of its months)")),
  }),
  compute({ source, inputs, resolver }) {
    const formula = source.rule.formula as IndexRatioFormula;
    const index = source.rule.parameters[formula.index] as IndexParameter;
    const from = String(inputs[formula.from]);
    const to = String(inputs[formula.to]);
    const label = source.texts.messages[`index.${formula.index}`]?.en ?? formula.index;
    const a = read(index, formula.index, label, formula.from, from, resolver);
    const b = read(index, formula.index, label, formula.to, to, resolver);
    const amount = cents(Number(inputs[formula.amount]));
    const ratio: Fraction = { num: b.value.num * a.value.den, den: b.value.den * a.value.num };
    const worth = Number(
      (BigInt(amount) * ratio.num * 2n + ratio.den) / (ratio.den * 2n),
    );
    const vars = {
      amount: moneyText(rupees(amount)),
      worth: moneyText(rupees(worth)),
      from,
      to,
      multiplier: numberText(toNumber(ratio, 6)),
    };
    return {
      fields: {
        amount: rupees(amount),
        from,
        to,
        multiplier: toNumber(ratio, 6),
        worth: rupees(worth),
        index: { from: a.shown, fromBase: a.series.base, to: b.shown, toBase: b.series.base },
      },
      steps: [
        ...a.steps,
        ...b.steps,
        { key: "step.ratio", vars, amount: rupees(worth), source: null },
      ],
      answer: { key: "answer", vars },
    };
  },
};
