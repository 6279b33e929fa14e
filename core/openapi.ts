/**
 * The OpenAPI 3.1 document, generated from the registry's zod schemas with `z.toJSONSchema`
 * (JSON Schema 2020-12 is the OpenAPI 3.1 dialect).
 *
 * @module
 */
import * as z from "zod/mini";
import type { AnyOperation } from "./operation.ts";

/** A JSON object (an OpenAPI fragment). */
export type JsonObject = Record<string, unknown>;

/** Options of {@linkcode buildOpenApi}. */
export interface OpenApiOptions {
  /** Public base URL of the server. */
  baseUrl: string;
  /** Path items the server adds beyond the registry (service index, accounts, health). */
  extraPaths?: Record<string, JsonObject>;
  /** Component schemas those path items refer to. */
  extraSchemas?: Record<string, JsonObject>;
}

const API_PREFIX = "/api/v1";

/**
 * The JSON Schema (2020-12) of a zod schema, as the OpenAPI document writes it: for a parameter
 * or body (`input`) or a result (`output`). The MCP tools' schemas are read the same way.
 *
 * @param schema The zod schema.
 * @param io Which side: what is accepted, or what is produced.
 * @returns The schema, without `$schema` and `$id`.
 */
export function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonObject {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonObject;
  delete out.$schema;
  delete out.$id;
  return out;
}

function pascal(name: string): string {
  return name.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());
}

/** One OpenAPI parameter object of an operation (path or query). */
export interface ParameterObject extends JsonObject {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  /** An example value, as it would appear in a URL. */
  example?: unknown;
  /** The JSON Schema of the typed value (type, enum, minimum, maximum, format, examples). */
  schema: JsonObject;
}

/**
 * The OpenAPI parameter objects of an operation, from its zod params: the one reading of the
 * params that the OpenAPI document and the human pages' forms share.
 *
 * @param op The operation.
 * @returns One object per parameter, in declaration order.
 */
export function operationParameters(op: AnyOperation): ParameterObject[] {
  const sample = exampleValues(op);
  return Object.entries(op.params.shape as Record<string, z.core.$ZodType>).map(
    ([name, schema]) => {
      const inPath = op.path.includes(`{${name}}`);
      const { description, ...rest } = jsonSchema(schema, "input");
      const listed = Array.isArray(rest.examples) ? rest.examples[0] : registered(schema);
      const choices = Array.isArray(rest.enum) ? rest.enum : undefined;
      const example = typed(listed ?? sample.get(name) ?? rest.default ?? choices?.[0], rest.type);
      const text = typeof description === "string" ? description : undefined;
      const said = choices ? enumDescription(text) : text;
      return {
        name,
        in: inPath ? "path" as const : "query" as const,
        required: inPath || !z.safeParse(schema, undefined).success,
        ...(said ? { description: said } : {}),
        schema: rest,
        ...(example !== undefined ? { example } : {}),
      };
    },
  );
}

/**
 * The first example registered on a parameter's schema, or its default, looking through the
 * optional and default wrappers (whose JSON Schema drops the inner schema's examples).
 */
function registered(schema: z.core.$ZodType): unknown {
  for (let current: z.core.$ZodType | undefined = schema; current;) {
    const examples = z.globalRegistry.get(current)?.examples;
    if (Array.isArray(examples) && examples.length) return examples[0];
    const def = current._zod.def as { innerType?: z.core.$ZodType; defaultValue?: unknown };
    if (def.defaultValue !== undefined && typeof def.defaultValue !== "boolean") {
      const inner = def.innerType ? registered(def.innerType) : undefined;
      return inner ?? def.defaultValue;
    }
    current = def.innerType;
  }
  return undefined;
}

