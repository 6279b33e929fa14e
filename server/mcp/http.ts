/**
 * MCP over streamable HTTP at `/mcp`: stateless (no session; each POST carries its JSON-RPC
 * messages and gets a JSON answer), built on the official SDK's web-standard transport.
 *
 * A tool call is not answered here: it becomes the API request it stands for
 * (`GET /api/v1/...?...`, or `POST /api/v1/voice`) and goes through the server's own request
 * pipeline, with the MCP request's key headers and client address. So the caller is identified,
 * counted against the same daily quota, refused without a key for voice, and answered by the
 * same code as on the API: one request pipeline, not two. Listing the tools counts nothing.
 *
 * @module
 */
import type { Hono } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isApiError } from "../../core/errors.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { target } from "../../sdk/_request.ts";
import type { AppEnv, ServeInfo } from "../http/types.ts";
import { createMcpServer, type Outcome } from "./server.ts";
import { buildTools } from "./tools.ts";

/** The largest MCP request body accepted (a tool call is a few hundred bytes). */
export const MAX_MCP_BODY = 256 * 1024;

/** Headers of the MCP request that the API request it makes carries over. */
const CARRIED = ["authorization", "x-api-key", "x-forwarded-for", "accept-language"] as const;

/** Voice answer headers stated beside the audio. */
const VOICE_NOTES: readonly (readonly [string, string])[] = [
  ["x-voice-duration", "Duration (s)"],
  ["x-voice-language", "Language"],
  ["x-voice-remaining", "Voice requests left today"],
  ["x-voice-warning", "Warning"],
];

/** What {@linkcode mountMcp} needs. */
export interface McpDeps {
  /** The operations (the registry). */
  ops: readonly AnyOperation[];
  /** The request pipeline (the app's `fetch`), which the tool calls go through. */
  dispatch: (request: Request, info: ServeInfo) => Response | Promise<Response>;
}

/**
 * Mounts `/mcp` on the app.
 *
 * @param app The Hono app (the pipeline hands it what the route table does not serve).
 * @param deps The operations and the pipeline.
 */
export function mountMcp(app: Hono<AppEnv>, deps: McpDeps): void {
  const tools = buildTools(deps.ops);
  app.all("/mcp", async (c) => {
    const request = c.req.raw;
    if (request.method !== "POST") {
      // Stateless: no session to delete and no event stream to open (MCP allows a 405 here).
      c.header("Allow", "POST, OPTIONS");
      return c.json({
        ok: false,
        error: `Method ${request.method} is not allowed here: MCP messages are POSTed to /mcp`,
        code: "method_not_allowed",
        requestId: c.get("requestId"),
      }, 405);
    }
    const body = await readLimited(request, MAX_MCP_BODY);
    if (body === undefined) {
      return c.json({
        ok: false,
        error: `The MCP request body is over ${MAX_MCP_BODY} bytes`,
        code: "payload_too_large",
        requestId: c.get("requestId"),
      }, 413);
    }
    // The connection's own info (its peer address identifies anonymous callers).
    const peer = c.env?.call?.info?.remoteAddr ?? c.env?.remoteAddr;
    const info: ServeInfo = peer ? { remoteAddr: peer } : {};
    const invoke = (op: AnyOperation, args: Record<string, unknown>) =>
      callThroughPipeline(op, args, request, info, deps.dispatch);
    const server = createMcpServer({ tools, invoke, transport: "HTTP" });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(
        new Request(request.url, { method: "POST", headers: request.headers, body }),
      );
    } finally {
      await server.close();
    }
  });
}

/** The body as text, or undefined when it is over `limit` bytes (read no further). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) {
    await request.body?.cancel();
    return undefined;
  }
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) (bytes.set(chunk, at), at += chunk.byteLength);
  return new TextDecoder().decode(bytes);
}

/** Makes the API request a tool call stands for and sends it through the pipeline. */
async function callThroughPipeline(
  op: AnyOperation,
  args: Record<string, unknown>,
  outer: Request,
  info: ServeInfo,
  dispatch: McpDeps["dispatch"],
): Promise<Outcome> {
  let path: string, body: string | undefined, missing: string[];
  try {
    ({ path, body, missing } = target(op, args));
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { kind: "error", error: error.message, code: error.code, details: error.details };
  }
  if (missing.length) {
    const details = missing.map((param) => ({
      param,
      message: `Parameter "${param}" is required`,
    }));
    return { kind: "error", error: details[0]!.message, code: "invalid_param", details };
  }
  const headers = new Headers();
  for (const name of CARRIED) {
    const value = outer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (body !== undefined) headers.set("content-type", "application/json");
  const request = new Request(new URL(path, outer.url), {
    method: op.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const response = await dispatch(request, info);
  const requestId = response.headers.get("x-request-id") ?? undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok) {
    const envelope = type.includes("json") ? await response.json() : undefined;
    return {
      kind: "error",
      error: envelope?.error ?? `The API answered ${response.status}`,
      code: envelope?.code ?? `http_${response.status}`,
      details: envelope?.details,
      requestId,
    };
  }
  if (op.produces) {
    const notes: string[] = [];
    for (const [name, label] of VOICE_NOTES) {
      const value = response.headers.get(name);
      if (value) notes.push(`${label}: ${value}`);
    }
    return {
      kind: "audio",
      bytes: new Uint8Array(await response.arrayBuffer()),
      mimeType: type.split(";")[0]!.trim(),
      notes,
      requestId,
    };
  }
  const envelope = await response.json() as { data: unknown; meta?: Record<string, unknown> };
  const limit = response.headers.get("x-ratelimit-limit");
  const remaining = response.headers.get("x-ratelimit-remaining");
  const reset = response.headers.get("x-ratelimit-reset");
  return {
    kind: "data",
    data: envelope.data,
    meta: envelope.meta,
    rateLimit: limit !== null && remaining !== null && reset !== null
      ? { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) }
      : undefined,
    requestId,
  };
}
