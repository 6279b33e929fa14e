import type { AnyOperation } from "../../core/operation.ts";
import type { Call } from "./call.ts";
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

/**
 * The success envelope of an operation as JSON text, compiled once per operation: the parts of
 * `meta` that never change (endpoint, page, source, check date) are serialised in advance, so a
 * request serialises only `data` and the caller's tier and quota. The text is exactly
 * `JSON.stringify({ ok: true, data, meta })` with `meta` from {@linkcode buildMeta}.
 *
 * @param op The operation.
 * @param baseUrl Public base URL.
 * @returns The writer: `data` and the call (caller and quota) in, JSON text out.
 */
export function envelopeJson(
  op: AnyOperation,
  baseUrl: string,
): (data: unknown, call: Call) => string {
  let tail = "";
  const sourceTail = (source: { sourceUrl: string; lastVerified: string }) =>
    `,"source_url":${JSON.stringify(source.sourceUrl)},"last_verified":${
      JSON.stringify(source.lastVerified)
    }`;
  const dynamic = op.provenance !== undefined && op.provenanceOf !== undefined;
  if (op.provenance) {
    if (op.page) tail += `,"page_url":${JSON.stringify(`${baseUrl}/tools/${op.page}`)}`;
    if (!dynamic) tail += sourceTail(op.provenance);
  }
  const closed = `${tail}}}`;
  const endpoint = `,"endpoint":${JSON.stringify(op.name)},"limit":`;
  const tiers = { anonymous: '{"tier":"anonymous"', key: '{"tier":"key"' };
  return (data, call) => {
    const caller = call.caller!;
    const quota = call.quota;
    const json = JSON.stringify(data);
    // An answer whose source depends on it (a dated table) names its own source.
    const ending = dynamic
      ? `${tail}${sourceTail(data === undefined ? op.provenance! : op.provenanceOf!(data))}}}`
      : closed;
    const meta = `${tiers[caller.tier]}${endpoint}${quota?.limit ?? caller.limit},"remaining":${
      quota?.remaining ?? caller.limit
    }${ending}`;
    // `data` that JSON cannot hold (undefined) is left out, as JSON.stringify of the object does.
    return json === undefined
      ? `{"ok":true,"meta":${meta}`
      : `{"ok":true,"data":${json},"meta":${meta}`;
  };
}
