/**
 * The MCP server: `tools/list` answers the tools generated from the registry (`tools.ts`), and
 * `tools/call` hands a tool's arguments to an {@linkcode Invoke} (the server's request pipeline
 * over HTTP, the SDK computing locally over stdio) and turns its outcome into the tool's result:
 * the data as `structuredContent`, a short text stating the figures, the source and the date it
 * was checked, and errors as tool errors (`isError`) in the API's words, naming the parameter.
 *
 * Built on the official MCP TypeScript SDK's low-level `Server`, with the JSON Schemas the
 * registry yields (no second schema library).
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { AnyOperation } from "../../core/operation.ts";
import type { Tool } from "./tools.ts";
import { withheldParams } from "./tools.ts";

/** One problem with one parameter, as the API's error envelope lists them. */
export interface OutcomeDetail {
  param: string;
  message: string;
}

/** What calling an operation gave. */
export type Outcome =
  | {
    kind: "data";
    /** The envelope's `data`. */
    data: unknown;
    /** The envelope's `meta` (`source_url`, `last_verified`, quota), when there is one. */
    meta?: Record<string, unknown> | undefined;
    /** The caller's daily quota after the call (HTTP only). */
    rateLimit?: { limit: number; remaining: number; reset: number } | undefined;
    /** The request id (HTTP only). */
    requestId?: string | undefined;
  }
  | {
    kind: "audio";
    /** The audio bytes. */
    bytes: Uint8Array;
    /** Their media type, for example `audio/mpeg`. */
    mimeType: string;
    /** What the answer's headers say about it (duration, language). */
    notes: string[];
    requestId?: string | undefined;
  }
  | {
    kind: "error";
    /** What went wrong, for people (the API's `error`). */
    error: string;
    /** The API's stable code, for example `invalid_param`. */
    code: string;
    /** One entry per parameter at fault. */
    details?: OutcomeDetail[] | undefined;
    requestId?: string | undefined;
  };

/** Calls an operation with a tool's arguments. */
export type Invoke = (op: AnyOperation, args: Record<string, unknown>) => Promise<Outcome>;

/** Options of {@linkcode createMcpServer}. */
export interface McpServerOptions {
  /** The tools (from `buildTools`). */
  tools: readonly Tool[];
  /** How a call is answered. */
  invoke: Invoke;
  /** How callers reach this server, for the instructions (`HTTP` or `stdio`). */
  transport: string;
}

/** The server's name and version in `initialize`. */
export const SERVER_INFO = { name: "lanka-api", version: "1.0.0" } as const;

const INSTRUCTIONS =
  "Lanka API: Sri Lanka's calculators and calendars (APIT/PAYE, VAT, EPF/ETF payslips, gratuity, loans, fixed deposits, holidays, working days, NIC and plate decoding, land units, districts, A/L z-scores, scholarship cut-offs, amounts in words). Every answer states the official source of its figures and when it was last checked: quote them. Where a source gives no figure, the tool says so rather than guess. Tools that take `lang` answer their text for people in en, si (Sinhala) or ta (Tamil).";

/**
 * Builds an MCP server over a set of tools. Connect it to a transport (`server.connect`).
 *
 * @param options The tools, how a call is answered, and the transport's name.
 * @returns The server.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const byName = new Map(options.tools.map((tool) => [tool.definition.name, tool]));
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: `${INSTRUCTIONS} (Served over ${options.transport}.)`,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: options.tools.map((tool) => tool.definition),
  }));
  server.setRequestHandler(
    CallToolRequestSchema,
    async (request: CallToolRequest): Promise<CallToolResult> => {
      const { name } = request.params;
      const args = request.params.arguments ?? {};
      const tool = byName.get(name);
      if (!tool) {
        return errorResult({
          kind: "error",
          code: "not_found",
          error: `No tool is called "${name}": tools/list names them all`,
        });
      }
      const withheld = withheldParams(tool.op).filter((param) => Object.hasOwn(args, param));
      if (withheld.length) {
        return errorResult({
          kind: "error",
          code: "invalid_param",
          error: withheld.map(notOffered).join("; "),
          details: withheld.map((param) => ({ param, message: notOffered(param) })),
        });
      }
      let outcome: Outcome;
      try {
        outcome = await options.invoke(tool.op, args);
      } catch (error) {
        outcome = {
          kind: "error",
          code: "internal_error",
          error: `The tool "${name}" failed: ${error instanceof Error ? error.message : error}`,
        };
      }
      return toolResult(tool, outcome);
    },
  );
  return server;
}

function notOffered(param: string): string {
  return `Parameter "${param}" is not offered by the tool: a tool always answers JSON data`;
}

/**
 * The result of a tool call from an operation's outcome.
 *
 * @param tool The tool.
 * @param outcome What the call gave.
 * @returns The MCP result.
 */
export function toolResult(tool: Tool, outcome: Outcome): CallToolResult {
  if (outcome.kind === "error") return errorResult(outcome);
  if (outcome.kind === "audio") {
    return {
      content: [
        {
          type: "audio",
          data: base64(outcome.bytes),
          mimeType: outcome.mimeType,
        },
        {
          type: "text",
          text: [`${tool.op.title}: ${outcome.bytes.length} bytes of ${outcome.mimeType}`]
            .concat(outcome.notes).join("\n"),
        },
      ],
      ...(outcome.requestId ? { _meta: { "lanka/requestId": outcome.requestId } } : {}),
    };
  }
  const structured = tool.wrapped
    ? { result: outcome.data }
    : outcome.data as Record<string, unknown>;
  const _meta: Record<string, unknown> = {};
  if (outcome.rateLimit) _meta["lanka/rateLimit"] = outcome.rateLimit;
  if (outcome.requestId) _meta["lanka/requestId"] = outcome.requestId;
  return {
    content: [
      { type: "text", text: summary(tool.op, outcome.data, outcome.meta) },
      { type: "text", text: JSON.stringify(outcome.data) },
    ],
    structuredContent: structured,
    ...(Object.keys(_meta).length ? { _meta } : {}),
  };
}

