/**
 * An operation's example request, whatever carries its input: the path and query of its `example`
 * URL, or, for an operation that takes a JSON body (`POST /text/*`), its `exampleBody`.
 *
 * @module
 */
import type { AnyOperation } from "../../core/operation.ts";
import type { ParamValue } from "../../mod.ts";
import { exampleParams } from "../../server/pages/tool.ts";

/**
 * The input of an operation's example, as the SDK's `call()` takes it: the example body (whose
 * fields are plain values), or the example URL's path and query parameters (as text).
 *
 * @param op The operation.
 * @returns The input.
 */
export function exampleInput(op: AnyOperation): Record<string, ParamValue> {
  if (!op.body) return Object.fromEntries(exampleParams(op));
  if (!op.exampleBody) throw new TypeError(`Operation "${op.name}" has a body but no exampleBody`);
  const input: Record<string, ParamValue> = {};
  for (const [name, value] of Object.entries(op.exampleBody)) {
    if (!["string", "number", "boolean"].includes(typeof value)) {
      throw new TypeError(`The example body of "${op.name}" holds more than values: ${name}`);
    }
    input[name] = value as ParamValue;
  }
  return input;
}

/**
 * The example as an HTTP request to the server: its path, and for a body operation the method,
 * `Content-Type` and JSON body.
 *
 * @param op The operation.
 * @returns The path (with `/api/v1` and the query) and the request's init.
 */
export function exampleRequest(op: AnyOperation): { path: string; init: RequestInit } {
  if (!op.body) return { path: op.example, init: {} };
  return {
    path: op.example,
    init: {
      method: op.method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(exampleInput(op)),
    },
  };
}
