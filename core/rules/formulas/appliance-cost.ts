/**
 * What running an appliance adds to a household's monthly D-1 electricity bill: its energy (watts
 * x hours a day x days / 1000 kWh, counted in whole units as the meter counts them) priced as the
 * bill with it less the bill without, given the household's other units, by `/electricity/bill`'s
 * calculator under the PUCSL decision in force on the date. The marginal cost, not an average:
 * the same appliance costs more in a household whose other use already reaches a dearer block.
 *
 * @module
 */
import * as z from "zod/mini";
import { cents, type FormulaKind, moneyText, numberText } from "../kinds/_kind.ts";
import { divideHalfUp, marginalBill } from "./_marginal_bill.ts";

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    energy: z.number().check(z.describe("Watts x hours a day x days / 1000, kWh, 2 decimals")),
    meterUnits: z.number().check(z.describe("The energy in whole units (kWh), rounded half up")),
    billWithout: z.number().check(z.describe("The month's bill for the other units alone, LKR")),
    billWith: z.number().check(z.describe("The month's bill with the appliance's units, LKR")),
    cost: z.number().check(z.describe("What the appliance adds: bill with less bill without, LKR")),
    unitCost: z.number().check(z.describe("Cost / the appliance's units, LKR a unit")),
  }),
  compute({ inputs, resolver }) {
    const tariff = resolver.value("tariff");
    const days = Number(inputs.days ?? 30);
    const units = Number(inputs.units);
    // Tenths of a watt x hundredths of an hour x days: millionths of a kWh, exactly.
    const micro = BigInt(Math.round(Number(inputs.watts) * 10)) *
      BigInt(Math.round(Number(inputs.hours) * 100)) * BigInt(days);
    const energy = Number(divideHalfUp(micro, 10_000n)) / 100;
    const meterUnits = Number(divideHalfUp(micro, 1_000_000n));
    const bills = marginalBill(resolver, { category: "D-1", units }, meterUnits);
    const unitCost = meterUnits === 0
      ? 0
      : Number(divideHalfUp(BigInt(cents(bills.cost)), BigInt(meterUnits))) / 100;
    const vars = {
      days: numberText(days),
      energy: numberText(energy),
      meterUnits: numberText(meterUnits),
      total: numberText(units + meterUnits),
      date: resolver.date,
      from: bills.with.decision.from,
      billWithout: moneyText(bills.without.total),
      billWith: moneyText(bills.with.total),
      cost: moneyText(bills.cost),
      unitCost: moneyText(unitCost),
    };
    return {
      fields: {
        energy,
        meterUnits,
        billWithout: bills.without.total,
        billWith: bills.with.total,
        cost: bills.cost,
        unitCost,
      },
      steps: [
        { key: "step.energy", vars, amount: null, source: null },
        { key: "step.tariff", vars, amount: null, source: tariff.source },
        { key: "step.without", vars, amount: bills.without.total, source: bills.source },
        { key: "step.with", vars, amount: bills.with.total, source: bills.source },
        { key: "step.cost", vars, amount: bills.cost, source: null },
      ],
      answer: { key: "answer", vars },
    };
  },
};
