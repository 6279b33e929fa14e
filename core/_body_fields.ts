/**
 * Pieces of the JSON body schemas (voice, the text converters): how a value is quoted in an error
 * message, and an enumerated field matched without regard to case.
 *
 * @module
 */
import * as z from "zod/mini";

/**
 * A JSON value as an error message quotes it: a string in quotes (cut to 40 characters),
 * `nothing`, `null`, a number or a boolean as written, else "an array" or "an object".
 *
 * @param input The value.
 * @returns The words.
 */
export function inputText(input: unknown): string {
  if (input === undefined) return "nothing";
  if (typeof input === "string") {
    return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  }
  if (input === null || typeof input === "number" || typeof input === "boolean") {
    return String(input);
  }
  return Array.isArray(input) ? "an array" : "an object";
}

/**
 * A field that is one of `values`, matched without regard to case (the API's enum rule); it
 * gives the listed spelling, and the OpenAPI document lists the values.
 *
 * @param values The values, as listed.
 * @param description The field's description.
 * @returns The schema.
 */
export function bodyChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  description: string,
): z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, z.ZodMiniEnum<{ [K in T[number]]: K }>> {
  const canonical = new Map(values.map((v) => [v.toLowerCase(), v]));
  return z.pipe(
    z.transform((raw: unknown) =>
      typeof raw === "string" ? canonical.get(raw.toLowerCase()) ?? raw : raw
    ),
    z.enum(values, {
      error: (issue) => `must be one of ${values.join(", ")}: got ${inputText(issue.input)}`,
    }),
  ).register(z.globalRegistry, { type: "string", enum: [...values], description });
}
