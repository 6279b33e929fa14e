/**
 * MCP over streamable HTTP at `/mcp`: stateless (no session; each POST carries one JSON-RPC
 * message and gets a JSON answer), built on the official SDK's web-standard transport.
 *
 * What one POST may cost is bounded:
 *
 * - **One message per POST.** A JSON-RPC batch (a body that is an array) is refused with a
 *   JSON-RPC error, `-32600`, before it is parsed: batching was removed from MCP in its
 *   2025-06-18 revision, and one POST carrying a hundred calls would be a hundred requests
 *   counted as one.
 * - **Every message that returns data counts.** A tool call becomes the API request it stands for
 *   (`GET /api/v1/...?...`, or `POST /api/v1/voice`) and goes through the server's own request
 *   pipeline, with the MCP request's key headers and client: identified, counted against the same
 *   daily quota, refused without a key for voice, answered by the same code as on the API. A
 *   `tools/list` counts once on the same counter. `initialize`, `ping` and notifications (fixed
 *   answers of a few hundred bytes, or none) count nothing.
 * - **`tools/list` is one cached answer** (`cached_list.ts`): built once, the same for everyone,
 *   gzipped once; an answer adds only the request's id, and is handed over in the form that holds
 *   least for a client that never reads.
 * - **The body** is read through `readBody` like every other route's: at most
 *   {@linkcode MAX_MCP_BODY} bytes, within the body deadline.
 *
 * Who calls is the pipeline's caller: anonymous (by address), an API key, or an MCP client's
 * OAuth access token (`server/oauth/`), which stands for a key of the account. A tool call's API
 * request is handed that caller and client as they are (never the credentials: no token passes
 * on). An anonymous caller is told it can authorize: every answer to it carries the challenge
 * (`WWW-Authenticate: Bearer resource_metadata=…`), and once its address has spent its daily
 * quota an `initialize` is answered `401` with that challenge, so a client that can authorize
 * asks its person to sign in (a `tools/list` or tool call then still gets the 429 that says how
 * to get more).
 *
 * @module
 */
import type { Hono } from "hono";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { isApiError } from "../../core/errors.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { target } from "../../sdk/_request.ts";
import type { Clock } from "../clock.ts";
import { readBody } from "../http/body.ts";
import { acceptsGzip } from "../http/compress.ts";
import { rateLimited, requestLang } from "../http/quota.ts";
import type { AppContext, AppEnv, Caller, ServeInfo } from "../http/types.ts";
import type { Lang } from "../../core/i18n.ts";
import { mcpChallenge } from "../oauth/metadata.ts";
import type { QuotaStore } from "../quota/store.ts";
import { CachedAnswer } from "./cached_list.ts";
import { createMcpServer, type Outcome } from "./server.ts";
import { buildTools } from "./tools.ts";

/** The largest MCP request body accepted (a tool call is a few hundred bytes). */
export const MAX_MCP_BODY = 256 * 1024;

/** JSON-RPC's "Invalid Request": what a batch is answered with. */
export const BATCH_REFUSED = -32600;

/** The JSON-RPC error code (implementation-defined server error) of a refused `tools/list`. */
export const QUOTA_REFUSED = -32000;

/**
 * Headers of the MCP request that the API request it makes carries over (the caller and the
 * client go as they are, see `ServeInfo.caller`: no credential is passed on).
 */
const CARRIED = ["accept-language"] as const;

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
  /** The daily counters (a `tools/list` counts on the caller's). */
  quota: QuotaStore;
  clock: Clock;
  /** The public base URL (the resource metadata's URL in the challenge). */
  baseUrl: string;
  /** The message of a 429 of the daily quota (see `dailyLimitText`). */
  limitText: (lang: Lang, caller: Caller, limit: number) => string;
}

/** A JSON-RPC error answer. */
function rpcError(
  status: number,
  id: string | number | null,
  code: number,
  message: string,
  data?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  const error = { code, message, ...(data ? { data } : {}) };
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, error }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/**
 * What the SDK's transport checks of every POST, for the answers given without it: the
 * `Accept`, `Content-Type` and `Mcp-Protocol-Version` headers, answered in the SDK's words.
 */