/**
 * A tool error (`isError`): the API's message, then one line per parameter at fault.
 *
 * @param outcome The error.
 * @returns The MCP result.
 */
export function errorResult(outcome: Extract<Outcome, { kind: "error" }>): CallToolResult {
  const lines = [`Error (${outcome.code}): ${outcome.error}`];
  for (const detail of outcome.details ?? []) {
    if (detail.message !== outcome.error) lines.push(`- ${detail.param}: ${detail.message}`);
  }
  return {
    isError: true,
    content: [{ type: "text", text: lines.join("\n") }],
    _meta: {
      "lanka/error": {
        code: outcome.code,
        ...(outcome.details ? { details: outcome.details } : {}),
      },
      ...(outcome.requestId ? { "lanka/requestId": outcome.requestId } : {}),
    },
  };
}

/** Fields every answer's last lines state once (`Source: ... (last checked ...)`). */
const SAID_BELOW = new Set(["source", "sourceUrl", "lastVerified"]);
/** The most lines of figures a summary gives; the rest is in `structuredContent`. */
const MAX_LINES = 60;
/** The most items of one list a summary names. */
const MAX_ITEMS = 30;
/** Longer text is left to `structuredContent`. */
const MAX_TEXT = 200;
/** Fields that name a list's item, in the order looked for. */
const NAMES = ["name", "title", "label", "message", "slug", "id", "code", "date"];

/**
 * The short text of a result, the figures a person asked for, to quote: the operation's title,
 * then every figure of the answer, nested ones by their path (`deductions.epfEmployee: 13600`),
 * shallow ones first, and each item of a list by its name with its own figures, then the source
 * with its check date. Long texts and what does not fit are left to `structuredContent` (and the
 * JSON text after this one).
 *
 * @param op The operation.
 * @param data The answer's data.
 * @param meta The answer's meta (its source and check date).
 * @returns The text.
 */
export function summary(
  op: AnyOperation,
  data: unknown,
  meta: Record<string, unknown> | undefined,
): string {
  const lines = [`${op.title}`, ...figures(data)];
  const source = meta?.source_url ?? op.provenance?.sourceUrl;
  const checked = meta?.last_verified ?? op.provenance?.lastVerified;
  if (typeof source === "string") {
    lines.push(
      `Source: ${source}${typeof checked === "string" ? ` (last checked ${checked})` : ""}`,
    );
  }
  // A local answer's page link points at the client's base URL, which may not be a server.
  if (typeof meta?.page_url === "string" && meta.tier !== "local") {
    lines.push(`Page: ${meta.page_url}`);
  }
  return lines.join("\n");
}

type Scalar = string | number | boolean;

function scalar(value: unknown): value is Scalar {
  return typeof value === "number" || typeof value === "boolean" ||
    (typeof value === "string" && value.length <= MAX_TEXT);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The lines of figures of an answer, breadth first: `- path: value`. */
function figures(data: unknown): string[] {
  if (scalar(data)) return [`- ${data}`];
  if (Array.isArray(data)) return list(undefined, data);
  if (!isRecord(data)) return [];
  const lines: string[] = [];
  let level: [string, Record<string, unknown>][] = [["", data]];
  while (level.length && lines.length < MAX_LINES) {
    const next: [string, Record<string, unknown>][] = [];
    for (const [path, object] of level) {
      for (const [key, value] of Object.entries(object)) {
        if (SAID_BELOW.has(key) || value === null || value === undefined) continue;
        const name = `${path}${key}`;
        if (scalar(value)) lines.push(`- ${name}: ${value}`);
        else if (Array.isArray(value)) lines.push(...list(name, value));
        else if (isRecord(value)) next.push([`${name}.`, value]);
      }
    }
    level = next;
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), "- … (the rest in the structured answer)"];
}

/** A list: its scalars on one line, or each item by its name with its own figures. */
function list(name: string | undefined, items: unknown[]): string[] {
  const head = name === undefined ? "" : `${name}: `;
  if (!items.length) return [`- ${head}none`];
  if (items.every(scalar)) return [`- ${head}${items.slice(0, MAX_ITEMS).join(", ")}`];
  const lines = [`- ${head}${items.length} item${items.length === 1 ? "" : "s"}`];
  for (const item of items.slice(0, MAX_ITEMS)) lines.push(`  - ${itemText(item)}`);
  if (items.length > MAX_ITEMS) lines.push(`  - … and ${items.length - MAX_ITEMS} more`);
  return lines;
}

/** One item of a list: its name, then its other short figures in brackets. */
function itemText(item: unknown): string {
  if (!isRecord(item)) return scalar(item) ? String(item) : JSON.stringify(item);
  const key = NAMES.find((name) => scalar(item[name]));
  const details = Object.entries(item)
    .filter(([field, value]) =>
      field !== key && !SAID_BELOW.has(field) && scalar(value) &&
      (typeof value !== "string" || value.length <= 60)
    )
    .slice(0, 8)
    .map(([field, value]) => `${field} ${value}`);
  const title = key === undefined ? "" : String(item[key]);
  return details.length ? `${title} (${details.join(", ")})`.trim() : title;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
