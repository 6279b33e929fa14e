/**
 * `tax-penalty`: what paying income tax late costs under the Inland Revenue Act No. 24 of 2017:
 *
 * - interest (s.157(1), s.159(1)): 1.5% of the unpaid tax for each month or part of a month from
 *   the due date to the date paid, computed monthly on the unpaid tax (the substitution of
 *   "computed" for "compounded" by Act No. 10 of 2021, s.46, from 1 April 2018);
 * - the late-payment penalty (s.179): once, 20% of the tax (10% of an instalment) not paid within
 *   fourteen days of the due date, or by the due date of a notice of assessment if later;
 * - when a return's due date is given, the late-filing penalty (s.178): the greater of 5% of the
 *   tax owing plus 1% of it a month or part month, and Rs 50,000 plus Rs 10,000 a month or part
 *   month, at most Rs 400,000 (a part month counted in full, s.176(10)).
 *
 * A month is a calendar month from the due date (one month from 30 September ends on 30 October;
 * from 31 January, on the last day of February); the fourteen days are counted from the day after
 * the due date. A custom formula because the answer is two charges, each counted in its own way.
 *
 * @module
 */
import * as z from "zod/mini";
import { addMonths, epochDay, isoText, parseIsoText } from "../../_calendar.ts";
import { ApiError } from "../../errors.ts";
import {
  cents,
  type FormulaKind,
  type KindInput,
  type KindStep,
  moneyText,
  numberValue,
  pctOf,
  pctText,
  rupees,
} from "../kinds/_kind.ts";

/** The first day the Act's penalty and interest apply to (its commencement). */
const ACT_START = "2018-04-01";

/** The calendar months or part months from `due` to `paid` (0 when paid by the due date). */
export function monthsLate(due: string, paid: string): number {
  if (paid <= due) return 0;
  const from = parseIsoText(due);
  const to = parseIsoText(paid);
  const months = (to.year * 12 + to.month) - (from.year * 12 + from.month);
  return isoText(addMonths(from, months)) >= paid ? months : months + 1;
}

/** The value of the `filing-penalty` parameter (s.178). */
interface FilingPenalty {
  ratePct: number;
  ratePctPerMonth: number;
  amount: number;
  amountPerMonth: number;
  cap: number;
}

