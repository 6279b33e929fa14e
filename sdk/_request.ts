/**
 * Turns typed parameters into what the server would see: strings, in the path or the query, or a
 * JSON body for POST operations.
 *
 * @module
 */
import type { AnyOperation } from "../core/operation.ts";
import { paramText, plainNumber } from "../core/param_text.ts";

export { plainNumber };

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
    const text = paramText(name, (params as Record<string, unknown>)[name]);
    if (text !== undefined) entries.push([name, text]);
  }
  return entries;
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
