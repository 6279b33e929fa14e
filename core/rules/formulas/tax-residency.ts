/**
 * `tax-residency`: whether an individual is resident in Sri Lanka for a year of assessment under
 * section 69 of the Inland Revenue Act No. 24 of 2017. Any one of its limbs makes a resident:
 * residing here (69(1)(a)), presence of the threshold's days or more in a twelve-month period that
 * starts or ends in the year (69(1)(b)), a Government employee or official posted abroad
 * (69(1)(c)), employment on a Sri Lanka ship (69(1)(d)). From 1 April 2025 two exclusions come
 * first (69(1A) and (2A), Act No. 11 of 2026): an Investor Category Residence Visa, and leaving
 * to work abroad under a contract of a year or more with an unassociated employer.
 *
 * @module
 */
import * as z from "zod/mini";
import type { FormulaKind, KindStep } from "../kinds/index.ts";
import { numberValue } from "../kinds/_kind.ts";

/** Which limb decided the answer. */
type Test =
  | "investor-visa"
  | "foreign-contract"
  | "resides"
  | "days"
  | "government"
  | "ship"
  | "none";

/** The value of the `exclusions` parameter: which exclusions are law on the date. */
interface Exclusions {
  investorVisa: boolean;
  foreignContract: boolean;
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    resident: z.boolean().check(z.describe("Whether the individual is resident for the year")),
    test: z.enum([
      "investor-visa",
      "foreign-contract",
      "resides",
      "days",
      "government",
      "ship",
      "none",
    ])
      .check(z.describe(
        "What decided it: an exclusion (investor-visa, foreign-contract), a limb of s.69(1) (resides, days, government, ship), or none",
      )),
    days: z.int().check(z.describe("The days of presence given")),
    threshold: z.int().check(z.describe("The days of presence that make an individual resident")),
  }),
  compute({ inputs, resolver }) {
    const presence = resolver.value("presence");
    const threshold = numberValue((presence.value as { days?: unknown })?.days, "presence days");
    const days = Number(inputs.days);
    const vars = { days: String(days), threshold: String(threshold) };
    const steps: KindStep[] = [
      { key: "step.threshold", vars, amount: null, source: presence.source },
      {
        key: days >= threshold ? "step.days_over" : "step.days_under",
        vars,
        amount: null,
        source: null,
      },
    ];
    let test: Test | undefined;
    if (inputs.investorVisa || inputs.foreignContract) {
      const found = resolver.value("exclusions");
      const law = found.value as Exclusions;
      for (
        const [input, key, name] of [
          ["investorVisa", "step.investor_visa", "investor-visa"],
          ["foreignContract", "step.foreign_contract", "foreign-contract"],
        ] as const
      ) {
        if (!inputs[input]) continue;
        steps.push({
          key: law[input] ? key : `${key}_before`,
          vars,
          amount: null,
          source: found.source,
        });
        if (law[input]) test ??= name;
      }
    }
    if (test === undefined) {
      const limbs: [boolean, Test][] = [
        [inputs.resides === true, "resides"],
        [days >= threshold, "days"],
        [inputs.government === true, "government"],
        [inputs.ship === true, "ship"],
      ];
      test = limbs.find(([met]) => met)?.[1] ?? "none";
      if (test !== "days" && test !== "none") {
        steps.push({ key: `step.${test}`, vars, amount: null, source: presence.source });
      }
    }
    const resident = ["resides", "days", "government", "ship"].includes(test);
    return {
      fields: { resident, test, days, threshold },
      steps,
      answer: {
        key: resident ? "answer.resident" : "answer.not_resident",
        vars: { ...vars, reason: { key: `reason.${test}` } },
      },
    };
  },
};
