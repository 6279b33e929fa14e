/**
 * The client configurations of docs/mcp.md, run as written: every JSON snippet of "Configuration
 * for common clients" is read from the page; each stdio server in it is started exactly as a
 * client starts it (its `command` and `args`, spawned by the official MCP SDK's stdio client with
 * the SDK's default environment, `/path/to/lanka-api` being this checkout), and each HTTP server
 * is reached at a running server with its headers (the placeholder key being a real one). Each
 * answers `paye` with the figure of the API tests.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { startServer } from "../_helpers/server.ts";
import { accountWithKey } from "../e2e/_server.ts";

const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
const opts = { sanitizeOps: false, sanitizeResources: false };

interface ServerEntry {
  type?: string;
  command?: string;
  args?: string[];
  url?: string;
  headers?: Record<string, string>;
}

/** Each client's snippet: its heading (`**Claude Desktop**`) and its servers by name. */
async function snippets(): Promise<{ client: string; servers: Record<string, ServerEntry> }[]> {
  const page = await Deno.readTextFile(new URL("../../docs/mcp.md", import.meta.url));
  const start = page.indexOf("## Configuration for common clients");
  const section = page.slice(start, page.indexOf("\n## ", start + 1));
  const found = [];
  // Each client's paragraph starts with its name in bold; its first JSON block is its snippet.
  const parts = section.split(/^(?=\*\*[^*]+\*\* )/m).slice(1);
  for (const part of parts) {
    const name = /^\*\*([^*]+)\*\*/.exec(part)![1]!;
    const json = /```json\n([\s\S]*?)```/.exec(part)?.[1];
    if (json === undefined) continue;
    const config = JSON.parse(json);
    found.push({ client: name, servers: config.mcpServers ?? config.servers });
  }
  return found;
}

/** APIT Table 01 from 1 April 2025: (6% of 1,000,000 + 18% of 200,000) / 12 = 8,000 a month. */
async function answersPaye(client: Client): Promise<CallToolResult> {
  const result = await client.callTool({
    name: "paye",
    arguments: { monthly: 250000, date: "2026-01-01" },
  }) as CallToolResult;
  assert.ok(!result.isError, JSON.stringify(result.content));
  assert.equal((result.structuredContent as { monthlyTax: number }).monthlyTax, 8000);
  return result;
}

Deno.test("docs/mcp.md has a stdio snippet for Claude Desktop, VS Code and Cursor, run through npx", async () => {
  const found = await snippets();
  assert.deepEqual(found.map((s) => s.client), ["Claude Desktop", "VS Code", "Cursor"]);
  for (const { client, servers } of found) {
    const stdio = Object.values(servers).filter((server) => server.command);
    assert.equal(stdio.length, 1, client);
    // The README installs Deno through npm: a snippet whose command is "deno" fails with
    // `spawn deno ENOENT` on such a machine.
    assert.equal(stdio[0]!.command, "npx", client);
    assert.deepEqual(stdio[0]!.args!.slice(0, 2), ["-y", "deno@2.9.6"], client);
  }
});

Deno.test(
  "each stdio snippet, started as its client starts it, answers a tool call",
  opts,
  async (t) => {
    for (const { client: name, servers } of await snippets()) {
      for (const [id, server] of Object.entries(servers)) {
        if (!server.command) continue;
        await t.step(`${name}: ${id}`, async () => {
          const transport = new StdioClientTransport({
            command: server.command!,
            args: server.args!.map((arg) => arg.replaceAll("/path/to/lanka-api", ROOT)),
            stderr: "pipe",
          });
          let stderr = "";
          transport.stderr?.on(
            "data",
            (chunk: Uint8Array) => stderr += new TextDecoder().decode(chunk),
          );
          const client = new Client({ name: `${name} (test)`, version: "1.0.0" });
          try {
            await client.connect(transport);
            const { tools } = await client.listTools();
            assert.ok(tools.some((tool: Tool) => tool.name === "payslip"), stderr);
            await answersPaye(client);
          } catch (error) {
            throw new Error(`${name} ${id}: ${error}\n${stderr}`);
          } finally {
            await client.close();
          }
        });
      }
    }
  },
);

Deno.test(
  "each HTTP snippet, with its headers, reaches a running server with the key",
  opts,
  async (t) => {
    const dir = await Deno.makeTempDir({ prefix: "lanka-mcp-snippets-" });
    const running = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "warn" });
    try {
      const { key } = await accountWithKey(
        running.url,
        "snippets@example.com",
        "correct horse battery",
      );
      for (const { client: name, servers } of await snippets()) {
        for (const [id, server] of Object.entries(servers)) {
          if (!server.url) continue;
          await t.step(`${name}: ${id}`, async () => {
            const url = server.url!.replace("https://lanka.example", running.url);
            const headers = Object.fromEntries(
              Object.entries(server.headers ?? {}).map(([header, value]) => [
                header,
                value.replace("${input:lanka-key}", key).replace("lk_your_key", key),
              ]),
            );
            const client = new Client({ name: `${name} (test)`, version: "1.0.0" });
            await client.connect(
              new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
            );
            try {
              const result = await answersPaye(client);
              const quota = result._meta?.["lanka/rateLimit"] as { limit: number } | undefined;
              // The key's daily limit, not the anonymous 50 (docs/quotas.md).
              assert.ok(quota && quota.limit > 50, JSON.stringify(result._meta));
            } finally {
              await client.close();
            }
          });
        }
      }
    } finally {
      await running.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
);