/** An example as its schema types it: numbers as numbers (a URL carries them as text). */
function typed(value: unknown, type: unknown): unknown {
  if ((type === "number" || type === "integer") && typeof value === "string") {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/** The enum rule, said on every enumerated parameter (see {@linkcode ENUM_RULE}). */
function enumDescription(description: string | undefined): string {
  return description ? `${description}. ${ENUM_RULE}` : ENUM_RULE;
}

/**
 * How every enumerated value is read, everywhere: without regard to case, and the answer echoes
 * the canonical spelling listed in the enum.
 */
export const ENUM_RULE =
  "Listed values are matched without regard to case; the answer gives the listed spelling";

/** The parameter values of an operation's example request (path and query). */
function exampleValues(op: AnyOperation): Map<string, string> {
  const values = new Map<string, string>();
  const url = new URL(op.example, "http://example.invalid");
  for (const [name, value] of url.searchParams) values.set(name, value);
  const template = op.path.split("/");
  const actual = url.pathname.slice(API_PREFIX.length).split("/");
  template.forEach((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name && actual[i] !== undefined) values.set(name, decodeURIComponent(actual[i]!));
  });
  return values;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer" },
  },
};
const errorResponse = (description: string, headers?: JsonObject) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: ref("Error") } },
});

/**
 * The error statuses every request path can answer, whatever the operation: a bad key, a URL
 * over 8,192 characters, storage unavailable (key lookups, accounts, news; busy workers for
 * voice), and a bug.
 */
export const COMMON_ERRORS: Record<string, JsonObject> = {
  "401": errorResponse("An API key was sent but is unknown or revoked (never downgraded)"),
  "414": errorResponse("The URL is over 8,192 characters"),
  "503": errorResponse("Temporarily unavailable (storage, or busy voice workers)", retryAfter),
  "500": errorResponse("Unexpected server error"),
};

/** Every error status an operation really answers, each with the error envelope. */
function errorResponses(op: AnyOperation): Record<string, JsonObject> {
  const hasInput = Object.keys(op.params.shape).length > 0 || op.body !== undefined;
  const out: Record<string, JsonObject> = {
    ...(hasInput ? { "400": errorResponse("Invalid or missing parameter or body field") } : {}),
    "401": COMMON_ERRORS["401"]!,
  };
  if (op.keyOnly) out["401"] = errorResponse("Missing, unknown or revoked API key");
  if (op.account === "session" || op.account === "editor") {
    out["401"] = errorResponse("Not signed in (no session cookie, or it expired) or a bad key");
  }
  if (op.body !== undefined) {
    out["413"] = errorResponse("The request body is too large");
    out["415"] = errorResponse("The request body is not Content-Type: application/json");
  }
  out["414"] = COMMON_ERRORS["414"]!;
  if (!op.account) out["429"] = errorResponse("Daily limit reached", retryAfter);
  for (const [status, text] of Object.entries(op.errors ?? {})) {
    out[status] = errorResponse(
      text,
      status === "429" || status === "503" ? retryAfter : undefined,
    );
  }
  out["503"] ??= COMMON_ERRORS["503"]!;
  out["500"] = COMMON_ERRORS["500"]!;
  return out;
}

/** Schemas shared by every operation: the meta object and the error envelope. */
export const SHARED_SCHEMAS: Record<string, JsonObject> = {
  Meta: {
    type: "object",
    required: ["tier", "endpoint", "limit", "remaining"],
    properties: {
      tier: { type: "string", description: "Caller tier: anonymous or key" },
      endpoint: { type: "string", description: "Operation name" },
      limit: { type: "integer", description: "Daily limit applying to the caller" },
      remaining: { type: "integer", description: "Calls left today (UTC)" },
      page_url: { type: "string", format: "uri", description: "Human page of the tool" },
      source_url: { type: "string", format: "uri", description: "Official source of the figures" },
      last_verified: {
        type: "string",
        format: "date",
        description: "When the figures were last checked",
      },
    },
  },
  Error: {
    type: "object",
    required: ["ok", "error", "code"],
    properties: {
      ok: { const: false },
      error: { type: "string", description: "What went wrong, for people" },
      code: { type: "string", description: "Stable machine-readable code, e.g. invalid_param" },
      requestId: { type: "string" },
      details: {
        type: "array",
        items: {
          type: "object",
          required: ["param", "message"],
          properties: { param: { type: "string" }, message: { type: "string" } },
        },
      },
    },
  },
};

const etagHeader = {
  ETag: {
    description: "Entity tag of this representation; send it back in If-None-Match",
    schema: { type: "string" },
  },
};

