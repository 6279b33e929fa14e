/**
 * The shape of an operation: the one definition that the server mounts, the SDK calls, and the
 * OpenAPI document and service index are generated from.
 *
 * @module
 */
import * as z from "zod/mini";

/** What an operation may know beyond its parameters. Tests pass fixed values. */
export interface OperationContext {
  /** Today's date in Asia/Colombo, `YYYY-MM-DD`. */
  today: string;
  /** Public base URL of the server, without a trailing slash (for links to human pages). */
  baseUrl: string;
  /** Page views per tool slug, for ordering the catalogue by traffic (empty when unknown). */
  popularity?: ReadonlyMap<string, number>;
}

/** Where an operation's published figures come from (spec 2.2). */
export interface Provenance {
  /** The official source. */
  sourceUrl: string;
  /** When the figures were last checked against the source, `YYYY-MM-DD`. */
  lastVerified: string;
}

/**
 * Another representation of an operation's result, chosen with the operation's `format`
 * parameter (for example an iCalendar file of holidays). Rendering is pure.
 *
 * @typeParam P The parsed parameters.
 * @typeParam R The result.
 */
export interface OperationFormat<P = unknown, R = unknown> {
  /** The `Content-Type` of the rendered body, for example `text/calendar; charset=utf-8`. */
  contentType: string;
  /** One sentence for the OpenAPI document. */
  description: string;
  /** Renders the result as the body text (method syntax: the registry holds any result). */
  render(result: R, params: P): string;
  /** A file name for `Content-Disposition: inline; filename=...`, when useful. */
  filename?(result: R, params: P): string;
}

/** HTTP methods an operation may use. */
export type HttpMethod = "GET" | "POST" | "DELETE";

/**
 * One API operation.
 *
 * @typeParam P The parsed parameters.
 * @typeParam R The result, returned as `data` in the envelope.
 */
export interface Operation<P = unknown, R = unknown> {
  /** Operation name, reported as `meta.endpoint` (for example `nic`). */
  name: string;
  /** HTTP method. */
  method: HttpMethod;
  /** Path below `/api/v1`, with `{param}` placeholders for path parameters. */
  path: string;
  /** Short title for people. */
  title: string;
  /** One or two sentences for the docs. */
  description: string;
  /** Tag grouping operations in the docs. */
  tag: string;
  /** Language codes the operation accepts (voice), listed in its service index entry. */
  languages?: readonly string[];
  /** Parameters (path and query) as a strict object of string parsers. */
  params: z.ZodMiniObject;
  /** The result schema (for JSON operations; binary ones describe `produces` instead). */
  result: z.ZodMiniType<R>;
  /**
   * JSON request body, for POST operations. A local operation with a body (the text converters)
   * takes no query parameters: `run` receives the body as this schema parses it, on the server
   * (read within its route's limit, `server/http/body.ts`) and in the SDK alike.
   */
  body?: z.ZodMiniType;
  /** Media types of a binary success response (for example audio), instead of the envelope. */
  produces?: string[];
  /** An example request path, including `/api/v1`. */
  example: string;
  /**
   * The example request's JSON body, for an operation that takes one (`body`): with `example`'s
   * path, the request that docs, tests and MCP send as the operation's example.
   */
  exampleBody?: Readonly<Record<string, unknown>>;
  /** Slug of the human page for this operation (`/tools/{page}`), when there is one. */
  page?: string;
  /** The published source of the figures, when the endpoint is backed by them. */
  provenance?: Provenance;
  /**
   * The source of one answer's figures, when it depends on the answer (a dated table: the
   * decision in force on the date asked for); `meta.source_url` and `meta.last_verified` then
   * come from it instead of `provenance`, which stays the source of the current figures (method
   * syntax: the registry holds any result).
   */
  provenanceOf?(result: R): Provenance;
  /** Whether an API key is required. */
  keyOnly?: boolean;
  /**
   * Whether the server answers conditional GETs: an `ETag` on every success and 304 Not
   * Modified for a matching `If-None-Match` (for data that changes rarely and is polled).
   */
  conditional?: boolean;
  /**
   * Representations other than the JSON envelope, by the value of the operation's `format`
   * parameter (which the operation must declare; `json` is the envelope).
   */
  formats?: Record<string, OperationFormat<P, R>>;
  /**
   * Part of the account API (sign-up, sessions, keys) rather than a data endpoint: it does not
   * consume the daily data quota. `"session"` ones need a signed-in session cookie; `"editor"`
   * ones (the news draft API) a session cookie or an API key of an account with the editor role.
   */
  account?: "open" | "session" | "editor";
  /** The success status when not 200 (for example 201 for a creation). */
  status?: 200 | 201 | 202;
  /** Error responses beyond the generic ones, by status, for the docs (for example 409). */
  errors?: Record<string, string>;
  /** Whether the SDK can compute it in-process (true exactly when `run` is given). */
  local: boolean;
  /** The pure computation; absent for operations served by the server only (news, store, voice). */
  run?: (params: P, ctx: OperationContext) => R;
}

/** Any operation, as the registry holds them. */
// deno-lint-ignore no-explicit-any
export type AnyOperation = Operation<any, unknown>;

/**
 * Defines a local operation with its types checked: `run` receives what `params` parses to and
 * must return what `result` describes.
 *
 * @typeParam S The params schema.
 * @typeParam R The result type.
 * @param op The definition.
 * @returns The same definition, typed for the registry.
 */
export function defineOperation<S extends z.ZodMiniObject, R>(
  op: Omit<Operation<z.output<S>, R>, "params" | "local"> & {
    params: S;
    run: (params: z.output<S>, ctx: OperationContext) => R;
  },
): Operation<z.output<S>, R> {
  return { ...op, local: true };
}

/**
 * Defines an operation that only the server can answer (it needs KV, a worker or a large dataset).
 *
 * @typeParam R The result type.
 * @param op The definition, without `run`.
 * @returns The definition, typed for the registry.
 */
export function defineRemoteOperation<R>(
  op: Omit<Operation<unknown, R>, "local" | "run">,
): Operation<unknown, R> {
  return { ...op, local: false };
}

/**
 * Defines a local operation whose input is a JSON body (`POST`, no query parameters): `run`
 * receives what `body` parses to, and `exampleBody` is the body of its example request.
 *
 * @typeParam B The parsed body.
 * @typeParam R The result type.
 * @param op The definition, with its body schema, example body and `run`.
 * @returns The definition, typed for the registry.
 */
export function defineBodyOperation<B extends object, R>(
  op: Omit<Operation<B, R>, "method" | "params" | "body" | "exampleBody" | "local" | "run"> & {
    body: z.ZodMiniType<B>;
    exampleBody: B;
    run: (body: B, ctx: OperationContext) => R;
  },
): Operation<B, R> {
  const exampleBody = op.exampleBody as Readonly<Record<string, unknown>>;
  return { ...op, exampleBody, method: "POST", params: z.object({}), local: true };
}
