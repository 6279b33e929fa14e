/**
 * A rule whose figures are the same on any date (docs/rules.md, "Values the same on any date"),
 * served as deployed: the flat and reducing rates rule (first-principles annuity arithmetic) on a
 * real port takes no date, names its source as holding on any date in the answer and in `meta`,
 * publishes no date parameter in OpenAPI or MCP, and its page says "the same on any date" in
 * English, Sinhala and Tamil instead of a period in force. The SDK computes the same answer.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import ENGINE from "../../data/messages/rules/_engine.json" with { type: "json" };
import RULE from "../../data/rules/flat-reducing-rate.json" with { type: "json" };
import { createClient } from "../../mod.ts";
import { startServer } from "../_helpers/server.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const PATH = "/api/v1/loan/flat-reducing";
// The experts123.com worked example (tests/rules/cases/flat-reducing-rate.json): 12% flat on
// Rs 100,000 over 24 months, interest 24,000, instalment 124,000 / 24 = 5,166.67.
const QUERY = "principal=100000&months=24&rate=12&quoted=flat";
const SOURCE_URL = RULE.parameters.method.source.url;

async function get(url: string): Promise<Response> {
  return await fetch(url, { headers: { "User-Agent": "Mozilla/5.0 Chrome/140.0" } });
}

const TEXTS = ENGINE.messages as unknown as Record<
  string,
  { en: string; si: { text: string }; ta: { text: string } }
>;

/** An engine text in a language. */
function engineText(key: string, lang: "en" | "si" | "ta"): string {
  const entry = TEXTS[key]!;
  return lang === "en" ? entry.en : entry[lang].text;
}

Deno.test(
  "a rule whose figures are the same on any date is served without a date",
  opts,
  async (t) => {
    const server = await startServer({ KV_PATH: ":memory:", ANON_DAILY_LIMIT: "100000" });
    const base = server.url;
    try {
      await t.step(
        "the answer names its source as holding on any date, and meta takes it",
        async () => {
          const res = await get(`${base}${PATH}?${QUERY}`);
          assert.equal(res.status, 200);
          const body = await res.json();
          assert.equal(body.data.instalment, 5166.67);
          assert.equal(body.data.totalInterest, 24000);
          assert.equal(body.data.date, null);
          assert.equal(body.data.sources.length, 1);
          const [used] = body.data.sources;
          assert.equal(used.parameter, "method");
          assert.equal(used.undated, "first-principles");
          assert.equal(used.from, null);
          assert.equal(used.to, null);
          assert.equal(used.url, SOURCE_URL);
          assert.equal(body.meta.source_url, SOURCE_URL);
          assert.equal(body.meta.last_verified, RULE.parameters.method.source.lastVerified);
          // A date is no input of it: named in a 400, as any unknown parameter is.
          const dated = await get(`${base}${PATH}?${QUERY}&date=2023-01-01`);
          assert.equal(dated.status, 400);
          assert.equal((await dated.json()).details[0].param, "date");
        },
      );
      await t.step("OpenAPI and MCP publish no date parameter", async () => {
        const doc = await (await get(`${base}/api/v1/openapi.json`)).json();
        const item = doc.paths[PATH].get;
        assert.deepEqual(item.parameters.map((p: { name: string }) => p.name), [
          "principal",
          "months",
          "rate",
          "quoted",
          "lang",
        ]);
        const client = new Client({ name: "lanka-test", version: "1.0.0" });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
        try {
          const { tools } = await client.listTools();
          const tool = tools.find((x: { name: string }) => x.name === "flat-reducing-rate");
          assert.ok(tool, "not in tools/list");
          assert.ok(!("date" in (tool.inputSchema.properties ?? {})));
          const result = await client.callTool({
            name: "flat-reducing-rate",
            arguments: { principal: 100000, months: 24, rate: 12 },
          }) as CallToolResult;
          const data = result.structuredContent as { instalment: number; sources: unknown[] };
          assert.equal(data.instalment, 5166.67);
          assert.equal((data.sources[0] as { undated: string }).undated, "first-principles");
        } finally {
          await client.close();
        }
      });
      await t.step(
        "its page says the same on any date, in English, Sinhala and Tamil",
        async () => {
          for (const lang of ["en", "si", "ta"] as const) {
            const prefix = lang === "en" ? "" : `/${lang}`;
            const res = await get(`${base}${prefix}/tools/flat-reducing-rate?${QUERY}`);
            assert.equal(res.status, 200, lang);
            const page = await res.text();
            assert.match(page, new RegExp(`<html lang="${lang}">`));
            assert.ok(page.includes("LKR 5,166.67"), `${lang}: the answer`);
            assert.ok(page.includes(engineText("page.any_date", lang)), `${lang}: any date`);
            const inForce = engineText("page.in_force", lang).replace("{from}", "").trim();
            assert.ok(!page.includes(inForce), `${lang}: no period in force`);
            assert.ok(!page.includes("1900-01-01"), lang);
            assert.ok(!/name="date"/.test(page), `${lang}: no date field`);
          }
        },
      );
      await t.step("the SDK computes the same answer locally as the server", async () => {
        const params = { principal: 100000, months: 24, rate: 12 };
        const local = await createClient({ mode: "local", baseUrl: base })
          .call("flat-reducing-rate", params).withResponse();
        const remote = await createClient({ mode: "remote", baseUrl: base })
          .call("flat-reducing-rate", params).withResponse();
        assert.equal(local.source, "local");
        assert.equal(remote.source, "remote");
        assert.deepEqual(local.data, remote.data);
        assert.equal(local.meta?.source_url, SOURCE_URL);
      });
    } finally {
      await server.stop("SIGTERM");
    }
  },
);
