/**
 * Turns typed parameters into what the server would see: strings, in the path or the query, or a
 * JSON body for POST operations.
 *
 * @module
 */
import type { AnyOperation } from "../core/operation.ts";
import { ApiError } from "../core/errors.ts";

/**
 * A finite number as plain decimal text, never exponent notation: JavaScript's shortest
 * round-trip digits (`String(n)`), with the exponent forms written out (numbers under 1e-6 to 20
 * decimals, which every parameter's precision rounds away).
 *
 * @param value A finite number.
 * @returns The text, for example `"0.30000000000000004"`, `"1000000000000000000000"`.
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
 * Typed parameters as `[name, string]` pairs, exactly as they would appear in a URL: numbers as
 * plain decimal text ({@linkcode plainNumber}), booleans as `true`/`false`, `undefined` left out.
 *
 * @param params The parameters.
 * @returns The pairs.
 * @throws {ApiError} A 400 `invalid_param` naming a parameter whose value is not a string, a
 *   finite number or a boolean (`NaN`, `Infinity`, `null`, an object).
 */
export function toEntries(params: object | undefined): [string, string][] {
  const entries: [string, string][] = [];
  if (!params) return entries;
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (typeof value === "string") entries.push([name, value]);
    else if (typeof value === "number" && Number.isFinite(value)) {
      entries.push([name, plainNumber(value)]);
    } else if (typeof value === "boolean") entries.push([name, String(value)]);
    else throw notAParamValue(name, value);
  }
  return entries;
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

/** Where a request goes and what it carries. */
export interface Target {
  /** Path and query below the base URL, for example `/api/v1/vat?amount=1000`. */
  path: string;
  /** The JSON body of a POST operation. */
  body: string | undefined;
  /** Path parameters that are missing, empty, `.` or `..` (the request cannot be sent). */
  missing: string[];
}

/**
 * Builds the path, query and body of an operation's request.
 *
 * @param op The operation.
 * @param params Typed parameters.
 * @returns The target.
 */
export function target(op: AnyOperation, params: object | undefined): Target {
  let path = op.path;
  const missing: string[] = [];
  const query = new URLSearchParams();
  const bodyFields: Record<string, unknown> = {};
  for (const [name, value] of toEntries(params)) {
    const slot = `{${name}}`;
    if (path.includes(slot)) {
      // "", "." and ".." cannot travel as a path segment (URL parsing drops or resolves them).
      if (value === "" || value === "." || value === "..") missing.push(name);
      path = path.replace(slot, encodeURIComponent(value));
    } else if (op.body) {
      bodyFields[name] = (params as Record<string, unknown>)[name];
    } else {
      query.append(name, value);
    }
  }
  for (const match of path.matchAll(/\{(\w+)\}/g)) missing.push(match[1]!);
  const search = query.toString();
  return {
    path: `/api/v1${path}${search ? `?${search}` : ""}`,
    body: op.body ? JSON.stringify(bodyFields) : undefined,
    missing,
  };
}
