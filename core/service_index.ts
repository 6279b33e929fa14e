/**
 * The service index (spec 2.18), generated from the registry.
 *
 * @module
 */
import type { AnyOperation } from "./operation.ts";

/** One endpoint in the service index. */
export interface IndexEntry {
  name: string;
  method: string;
  path: string;
  title: string;
  keyOnly: boolean;
  example: string;
  /** The language codes it accepts, for operations that speak (voice). */
  languages?: string[];
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
      "Optional free API key in 'Authorization: Bearer <key>' or 'x-api-key: <key>' (raises the daily limit; required for voice). Get one at /developers.",
    endpoints: ops.map((op) => ({
      name: op.name,
      method: op.method,
      path: `/api/v1${op.path}`,
      title: op.title,
      keyOnly: op.keyOnly ?? false,
      example: `${baseUrl}${op.example}`,
      ...(op.languages ? { languages: [...op.languages] } : {}),
    })),
  };
}
