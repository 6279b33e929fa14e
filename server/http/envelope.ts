import type { AnyOperation } from "../../core/operation.ts";
import type { AppContext } from "./types.ts";

/** The `meta` object of spec 2.2. */
export interface Meta {
  tier: string;
  endpoint: string;
  limit: number;
  remaining: number;
  page_url?: string;
  source_url?: string;
  last_verified?: string;
}

/**
 * Builds `meta` for an operation's response: the caller's tier and quota, and for endpoints
 * backed by published figures the human page, the official source and its check date.
 *
 * @param c The context (caller and quota are read from it).
 * @param op The operation answered.
 * @param baseUrl Public base URL.
 * @returns The meta object.
 */
export function buildMeta(c: AppContext, op: AnyOperation, baseUrl: string): Meta {
  const caller = c.get("caller");
  const quota = c.get("quota");
  const meta: Meta = {
    tier: caller.tier,
    endpoint: op.name,
    limit: quota?.limit ?? caller.limit,
    remaining: quota?.remaining ?? caller.limit,
  };
  if (op.provenance) {
    if (op.page) meta.page_url = `${baseUrl}/tools/${op.page}`;
    meta.source_url = op.provenance.sourceUrl;
    meta.last_verified = op.provenance.lastVerified;
  }
  return meta;
}

/**
 * The success envelope `{ ok: true, data, meta }`.
 *
 * @param c The context.
 * @param op The operation answered.
 * @param data Its result.
 * @param baseUrl Public base URL.
 * @returns The JSON response.
 */
export function okResponse(
  c: AppContext,
  op: AnyOperation,
  data: unknown,
  baseUrl: string,
): Response {
  return c.json({ ok: true, data, meta: buildMeta(c, op, baseUrl) });
}
