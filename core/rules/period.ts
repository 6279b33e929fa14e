/**
 * The `period` input: a year (`YYYY`) or a month (`YYYY-MM`), from 1900 to 2199.
 *
 * @module
 */
import * as z from "zod/mini";
import type { ParamDoc } from "../params.ts";

const PERIOD = /^(19\d\d|2[01]\d\d)(-(0[1-9]|1[0-2]))?$/;
const EXPECTED = "a year written YYYY or a month written YYYY-MM, from 1900 to 2199";

/**
 * The schema of a period parameter; the parsed value is the text as given.
 *
 * @param doc Its description and example.
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { period } from "./period.ts";
 * console.log(period({ description: "A month" }).parse("2024-06")); // "2024-06"
 * ```
 */
export function period(doc: ParamDoc): z.ZodMiniType<string, string> {
  const text = z.string({
    error: (issue) =>
      issue.input === undefined ? `is required: expected ${EXPECTED}` : `must be ${EXPECTED}`,
  });
  const checked = z.transform((raw: string, ctx) => {
    if (PERIOD.test(raw)) return raw;
    const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
    ctx.issues.push({
      code: "custom",
      input: raw,
      message: raw === ""
        ? `must be ${EXPECTED}: got an empty value`
        : `must be ${EXPECTED}: got ${shown}`,
    });
    return z.NEVER;
  });
  return z.pipe(text, checked).register(z.globalRegistry, {
    type: "string",
    pattern: PERIOD.source,
    description: doc.description,
    ...(doc.example ? { examples: [doc.example] } : {}),
  }) as z.ZodMiniType<string, string>;
}
