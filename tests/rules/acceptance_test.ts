/**
 * Issue 42's acceptance: a rule file added as a fixture, with no other edit, appears everywhere.
 * The real server (`server/main.ts` on a real port) is started with `RULES_DIR` naming
 * `tests/fixtures/rules/` (a rule and its texts, nothing else); the rule is then in the API and
 * OpenAPI, the service index, the tool catalogue (found in three languages), MCP's `tools/list`
 * (and callable), its page in English, Sinhala and Tamil, and the SDK, local and remote alike.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { makeRule } from "../../core/rules/make.ts";
import { createClient } from "../../mod.ts";
import { startServer } from "../_helpers/server.ts";

const FIXTURES = new URL("../fixtures/rules/", import.meta.url);
const opts = { sanitizeOps: false, sanitizeResources: false };

function fixture() {
  const read = (path: string) => JSON.parse(Deno.readTextFileSync(new URL(path, FIXTURES)));
  return makeRule(
    { rule: read("postcard-fee.json"), texts: read("messages/postcard-fee.json") },
    "postcard-fee",
  );
}

async function get(url: string): Promise<Response> {
  return await fetch(url, { headers: { "User-Agent": "Mozilla/5.0 Chrome/140.0" } });
}

Deno.test("a rule file in RULES_DIR is served everywhere with no other edit", opts, async (t) => {
  const server = await startServer({
    KV_PATH: ":memory:",
    ANON_DAILY_LIMIT: "100000",
    RULES_DIR: FIXTURES.pathname,
  });
  try {
    const base = server.url;
    await t.step(
      "the API answers it in the envelope, naming the dated value's source",
      async () => {
        // Gazette 2292/13 (OnLanka): Rs 20 a postcard from 15 August 2022; 3 cards: Rs 60.
        const res = await get(`${base}/api/v1/fees/postcard?cards=3&date=2023-01-01`);
        assert.equal(res.status, 200);
        const body = await res.json();
        assert.equal(body.ok, true);
        assert.equal(body.data.total, 60);
        assert.equal(body.meta.endpoint, "postcard-fee");
        assert.equal(
          body.meta.source_url,
          "https://www.onlanka.com/news/sri-lanka-increases-postal-charges.html",
        );
        assert.equal(body.meta.page_url, `${base}/tools/postcard-fee`);
        // Rs 40 from 9 February 2026 (OnLanka, Ada Derana): the source follows the date.
        const now = await (await get(`${base}/api/v1/fees/postcard?cards=3&date=2026-03-01`))
          .json();
        assert.equal(now.data.total, 120);
        assert.match(now.meta.source_url, /revised-from-today/);
      },
    );
    await t.step(
      "a bad value is a 400 naming it; a gap a 501; before the first value a 400",
      async () => {
        const bad = await get(`${base}/api/v1/fees/postcard?cards=0`);
        assert.equal(bad.status, 400);
        assert.equal((await bad.json()).details[0].param, "cards");
        const gap = await get(`${base}/api/v1/fees/postcard?cards=1&date=2020-01-01`);
        assert.equal(gap.status, 501);
        assert.equal((await gap.json()).code, "not_available");
        const early = await get(`${base}/api/v1/fees/postcard?cards=1&date=2014-07-31`);
        assert.equal(early.status, 400);
        assert.equal((await early.json()).details[0].param, "date");
      },
    );
    await t.step("OpenAPI and the service index describe it", async () => {
      const doc = await (await get(`${base}/api/v1/openapi.json`)).json();
      const item = doc.paths["/api/v1/fees/postcard"]?.get;
      assert.ok(item, "no path in OpenAPI");
      assert.equal(item.operationId, "postcard-fee");
      assert.deepEqual(item.parameters.map((p: { name: string }) => p.name), [
        "cards",
        "date",
        "lang",
      ]);
      const index = await (await get(`${base}/api/v1`)).json();
      assert.ok(index.data.endpoints.some((e: { name: string }) => e.name === "postcard-fee"));
    });
    await t.step("the tool catalogue finds it, in English, Sinhala and Tamil", async () => {
      for (const [q, lang] of [["postcard", "en"], ["තැපැල්පත", "si"], ["அஞ்சலட்டை", "ta"]]) {
        const found = await (await get(
          `${base}/api/v1/tools?q=${encodeURIComponent(q!)}&lang=${lang}`,
        )).json();
        const slugs = found.data.tools.map((tool: { slug: string }) => tool.slug);
        assert.ok(slugs.includes("postcard-fee"), `${lang}: ${slugs}`);
      }
    });
    await t.step("MCP's tools/list has it, and the tool answers", async () => {
      const client = new Client({ name: "lanka-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
      try {
        const { tools } = await client.listTools();
        const tool = tools.find((x: { name: string }) => x.name === "postcard-fee");
        assert.ok(tool, "not in tools/list");
        assert.deepEqual(tool.inputSchema.required, ["cards"]);
        const result = await client.callTool({
          name: "postcard-fee",
          arguments: { cards: 2, date: "2023-01-01" },
        }) as CallToolResult;
        assert.equal((result.structuredContent as { total: number }).total, 40);
      } finally {
        await client.close();
      }
    });
    await t.step("its page answers first, in English, Sinhala and Tamil", async () => {
      const answers = {
        en: "The postage is LKR 60.00.",
        si: "තැපැල් ගාස්තුව LKR 60.00.",
        ta: "அஞ்சல் கட்டணம் LKR 60.00.",
      };
      for (const [lang, sentence] of Object.entries(answers)) {
        const prefix = lang === "en" ? "" : `/${lang}`;
        const res = await get(`${base}${prefix}/tools/postcard-fee?cards=3&date=2023-01-01`);
        assert.equal(res.status, 200, lang);
        const page = await res.text();
        assert.match(page, new RegExp(`<html lang="${lang}">`));
        const answer = page.indexOf('id="answer"');
        const worked = page.indexOf('id="worked-title"');
        const developers = page.indexOf('id="developers"');
        assert.ok(answer > 0 && answer < worked && worked < developers, `${lang}: the order`);
        assert.ok(page.includes(sentence), `${lang}: ${sentence}`);
        assert.ok(page.includes("2292/13"), `${lang}: the step's source`);
      }
    });
    await t.step("the SDK, local and remote alike", async () => {
      const { op } = fixture();
      const params = { cards: 3, date: "2023-01-01" };
      const local = await createClient({ mode: "local", baseUrl: base }).call(op, params)
        .withResponse();
      const remote = await createClient({ mode: "remote", baseUrl: base }).call(op, params)
        .withResponse();
      assert.equal(local.source, "local");
      assert.equal(remote.source, "remote");
      assert.deepEqual(local.data, remote.data);
      assert.equal(local.meta?.source_url, remote.meta?.source_url);
    });
  } finally {
    await server.stop("SIGTERM");
  }
  // Without the directory the rule is not there: it came from the fixture.
  const plain = await startServer({ KV_PATH: ":memory:" });
  try {
    const res = await get(`${plain.url}/api/v1/fees/postcard?cards=3`);
    await res.body?.cancel();
    assert.equal(res.status, 404);
  } finally {
    await plain.stop("SIGTERM");
  }
});
