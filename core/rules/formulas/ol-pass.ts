/**
 * `ol-pass`: whether G.C.E. O/L grades earned at one sitting meet the minimum for admission to the
 * G.C.E. A/L classes under the Ministry of Education's Circular 2008/17, clause 2.1: passes (S or
 * better) in six subjects including the medium language and mathematics, with credit passes (C or
 * better) in at least three of them. Custom because it counts grades across nine inputs; the two
 * figures are the rule's `requirement`.
 *
 * @module
 */
import * as z from "zod/mini";
import { type FormulaKind, type KindStep, numberValue } from "../kinds/_kind.ts";

/** The nine subjects of the O/L, in the form's order. */
const SUBJECTS = [
  "language",
  "maths",
  "science",
  "english",
  "religion",
  "history",
  "basket1",
  "basket2",
  "basket3",
] as const;

/** Grades that are passes, and those that are credit passes. */
const PASS = new Set(["A", "B", "C", "S"]);
const CREDIT = new Set(["A", "B", "C"]);

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    eligible: z.boolean().check(
      z.describe("Whether the grades meet the minimum for admission to the A/L classes"),
    ),
    passes: z.int().check(z.describe("Subjects passed (grade S or better)")),
    credits: z.int().check(z.describe("Subjects with a credit pass (grade C or better)")),
    languagePassed: z.boolean().check(z.describe("Whether the first language was passed")),
    mathsPassed: z.boolean().check(z.describe("Whether mathematics was passed")),
    passesNeeded: z.int().check(z.describe("Passes the circular requires")),
    creditsNeeded: z.int().check(z.describe("Credit passes the circular requires")),
  }),
  compute({ inputs, resolver }) {
    const found = resolver.value("requirement");
    const rule = found.value as { passes?: unknown; credits?: unknown };
    const passesNeeded = numberValue(rule?.passes, "requirement passes");
    const creditsNeeded = numberValue(rule?.credits, "requirement credits");
    const grade = (subject: string): string => String(inputs[subject]).toUpperCase();
    const grades = SUBJECTS.map(grade);
    const passes = grades.filter((given) => PASS.has(given)).length;
    const credits = grades.filter((given) => CREDIT.has(given)).length;
    const languagePassed = PASS.has(grade("language"));
    const mathsPassed = PASS.has(grade("maths"));
    const vars = {
      passes: String(passes),
      credits: String(credits),
      passesNeeded: String(passesNeeded),
      creditsNeeded: String(creditsNeeded),
    };
    const missing = [
      [!languagePassed, "reason.language"],
      [!mathsPassed, "reason.maths"],
      [passes < passesNeeded, "reason.passes"],
      [credits < creditsNeeded, "reason.credits"],
    ].filter(([failed]) => failed).map(([, key]) => key as string);
    const steps: KindStep[] = [
      { key: "step.requirement", vars, amount: null, source: found.source },
      { key: "step.count", vars, amount: null, source: null },
      {
        key: languagePassed ? "step.language_passed" : "step.language_failed",
        vars,
        amount: null,
        source: found.source,
      },
      {
        key: mathsPassed ? "step.maths_passed" : "step.maths_failed",
        vars,
        amount: null,
        source: found.source,
      },
    ];
    const eligible = missing.length === 0;
    return {
      fields: {
        eligible,
        passes,
        credits,
        languagePassed,
        mathsPassed,
        passesNeeded,
        creditsNeeded,
      },
      steps,
      answer: {
        key: eligible ? "answer.eligible" : "answer.not_eligible",
        vars: { ...vars, reason: { key: missing[0] ?? "reason.none" } },
      },
    };
  },
};
