/**
 * The fuel cost of a trip: the litres a distance takes at a vehicle's kilometres per litre, at
 * CEYPETCO's retail price of the product in force on the date (its own table of revisions); a date
 * after the last revision held is a 501 naming the gap. Custom because the litres are worked
 * out from two inputs; the cost is rounded half up to the cent once.
 *
 * @module
 */
import * as z from "zod/mini";
import {
  cents,
  type FormulaKind,
  moneyText,
  numberText,
  numberValue,
  rupees,
} from "../kinds/_kind.ts";

/** Hundredths of an input with at most two decimals, as a big integer. */
function hundredths(value: unknown): bigint {
  return BigInt(Math.round(Number(value) * 100));
}

/** `a / b` rounded half up (both positive). */
function divide(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    price: z.number().check(z.describe("The retail price per litre in force on the date, LKR")),
    litres: z.number().check(z.describe("Distance / kilometres per litre, to 2 decimals")),
    cost: z.number().check(z.describe("Price x distance / kilometres per litre, to the cent")),
  }),
  compute({ inputs, resolver }) {
    const found = resolver.value("price");
    const price = cents(numberValue(found.value, "price"));
    const distance = hundredths(inputs.distance);
    const efficiency = hundredths(inputs.efficiency);
    const litres = Number(divide(distance * 100n, efficiency)) / 100;
    const cost = Number(divide(BigInt(price) * distance, efficiency));
    const vars = {
      litres: numberText(litres),
      price: moneyText(rupees(price)),
      cost: moneyText(rupees(cost)),
    };
    return {
      fields: { price: rupees(price), litres, cost: rupees(cost) },
      steps: [
        { key: "step.litres", vars, amount: null, source: null },
        { key: "step.price", vars, amount: rupees(price), source: found.source },
        { key: "step.cost", vars, amount: rupees(cost), source: null },
      ],
      answer: { key: "answer", vars },
    };
  },
};
