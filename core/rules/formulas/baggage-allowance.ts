/**
 * `baggage-allowance`: the duty free allowance Sri Lanka Customs gives an arriving passenger, in US
 * dollars. A resident (a Sri Lankan, a resident visa holder, a dual citizen) has an allowance by the
 * length of the continuous stay abroad, for an adult or a minor, for goods bought abroad or at the
 * arrival duty free shops (one or the other); a visitor has one allowance. Given the goods' value,
 * the answer says what is over the allowance (dutiable at the normal rates, which it does not hold).
 *
 * @module
 */
import * as z from "zod/mini";
import type { FormulaKind, KindStep } from "../kinds/index.ts";
import { numberValue, tiersOf } from "../kinds/_kind.ts";

/** One band of stays abroad: up to `upTo` days (the last open), and its allowance. */
interface Stay {
  upTo: number | null;
  usd: number;
}

/** US dollars as the answers write them: `USD 1,750.00`. */
function usdText(usd: number): string {
  const [whole, cents] = usd.toFixed(2).split(".") as [string, string];
  return `USD ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    allowanceUsd: z.number().check(z.describe("The duty free allowance, US dollars")),
    valueUsd: z.nullable(z.number()).check(z.describe("The goods' value given, US dollars")),
    overUsd: z.nullable(z.number()).check(
      z.describe("The value over the allowance (dutiable at the normal rates), or null"),
    ),
  }),
  compute({ inputs, resolver }) {
    const steps: KindStep[] = [];
    let allowance: number;
    if (inputs.passenger === "visitor") {
      const found = resolver.value("visitor");
      allowance = numberValue(found.value, "visitor");
      steps.push({
        key: "step.visitor",
        vars: { allowance: usdText(allowance) },
        amount: null,
        source: found.source,
      });
    } else {
      const days = Number(inputs.days ?? 0);
      const found = resolver.value("resident");
      const stays = tiersOf<Stay>(found.value, "resident", ["usd"]);
      const index = stays.findIndex((s) => s.upTo === null || days <= s.upTo);
      allowance = stays[index]!.usd;
      steps.push({
        key: `step.stay.${index}`,
        vars: { days: String(days), allowance: usdText(allowance) },
        amount: null,
        source: found.source,
      });
    }
    const value = inputs.value === undefined ? null : Number(inputs.value);
    const over = value === null ? null : Math.max(0, Math.round((value - allowance) * 100) / 100);
    const vars = {
      allowance: usdText(allowance),
      value: value === null ? "" : usdText(value),
      over: over === null ? "" : usdText(over),
    };
    if (over !== null) {
      steps.push({ key: over > 0 ? "step.over" : "step.within", vars, amount: null, source: null });
    }
    return {
      fields: { allowanceUsd: allowance, valueUsd: value, overUsd: over },
      steps,
      answer: {
        key: over === null ? "answer" : over > 0 ? "answer.over" : "answer.within",
        vars,
      },
    };
  },
};
