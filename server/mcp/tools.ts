/**
 * The MCP tools, generated from the operation registry: one tool per public operation (not the
 * account API, not the editors' draft API), with the operation's title and description and an
 * input schema read from its parameters as the OpenAPI document reads them (numbers as numbers,
 * enums as enums, yes/no as booleans), cut to what a model needs to choose a tool and call it:
 * the API's rules of notation (how enums and decimals are read in a URL, the Accept-Language
 * fallback) are not repeated on every parameter, and there is no output schema (the answer's
 * text states its figures, `structuredContent` carries the data). Nothing here is written per
 * operation: an operation added to the registry is a tool with no edit.
 *
 * Pure: no Deno APIs, so the stdio server (computing with the SDK) and the HTTP mount (going
 * through the server's request pipeline) share it.
 *
 * @module
 */
import { ENUM_RULE, type JsonObject, jsonSchema, operationParameters } from "../../core/openapi.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { hasGenericLang } from "../../core/lang_param.ts";

/** One MCP tool as `tools/list` describes it. */
export interface ToolDefinition {
  [key: string]: unknown;
  /** The operation name (`meta.endpoint`). */
  name: string;
  /** The operation's title. */
  title: string;
  /** The operation's description, its source and what it needs. */
  description: string;
  /** JSON Schema of the arguments (an object). */
  inputSchema: JsonObject & { type: "object" };
  /** Hints for clients: every tool only reads. */
  annotations: { readOnlyHint: true; openWorldHint: boolean };
}

/** A tool and the operation behind it. */
export interface Tool {
  /** The operation. */
  op: AnyOperation;
  /** What `tools/list` says. */
  definition: ToolDefinition;
  /**
   * Whether the result is not an object and is given as `{ result: ... }` in `structuredContent`
   * (MCP asks for an object there).
   */
  wrapped: boolean;
}

/**
 * Whether an operation is offered as a tool: every operation but the account API (sign-up,
 * sessions, keys) and the editors' news drafts.
 *
 * @param op The operation.
 * @returns Whether it is public.
 */
export function isPublicOperation(op: AnyOperation): boolean {
  return op.account === undefined;
}

/** Parameters that choose a representation other than JSON: a tool always answers JSON. */
const NOT_OFFERED = new Set(["format"]);

/**
 * The names of the parameters an operation takes that a tool does not offer (`format`: a tool's
 * result is always the JSON data).
 *
 * @param op The operation.
 * @returns Those names.
 */
export function withheldParams(op: AnyOperation): string[] {
  return Object.keys(op.params.shape).filter((name) => NOT_OFFERED.has(name));
}

/** The values of a yes/no parameter in a URL (`flag()` of `core/params.ts`). */
const FLAG_VALUES = JSON.stringify(["1", "0", "true", "false"]);

/** What the API says on every parameter of a kind, which a model calling a tool needs not read. */
const API_WORDING: readonly RegExp[] = [
  new RegExp(`\\.? ?${ENUM_RULE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  / \(more decimals are rounded half away from zero to [^)]*\)/,
];

/** The generic `lang`, said once in a form a model needs. */
const LANG_DESCRIPTION = "Language of the answer's text: en (default), si (Sinhala) or ta (Tamil)";

/**
 * One argument as a model needs it to call the tool: its type and range, its values, its meaning
 * in the operation's words without the API's rules of notation (numbers are JSON numbers here, an
 * enum lists its values, yes/no is a boolean), and an example where its type does not say it all.
 */
function argumentSchema(
  op: AnyOperation,
  param: ReturnType<typeof operationParameters>[number],
): JsonObject {
  const { description: _rule, examples: _examples, ...schema } = param.schema;
  let description = param.description;
  for (const wording of API_WORDING) description = description?.replace(wording, "");
  if (param.name === "lang" && hasGenericLang(op)) description = LANG_DESCRIPTION;
  if (JSON.stringify(schema.enum) === FLAG_VALUES) {
    return {
      type: "boolean",
      ...(description
        ? {
          description: description.replace("(default 1)", "(default true)").replace(
            "(default 0)",
            "(default false)",
          ),
        }
        : {}),
    };
  }
  const example = schema.enum || schema.type === "boolean" ? undefined : param.example;
  return {
    ...schema,
    ...(description ? { description } : {}),
    ...(example !== undefined ? { examples: [example] } : {}),
  };
}

function inputSchema(op: AnyOperation): JsonObject & { type: "object" } {
  if (op.body) {
    const body = jsonSchema(op.body, "input");
    return { ...body, type: "object" };
  }
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  for (const param of operationParameters(op)) {
    if (NOT_OFFERED.has(param.name)) continue;
    properties[param.name] = argumentSchema(op, param);
    if (param.required) required.push(param.name);
  }
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * Whether an operation's result is not an object and is given as `{ result: ... }` in
 * `structuredContent` (MCP asks for an object there).
 */
function wrapsResult(op: AnyOperation): boolean {
  const schema = jsonSchema(op.result, "output");
  if (schema.type === "object") return false;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf as JsonObject[] : undefined;
  return !(branches?.length && branches.every((branch) => branch.type === "object"));
}

function describe(op: AnyOperation): string {
  return op.keyOnly ? `${op.description} Needs an API key.` : op.description;
}

/**
 * The tools of a list of operations (the registry): every public one, in registry order.
 *
 * @param ops The operations.
 * @param offered Which operations this server can answer (the stdio server: the local ones).
 * @returns The tools.
 */
export function buildTools(
  ops: readonly AnyOperation[],
  offered: (op: AnyOperation) => boolean = () => true,
): Tool[] {
  return ops.filter((op) => isPublicOperation(op) && offered(op)).map((op) => ({
    op,
    wrapped: !op.produces && wrapsResult(op),
    definition: {
      name: op.name,
      title: op.title,
      description: describe(op),
      inputSchema: inputSchema(op),
      annotations: {
        readOnlyHint: true,
        // Server-only answers (news, store) change with the world; calculators do not.
        openWorldHint: !op.local,
      },
    },
  }));
}

/**
 * The arguments of an operation's example request (its `example` URL, or its `exampleBody`),
 * typed as its input schema types them: what a client would send to call the tool with that example (without `format`,
 * which a tool does not offer).
 *
 * @param op The operation.
 * @returns The arguments.
 */
export function exampleArguments(op: AnyOperation): Record<string, unknown> {
  // An operation that takes a JSON body: its arguments are that body (the text converters).
  if (op.body && op.exampleBody) return { ...op.exampleBody };
  const url = new URL(op.example, "http://example.invalid");
  const raw = new Map<string, string>(url.searchParams);
  const template = op.path.split("/");
  const actual = url.pathname.slice("/api/v1".length).split("/");
  template.forEach((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name && actual[i] !== undefined) raw.set(name, decodeURIComponent(actual[i]!));
  });
  const types = new Map(
    operationParameters(op).map((p) => [p.name, argumentSchema(op, p).type]),
  );
  const args: Record<string, unknown> = {};
  for (const [name, value] of raw) {
    if (NOT_OFFERED.has(name)) continue; // a tool always answers JSON
    const type = types.get(name);
    const number = Number(value);
    args[name] = (type === "number" || type === "integer") && Number.isFinite(number)
      ? number
      : type === "boolean"
      ? value === "1" || value.toLowerCase() === "true"
      : value;
  }
  return args;
}
