/**
 * Strict parsers for query-string and path values, as zod schemas from string to a typed value.
 *
 * Every value on the wire is a string. These schemas accept only plain decimal notation
 * (no exponents, no `NaN`, no `Infinity`, no empty strings), enforce the documented range, and
 * carry an OpenAPI description of the typed value through zod metadata.
 *
 * @module
 */
import * as z from "zod/mini";
import { daysInMonth, isLeapYear, isValidIsoDate } from "./_calendar.ts";

// The date checks live with the calendar (zod-free, for core/calc); re-exported here as before.
export { daysInMonth, isLeapYear, isValidIsoDate };

/** A zod schema that reads one string parameter into a typed value. */
export type ParamSchema<T> = z.ZodMiniType<T, string>;

/** Documentation of one parameter for the OpenAPI document. */
export interface ParamDoc {
  /** One sentence for people. */
  description: string;
  /** An example value, as it would appear in a URL. */
  example?: string;
}

const DECIMAL = /^[+-]?(\d+)(\.(\d+))?$/;
const MAX_RAW_LENGTH = 64;

function quote(raw: string): string {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return JSON.stringify(shown);
}

/**
 * The reading of one string parameter without zod: the value, or a {@linkcode FieldProblem} in
 * the words the zod schema reports (the compiled parser of `execute.ts` uses it to skip zod on
 * the hot path, allocating nothing for a good value).
 */
export type FieldReader = (raw: string | undefined) => unknown;

/** What a {@linkcode FieldReader} returns for a value it refuses. */
export class FieldProblem {
  /** The problem, after `Parameter "name" `. */
  readonly message: string;

  /**
   * Creates the problem.
   *
   * @param message The problem, after `Parameter "name" `.
   */
  constructor(message: string) {
    this.message = message;
  }
}

const readers = new WeakMap<object, FieldReader>();
const integerReaders = new WeakMap<object, IntegerReader>();

/**
 * The reading of a safe integer given as a number (the SDK's typed value) by a numeric
 * parameter, without writing it as text first: the value when its text would be read as that
 * same value, else undefined, and the caller reads the text (which gives the same value or the
 * problem in the schema's words).
 */
export type IntegerReader = (value: number) => number | undefined;

/**
 * The zod-free reader of a parameter schema made by this module, if it is one.
 *
 * @param schema A parameter schema.
 * @returns Its reader, or undefined for other schemas.
 */
export function fieldReader(schema: object): FieldReader | undefined {
  return readers.get(schema);
}

/**
 * The shortcut of a numeric parameter schema made by this module for a safe integer given as a
 * number: its text (`String(n)`, plain digits) always matches the schema's notation and never has
 * more decimals than its precision, so only the range is left to check.
 *
 * @param schema A parameter schema.
 * @returns The reader, or undefined for schemas that take no numbers.
 */
export function integerReader(schema: object): IntegerReader | undefined {
  return integerReaders.get(schema);
}

/** The range check of a numeric parameter, for {@linkcode integerReader}. */
function inRange(min: number, max: number, exclusiveMin: boolean): IntegerReader {
  return (value) => {
    if (!Number.isSafeInteger(value) || value > max || value < min) return undefined;
    if (exclusiveMin && value === min) return undefined;
    return value === 0 ? 0 : value; // normalise -0, as the text reading does
  };
}

function stringField<T>(
  expected: string,
  parse: (raw: string) => T | undefined,
  jsonSchema: Record<string, unknown>,
  doc: ParamDoc,
): ParamSchema<T> {
  const problem = (raw: string) =>
    raw === ""
      ? `must be ${expected}: got an empty value`
      : `must be ${expected}: got ${quote(raw)}`;
  const read = (raw: string) => raw === "" || raw.length > MAX_RAW_LENGTH ? undefined : parse(raw);
  const value = z.transform((raw: string, ctx) => {
    const value = read(raw);
    if (value === undefined) {
      ctx.issues.push({ code: "custom", input: raw, message: problem(raw) });
      return z.NEVER;
    }
    return value;
  });
  const required = (issue: { input?: unknown }) =>
    issue.input === undefined ? `is required: expected ${expected}` : `must be ${expected}`;
  const schema = z.pipe(z.string({ error: required }), value).register(z.globalRegistry, {
    ...jsonSchema,
    description: doc.description,
    ...(doc.example ? { examples: [doc.example] } : {}),
  });
  readers.set(schema, (raw) => {
    if (raw === undefined) return new FieldProblem(`is required: expected ${expected}`);
    const value = read(raw);
    return value === undefined ? new FieldProblem(problem(raw)) : value;
  });
  return schema;
}

