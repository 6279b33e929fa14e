/**
 * A levy on a total (the SSCL the utilities add to a bill): grossed up, so that it is its rate of
 * the final bill, or on top of the total.
 *
 * @module
 */
import type { Resolver } from "../dated.ts";
import type { Levy } from "../model.ts";
import { type KindStep, numberValue, pctOf, pctText, rupees } from "./_kind.ts";

/** A levy applied: its amount in cents and its step. */
export interface LevyApplied {
  cents: number;
  step: KindStep;
}

/**
 * The levy on a total, in cents: `total x r / (100 - r)` rounded half up for `gross-up` (a
 * printed CEB bill: 55,293.00 carries 1,417.77 at 2.5%), `total x r / 100` for `on-top`.
 *
 * @param levy The formula's levy.
 * @param total The total before it, cents.
 * @param resolver The answer's resolver.
 * @returns The levy and its step.
 */
export function applyLevy(levy: Levy, total: number, resolver: Resolver): LevyApplied {
  const found = resolver.value(levy.param);
  const ratePct = numberValue((found.value as { ratePct?: unknown })?.ratePct, levy.param);
  let amount: number;
  if (levy.method === "on-top") {
    amount = pctOf(total, ratePct);
  } else {
    const rate = BigInt(Math.round(ratePct * 10_000));
    const rest = 1_000_000n - rate;
    amount = Number((2n * BigInt(total) * rate + rest) / (2n * rest));
  }
  return {
    cents: amount,
    step: {
      key: levy.method === "on-top" ? "step.levy_on_top" : "step.levy_gross_up",
      vars: { rate: pctText(ratePct), levy: { key: `levy.${levy.param}` } },
      amount: rupees(amount),
      source: found.source,
    },
  };
}

/** A total with its levy, if the formula has one. */
export interface LeviedTotal {
  /** The levy, LKR, or null when the formula has none. */
  levy: number | null;
  /** What is payable, LKR. */
  total: number;
}

/**
 * Ends a bill: adds the formula's levy (if any) to the total and pushes the levy's step and the
 * total's step.
 *
 * @param levy The formula's levy, if any.
 * @param total The total before it, cents.
 * @param resolver The answer's resolver.
 * @param steps The answer's steps, added to.
 * @returns The levy and the total, LKR.
 */
export function closeTotal(
  levy: Levy | undefined,
  total: number,
  resolver: Resolver,
  steps: KindStep[],
): LeviedTotal {
  let levied: number | null = null;
  if (levy) {
    const applied = applyLevy(levy, total, resolver);
    levied = rupees(applied.cents);
    total += applied.cents;
    steps.push(applied.step);
  }
  steps.push({ key: "step.total", vars: {}, amount: rupees(total), source: null });
  return { levy: levied, total: rupees(total) };
}
