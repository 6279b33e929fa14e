/**
 * The MCP server through the official MCP SDK's own client, over both transports: streamable HTTP
 * against a running server (`POST /mcp`, started with `startServer`), and stdio against
 * `deno task mcp`. Lists the tools, calls each tool's example, checks figures against the golden
 * values of the API tests (sources named beside each), and checks errors, `lang` and quotas.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { operations } from "../../core/registry.ts";
import { buildTools, exampleArguments, isPublicOperation } from "../../server/mcp/tools.ts";
import type { VoiceRequest } from "../../core/ops/voice.ts";
import type { VoiceOutput, VoiceSynthesizer } from "../../server/voice/service.ts";
import { createKey, signUp } from "../_helpers/accounts.ts";
import { testApp } from "../_helpers/app.ts";
import { startServer } from "../_helpers/server.ts";
import { accountWithKey } from "../e2e/_server.ts";
import { exampleRequest } from "../_helpers/examples.ts";

const ROOT = new URL("../../", import.meta.url);
const opts = { sanitizeOps: false, sanitizeResources: false };

type Data = Record<string, unknown>;

/** "Sri Lanka" in Sinhala: ශ, virama, joiner, ර, ii; ල, anusvara, ක, aa. */
const SRI_LANKA = "\u0dc1\u0dca\u200d\u0dbb\u0dd3 \u0dbd\u0d82\u0d9a\u0dcf";

/**
 * Golden figures of the tools' examples (the arguments are each operation's `example` URL), the
 * same values the API tests hold, with the source of each.
 */
const GOLDEN: Record<string, (data: Data) => void> = {
  // tests/server/identity_http_test.ts: 91 = 1991, day 301 = 27 October (DRP NIC format).
  nic: (d) => {
    assert.equal(d.valid, true);
    assert.equal(d.dateOfBirth, "1991-10-27");
    assert.equal(d.newNic, "199130104146");
  },
  // tests/server/http_test.ts: APIT on 250,000 a month is 8,000 (IRD APIT tables).
  paye: (d) => assert.equal(d.monthlyTax, 8000),
  // tests/core/finance_test.ts: 18% of 10,000 (IRD, the standard rate since 1 January 2024).
  vat: (d) => {
    assert.equal(d.vat, 1800);
    assert.equal(d.total, 11800);
  },
  // tests/core/words_test.ts (first principles).
  words: (d) =>
    assert.equal(
      d.words,
      "One million two hundred thirty-four thousand five hundred sixty-seven rupees and fifty cents",
    ),
  // tests/core/finance_test.ts: the reducing-balance formula gives 56,807.03 (first principles).
  loan: (d) => assert.equal(d.emi, 56_807.03),
  // tests/core/land_test.ts: 10 perches = 10 x 25.29285264 m2.
  land: (d) => assert.equal(d.squareMetres, 252.9285264),
  // tests/core/payroll_test.ts: 1/2 x 50,000 x 10 years = 250,000 (Payment of Gratuity Act,
  // joinhorizons worked example).
  gratuity: (d) => assert.equal(d.amount, 250_000),
  // tests/core/holidays_test.ts: 8 mercantile holidays in 2026 (Gazette 2438/22 as amended).
  holidays: (d) => assert.equal(d.count, 8),
  // tests/core/districts_test.ts: 25 districts (ISO 3166-2:LK).
  districts: (d) => assert.equal(d.count, 25),
  // Open-SL/sinhala-unicode-converter's README and tests: Y%S ,xld and shrii la\nkaa are "Sri
  // Lanka" in Sinhala (FM Abhaya shares these DL Manel codes; docs/text.md).
  "text-unicode": (d) => assert.equal(d.text, SRI_LANKA),
  "text-legacy": (d) => assert.equal(d.text, "Y%S ,xld"),
  "text-singlish": (d) => assert.equal(d.text, SRI_LANKA),
};

function text(result: CallToolResult): string {
  return result.content.map((part: CallToolResult["content"][number]) =>
    part.type === "text" ? part.text : ""
  ).join("\n");
}

async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "lanka-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

async function call(client: Client, name: string, args: Data): Promise<CallToolResult> {
  return await client.callTool({ name, arguments: args }) as CallToolResult;
}

