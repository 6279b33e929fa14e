/**
 * Parses raw string parameters against an operation and runs it: the path every local call
 * takes, on the server and in the SDK alike.
 *
 * @module
 */
import type * as z from "zod/mini";
import { ApiError, type ErrorDetail } from "./errors.ts";
import type { Operation, OperationContext, OperationFormat } from "./operation.ts";
import { paramText, plainNumber } from "./param_text.ts";
import { FieldProblem, fieldReader, type IntegerReader, integerReader } from "./params.ts";

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
  const { names, position, list, fields } = compile(op);
  const parse: ParamParser<P> = (entries) => {
    // Raw values by field position: no object with dynamic keys, no iterator for arrays.
    const raw: (string | undefined)[] = new Array(names.length);
    let details: ErrorDetail[] | undefined;
    const take = (name: string, value: string) => {
      const at = position.get(name);
      if (at === undefined) {
        (details ??= []).push(unknownParam(name, list));
      } else if (raw[at] !== undefined) {
        (details ??= []).push({
          param: name,
          message: `Parameter "${name}" is given more than once`,
        });
      } else {
        raw[at] = value;
      }
    };
    if (Array.isArray(entries)) {
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i] as readonly [string, string];
        take(entry[0], entry[1]);
      }
    } else {
      for (const [name, value] of entries) take(name, value);
    }
    if (details === undefined) return readFields<P>(fields, raw);
    throw ApiError.invalidParams(details);
  };
  parsers.set(op.params, parse as ParamParser<unknown>);
  return parse;
}

/**
 * Reads an object of typed values (the SDK's parameters: text, numbers, yes/no) into an
 * operation's parameters (see {@linkcode valuesParser}).
 */
export type ValuesParser<P> = (params: object | undefined) => P;

const valueParsers = new WeakMap<object, ValuesParser<unknown>>();

/**
 * The parser of an operation's parameters given as typed values, the way the SDK takes them,
 * compiled once and remembered. It gives exactly what writing each value as the text the server
 * would receive (`paramText`: numbers as plain decimal text, booleans as `true`/`false`,
 * `undefined` left out) and parsing those pairs with {@linkcode parseParams} gives, values and
 * errors alike, without writing the text where it cannot change the value (a safe integer read
 * by a numeric parameter is only range-checked).
 *
 * @param op The operation.
 * @returns A function reading an object of typed values into the parsed parameters.
 * @throws {ApiError} (from the function) A 400 `invalid_param` naming the first value that is no
 *   text, finite number or boolean; else one listing every unknown parameter, or every field the
 *   schema refuses.
 *
 * @example Usage
 * ```ts
 * import { valuesParser } from "./execute.ts";
 * import { vat } from "./ops/vat.ts";
 * console.log(valuesParser(vat)({ amount: 1000 })); // { amount: 1000, rate: 18, mode: "add" }
 * ```
 */
export function valuesParser<P>(op: Operation<P>): ValuesParser<P> {
  const known = valueParsers.get(op.params);
  if (known) return known as ValuesParser<P>;
  const { names, position, list, fields } = compile(op);
  const parse: ValuesParser<P> = (params) => {
    const values: Value[] = new Array(names.length);
    let details: ErrorDetail[] | undefined;
    if (params) {
      for (const name in params) {
        if (!Object.hasOwn(params, name)) continue;
        const value = (params as Record<string, unknown>)[name];
        if (value === undefined) continue;
        if (
          typeof value !== "string" && typeof value !== "boolean" &&
          !(typeof value === "number" && Number.isFinite(value))
        ) {
          paramText(name, value); // throws, naming the parameter
        }
        const at = position.get(name);
        if (at === undefined) (details ??= []).push(unknownParam(name, list));
        else values[at] = value as Value;
      }
    }
    if (details === undefined) return readFields<P>(fields, values);
    throw ApiError.invalidParams(details);
  };
  valueParsers.set(op.params, parse as ValuesParser<unknown>);
  return parse;
}

/** A value given for a parameter: its text, or (from the SDK) a number or a boolean. */
type Value = string | number | boolean | undefined;

interface Compiled {
  names: string[];
  position: Map<string, number>;
  /** The allowed names, for the error about an unknown one. */
  list: string;
  fields: CompiledField[];
}

const compiledOps = new WeakMap<object, Compiled>();

/** An operation's parameters compiled once, for both parsers. */
function compile(op: Pick<Operation, "params">): Compiled {
  let found = compiledOps.get(op.params);
  if (!found) {
    const names = paramNames(op);
    found = {
      names,
      position: new Map(names.map((name, i) => [name, i])),
      list: names.length ? `allowed: ${names.join(", ")}` : "this endpoint takes none",
      fields: compileFields(op.params),
    };
    compiledOps.set(op.params, found);
  }
  return found;
}

