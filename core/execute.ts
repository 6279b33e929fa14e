/**
 * Parses raw string parameters against an operation and runs it: the path every local call
 * takes, on the server and in the SDK alike.
 *
 * @module
 */
import type * as z from "zod/mini";
import { ApiError, type ErrorDetail } from "./errors.ts";
import type { Operation, OperationContext, OperationFormat } from "./operation.ts";

/**
 * Names of the parameters an operation accepts.
 *
 * @param op The operation.
 * @returns Parameter names in declaration order.
 */
export function paramNames(op: Pick<Operation, "params">): string[] {
  return Object.keys(op.params.shape);
}

/**
 * Reads raw `[name, value]` pairs (query and path parameters, all strings) into the typed
 * parameters of an operation.
 *
 * Rejects, with one 400 `invalid_param` error listing every problem: unknown parameters (naming
 * the allowed ones), a parameter given more than once, missing required ones, and values the
 * schema refuses.
 *
 * @param op The operation.
 * @param entries Raw pairs, for example `new URLSearchParams(search)`.
 * @returns The parsed parameters.
 *
 * @example Usage
 * ```ts
 * import { parseParams } from "./execute.ts";
 * import { vat } from "./ops/vat.ts";
 * console.log(parseParams(vat, [["amount", "1000"]])); // { amount: 1000, rate: 18, mode: "add" }
 * ```
 */
export function parseParams<P>(op: Operation<P>, entries: Iterable<readonly [string, string]>): P {
  return paramParser(op)(entries);
}

/** Reads raw `[name, value]` pairs into an operation's parameters (see {@linkcode paramParser}). */
export type ParamParser<P> = (entries: Iterable<readonly [string, string]>) => P;

const parsers = new WeakMap<object, ParamParser<unknown>>();

/**
 * The parameter parser of an operation, compiled once and remembered: what
 * {@linkcode parseParams} does, with the set of allowed names and the error text for unknown
 * ones worked out in advance rather than on every call. The server compiles one per route.
 *
 * @param op The operation.
 * @returns A function reading raw pairs into the typed parameters (same errors as
 *   {@linkcode parseParams}).
 *
 * @example Usage
 * ```ts
 * import { paramParser } from "./execute.ts";
 * import { vat } from "./ops/vat.ts";
 * const parse = paramParser(vat);
 * console.log(parse([["amount", "1000"]])); // { amount: 1000, rate: 18, mode: "add" }
 * ```
 */
export function paramParser<P>(op: Operation<P>): ParamParser<P> {
  const known = parsers.get(op.params);
  if (known) return known as ParamParser<P>;
  const names = paramNames(op);
  const allowed = new Set(names);
  const list = names.length ? `allowed: ${names.join(", ")}` : "this endpoint takes none";
  const schema = op.params;
  const parse: ParamParser<P> = (entries) => {
    const raw: Record<string, string> = {};
    let details: ErrorDetail[] | undefined;
    for (const [name, value] of entries) {
      if (!allowed.has(name)) {
        (details ??= []).push({ param: name, message: `Unknown parameter "${name}": ${list}` });
      } else if (Object.hasOwn(raw, name)) {
        (details ??= []).push({
          param: name,
          message: `Parameter "${name}" is given more than once`,
        });
      } else {
        raw[name] = value;
      }
    }
    if (details === undefined) {
      const result = schema.safeParse(raw);
      if (result.success) return result.data as P;
      details = issuesToDetails(result.error);
    }
    throw ApiError.invalidParams(details);
  };
  parsers.set(op.params, parse as ParamParser<unknown>);
  return parse;
}

function issuesToDetails(error: z.core.$ZodError): ErrorDetail[] {
  return error.issues.map((issue) => {
    const param = issue.path.length ? issue.path.map(String).join(".") : "(parameters)";
    return { param, message: `Parameter "${param}" ${issue.message}` };
  });
}

/**
 * Parses raw parameters and runs a local operation.
 *
 * @param op A local operation.
 * @param entries Raw `[name, value]` pairs.
 * @param ctx The context (today's date, base URL).
 * @returns The operation's result.
 * @throws {ApiError} For invalid parameters or impossible requests.
 * @throws {TypeError} If the operation has no local implementation.
 */
export function execute<P, R>(
  op: Operation<P, R>,
  entries: Iterable<readonly [string, string]>,
  ctx: OperationContext,
): R {
  if (!op.run) {
    throw new TypeError(
      `Cannot run operation "${op.name}" locally: it is served by the server only`,
    );
  }
  return op.run(parseParams(op, entries), ctx);
}

/**
 * The representation other than JSON that the parsed parameters ask for: the operation's
 * `formats` entry named by its `format` parameter, if any.
 *
 * @param op The operation.
 * @param params Its parsed parameters.
 * @returns The format, or undefined for the JSON envelope.
 */
export function chosenFormat<P, R>(
  op: Operation<P, R>,
  params: P,
): OperationFormat<P, R> | undefined {
  const name = (params as { format?: unknown } | undefined)?.format;
  return typeof name === "string" ? op.formats?.[name] : undefined;
}