/**
 * Any string, read as is (for operations that answer malformed values themselves). A missing or
 * non-text value is reported in our words, naming what was expected.
 *
 * @param expected What the value should be, for the message (default "text").
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { anyString } from "./params.ts";
 * const number = anyString("a NIC number");
 * console.log(number.safeParse(undefined).error?.issues[0]?.message); // "is required: expected a NIC number"
 * ```
 */
export function anyString(expected = "text"): z.ZodMiniString<string> {
  return z.string({
    error: (issue) =>
      issue.input === undefined
        ? `is required: expected ${expected}`
        : `must be ${expected}: got ${issue.input === null ? "null" : typeof issue.input}`,
  });
}

/** Options of {@linkcode decimal}. */
export interface DecimalOptions extends ParamDoc {
  /** Smallest accepted value (inclusive), checked after rounding. */
  min: number;
  /** Largest accepted value (inclusive), checked after rounding. */
  max: number;
  /** Reject the minimum itself (for "greater than zero"). */
  exclusiveMin?: boolean;
  /**
   * The parameter's precision: digits beyond it are rounded half away from zero (2 for money:
   * to the cent). Without it the value is kept as written.
   */
  maxDecimals?: number;
}

/**
 * Rounds plain decimal text half away from zero at `places` decimals, on the digits as written
 * (so `"0.125"` gives 0.13 and `"0.30000000000000004"` gives 0.3, with no binary noise).
 *
 * This is the numbers rule of every decimal parameter, the same on the server and in the SDK
 * (which writes a JavaScript number as its shortest plain decimal text first): any number of
 * decimals is accepted and rounded to the parameter's precision, and the answer echoes the
 * rounded value.
 *
 * @param raw Text matching `[+-]digits[.digits]`.
 * @param places Decimals to keep.
 * @returns The rounded value.
 *
 * @example Usage
 * ```ts
 * import { roundDecimalText } from "./params.ts";
 * console.log(roundDecimalText("1234567.895", 2)); // 1234567.9
 * console.log(roundDecimalText("0.30000000000000004", 2)); // 0.3
 * ```
 */
export function roundDecimalText(raw: string, places: number): number {
  const dot = raw.indexOf(".");
  if (dot === -1 || raw.length - dot - 1 <= places) return Number(raw);
  const kept = raw.slice(0, dot + 1 + places);
  const value = Number(kept.endsWith(".") ? kept.slice(0, -1) : kept);
  if (raw.charCodeAt(dot + 1 + places) < 53) return value; // next digit below "5": round down
  const step = 10 ** -places;
  const up = Math.abs(value) + step;
  const rounded = Number(up.toFixed(places));
  return raw.startsWith("-") ? -rounded : rounded;
}

/**
 * A decimal number in plain notation within a range, such as an amount or a rate. Any number of
 * decimals is accepted and rounded half away from zero to `maxDecimals` (see
 * {@linkcode roundDecimalText}); exponents (`1e5`), `NaN`, `Infinity` and empty values are not.
 *
 * @param options Range, precision and documentation.
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { decimal } from "./params.ts";
 * const amount = decimal({ min: 0, max: 1e12, maxDecimals: 2, description: "Amount in LKR" });
 * console.log(amount.parse("2500.50")); // 2500.5
 * console.log(amount.parse("1234567.891")); // 1234567.89
 * ```
 */
export function decimal(options: DecimalOptions): ParamSchema<number> {
  const { min, max, exclusiveMin = false, maxDecimals } = options;
  const bound = exclusiveMin ? `greater than ${min}` : `from ${min}`;
  const expected = `a number ${bound} to ${max} in plain decimal notation`;
  const schema = stringField(
    expected,
    (raw) => {
      if (!DECIMAL.test(raw)) return undefined;
      const value = maxDecimals === undefined ? Number(raw) : roundDecimalText(raw, maxDecimals);
      if (!Number.isFinite(value) || value > max || value < min) return undefined;
      if (exclusiveMin && value === min) return undefined;
      return value === 0 ? 0 : value; // normalise -0
    },
    {
      type: "number",
      ...(exclusiveMin ? { exclusiveMinimum: min } : { minimum: min }),
      maximum: max,
    },
    maxDecimals === undefined ? options : {
      ...options,
      description: `${options.description} (more decimals are rounded half away from zero to ${
        maxDecimals === 0
          ? "a whole number"
          : `${maxDecimals} decimal place${maxDecimals === 1 ? "" : "s"}`
      })`,
    },
  );
  integerReaders.set(schema, inRange(min, max, exclusiveMin));
  return schema;
}

/** Options of {@linkcode integer}. */
export interface IntegerOptions extends ParamDoc {
  /** Smallest accepted value (inclusive). */
  min: number;
  /** Largest accepted value (inclusive). */
  max: number;
}