function unknownParam(name: string, list: string): ErrorDetail {
  return { param: name, message: `Unknown parameter "${name}": ${list}` };
}

/** Reads the values by field position into the parameters, or throws every problem. */
function readFields<P>(fields: CompiledField[], values: readonly Value[]): P {
  let details: ErrorDetail[] | undefined;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const value = values[i];
    let read: unknown;
    if (typeof value === "number") {
      const fast = field.integer === undefined ? undefined : field.integer(value);
      read = fast !== undefined ? fast : field.read(plainNumber(value));
    } else {
      read = field.read(typeof value === "boolean" ? (value ? "true" : "false") : value);
    }
    if (read instanceof FieldDetails) (details ??= []).push(...read.details);
    else if (read !== undefined) out[field.name] = read;
  }
  if (details === undefined) return out as P;
  throw ApiError.invalidParams(details);
}

interface CompiledField {
  name: string;
  /** The value (undefined: leave the key out), or the problems. */
  read(raw: string | undefined): unknown;
  /** A numeric field's reading of a safe integer given as a number (see `integerReader`). */
  integer: IntegerReader | undefined;
}

/** The problems of one field, as a compiled field reports them. */
class FieldDetails {
  readonly details: ErrorDetail[];
  constructor(details: ErrorDetail[]) {
    this.details = details;
  }
}

interface SchemaDef {
  type: string;
  innerType?: object;
  defaultValue?: unknown;
}

/**
 * Compiles an operation's parameters into one reader per field, once: the string parsers of
 * `params.ts` run without zod (optional and default wrappers unwrapped here); any other field is
 * read by its own zod schema. Same values and same messages as parsing the whole object with
 * zod, in the same order, at a fraction of the cost.
 */
function compileFields(schema: z.ZodMiniObject): CompiledField[] {
  const shape = schema.shape as Record<string, z.ZodMiniType>;
  return Object.entries(shape).map(([name, field]): CompiledField => {
    const def = (field as unknown as { _zod: { def: SchemaDef } })._zod.def;
    const wrapped = def.type === "optional" || def.type === "default";
    const reader = fieldReader(wrapped ? def.innerType! : field);
    const issue = (message: string) =>
      new FieldDetails([{ param: name, message: `Parameter "${name}" ${message}` }]);
    if (reader) {
      const optional = def.type === "optional";
      const hasDefault = def.type === "default";
      // A plain value is read once: zod's `defaultValue` is a getter that copies the value on
      // every read (an object default is still read, and so copied, each time).
      const first = hasDefault ? def.defaultValue : undefined;
      const constant = first === null || typeof first !== "object";
      return {
        name,
        integer: integerReader(wrapped ? def.innerType! : field),
        read(raw) {
          if (raw === undefined && optional) return undefined;
          if (raw === undefined && hasDefault) return constant ? first : def.defaultValue;
          const read = reader(raw);
          return read instanceof FieldProblem ? issue(read.message) : read;
        },
      };
    }
    return {
      name,
      integer: undefined,
      read(raw) {
        const result = field.safeParse(raw);
        if (result.success) return result.data;
        return new FieldDetails(result.error.issues.map((issue) => {
          const param = [name, ...issue.path.map(String)].join(".");
          return { param, message: `Parameter "${param}" ${issue.message}` };
        }));
      },
    };
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

/**
 * Reads a JSON body (already parsed from its text) into the input of an operation that takes
 * one (`op.body`): one 400 `invalid_param` error listing every problem, each naming its field
 * (`body` for a body that is not an object).
 *
 * @param op An operation with a body schema.
 * @param data The parsed JSON.
 * @returns The body as the schema parses it.
 *
 * @example Usage
 * ```ts
 * import { parseBody } from "./execute.ts";
 * import { textLegacy } from "./ops/text.ts";
 * console.log(parseBody(textLegacy, { text: "a", font: "DL-Manel" })); // { text: "a", font: "dl-manel" }
 * ```
 */
export function parseBody<P>(op: Operation<P>, data: unknown): P {
  const parsed = op.body!.safeParse(data);
  if (parsed.success) return parsed.data as P;
  throw ApiError.invalidParams(parsed.error.issues.flatMap((issue): ErrorDetail[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ param: key, message: `Request body ${issue.message}` }));
    }
    const param = issue.path.length ? issue.path.map(String).join(".") : "body";
    const subject = param === "body" ? "Request body" : `Field "${param}"`;
    return [{ param, message: `${subject} ${issue.message}` }];
  }));
}
