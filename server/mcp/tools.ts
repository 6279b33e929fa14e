/**
 * The MCP tools, generated from the operation registry: one tool per public operation (not the
 * account API, not the editors' draft API), with the operation's title and description, an input
 * schema read from its parameters as the OpenAPI document reads them (numbers as numbers, enums
 * as enums), and an output schema read from its result schema. Nothing here is written per
 * operation: an operation added to the registry is a tool with no edit.
 *
 * Pure: no Deno APIs, so the stdio server (computing with the SDK) and the HTTP mount (going
 * through the server's request pipeline) share it.
 *
 * @module
 */
import { type JsonObject, jsonSchema, operationParameters } from "../../core/openapi.ts";
import type { AnyOperation } from "../../core/operation.ts";

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
  /** JSON Schema of `structuredContent` (an object); absent for binary answers (voice). */
  outputSchema?: JsonObject & { type: "object" };
  /** Hints for clients: every tool only reads. */
  annotations: { title: string; readOnlyHint: true; openWorldHint: boolean };
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

function inputSchema(op: AnyOperation): JsonObject & { type: "object" } {
  if (op.body) {
    const body = jsonSchema(op.body, "input");
    return { ...body, type: "object" };
  }
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  for (const param of operationParameters(op)) {
    if (NOT_OFFERED.has(param.name)) continue;
    const schema: JsonObject = { ...param.schema };
    if (param.description) schema.description = param.description;
    if (param.example !== undefined && schema.examples === undefined) {
      schema.examples = [param.example];
    }
    properties[param.name] = schema;
    if (param.required) required.push(param.name);
  }
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

function outputSchema(
  op: AnyOperation,
): { schema: JsonObject & { type: "object" }; wrapped: boolean } {
  const schema = jsonSchema(op.result, "output");
  if (schema.type === "object") return { schema: { ...schema, type: "object" }, wrapped: false };
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf as JsonObject[] : undefined;
  if (branches?.length && branches.every((branch) => branch.type === "object")) {
    return { schema: { ...schema, type: "object" }, wrapped: false };
  }
  const { $defs, ...inner } = schema;
  return {
    schema: {
      type: "object",
      properties: { result: inner },
      required: ["result"],
      ...($defs ? { $defs } : {}),
    },
    wrapped: true,
  };
}

function describe(op: AnyOperation): string {
  let text = op.description;
  if (op.provenance) {
    text +=
      ` Figures from ${op.provenance.sourceUrl} (last checked ${op.provenance.lastVerified}).`;
  }
  if (op.keyOnly) text += " Needs an API key.";
  return text;
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
  return ops.filter((op) => isPublicOperation(op) && offered(op)).map((op) => {
    const output = op.produces ? undefined : outputSchema(op);
    return {
      op,
      wrapped: output?.wrapped ?? false,
      definition: {
        name: op.name,
        title: op.title,
        description: describe(op),
        inputSchema: inputSchema(op),
        ...(output ? { outputSchema: output.schema } : {}),
        annotations: {
          title: op.title,
          readOnlyHint: true,
          // Server-only answers (news, store) change with the world; calculators do not.
          openWorldHint: !op.local,
        },
      },
    };
  });
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
  const types = new Map(operationParameters(op).map((p) => [p.name, p.schema.type]));
  const args: Record<string, unknown> = {};
  for (const [name, value] of raw) {
    if (NOT_OFFERED.has(name)) continue; // a tool always answers JSON
    const type = types.get(name);
    const number = Number(value);
    args[name] = (type === "number" || type === "integer") && Number.isFinite(number)
      ? number
      : value;
  }
  return args;
}
