/**
 * A typed parameter value (text, number, yes/no) as the text the server would receive: the one
 * rule the SDK sends by and computes by (see `docs/sdk.md`, "Numbers"). Pure and zod-free, so the
 * client's local path and its request builder share it.
 *
 * @module
 */
import { ApiError } from "./errors.ts";

/**
 * A finite number as plain decimal text, never exponent notation: JavaScript's shortest
 * round-trip digits (`String(n)`), with the exponent forms written out (numbers under 1e-6 to 20
 * decimals, which every parameter's precision rounds away).
 *
 * @param value A finite number.
 * @returns The text, for example `"0.30000000000000004"`, `"1000000000000000000000"`.
 *
 * @example Usage
 * ```ts
 * import { plainNumber } from "./param_text.ts";
 * console.log(plainNumber(1e21)); // "1000000000000000000000"
 * ```
 */
export function plainNumber(value: number): string {
  const text = String(value);
  const e = text.indexOf("e");
  if (e === -1) return text;
  if (Math.abs(value) < 1) return value.toFixed(20).replace(/\.?0+$/, "") || "0";
  const sign = value < 0 ? "-" : "";
  const mantissa = text.slice(sign.length, e);
  const digits = mantissa.replace(".", "");
  const point = (mantissa.indexOf(".") === -1 ? mantissa.length : mantissa.indexOf(".")) +
    Number(text.slice(e + 1));
  return sign + digits + "0".repeat(Math.max(point - digits.length, 0));
}

/**
 * One typed value as the text it travels as: text as is, a finite number as
 * {@linkcode plainNumber}, a boolean as `true`/`false`; `undefined` is left out (undefined).
 *
 * @param name The parameter's name, for the error.
 * @param value The value.
 * @returns The text, or undefined for `undefined`.
 * @throws {ApiError} A 400 `invalid_param` naming the parameter for any other value (`NaN`,
 *   `Infinity`, `null`, an object, an array).
 *
 * @example Usage
 * ```ts
 * import { paramText } from "./param_text.ts";
 * console.log(paramText("amount", 0.1 + 0.2)); // "0.30000000000000004"
 * ```
 */
export function paramText(name: string, value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return plainNumber(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value === undefined) return undefined;
  throw notAParamValue(name, value);
}

function notAParamValue(name: string, value: unknown): ApiError {
  const got = typeof value === "number"
    ? String(value)
    : value === null
    ? "null"
    : Array.isArray(value)
    ? "an array"
    : `a value of type ${typeof value}`;
  const expected = typeof value === "number" ? "a finite number" : "a number, text or a boolean";
  return ApiError.invalidParam(name, `Parameter "${name}" must be ${expected}: got ${got}`);
}