/**
 * A whole number within a range, written with digits only.
 *
 * @param options Range and documentation.
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { integer } from "./params.ts";
 * const months = integer({ min: 1, max: 600, description: "Tenure in months" });
 * console.log(months.parse("60")); // 60
 * ```
 */
export function integer(options: IntegerOptions): ParamSchema<number> {
  const { min, max } = options;
  const expected = `a whole number from ${min} to ${max}`;
  const schema = stringField(
    expected,
    (raw) => {
      if (!/^[+-]?\d+$/.test(raw)) return undefined;
      const value = Number(raw);
      return Number.isSafeInteger(value) && value >= min && value <= max
        ? (value === 0 ? 0 : value)
        : undefined;
    },
    { type: "integer", minimum: min, maximum: max },
    options,
  );
  integerReaders.set(schema, inRange(min, max, false));
  return schema;
}

/**
 * One of a fixed list of words. The one enum rule of the API: matched without regard to case
 * (`ADD`, `Add` and `add` all mean `add`), and the parsed value, which the answer echoes, is the
 * canonical spelling from the list.
 *
 * @param values The accepted values; the parsed value is the canonical spelling from this list.
 * @param options Documentation (`ignoreCase` is accepted for compatibility; case is always
 *   ignored).
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { oneOf } from "./params.ts";
 * const mode = oneOf(["add", "remove"] as const, { description: "Add or remove VAT" });
 * console.log(mode.parse("REMOVE")); // "remove"
 * ```
 */
export function oneOf<const T extends string>(
  values: readonly T[],
  options: ParamDoc & { ignoreCase?: boolean },
): ParamSchema<T> {
  const expected = `one of ${values.map((v) => `"${v}"`).join(", ")}`;
  const lookup = new Map(values.map((v) => [v.toLowerCase(), v]));
  return stringField(
    expected,
    (raw) => lookup.get(raw.toLowerCase()),
    { type: "string", enum: [...values] },
    options,
  );
}

/**
 * A flag: `1` or `true` for yes, `0` or `false` for no.
 *
 * @param options Documentation.
 * @returns The schema.
 *
 * @example Usage
 * ```ts
 * import { flag } from "./params.ts";
 * console.log(flag({ description: "Show the schedule" }).parse("1")); // true
 * ```
 */
export function flag(options: ParamDoc): ParamSchema<boolean> {
  const table: Record<string, boolean> = { "1": true, "true": true, "0": false, "false": false };
  return stringField(
    `"1" or "0" ("true" and "false" also accepted)`,
    (raw) => table[raw.toLowerCase()],
    {
      type: "string",
      enum: ["1", "0", "true", "false"],
    },
    options,
  );
}

/** The earliest date a date parameter takes. */
export const DATE_MIN = "1900-01-01";
/**
 * The latest date a date parameter takes: far enough for any term an operation adds (at most 50
 * years, an FD of 600 months), near enough that every date an answer computes stays a four-digit
 * year, as `YYYY-MM-DD` in the result schemas requires.
 */
export const DATE_MAX = "2199-12-31";

/**
 * A calendar date written `YYYY-MM-DD`, which must exist (no 30 February), from
 * {@linkcode DATE_MIN} to {@linkcode DATE_MAX}.
 *
 * @param options Documentation.
 * @returns The schema; the parsed value is the same `YYYY-MM-DD` string.
 *
 * @example Usage
 * ```ts
 * import { isoDate } from "./params.ts";
 * console.log(isoDate({ description: "Start date" }).parse("2026-05-30")); // "2026-05-30"
 * ```
 */
export function isoDate(options: ParamDoc): ParamSchema<string> {
  return stringField(
    `a date written YYYY-MM-DD from ${DATE_MIN} to ${DATE_MAX}`,
    (raw) => isValidIsoDate(raw) && raw >= DATE_MIN && raw <= DATE_MAX ? raw : undefined,
    { type: "string", format: "date" },
    options,
  );
}

/**
 * Free text up to a length, trimmed; used for search terms and path segments.
 *
 * @param options Documentation and the maximum length in characters.
 * @returns The schema.
 */
export function text(options: ParamDoc & { maxLength: number }): ParamSchema<string> {
  const { maxLength, description, example } = options;
  const string = z.string({
    error: (issue) => issue.input === undefined ? "is required" : "must be text",
  }).check(z.maxLength(maxLength, { error: `must be at most ${maxLength} characters long` }));
  return z.pipe(string, z.transform((raw: string) => raw.trim()))
    .register(z.globalRegistry, {
      type: "string",
      maxLength,
      description,
      ...(example ? { examples: [example] } : {}),
    });
}
