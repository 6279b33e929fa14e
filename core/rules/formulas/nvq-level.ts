/**
 * `nvq-level`: what a level of Sri Lanka's National Vocational Qualifications framework is, as the
 * Tertiary and Vocational Education Commission (TVEC) defines its seven levels: the award at the
 * level (certificate, diploma, higher diploma, degree equivalent) and whom it is for.
 *
 * @module
 */
import * as z from "zod/mini";
import type { FormulaKind } from "../kinds/index.ts";
import { numberValue } from "../kinds/_kind.ts";

/** The awards the framework names. */
const AWARDS = ["certificate", "diploma", "higher-diploma", "degree"] as const;

/** One level of the framework as the parameter holds it. */
interface Level {
  level: number;
  award: typeof AWARDS[number];
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    level: z.int().check(z.describe("The NVQ level asked for, 1 to 7")),
    award: z.enum(AWARDS).check(
      z.describe(
        "The award at the level: certificate, diploma, higher-diploma or degree (equivalent)",
      ),
    ),
  }),
  compute({ inputs, resolver }) {
    const found = resolver.value("levels");
    const levels = found.value as Level[];
    const asked = Number(inputs.level);
    const entry = Array.isArray(levels)
      ? levels.find((l) => numberValue(l.level, "levels level") === asked)
      : undefined;
    if (entry === undefined || !AWARDS.includes(entry.award)) {
      throw new TypeError(`Cannot compute: levels holds no level ${asked}`);
    }
    const vars = {
      level: String(asked),
      award: { key: `award.${entry.award}` },
      role: { key: `role.${asked}` },
    };
    return {
      fields: { level: asked, award: entry.award },
      steps: [{ key: "step.level", vars, amount: null, source: found.source }],
      answer: { key: "answer", vars },
    };
  },
};
