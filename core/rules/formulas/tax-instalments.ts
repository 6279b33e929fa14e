/**
 * `tax-instalments`: the days a year of assessment's income tax instalments and final payment fall
 * due (Inland Revenue Act No. 24 of 2017, s.90(2); the IRD's return guide) and, given the tax the
 * instalments are worked on, the amount of one instalment by s.90(3):
 *
 *     (A - C) / B
 *
 * A the tax for the year the instalments are worked on (the estimate of s.91; from the year the
 * `basis` parameter names, the tax payable for the year before or a lower estimate), C the tax
 * already paid for the year before the instalment is due (earlier instalments, tax withheld), B the
 * instalments left, this one counted. The Act gives no rounding: the amount is rounded half up to
 * the cent once; when C is A or more, nothing is due. The dates are the `due-dates` kind's.
 *
 * @module
 */
import * as z from "zod/mini";
import type { DueDatesFormula } from "../model.ts";
import { dateRuleKind } from "../kinds/date_rule.ts";
import type { FormulaKind, KindStep } from "../kinds/index.ts";
import { cents, moneyText, rupees } from "../kinds/_kind.ts";

/** The instalments, in order; the one asked for and those after it are left (B). */
const INSTALMENTS = ["q1", "q2", "q3", "q4"] as const;

/** The value of the `basis` parameter: the first year whose A is the year before's tax, if any. */
interface Basis {
  precedingYearFrom: number | null;
}

const DUE_DATES: DueDatesFormula = {
  kind: "date-rule",
  rule: "due-dates",
  year: "year",
  dates: "dates",
};

const money = (value: number) => moneyText(rupees(value));

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: (source) => ({
    ...dateRuleKind.fields({ ...source, rule: { ...source.rule, formula: DUE_DATES } }),
    instalment: z.nullable(z.enum(INSTALMENTS)).check(z.describe(
      "The instalment whose amount was worked out (q1 to q4), or null when no tax was given",
    )),
    remaining: z.nullable(z.int()).check(z.describe(
      "B: the instalments left, this one counted (s.90(3))",
    )),
    amount: z.nullable(z.number()).check(z.describe(
      "(A - C) / B to the cent, 0 when C is A or more; null when no tax was given",
    )),
  }),
  compute(input) {
    const { source, inputs, resolver } = input;
    const dated = dateRuleKind.compute({
      ...input,
      source: { ...source, rule: { ...source.rule, formula: DUE_DATES } },
    });
    if (inputs.tax === undefined) {
      return {
        ...dated,
        fields: { ...dated.fields, instalment: null, remaining: null, amount: null },
      };
    }
    const year = Number(inputs.year);
    const which = String(inputs.instalment) as (typeof INSTALMENTS)[number];
    const remaining = INSTALMENTS.length - INSTALMENTS.indexOf(which);
    const a = cents(Number(inputs.tax));
    const c = inputs.paid === undefined ? 0 : cents(Number(inputs.paid));
    // Half up: (2(A - C) + B) / 2B in whole cents.
    const amount = a > c ? Math.floor((2 * (a - c) + remaining) / (2 * remaining)) : 0;
    const basis = resolver.value("basis");
    const from = (basis.value as Basis).precedingYearFrom;
    const preceding = from !== null && year >= from;
    const dates = dated.fields.dates as { id: string; date: string }[];
    const due = dates.find((d) => d.id === which)!.date;
    const vars = {
      label: { key: `date.${which}` },
      date: due,
      tax: money(a),
      paid: money(c),
      remaining: String(remaining),
      amount: money(amount),
    };
    const steps: KindStep[] = [
      ...dated.steps,
      {
        key: preceding ? "step.a_preceding" : "step.a_estimate",
        vars,
        amount: rupees(a),
        source: basis.source,
      },
      { key: "step.c", vars, amount: rupees(c), source: null },
      { key: "step.b", vars, amount: null, source: basis.source },
      {
        key: a > c ? "step.amount" : "step.nothing",
        vars,
        amount: rupees(amount),
        source: null,
      },
    ];
    return {
      fields: { ...dated.fields, instalment: which, remaining, amount: rupees(amount) },
      steps,
      answer: { key: "answer.amount", vars },
    };
  },
};
