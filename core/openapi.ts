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

function jsonSchema(schema: z.core.$ZodType, io: "input" | "output"): JsonObject {
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
  return Object.entries(op.params.shape as Record<string, z.core.$ZodType>).map(
    ([name, schema]) => {
      const inPath = op.path.includes(`{${name}}`);
      const { description, ...rest } = jsonSchema(schema, "input");
      return {
        name,
        in: inPath ? "path" as const : "query" as const,
        required: inPath || !z.safeParse(schema, undefined).success,
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      };
    },
  );
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

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
  if (op.account === "open") return [{}];
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
      "400": errorResponse("Invalid or missing parameter"),
      ...(op.keyOnly ? { "401": errorResponse("Missing, unknown or revoked API key") } : {}),
      ...(op.account === "session" || op.account === "editor"
        ? { "401": errorResponse("Not signed in: no session cookie, or it expired") }
        : {}),
      ...(op.account ? {} : { "429": errorResponse("Daily limit reached") }),
      ...Object.fromEntries(
        Object.entries(op.errors ?? {}).map(([status, text]) => [status, errorResponse(text)]),
      ),
      "500": errorResponse("Unexpected server error"),
    },
  };
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
        "Free public API for Sri Lanka specific data and calculators: NIC and plate decoding, holidays and working days, APIT/PAYE, VAT, loans, fixed deposits, land units, districts, education, news, a voucher catalogue and text-to-speech.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: options.baseUrl }],
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
