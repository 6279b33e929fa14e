/**
 * The surcharge on EPF or ETF contributions paid late (EPF Act s.16 as replaced by Act No. 26 of
 * 1981; ETF Act No. 46 of 1980 s.27): one rate, chosen by how long the contributions are in
 * arrear, on the whole amount. The arrears run from the last day of the month after the month the
 * contributions are for; a tier's limit is days or calendar months from that day (a month from 30
 * April ends on 30 May; from 28 February, on 28 March). A custom formula because a `bands` input
 * counts one unit, and the Acts mix days and calendar months.
 *
 * @module
 */
import * as z from "zod/mini";
import { addMonths, daysInMonth, epochDay, isoText, parseIsoText } from "../../_calendar.ts";
import { ApiError } from "../../errors.ts";
import {
  cents,
  type FormulaKind,
  type KindStep,
  moneyText,
  numberValue,
  pctOf,
  pctText,
  rupees,
} from "../kinds/_kind.ts";

/** One tier: arrears up to `upTo` days or calendar months (null: any longer), and its rate. */
interface Tier {
  id: string;
  upTo: number | null;
  unit?: "day" | "month";
  ratePct: number;
}

/** The value of the `surcharge` parameter. */
interface SurchargeValue {
  /** `before-last-day`: paid on the last day is late (EPF s.16); `last-day`: it is on time. */
  dueBy: "before-last-day" | "last-day";
  tiers: Tier[];
}

function badInput(param: string, message: string): ApiError {
  return ApiError.invalidParam(param, message);
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    contributions: z.number().check(z.describe("The contributions due for the month")),
    dueDate: z.iso.date().check(z.describe("The last day of the month after the month")),
    daysInArrears: z.int().check(z.describe("Days from the due date to the payment (0: on time)")),
    ratePct: z.number().check(z.describe("The surcharge rate of the arrears period, percent")),
    surcharge: z.number().check(z.describe("The surcharge on the whole contributions")),
    total: z.number().check(z.describe("Contributions plus surcharge")),
  }),
  compute({ source, inputs, resolver }) {
    const month = String(inputs.month);
    const paid = String(inputs.paid ?? resolver.date);
    if (month.length !== 7) {
      throw badInput(
        "month",
        `must be the month the contributions are for, YYYY-MM: got "${month}"`,
      );
    }
    if (paid < `${month}-01`) {
      throw badInput(
        "paid",
        `cannot be before the month the contributions are for (${month}): got "${paid}"`,
      );
    }
    const found = resolver.value("surcharge");
    const value = found.value as SurchargeValue;
    const next = addMonths(parseIsoText(`${month}-01`), 1);
    const due = { ...next, day: daysInMonth(next.year, next.month) };
    const dueDate = isoText(due);
    const days = Math.max(0, epochDay(parseIsoText(paid)) - epochDay(due));
    if (paid === dueDate && value.dueBy === "before-last-day") {
      const said = source.texts.messages["gap.last-day"]!.en;
      const message = `A payment on ${dueDate}, the last day of the month after ${month}: ${said}`;
      throw new ApiError(501, "not_available", message, {
        details: [{ param: "paid", message }],
        extra: {
          notAvailable: `${source.rule.name} payment on the last day`,
          gap: `rule.${source.rule.name}.gap.last-day`,
        },
      });
    }
    const amount = cents(Number(inputs.contributions));
    const late = paid > dueDate;
    const steps: KindStep[] = [
      { key: "step.due", vars: { due: dueDate, month }, amount: null, source: found.source },
    ];
    let ratePct = 0;
    if (late) {
      const tier = value.tiers.find((t) =>
        t.upTo === null ||
        (t.unit === "day" ? days <= t.upTo : paid <= isoText(addMonths(due, t.upTo)))
      )!;
      ratePct = numberValue(tier.ratePct, "surcharge ratePct");
      steps.push({
        key: "step.arrears",
        vars: { due: dueDate, paid, days: String(days) },
        amount: null,
        source: null,
      });
      steps.push({
        key: "step.rate",
        vars: {
          rate: pctText(ratePct),
          tier: { key: `tier.${tier.id}` },
          amount: moneyText(rupees(amount)),
        },
        amount: null,
        source: found.source,
      });
    }
    const surcharge = late ? pctOf(amount, ratePct) : 0;
    steps.push({ key: "step.surcharge", vars: {}, amount: rupees(surcharge), source: null });
    steps.push({ key: "step.total", vars: {}, amount: rupees(amount + surcharge), source: null });
    const vars = {
      due: dueDate,
      days: String(days),
      rate: pctText(ratePct),
      surcharge: moneyText(rupees(surcharge)),
    };
    return {
      fields: {
        contributions: rupees(amount),
        dueDate,
        daysInArrears: late ? days : 0,
        ratePct,
        surcharge: rupees(surcharge),
        total: rupees(amount + surcharge),
      },
      steps,
      answer: { key: late ? "answer" : "answer.on-time", vars },
    };
  },
};
