/**
 * The OpenAPI 3.1 document, generated from the registry's zod schemas with `z.toJSONSchema`
 * (JSON Schema 2020-12 is the OpenAPI 3.1 dialect).
 *
 * @module
 */
import * as z from "zod/mini";
import type { AnyOperation } from "./operation.ts";
import { DATE_MAX, DATE_MIN } from "./params.ts";

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
  /**
   * Values that only the server's configuration knows, by `operation.field` (a query parameter
   * or a body field): for example `{ "news.category": ["Economy", ...] }`. The document lists
   * them as an enum.
   */
  enums?: Record<string, readonly string[]>;
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
      const notation = rest.type === "integer"
        ? INTEGER_RULE
        : rest.type === "number"
        ? NUMBER_RULE
        : rest.format === "date"
        ? DATE_RULE
        : undefined;
      return {
        name,
        in: inPath ? "path" as const : "query" as const,
        required: inPath || !z.safeParse(schema, undefined).success,
        ...(said ? { description: said } : {}),
        schema: notation ? { ...rest, description: notation } : rest,
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

/**
 * How a number is written in a URL, said on every number parameter's schema: the server reads
 * only plain decimal notation (`core/params.ts`), so `1e5`, `1,000`, `NaN` and `Infinity` are 400.
 */
export const NUMBER_RULE =
  "Written in plain decimal notation: digits with an optional leading minus and one decimal point; no exponent (1e5), thousands separators, NaN or Infinity";

/** The dates the server reads (`isoDate` in `core/params.ts`): outside them, 400. */
export const DATE_RULE = `A calendar date written YYYY-MM-DD, from ${DATE_MIN} to ${DATE_MAX}`;

/** How a whole number is written in a URL (see {@linkcode NUMBER_RULE}). */
export const INTEGER_RULE =
  "Written as digits only (an optional leading minus where negatives are allowed); no decimal point, exponent or thousands separators";

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
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * The response headers every answer under `/api/v1` carries (the pipeline sets them on every
 * response, errors included): the request id and the caller's daily quota.
 */
export const STANDARD_HEADERS: Record<string, JsonObject> = {
  "X-Request-Id": headerRef("RequestId"),
  "X-RateLimit-Limit": headerRef("RateLimitLimit"),
  "X-RateLimit-Remaining": headerRef("RateLimitRemaining"),
  "X-RateLimit-Reset": headerRef("RateLimitReset"),
};

const retryAfter = { "Retry-After": headerRef("RetryAfter") };

/** The reusable header objects the responses refer to (`components.headers`). */
export const SHARED_HEADERS: Record<string, JsonObject> = {
  RequestId: {
    description: "The request's id (also in the access log and in error bodies as requestId)",
    schema: { type: "string" },
  },
  RateLimitLimit: {
    description:
      "The daily limit of the caller (anonymous address or key); on a 429, the limit that refused it",
    schema: { type: "integer" },
  },
  RateLimitRemaining: {
    description: "Calls left of that limit today",
    schema: { type: "integer" },
  },
  RateLimitReset: {
    description: "When that limit resets, in Unix epoch seconds (00:00 UTC)",
    schema: { type: "integer" },
  },
  RetryAfter: {
    description: "Seconds to wait before trying again",
    schema: { type: "integer" },
  },
  ETag: {
    description: "Entity tag of this representation; send it back in If-None-Match",
    schema: { type: "string" },
  },
  VoiceSampleRate: { description: "Sample rate of the audio, in Hz", schema: { type: "integer" } },
  VoiceBitRate: {
    description: "Bit rate of MP3 audio, in kbit/s (absent for WAV)",
    schema: { type: "integer" },
  },
  VoiceDuration: {
    description: "Length of the audio, in seconds (three decimals)",
    schema: { type: "string" },
  },
  VoiceLanguage: {
    description: "The language code the text was spoken in",
    schema: { type: "string" },
  },
  VoiceRemaining: {
    description: "Voice calls left today on the caller's voice allowance",
    schema: { type: "integer" },
  },
  VoiceWarning: {
    description:
      "What the engine could not honour (for example an unknown effect tag), joined by ' | '",
    schema: { type: "string" },
  },
};

const VOICE_HEADERS: Record<string, JsonObject> = {
  "X-Voice-Sample-Rate": headerRef("VoiceSampleRate"),
  "X-Voice-Bit-Rate": headerRef("VoiceBitRate"),
  "X-Voice-Duration": headerRef("VoiceDuration"),
  "X-Voice-Language": headerRef("VoiceLanguage"),
  "X-Voice-Remaining": headerRef("VoiceRemaining"),
  "X-Voice-Warning": headerRef("VoiceWarning"),
};

/**
 * An error response: the error envelope (or `schema`) with the standard headers and any more.
 *
 * @param description What the status means here.
 * @param headers Headers beyond the standard ones.
 * @param schema The body's schema name (default `Error`).
 * @returns The response object.
 */
export function errorResponse(
  description: string,
  headers?: JsonObject,
  schema = "Error",
): JsonObject {
  return {
    description,
    headers: { ...STANDARD_HEADERS, ...headers },
    content: { "application/json": { schema: ref(schema) } },
  };
}

/** The 429 answer: the limit that refused the call, in the headers and in the body. */
export const RATE_LIMITED: JsonObject = errorResponse(
  "A limit was reached (the daily quota, or the limit named in the body); X-RateLimit-* and the body's limit, remaining and reset describe that limit",
  retryAfter,
  "RateLimited",
);

/**
 * The error statuses every request path can answer, whatever the operation: an unknown or
 * repeated parameter, a bad key, a URL over 8,192 characters, storage unavailable (key lookups,
 * accounts, news; busy workers for voice), and a bug.
 */
export const COMMON_ERRORS: Record<string, JsonObject> = {
  "400": errorResponse("An unknown or repeated query parameter"),
  "401": errorResponse("An API key was sent but is unknown or revoked (never downgraded)"),
  "414": errorResponse("The URL is over 8,192 characters"),
  "503": errorResponse("Temporarily unavailable (storage, or busy voice workers)", retryAfter),
  "500": errorResponse("Unexpected server error"),
};

/** Every error status an operation really answers, each with the error envelope. */
function errorResponses(op: AnyOperation): Record<string, JsonObject> {
  const hasInput = Object.keys(op.params.shape).length > 0 || op.body !== undefined;
  const out: Record<string, JsonObject> = {
    "400": hasInput
      ? errorResponse(
        "Invalid or missing parameter or body field, or an unknown or repeated parameter; details names each parameter and what was expected",
      )
      : COMMON_ERRORS["400"]!,
    "401": COMMON_ERRORS["401"]!,
  };
  if (op.keyOnly) out["401"] = errorResponse("Missing, unknown or revoked API key");
  if (op.account === "session" || op.account === "editor") {
    out["401"] = errorResponse("Not signed in (no session cookie, or it expired) or a bad key");
  }
  if (op.body !== undefined) {
    out["408"] = errorResponse("The request body did not arrive in full within 30 seconds");
    out["413"] = errorResponse("The request body is over this operation's limit");
    out["415"] = errorResponse("The request body is not Content-Type: application/json");
  }
  out["414"] = COMMON_ERRORS["414"]!;
  if (!op.account) out["429"] = RATE_LIMITED;
  for (const [status, text] of Object.entries(op.errors ?? {})) {
    out[status] = status === "429"
      ? { ...RATE_LIMITED, description: text }
      : errorResponse(text, status === "503" ? retryAfter : undefined);
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
  RateLimited: {
    allOf: [{ $ref: "#/components/schemas/Error" }, {
      type: "object",
      required: ["code", "limit", "remaining", "reset"],
      properties: {
        code: { const: "rate_limited" },
        limit: { type: "integer", description: "The limit that refused the call" },
        remaining: { type: "integer", description: "Calls left of it (0)" },
        reset: {
          type: "integer",
          description: "When it resets, in Unix epoch seconds (the same as X-RateLimit-Reset)",
        },
      },
    }],
  },
};

const etagHeader = { ETag: headerRef("ETag") };

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

function operationObject(op: AnyOperation, enums: Record<string, readonly string[]>): JsonObject {
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
  const success = {
    ...base,
    headers: {
      ...STANDARD_HEADERS,
      ...(op.conditional ? etagHeader : {}),
      ...(op.produces ? VOICE_HEADERS : {}),
    },
  };
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
    parameters: [
      ...operationParameters(op).map((p) => withEnum(p, enums[`${op.name}.${p.name}`])),
      ...(op.conditional ? [ifNoneMatch] : []),
    ],
    ...(op.body
      ? {
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: bodySchema(op, enums),
              ...(op.exampleBody ? { example: op.exampleBody } : {}),
            },
          },
        },
      }
      : {}),
    security: security(op),
    responses: {
      [String(op.status ?? 200)]: success,
      ...(op.conditional
        ? {
          "304": {
            description: "Not modified: If-None-Match matches",
            headers: { ...STANDARD_HEADERS, ...etagHeader },
          },
        }
        : {}),
      ...errorResponses(op),
    },
  };
}

/** A parameter whose values the configuration lists, as an enum (see `OpenApiOptions.enums`). */
function withEnum<T extends { schema: JsonObject; description?: string }>(
  param: T,
  values: readonly string[] | undefined,
): T {
  if (!values) return param;
  return {
    ...param,
    description: enumDescription(param.description),
    schema: { ...param.schema, enum: [...values] },
  };
}

/** An operation's JSON body schema, with the configured enums on its fields. */
function bodySchema(op: AnyOperation, enums: Record<string, readonly string[]>): JsonObject {
  const schema = jsonSchema(op.body!, "input");
  const properties = schema.properties as Record<string, JsonObject> | undefined;
  for (const [field, property] of Object.entries(properties ?? {})) {
    const values = enums[`${op.name}.${field}`];
    if (values) properties![field] = { ...property, enum: [...values] };
  }
  return schema;
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
    paths[path] = {
      ...paths[path],
      [op.method.toLowerCase()]: operationObject(op, options.enums ?? {}),
    };
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
      headers: SHARED_HEADERS,
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
