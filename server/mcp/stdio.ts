/**
 * MCP over stdio: the tools of every public operation that computes locally,
 * answered in-process by the SDK (`createClient({ mode: "local" })`), offline and without a quota.
 * The operations only the server answers (news, the voucher store, voice) are tools of the HTTP
 * transport (`POST /mcp`) only.
 *
 * Standard output carries the MCP messages only; nothing else is written to it.
 *
 * Run it with its own configuration and lock, which hold only the npm packages it imports (zod,
 * libphonenumber-js, the MCP SDK), as the client snippets of `docs/mcp.md` do:
 * `npx -y deno@2.9.6 run --quiet --config server/mcp/stdio.deno.json server/mcp/stdio.ts`. It needs
 * no permission.
 *
 * @module
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { registerAllMessages } from "../../core/i18n_all.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { createClient } from "../../sdk/client.ts";
import { ApiError } from "../../sdk/errors.ts";
import { createMcpServer, type Invoke } from "./server.ts";
import { buildTools } from "./tools.ts";

/**
 * The invoke of the stdio server: the SDK in local mode.
 *
 * @param client A client (local mode).
 * @returns The invoke.
 */
export function localInvoke(client: ReturnType<typeof createClient>): Invoke {
  return async (op: AnyOperation, args: Record<string, unknown>) => {
    try {
      const answer = await client.call(op.name, args as Record<string, never>).withResponse();
      return {
        kind: "data",
        data: answer.data,
        meta: answer.meta as Record<string, unknown> | undefined,
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return {
        kind: "error",
        error: error.message,
        code: error.code,
        details: error.body.details,
      };
    }
  };
}

if (import.meta.main) {
  registerAllMessages();
  const client = createClient({ mode: "local", cache: false });
  const server = createMcpServer({
    tools: buildTools(operations, (op) => op.local),
    invoke: localInvoke(client),
    transport: "stdio",
  });
  await server.connect(new StdioServerTransport());
}