/** The day `days` days after `date`. */
function daysAfter(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The late-filing penalty of an answer: the day filed, the months late, the penalty (cents). */
interface Filing {
  filed: string | null;
  months: number;
  penalty: number;
  step: KindStep | null;
}

const NOT_ASKED: Filing = { filed: null, months: 0, penalty: 0, step: null };

/**
 * The s.178 penalty for a return due on `returnDue` and filed on `filed` (default the day
 * counted to): the greater of the share of the tax owing (`taxOwing`, default the tax) and the
 * fixed sum, each for the months or part months late, at most the cap.
 */
function lateFiling(
  inputs: KindInput["inputs"],
  resolver: KindInput["resolver"],
  tax: number,
  returnDue: string,
): Filing {
  const filed = String(inputs.filed ?? resolver.date);
  const found = resolver.value("filing-penalty");
  const value = found.value as Partial<FilingPenalty>;
  const months = monthsLate(returnDue, filed);
  const owing = inputs.taxOwing === undefined ? tax : cents(Number(inputs.taxOwing));
  const pct = numberValue(value.ratePct, "filing-penalty ratePct") +
    numberValue(value.ratePctPerMonth, "filing-penalty ratePctPerMonth") * months;
  const onTax = pctOf(owing, pct);
  const fixed = cents(
    numberValue(value.amount, "filing-penalty amount") +
      numberValue(value.amountPerMonth, "filing-penalty amountPerMonth") * months,
  );
  const cap = cents(numberValue(value.cap, "filing-penalty cap"));
  const penalty = months === 0 ? 0 : Math.min(cap, Math.max(onTax, fixed));
  const money = (cents: number) => moneyText(rupees(cents));
  return {
    filed,
    months,
    penalty,
    step: {
      key: months === 0 ? "step.filed_on_time" : "step.filing",
      vars: {
        returnDue,
        filed,
        months: String(months),
        rate: pctText(pct),
        owing: money(owing),
        onTax: money(onTax),
        fixed: money(fixed),
        cap: money(cap),
      },
      amount: rupees(penalty),
      source: found.source,
    },
  };
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    tax: z.number().check(z.describe("The tax not paid by the due date")),
    dueDate: z.iso.date(),
    paidDate: z.iso.date().check(z.describe("The day paid, or the day counted to")),
    daysLate: z.int().check(z.describe("Days from the due date to the day paid (0: on time)")),
    monthsLate: z.int().check(
      z.describe("Calendar months or part months from the due date to the day paid"),
    ),
    interestRatePct: z.number().check(z.describe("The interest rate a month, percent")),
    interest: z.number().check(z.describe("Interest: the rate a month times the months")),
    penaltyDeadline: z.iso.date().check(
      z.describe("The last day to pay without the penalty (14 days after the due date)"),
    ),
    penaltyRatePct: z.number().check(z.describe("The penalty rate, percent of the unpaid tax")),
    penalty: z.number().check(z.describe("The late-payment penalty (0 when paid in time)")),
    returnDue: z.nullable(z.iso.date()).check(
      z.describe("The return's due date, when the late-filing penalty was asked for"),
    ),
    filedDate: z.nullable(z.iso.date()).check(z.describe("The day the return was filed")),
    monthsFilingLate: z.int().check(
      z.describe("Calendar months or part months from the return's due date to filing"),
    ),
    filingPenalty: z.number().check(
      z.describe("The late-filing penalty (s.178): 0 when filed in time or not asked for"),
    ),
    total: z.number().check(z.describe("Tax plus interest plus the penalties")),
  }),
  compute({ inputs, resolver }) {
    const due = String(inputs.due);
    const paid = String(inputs.paid ?? resolver.date);
    const assessmentDue = inputs.assessmentDue === undefined
      ? undefined
      : String(inputs.assessmentDue);
    if (due < ACT_START) {
      throw ApiError.invalidParam(
        "due",
        `must be ${ACT_START} or later: the Inland Revenue Act No. 24 of 2017 charges this penalty and interest from then (earlier tax fell under Act No. 10 of 2006, not held): got "${due}"`,
      );
    }
    const returnDue = inputs.returnDue === undefined ? null : String(inputs.returnDue);
    for (const name of ["filed", "taxOwing"]) {
      if (returnDue === null && inputs[name] !== undefined) {
        throw ApiError.invalidParam(name, "needs returnDue, the day the return was due");
      }
    }
    if (assessmentDue !== undefined && inputs.payment === "instalment") {
      throw ApiError.invalidParam(
        "assessmentDue",
        "applies only to tax under a notice of assessment (payment=tax), not to an instalment",
      );
    }
    const amount = cents(Number(inputs.tax));
    const interestFound = resolver.value("interest");
    const rate = numberValue(
      (interestFound.value as { ratePctPerMonth?: unknown })?.ratePctPerMonth,
      "interest ratePctPerMonth",
    );
    const penaltyFound = resolver.value("penalty");
    const penaltyValue = penaltyFound.value as { ratePct?: unknown; graceDays?: unknown };
    const penaltyRate = numberValue(penaltyValue?.ratePct, "penalty ratePct");
    const grace = numberValue(penaltyValue?.graceDays, "penalty graceDays");

    const days = Math.max(0, epochDay(parseIsoText(paid)) - epochDay(parseIsoText(due)));
    const months = monthsLate(due, paid);
    let deadline = daysAfter(due, grace);
    if (assessmentDue !== undefined && assessmentDue > deadline) deadline = assessmentDue;
    const interest = pctOf(amount, rate * months);
    const penalised = paid > deadline;
    const penalty = penalised ? pctOf(amount, penaltyRate) : 0;

    // The late-filing penalty, only when asked for (its figures are not looked up otherwise).
    const filing = returnDue === null ? NOT_ASKED : lateFiling(inputs, resolver, amount, returnDue);
    const total = amount + interest + penalty + filing.penalty;

    const money = (value: number) => moneyText(rupees(value));
    const steps: KindStep[] = [
      {
        key: days > 0 ? "step.late" : "step.on_time",
        vars: { due, paid, days: String(days) },
        amount: null,
        source: null,
      },
      {
        key: "step.interest",
        vars: { rate: pctText(rate), months: String(months), tax: money(amount) },
        amount: rupees(interest),
        source: interestFound.source,
      },
      {
        key: penalised ? "step.penalty" : "step.no_penalty",
        vars: { rate: pctText(penaltyRate), deadline, tax: money(amount) },
        amount: rupees(penalty),
        source: penaltyFound.source,
      },
    ];
    if (filing.step) steps.push(filing.step);
    steps.push({ key: "step.total", vars: {}, amount: rupees(total), source: null });
    const vars = {
      due,
      paid,
      months: String(months),
      interest: money(interest),
      penalty: money(penalty),
      filing: money(filing.penalty),
      total: money(total),
    };
    const key = returnDue !== null
      ? "answer.filing"
      : days === 0
      ? "answer.on-time"
      : penalised
      ? "answer"
      : "answer.no-penalty";
    return {
      fields: {
        tax: rupees(amount),
        dueDate: due,
        paidDate: paid,
        daysLate: days,
        monthsLate: months,
        interestRatePct: rate,
        interest: rupees(interest),
        penaltyDeadline: deadline,
        penaltyRatePct: penaltyRate,
        penalty: rupees(penalty),
        returnDue,
        filedDate: filing.filed,
        monthsFilingLate: filing.months,
        filingPenalty: rupees(filing.penalty),
        total: rupees(total),
      },
      steps,
      answer: { key, vars },
    };
  },
};