/** Media types of `op.formats`, without parameters (`text/calendar; charset=utf-8` -> `text/calendar`). */
function formatContent(op: AnyOperation): JsonObject {
  return Object.fromEntries(
    Object.entries(op.formats ?? {}).map(([name, format]) => [
      format.contentType.split(";")[0]!.trim(),
      { schema: { type: "string", description: `format=${name}: ${format.description}` } },
    ]),
  );
}

function security(op: AnyOperation): JsonObject[] {
  if (op.account === "session") return [{ sessionCookie: [] }];
  if (op.account === "open") return [];
  if (op.account === "editor") return [{ sessionCookie: [] }, { bearerKey: [] }, { headerKey: [] }];
  return op.keyOnly
    ? [{ bearerKey: [] }, { headerKey: [] }]
    : [{}, { bearerKey: [] }, { headerKey: [] }];
}

function operationObject(op: AnyOperation): JsonObject {
  const resultName = `${pascal(op.name)}Result`;
  const base = op.produces
    ? {
      description: "The binary result",
      content: Object.fromEntries(
        op.produces.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
      ),
    }
    : {
      description: "Success",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["ok", "data", "meta"],
            properties: { ok: { const: true }, data: ref(resultName), meta: ref("Meta") },
          },
        },
        ...formatContent(op),
      },
    };
  const success = op.conditional ? { ...base, headers: etagHeader } : base;
  const ifNoneMatch = {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "An ETag from an earlier response: 304 Not Modified when it is still current",
    schema: { type: "string" },
    example: '"3f2a"',
  };
  return {
    operationId: op.name,
    summary: op.title,
    description: op.description,
    tags: [op.tag],
    parameters: op.conditional
      ? [...operationParameters(op), ifNoneMatch]
      : operationParameters(op),
    ...(op.body
      ? {
        requestBody: {
          required: true,
          content: { "application/json": { schema: jsonSchema(op.body, "input") } },
        },
      }
      : {}),
    security: security(op),
    responses: {
      [String(op.status ?? 200)]: success,
      ...(op.conditional
        ? { "304": { description: "Not modified: If-None-Match matches", headers: etagHeader } }
        : {}),
      ...errorResponses(op),
    },
  };
}

/**
 * The server the document describes: its public URL, or, while that is a loopback address (a
 * local run without PUBLIC_BASE_URL), the server the document is read from (a relative URL).
 */
function serverObject(baseUrl: string): JsonObject {
  const host = new URL(baseUrl).hostname;
  if (host === "localhost" || host.startsWith("127.") || host === "[::1]") {
    return { url: "/", description: "The server this document is served from" };
  }
  return { url: baseUrl };
}

/**
 * Builds the OpenAPI 3.1 document for a list of operations.
 *
 * @param ops The operations (the registry).
 * @param options Base URL and server-only additions.
 * @returns The document, as a plain JSON object.
 *
 * @example Usage
 * ```ts
 * import { buildOpenApi } from "./openapi.ts";
 * import { operations } from "./registry.ts";
 * const doc = buildOpenApi(operations, { baseUrl: "http://localhost:8000" });
 * console.log(doc.openapi); // "3.1.0"
 * ```
 */
export function buildOpenApi(ops: readonly AnyOperation[], options: OpenApiOptions): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const schemas: Record<string, JsonObject> = { ...SHARED_SCHEMAS, ...options.extraSchemas };
  for (const op of ops) {
    const path = `${API_PREFIX}${op.path}`;
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operationObject(op) };
    if (!op.produces) schemas[`${pascal(op.name)}Result`] = jsonSchema(op.result, "output");
  }
  Object.assign(paths, options.extraPaths);
  return {
    openapi: "3.1.0",
    info: {
      title: "Lanka API",
      version: "1.0.0",
      description:
        "Free public API for Sri Lanka specific data and calculators: NIC and plate decoding, holidays and working days, APIT/PAYE, VAT, loans, fixed deposits, land units, districts, education, news, a voucher catalogue and text-to-speech. " +
        `Every error is the Error envelope. ${ENUM_RULE}.`,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [serverObject(options.baseUrl)],
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerKey: {
          type: "http",
          scheme: "bearer",
          description: "Authorization: Bearer <API key>",
        },
        headerKey: { type: "apiKey", in: "header", name: "x-api-key" },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "lanka_session",
          description: "Set by POST /api/v1/sessions or POST /api/v1/accounts (account API only)",
        },
      },
    },
  };
}