function headerProblem(request: Request): Response | undefined {
  const accept = request.headers.get("accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    return rpcError(
      406,
      null,
      -32000,
      "Not Acceptable: Client must accept both application/json and text/event-stream",
    );
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    return rpcError(
      415,
      null,
      -32000,
      "Unsupported Media Type: Content-Type must be application/json",
    );
  }
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return rpcError(
      400,
      null,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${
        SUPPORTED_PROTOCOL_VERSIONS.join(", ")
      })`,
    );
  }
  return undefined;
}

/** The first character of a JSON text that is not white space (RFC 8259's four). */
function firstCharacter(text: string): string {
  return /[^ \t\r\n]/.exec(text)?.[0] ?? "";
}

/** A `tools/list` request with an id JSON-RPC allows, or undefined. */
function listRequest(message: unknown): { id: string | number } | undefined {
  if (message === null || typeof message !== "object" || Array.isArray(message)) return undefined;
  const { jsonrpc, id, method, params } = message as Record<string, unknown>;
  if (jsonrpc !== "2.0" || method !== "tools/list") return undefined;
  if (typeof id !== "string" && !(typeof id === "number" && Number.isFinite(id))) return undefined;
  if (params !== undefined && (params === null || typeof params !== "object")) return undefined;
  return { id };
}

/**
 * Mounts `/mcp` on the app.
 *
 * @param app The Hono app (the pipeline hands it what the route table does not serve).
 * @param deps The operations, the pipeline, the counters and the clock.
 */
export function mountMcp(app: Hono<AppEnv>, deps: McpDeps): void {
  const tools = buildTools(deps.ops);
  const toolsList = new CachedAnswer(
    JSON.stringify({ tools: tools.map((tool) => tool.definition) }),
  );

  /** The cached list, counted against the caller's daily quota. */
  const answerList = async (c: AppContext, id: string | number): Promise<Response> => {
    const problem = headerProblem(c.req.raw);
    if (problem) return problem;
    const caller = c.get("caller");
    const now = deps.clock.now();
    const decision = await deps.quota.consume(caller.id, caller.limit, now, caller.usedBy);
    c.set("quota", decision);
    if (!decision.allowed) {
      const text = deps.limitText(requestLang(c.req.raw), caller, decision.limit);
      const refused = rateLimited(decision, now, "requests", text);
      return rpcError(
        429,
        id,
        QUOTA_REFUSED,
        refused.message,
        { code: refused.code, ...refused.extra },
        refused.headers,
      );
    }
    const gzip = acceptsGzip(c.req.header("accept-encoding") ?? null);
    return new Response(toolsList.body(id, gzip), {
      headers: {
        "Content-Type": "application/json",
        // Decided here: the pipeline's compression leaves the answer as it is.
        "Vary": "Accept-Encoding",
        ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      },
    });
  };

  const challenge = mcpChallenge(deps.baseUrl);

  /**
   * An `initialize` of an anonymous caller whose address has spent its daily quota: 401 with the
   * challenge, so a client that can authorize asks its person to sign in (RFC 6750 3: no error
   * code, since no credentials were sent). The JSON-RPC error says how to get more.
   */
  const spent = async (c: AppContext, id: unknown): Promise<Response | undefined> => {
    const caller = c.get("caller");
    if (caller.tier !== "anonymous") return undefined;
    const state = await deps.quota.peek(caller.id, caller.limit, deps.clock.now());
    c.set("quota", state);
    if (state.remaining > 0) return undefined;
    const text = deps.limitText(requestLang(c.req.raw), caller, state.limit);
    const rpcId = typeof id === "string" || typeof id === "number" ? id : null;
    return rpcError(401, rpcId, QUOTA_REFUSED, text, {
      code: "authorization_required",
      limit: state.limit,
      remaining: 0,
      reset: state.reset,
    }, { "WWW-Authenticate": challenge });
  };

  const answer = async (c: AppContext): Promise<Response> => {
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
    const text = new TextDecoder().decode(
      await readBody(request, MAX_MCP_BODY, "The MCP request body"),
    );
    if (firstCharacter(text) === "[") {
      return rpcError(
        400,
        null,
        BATCH_REFUSED,
        "Invalid Request: JSON-RPC batches are not accepted (MCP removed batching in its 2025-06-18 revision): send one message per POST",
      );
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return rpcError(400, null, -32700, "Parse error: Invalid JSON");
    }
    const list = listRequest(message);
    if (list) return await answerList(c, list.id);
    if (isInitialize(message)) {
      const refused = await spent(c, (message as { id?: unknown }).id);
      if (refused) return refused;
    }
    // The tool calls count as this very caller and client (identified once, by the pipeline).
    const info: ServeInfo = { caller: c.get("caller"), client: c.get("client") };
    const invoke = (op: AnyOperation, args: Record<string, unknown>) =>
      callThroughPipeline(op, args, request, info, deps.dispatch);
    const server = createMcpServer({ tools, invoke, transport: "HTTP" });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: message });
    } finally {
      await server.close();
    }
  };

  app.all("/mcp", async (c) => {
    const response = await answer(c);
    // An anonymous caller learns here that it can authorize (RFC 9110 11.6.1 lets any answer
    // carry a challenge; RFC 9728 5.1 names its resource metadata).
    if (c.get("caller")?.tier === "anonymous" && !response.headers.has("WWW-Authenticate")) {
      response.headers.set("WWW-Authenticate", challenge);
    }
    return response;
  });
}

/** Whether a message is an `initialize` request. */
function isInitialize(message: unknown): boolean {
  return message !== null && typeof message === "object" &&
    (message as Record<string, unknown>).method === "initialize";
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
