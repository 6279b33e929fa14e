/**
 * The service index (spec 2.18), generated from the registry.
 *
 * @module
 */
import type { AnyOperation } from "./operation.ts";

/**
 * How an endpoint is authorised: `none` (open to anyone, no key taken into account: sign-up and
 * log-in), `key_optional` (anonymous at the lower daily limit, or with an API key), `key` (an API
 * key is required: voice), `session` (a signed-in session cookie; the news editors' API also takes
 * an editor's API key).
 */
export type EndpointAuth = "none" | "key_optional" | "key" | "session";

/** One endpoint in the service index. */
export interface IndexEntry {
  name: string;
  method: string;
  path: string;
  title: string;
  /** The spec's flag: true only when an API key is required. */
  keyOnly: boolean;
  /** How the endpoint is authorised (see {@linkcode EndpointAuth}). */
  auth: EndpointAuth;
  example: string;
  /** The example request's JSON body, for an operation that takes one (`POST /text/*`). */
  exampleBody?: Readonly<Record<string, unknown>>;
  /** The language codes it accepts, for operations that speak (voice). */
  languages?: string[];
}

/**
 * How an operation is authorised.
 *
 * @param op The operation.
 * @returns Its {@linkcode EndpointAuth}.
 */
export function endpointAuth(op: AnyOperation): EndpointAuth {
  if (op.account === "open") return "none";
  if (op.account === "session" || op.account === "editor") return "session";
  return op.keyOnly ? "key" : "key_optional";
}

/** The service index (spec 2.18). */
export interface ServiceIndex {
  name: string;
  version: "v1";
  baseUrl: string;
  docs: string;
  openapi: string;
  auth: string;
  endpoints: IndexEntry[];
}

/**
 * Builds the service index for a list of operations.
 *
 * @param ops The operations (the registry).
 * @param baseUrl Public base URL of the server.
 * @returns The index.
 */
export function buildServiceIndex(ops: readonly AnyOperation[], baseUrl: string): ServiceIndex {
  return {
    name: "Lanka API",
    version: "v1",
    baseUrl: `${baseUrl}/api/v1`,
    docs: `${baseUrl}/docs`,
    openapi: `${baseUrl}/api/v1/openapi.json`,
    auth:
      "Optional free API key in 'Authorization: Bearer <key>' or 'x-api-key: <key>' (raises the daily limit; required for voice). Get one at /developers. Each endpoint's auth says what it takes: none, key_optional, key or session (the account API's cookie).",
    endpoints: ops.map((op) => ({
      name: op.name,
      method: op.method,
      path: `/api/v1${op.path}`,
      title: op.title,
      keyOnly: op.keyOnly ?? false,
      auth: endpointAuth(op),
      example: `${baseUrl}${op.example}`,
      ...(op.exampleBody ? { exampleBody: op.exampleBody } : {}),
      ...(op.languages ? { languages: [...op.languages] } : {}),
    })),
  };
}
