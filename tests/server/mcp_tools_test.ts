/**
 * What an assistant reads of the MCP tools: the tool list cut to what a model needs (no API
 * wording repeated per parameter, yes/no typed boolean, a ceiling on its size), summaries that
 * state the figures asked for, and the tools table of docs/mcp.md against the registry.
 */
import assert from "node:assert/strict";
import { ENUM_RULE } from "../../core/openapi.ts";
import { operations } from "../../core/registry.ts";
import { createClient } from "../../mod.ts";
import { summary } from "../../server/mcp/server.ts";
import { buildTools, exampleArguments, isPublicOperation } from "../../server/mcp/tools.ts";
import { FIXED_NOW } from "../_helpers/app.ts";

const tools = buildTools(operations);
const find = (name: string) => operations.find((op) => op.name === name)!;

Deno.test("tools/list says no API rule of notation on its parameters, and stays small", () => {
  const list = JSON.stringify({ tools: tools.map((tool) => tool.definition) });
  for (
    const wording of [
      ENUM_RULE,
      "more decimals are rounded half away from zero",
      "Accept-Language",
      "plain decimal notation",
    ]
  ) {
    assert.equal(list.split(wording).length - 1, 0, wording);
  }
  // 128,952 bytes for 35 tools before issue 44 (3,684 a tool), 41,556 after (1,187; the largest,
  // payslip, 3,095): a tool carries its meaning, not the API's rules or its output schema.
  const sizes = tools.map((tool) =>
    [tool.op.name, JSON.stringify(tool.definition).length] as const
  );
  assert.ok(list.length <= 1_500 * tools.length, `tools/list: ${list.length} bytes`);
  for (const [name, size] of sizes) assert.ok(size <= 4_000, `${name}: ${size} bytes`);
  for (const tool of tools) assert.equal(tool.definition.outputSchema, undefined, tool.op.name);
});

Deno.test("yes/no parameters are booleans in the input schemas, and a boolean argument works", async () => {
  const flags: string[] = [];
  for (const tool of tools) {
    const properties = tool.definition.inputSchema.properties as Record<
      string,
      { type?: unknown; enum?: unknown }
    >;
    for (const [name, schema] of Object.entries(properties ?? {})) {
      assert.notDeepEqual(schema.enum, ["1", "0", "true", "false"], `${tool.op.name}.${name}`);
      if (schema.type === "boolean") flags.push(`${tool.op.name}.${name}`);
    }
  }
  for (const flag of ["loan.schedule", "fd.wht", "words.only", "working-days.saturday"]) {
    assert.ok(flags.includes(flag), flag);
  }
  // A tool's example arguments are typed as its schema types them.
  for (const tool of tools) {
    const args = exampleArguments(tool.op);
    for (const flag of flags.filter((flag) => flag.startsWith(`${tool.op.name}.`))) {
      const value = args[flag.slice(tool.op.name.length + 1)];
      if (value !== undefined) assert.equal(typeof value, "boolean", flag);
    }
  }
  const client = createClient({ mode: "local", now: () => FIXED_NOW });
  const loan = await client.call("loan", {
    principal: 100000,
    rate: 12,
    months: 12,
    schedule: true,
  });
  assert.equal(loan.schedule?.length, 12);
});

Deno.test("summaries state the figures a person asked for", async (t) => {
  const client = createClient({ mode: "local", now: () => FIXED_NOW });
  const said = async (name: string, params: Record<string, unknown>) => {
    const answer = await client.call(name, params as Record<string, never>).withResponse();
    return summary(find(name), answer.data, { ...answer.meta });
  };
  await t.step("a payslip states gross, EPF, APIT and net pay", async () => {
    const text = await said("payslip", { basic: 170000, bonus: 600000, date: "2025-04-25" });
    // First principles under APIT Tables 01 and 02 from 1 April 2025 (docs/payroll.md): gross
    // 170,000 + 600,000; EPF 8% of 170,000 (EPF Act s.10); APIT on salary (2,040,000 - 1,800,000)
    // x 6% / 12 = 1,200; on the bonus 36,000 (the SDK's documented example); net 770,000 -
    // 13,600 - 1,200 - 36,000.
    assert.match(text, /^- earnings\.gross: 770000$/m);
    assert.match(text, /^- deductions\.epfEmployee: 13600$/m);
    assert.match(text, /^- deductions\.apitRegular\.amount: 1200$/m);
    assert.match(text, /^- deductions\.apitLumpSum\.amount: 36000$/m);
    assert.match(text, /^- net: 719200$/m);
  });
  await t.step("is-holiday names the holidays of the day", async () => {
    // Gazette Extraordinary 2438/22: 14 April 2026 is Sinhala & Tamil New Year Day.
    const text = await said("is-holiday", { date: "2026-04-14" });
    assert.match(text, /Sinhala & Tamil New Year Day/);
    assert.match(text, /^- isHoliday: true$/m);
  });
  await t.step("every figure of every example answer is in its summary", async () => {
    for (const tool of tools.filter((tool) => tool.op.local)) {
      const answer = await client.call(
        tool.op.name,
        exampleArguments(tool.op) as Record<string, never>,
      )
        .withResponse();
      const text = summary(tool.op, answer.data, { ...answer.meta });
      const data = answer.data as Record<string, unknown>;
      if (data === null || typeof data !== "object" || Array.isArray(data)) continue;
      for (const [key, value] of Object.entries(data)) {
        if (typeof value === "number" || typeof value === "boolean") {
          assert.match(text, new RegExp(`^- ${key}: ${value}$`, "m"), `${tool.op.name}.${key}`);
        }
      }
    }
  });
});

Deno.test("docs/mcp.md's table of tools is the registry's public operations", async () => {
  const page = await Deno.readTextFile(new URL("../../docs/mcp.md", import.meta.url));
  const rows = [...page.matchAll(/^\| `([\w-]+)` +\| (.+?) +\| (yes|no \(HTTP only\)) +\|$/gm)];
  const expected = operations.filter(isPublicOperation);
  assert.deepEqual(
    rows.map((row) => row[1]),
    expected.map((op) => op.name),
    "run `deno task docs:tables` (rules:build runs it)",
  );
  for (const [, name, title, stdio] of rows) {
    const op = find(name!);
    assert.equal(title, op.title, name);
    assert.equal(stdio === "yes", op.local, name);
  }
});
