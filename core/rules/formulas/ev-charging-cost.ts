/**
 * The cost of charging an electric vehicle at home: the energy into the battery (its size x the
 * charge range, or the kWh given), divided by the charger's efficiency for the energy drawn, times
 * the charges in the month, in whole units; priced by `/electricity/bill`'s calculator as the bill
 * with it less the bill without, on the domestic tariff (D-1, given the household's other units)
 * or in the chosen window of the time-of-use tariff (D-TOU). The efficiency has no default: no
 * official figure was found.
 *
 * @module
 */
import * as z from "zod/mini";
import { ApiError } from "../../errors.ts";
import type { TimeOfUseWindow } from "../../calc/electricity.ts";
import { cents, type FormulaKind, moneyText, numberText } from "../kinds/_kind.ts";
import { divideHalfUp, type Extra, marginalBill } from "./_marginal_bill.ts";

const WINDOWS: Readonly<Record<string, TimeOfUseWindow>> = {
  "off-peak": "offPeak",
  day: "day",
  peak: "peak",
};

/** Thousandths of a kWh into the battery on each charge, from the kWh or the battery and range. */
function batteryMilli(inputs: Readonly<Record<string, unknown>>): bigint {
  const { energy, battery } = inputs;
  if (energy !== undefined && battery !== undefined) {
    throw ApiError.invalidParam(
      "energy",
      'Give either "energy" (kWh a charge) or "battery" with its charge range, not both',
    );
  }
  if (energy !== undefined) return BigInt(Math.round(Number(energy) * 1000));
  if (battery === undefined) {
    throw ApiError.invalidParam(
      "battery",
      'Give "battery" (its size in kWh, with startPct and endPct) or "energy" (kWh a charge)',
    );
  }
  const start = Number(inputs.startPct ?? 0), end = Number(inputs.endPct ?? 100);
  if (end <= start) {
    throw ApiError.invalidParam(
      "endPct",
      `The charge must end above where it starts: got ${start}% to ${end}%`,
    );
  }
  // Tenths of a kWh x percent: thousandths of a kWh.
  return BigInt(Math.round(Number(battery) * 10)) * BigInt(end - start);
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    energy: z.number().check(z.describe("kWh into the battery on each charge, 2 decimals")),
    drawn: z.number().check(z.describe("kWh drawn from the supply on each charge, 2 decimals")),
    meterUnits: z.number().check(
      z.describe("kWh drawn for all the month's charges, in whole units (rounded half up)"),
    ),
    billWithout: z.number().check(z.describe("The month's bill without the charging, LKR")),
    billWith: z.number().check(z.describe("The month's bill with it, LKR")),
    cost: z.number().check(z.describe("What the charging adds: bill with less bill without, LKR")),
    costPerCharge: z.number().check(z.describe("Cost / charges, LKR")),
  }),
  compute({ inputs, resolver }) {
    const tariff = resolver.value("tariff");
    const milli = batteryMilli(inputs);
    const efficiency = BigInt(Number(inputs.efficiency));
    const charges = Number(inputs.charges ?? 1);
    const timeOfUse = inputs.category === "d-tou";
    let where: Extra;
    if (timeOfUse) where = { category: "D-TOU", window: WINDOWS[String(inputs.window)]! };
    else if (inputs.units === undefined) {
      throw ApiError.invalidParam(
        "units",
        'Parameter "units" is required for category d-1: the household\'s other units a month',
      );
    } else where = { category: "D-1", units: Number(inputs.units) };
    // Drawn = into the battery x 100 / efficiency; in thousandths of a kWh before rounding.
    const drawnMilli = milli * 100n;
    const meterUnits = Number(divideHalfUp(drawnMilli * BigInt(charges), efficiency * 1000n));
    const energy = Number(divideHalfUp(milli, 10n)) / 100;
    const drawn = Number(divideHalfUp(drawnMilli, efficiency * 10n)) / 100;
    const bills = marginalBill(resolver, where, meterUnits);
    const costPerCharge = Number(divideHalfUp(BigInt(cents(bills.cost)), BigInt(charges))) / 100;
    const vars = {
      startPct: numberText(Number(inputs.startPct ?? 0)),
      endPct: numberText(Number(inputs.endPct ?? 100)),
      energy: numberText(energy),
      drawn: numberText(drawn),
      charges: numberText(charges),
      meterUnits: numberText(meterUnits),
      total: numberText(Number(inputs.units ?? 0) + meterUnits),
      date: resolver.date,
      from: bills.with.decision.from,
      billWithout: moneyText(bills.without.total),
      billWith: moneyText(bills.with.total),
      cost: moneyText(bills.cost),
      costPerCharge: moneyText(costPerCharge),
      rate: moneyText(bills.with.windows?.find((w) => w.units > 0)?.unitPrice ?? 0),
    };
    const byBill = [
      { key: "step.without", vars, amount: bills.without.total, source: bills.source },
      { key: "step.with", vars, amount: bills.with.total, source: bills.source },
    ];
    return {
      fields: {
        energy,
        drawn,
        meterUnits,
        billWithout: bills.without.total,
        billWith: bills.with.total,
        cost: bills.cost,
        costPerCharge,
      },
      steps: [
        {
          key: inputs.energy === undefined ? "step.battery" : "step.energy",
          vars,
          amount: null,
          source: null,
        },
        { key: "step.drawn", vars, amount: null, source: null },
        { key: "step.units", vars, amount: null, source: null },
        {
          key: timeOfUse ? "step.tariff-tou" : "step.tariff",
          vars,
          amount: null,
          source: tariff.source,
        },
        ...(timeOfUse ? [{ key: "step.window", vars, amount: null, source: bills.source }] : []),
        ...byBill,
        { key: "step.cost", vars, amount: bills.cost, source: null },
      ],
      answer: { key: "answer", vars },
    };
  },
};