Deno.test(
  "MCP over HTTP: every public operation is a tool; each example answers as the API does",
  opts,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "lanka-mcp-" });
    const server = await startServer({
      KV_PATH: `${dir}/kv.sqlite3`,
      LOG_LEVEL: "warn",
      ANON_DAILY_LIMIT: "3",
    });
    try {
      const { key } = await accountWithKey(server.url, "mcp@example.com", "correct horse battery");
      const auth = { Authorization: `Bearer ${key}` };
      const client = await httpClient(server.url, auth);
      try {
        const { tools } = await client.listTools();
        const names = tools.map((tool: Tool) => tool.name);
        // Generated from the registry: every public operation, none of the account or draft API.
        assert.deepEqual(names, operations.filter(isPublicOperation).map((op) => op.name));
        for (const name of ["createAccount", "listKeys", "createNewsDraft"]) {
          assert.ok(!names.includes(name), name);
        }
        const vatTool = tools.find((tool: Tool) => tool.name === "vat")!;
        assert.equal(vatTool.title, "VAT calculator");
        assert.deepEqual(vatTool.inputSchema.required, ["amount"]);
        const props = vatTool.inputSchema.properties as Record<string, Data>;
        assert.equal(props.amount!.type, "number"); // numbers as numbers
        assert.deepEqual(props.mode!.enum, ["add", "remove"]); // enums as enums
        // No output schema: a model needs none to choose and call a tool (issue 44, docs/mcp.md).
        assert.equal(vatTool.outputSchema, undefined);
        // format picks a representation other than JSON: not offered by a tool.
        const holidaysTool = tools.find((tool: Tool) => tool.name === "holidays")!;
        assert.ok(!("format" in (holidaysTool.inputSchema.properties ?? {})));

        for (const tool of buildTools(operations)) {
          if (tool.op.produces) continue; // voice: below
          const args = exampleArguments(tool.op);
          const result = await call(client, tool.op.name, args);
          assert.ok(!result.isError, `${tool.op.name}: ${text(result)}`);
          // The same answer as the API's for the same example.
          // The example request: its URL, or for the text converters a POST of its example body.
          const example = exampleRequest(tool.op);
          const api = await fetch(`${server.url}${example.path}`, {
            ...example.init,
            headers: { ...auth, ...example.init.headers as Record<string, string> },
          });
          const envelope = await api.json();
          const expected = tool.wrapped ? { result: envelope.data } : envelope.data;
          if (!["news", "tools"].includes(tool.op.name)) {
            assert.deepEqual(result.structuredContent, expected, tool.op.name);
          }
          GOLDEN[tool.op.name]?.(result.structuredContent as Data);
          if (tool.op.provenance) {
            assert.match(
              text(result),
              new RegExp(`Source: ${escape(tool.op.provenance.sourceUrl)}`),
            );
            assert.ok(text(result).includes(`last checked ${tool.op.provenance.lastVerified}`));
          }
        }
        const figures = text(await call(client, "paye", { monthly: 250000 }));
        assert.match(figures, /monthlyTax: 8000/);
        assert.match(figures, /Source: https:\/\/www\.ird\.gov\.lk\//);

        // One quota: a tool call counts as the API request it stands for.
        const before = await fetch(`${server.url}/api/v1/vat?amount=1`, { headers: auth });
        const left = Number(before.headers.get("x-ratelimit-remaining"));
        await before.body?.cancel();
        const counted = await call(client, "vat", { amount: 1 });
        assert.deepEqual(
          (counted._meta?.["lanka/rateLimit"] as Data).remaining,
          left - 1,
        );

        // Errors are tool errors in the API's words, naming the parameter.
        const bad = await call(client, "vat", { amount: -5 });
        assert.equal(bad.isError, true);
        assert.match(text(bad), /invalid_param/);
        assert.match(text(bad), /"amount"/);
        const unknown = await call(client, "vat", { amount: 5, colour: "red" });
        assert.match(text(unknown), /Unknown parameter "colour": allowed: amount, rate, mode/);
        const missing = await call(client, "nic", {});
        assert.equal(missing.isError, true);
        assert.match(text(missing), /Parameter "number" is required/);
        const ics = await call(client, "holidays", { year: 2026, format: "ics" });
        assert.match(text(ics), /Parameter "format" is not offered/);

        // The text converters (issue 46): their arguments are the JSON body's fields.
        const unicodeTool = tools.find((tool: Tool) => tool.name === "text-unicode")!;
        assert.deepEqual(unicodeTool.inputSchema.required, ["text", "font"]);
        const fields = unicodeTool.inputSchema.properties as Record<string, Data>;
        assert.deepEqual(fields.font!.enum, ["fm-abhaya", "dl-manel", "kaputa", "bamini", "auto"]);
        for (const name of ["text-legacy", "text-singlish"]) {
          assert.ok(tools.some((tool: Tool) => tool.name === name), name);
        }
        const read = await call(client, "text-unicode", { text: "Y%S ,xld", font: "dl-manel" });
        assert.ok(!read.isError, text(read));
        assert.equal((read.structuredContent as Data).text, SRI_LANKA);
        const unsure = await call(client, "text-unicode", { text: "Y%S", font: "auto" });
        assert.equal(unsure.isError, true);
        assert.match(text(unsure), /font_uncertain/);
        assert.match(text(unsure), /"font"/);
        const badFont = await call(client, "text-legacy", { text: "x", font: "kaputa" });
        assert.equal(badFont.isError, true);
        assert.match(text(badFont), /invalid_param/);
        assert.match(text(badFont), /"font"/);

        // lang works as on the API.
        const si = await call(client, "holidays", { year: 2026, type: "mercantile", lang: "si" });
        const siApi = await (await fetch(
          `${server.url}/api/v1/holidays?year=2026&type=mercantile&lang=si`,
          { headers: auth },
        )).json();
        assert.deepEqual(si.structuredContent, siApi.data);
        const en = await call(client, "holidays", { year: 2026, type: "mercantile" });
        assert.notDeepEqual(si.structuredContent, en.structuredContent);
      } finally {
        await client.close();
      }

      // Anonymous callers: the API's anonymous quota (3 here), and no voice without a key.
      const anonymous = await httpClient(server.url);
      try {
        // Listing the tools counts once, as a call does (initialising counts nothing).
        assert.ok((await anonymous.listTools()).tools.length > 0);
        for (let i = 0; i < 2; i++) {
          assert.ok(!(await call(anonymous, "vat", { amount: 100 })).isError);
        }
        const over = await call(anonymous, "vat", { amount: 100 });
        assert.equal(over.isError, true);
        assert.match(text(over), /rate_limited/);
        const api = await fetch(`${server.url}/api/v1/vat?amount=100`);
        assert.equal(api.status, 429); // the same counter
        await api.body?.cancel();
        const voice = await call(anonymous, "voice", { text: "Ayubowan" });
        assert.equal(voice.isError, true);
        assert.match(text(voice), /key_required/);
      } finally {
        await anonymous.close();
      }

      // Stateless: no event stream to open; a body over the limit is refused before parsing.
      const get = await fetch(`${server.url}/mcp`, { headers: { Accept: "text/event-stream" } });
      assert.equal(get.status, 405);
      assert.equal((await get.json()).code, "method_not_allowed");
      const big = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/list",
          pad: "x".repeat(300_000),
        }),
      });
      assert.equal(big.status, 413);
      await big.body?.cancel();

      // An unknown key is refused at the door, as on the API.
      await assert.rejects(httpClient(server.url, { Authorization: "Bearer lk_nope" }));
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

