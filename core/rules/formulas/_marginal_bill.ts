/**
 * What some more kWh add to a month's electricity bill, by the bill of `/electricity/bill`
 * (`core/calc/electricity.ts`, the PUCSL decisions held in `data/electricity.json`): the bill
 * with them less the bill without, so that the blocks, the fixed charge and the SSCL gross-up are
 * counted as the utility counts them. Shared by the appliance and EV charging rules.
 *
 * @module
 */
import {
  type ElectricityBill,
  electricityBill,
  type TimeOfUseWindow,
} from "../../calc/electricity.ts";
import type { Resolver } from "../dated.ts";
import { cents, rupees } from "../kinds/_kind.ts";

/** Where the extra kWh go: on top of a D-1 month's units, or into one D-TOU window. */
export type Extra =
  | { category: "D-1"; units: number }
  | { category: "D-TOU"; window: TimeOfUseWindow };

/** The two bills and their difference. */
export interface Marginal {
  /** The bill without the extra kWh. */
  without: ElectricityBill;
  /** The bill with them. */
  with: ElectricityBill;
  /** with.total - without.total, LKR. */
  cost: number;
  /** Index of the decision's source in the answer's `sources`. */
  source: number;
}

/**
 * The bills of a month without and with `extra` whole kWh on the date, and the decision's source
 * recorded in the answer (the bill's 400 before the first decision and 501 for a tariff not held
 * pass through, naming `date` or `category`).
 *
 * @param resolver The answer's resolver (its date; the source is recorded in it).
 * @param where A D-1 month's other units, or the D-TOU window the kWh are used in.
 * @param extra The extra kWh (whole units).
 * @returns The two bills, the cost and the source's index.
 */
export function marginalBill(resolver: Resolver, where: Extra, extra: number): Marginal {
  const date = resolver.date;
  const bills = [0, extra].map((more) =>
    where.category === "D-1"
      ? electricityBill({ category: "D-1", units: where.units + more, date })
      : electricityBill({
        category: "D-TOU",
        date,
        peak: where.window === "peak" ? more : 0,
        day: where.window === "day" ? more : 0,
        offPeak: where.window === "offPeak" ? more : 0,
      })
  );
  const [without, withExtra] = bills as [ElectricityBill, ElectricityBill];
  const d = withExtra.decision;
  const source = resolver.record("decision", d.from, d.to, {
    title: d.source,
    url: d.sourceUrl,
    lastVerified: d.lastVerified,
    confidence: d.confidence === "official" ? "high" : "medium",
  });
  if (withExtra.note !== null && !resolver.notes.includes("latest")) resolver.notes.push("latest");
  return {
    without,
    with: withExtra,
    cost: rupees(cents(withExtra.total) - cents(without.total)),
    source,
  };
}

/**
 * `numerator / denominator` rounded half up, for non-negative big integers.
 *
 * @param numerator The dividend.
 * @param denominator The divisor (positive).
 * @returns The quotient.
 */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}
