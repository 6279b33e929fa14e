/**
 * `threshold`: an amount compared with the threshold in force (a registration threshold). The
 * threshold's `test` says whether the law counts an amount that *exceeds* it or one that reaches
 * it (`at-least`); `conflict` marks sources that disagree, and an amount exactly at such a
 * threshold is answered 501 rather than guessed.
 *
 * @module
 */
import * as z from "zod/mini";
import { ApiError } from "../../errors.ts";
import type { ThresholdFormula } from "../model.ts";
import { cents, type FormulaKind, moneyText, numberValue, rupees } from "./_kind.ts";

/** The value of a `threshold` parameter. */
export interface ThresholdValue {
  /** The threshold, LKR. */
  amount: number;
  /** `exceeds`: above it counts; `at-least`: reaching it counts; `conflict`: sources disagree. */
  test: "exceeds" | "at-least" | "conflict";
}

/** The `threshold` kind. */
export const thresholdKind: FormulaKind = {
  fields: () => ({
    amount: z.number().check(z.describe("The amount compared")),
    threshold: z.number().check(z.describe("The threshold in force")),
    test: z.enum(["exceeds", "at-least", "conflict"]).check(z.describe(
      "exceeds: an amount above the threshold is over it; at-least: reaching it is; conflict: the sources disagree about an amount exactly at it",
    )),
    over: z.boolean().check(z.describe("Whether the amount is over the threshold")),
    difference: z.number().check(z.describe("The amount less the threshold (negative: below)")),
  }),
  compute({ source, inputs, resolver }) {
    const formula = source.rule.formula as ThresholdFormula;
    const found = resolver.value(formula.threshold);
    const value = found.value as ThresholdValue;
    const threshold = cents(numberValue(value?.amount, formula.threshold));
    const test = value.test;
    if (!["exceeds", "at-least", "conflict"].includes(test)) {
      throw new TypeError(`Cannot compute: ${formula.threshold} has no test`);
    }
    const amount = cents(Number(inputs[formula.amount]));
    if (test === "conflict" && amount === threshold) {
      const message = `Whether an amount of exactly ${
        moneyText(rupees(threshold))
      } counts is not known: the sources read disagree (more than the threshold, or the threshold or more)`;
      throw new ApiError(501, "not_available", message, {
        details: [{ param: formula.amount, message }],
        extra: { notAvailable: `${source.rule.name} ${formula.threshold} boundary` },
      });
    }
    const over = test === "at-least" ? amount >= threshold : amount > threshold;
    const vars = {
      amount: moneyText(rupees(amount)),
      threshold: moneyText(rupees(threshold)),
      difference: moneyText(rupees(Math.abs(amount - threshold))),
    };
    return {
      fields: {
        amount: rupees(amount),
        threshold: rupees(threshold),
        test,
        over,
        difference: rupees(amount - threshold),
      },
      steps: [
        {
          key: test === "at-least" ? "step.threshold_at_least" : "step.threshold_exceeds",
          vars,
          amount: rupees(threshold),
          source: found.source,
        },
        {
          key: over ? "step.compare_over" : "step.compare_under",
          vars,
          amount: rupees(amount - threshold),
          source: null,
        },
      ],
      answer: { key: over ? "answer.over" : "answer.under", vars },
    };
  },
};