Deno.test(
  "MCP over stdio (deno task mcp): the local operations as tools, computed offline",
  opts,
  async () => {
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: ["task", "--quiet", "mcp"],
      cwd: ROOT.pathname,
      stderr: "pipe",
      env: { ...Deno.env.toObject(), DENO_NO_UPDATE_CHECK: "1" },
    });
    const client = new Client({ name: "lanka-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const local = operations.filter((op) => isPublicOperation(op) && op.local);
      assert.deepEqual(tools.map((tool: Tool) => tool.name), local.map((op) => op.name));
      for (const op of local) {
        const result = await call(client, op.name, exampleArguments(op));
        assert.ok(!result.isError, `${op.name}: ${text(result)}`);
        GOLDEN[op.name]?.(result.structuredContent as Data);
      }
      const bad = await call(client, "loan", { principal: 1000, rate: 10 });
      assert.equal(bad.isError, true);
      assert.match(text(bad), /Parameter "months" is required/);
      const si = await call(client, "words", { amount: 1000, lang: "si" });
      assert.ok(!si.isError, text(si));
      assert.notEqual((si.structuredContent as Data).words, "One thousand rupees");
    } finally {
      await client.close();
    }
  },
);

/** Answers voice requests with three bytes: the check is about the tool's answer, not audio. */
const fakeVoice: VoiceSynthesizer = {
  busyFor: () => undefined,
  synthesize: (request: VoiceRequest): Promise<VoiceOutput> =>
    Promise.resolve({
      audio: new Uint8Array([1, 2, 3]),
      sampleRate: request.sample_rate,
      duration: 0.25,
      language: request.language === "auto" ? "si" : request.language,
      warnings: [],
    }),
  close: () => {},
};

Deno.test(
  "MCP voice with a key answers audio content with its duration and language",
  opts,
  async () => {
    await using t = await testApp({ voice: fakeVoice });
    const cookie = await signUp(t.request, "mcp-voice@example.com", "correct horse battery");
    const { key } = await createKey(t.request, cookie);
    const client = new Client({ name: "lanka-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://lanka.test/mcp"), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
        fetch: (input: string | URL | Request, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : input);
          return Promise.resolve(t.request(url.pathname, init));
        },
      }),
    );
    try {
      const result = await call(client, "voice", { text: "Ayubowan", codec: "wav" });
      assert.ok(!result.isError, text(result));
      const audio = result.content.find((part: CallToolResult["content"][number]) =>
        part.type === "audio"
      ) as { data: string; mimeType: string } | undefined;
      assert.equal(audio?.mimeType, "audio/wav");
      assert.deepEqual([...atob(audio!.data)].map((c) => c.charCodeAt(0)), [1, 2, 3]);
      assert.match(text(result), /Duration \(s\): 0\.250/);
      assert.match(text(result), /Language: en/);
    } finally {
      await client.close();
    }
  },
);
