/**
 * `fee`: fees looked up by the choices that key them, each times a quantity when it has one, and
 * counted only when its yes/no input is yes (and its quantity, if it has one, is not zero); then an
 * optional levy. The answer is the total.
 *
 * @module
 */
import * as z from "zod/mini";
import type { FeeFormula } from "../model.ts";
import { closeTotal } from "./_levy.ts";
import {
  cents,
  type FormulaKind,
  type KindStep,
  moneyText,
  numberText,
  numberValue,
  rupees,
} from "./_kind.ts";

/** One fee of an answer. */
export interface FeeLineResult {
  /** The line's id in the rule. */
  id: string;
  /** The fee, LKR. */
  fee: number;
  /** How many. */
  quantity: number;
  /** Fee times quantity, LKR. */
  amount: number;
}

/** The `fee` kind. */
export const feeKind: FormulaKind = {
  fields: () => ({
    lines: z.array(z.object({
      id: z.string(),
      fee: z.number(),
      quantity: z.number(),
      amount: z.number(),
    })).check(z.describe("Each fee that applies, with its quantity")),
    levy: z.nullable(z.number()).check(z.describe("The levy on the total, or null")),
    total: z.number().check(z.describe("What is payable")),
  }),
  compute({ source, inputs, resolver }) {
    const formula = source.rule.formula as FeeFormula;
    const lines: FeeLineResult[] = [];
    const steps: KindStep[] = [];
    let total = 0;
    for (const line of formula.lines) {
      if (line.when !== undefined && inputs[line.when] !== true) continue;
      const quantity = line.times === undefined ? 1 : Number(inputs[line.times] ?? 0);
      // Zero of it adds nothing, so its fee is not needed: no late fee is looked up when on time.
      if (quantity === 0) continue;
      const found = resolver.value(line.fee);
      const fee = cents(numberValue(found.value, line.fee));
      // A quantity with decimals (litres) is rounded half up to the cent once.
      const amount = Math.round(fee * quantity);
      total += amount;
      lines.push({ id: line.id, fee: rupees(fee), quantity, amount: rupees(amount) });
      steps.push({
        key: line.times === undefined ? "step.fee" : "step.fee_times",
        vars: {
          label: { key: `line.${line.id}` },
          fee: moneyText(rupees(fee)),
          quantity: numberText(quantity),
        },
        amount: rupees(amount),
        source: found.source,
      });
    }
    const bill = closeTotal(formula.levy, total, resolver, steps);
    return {
      fields: { lines, ...bill },
      steps,
      answer: { key: "answer", vars: { total: moneyText(bill.total) } },
    };
  },
};
