/**
 * Issue 19 for the payroll operations: the SDK computing locally, in a process that has loaded
 * nothing but `mod.ts` (so the Sinhala or Tamil catalogue is loaded lazily, on the first call
 * that asks for it), gives the same Sinhala and Tamil answers as the server, whether the
 * language comes from `createClient({ lang })` or from a call's `lang`.
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";

type Case = [operation: string, params: Record<string, string>];

/** Requests that reach every payroll notice, reason and note (see tests/core/lang_answers_test.ts). */
const CASES: Case[] = [
  ["payslip", { basic: "170000", bonus: "600000", date: "2025-04-25" }],
  ["payslip", { basic: "170000", bonus: "600000", bonusEpf: "1", date: "2027-04-25" }],
  ["payslip", { basic: "10000", date: "2024-06-25" }],
  ["payslip", { basic: "10000", bra: "1000", date: "2025-06-25" }],
  ["payslip", { net: "1", allowances: "20000", date: "2026-01-25" }],
  ["payslip", {
    basic: "100000",
    employment: "secondary",
    primaryMonthly: "150000",
    date: "2023-02-25",
  }],
  ["gratuity", { salary: "50000", start: "2016-01-01", end: "2026-01-01" }],
  ["gratuity", { salary: "50000", start: "2024-01-01", end: "2026-01-01" }],
  ["gratuity", { salary: "50000", start: "2016-01-01", end: "2026-01-01", workmen15: "0" }],
  ["minimum-wage", { date: "2016-06-01" }],
  ["minimum-wage", { date: "2024-10-01" }],
  ["minimum-wage", { date: "2025-06-01" }],
  ["apit", { table: "1", monthly: "250000", date: "2024-06-25", paidToDate: "1" }],
  ["apit", {
    table: "2",
    date: "2023-02-25",
    paidToDate: "170000",
    payable: "1870000",
    lumpSums: "600000",
  }],
  ["apit", { table: "7", date: "2023-02-25", primaryMonthly: "150000", remuneration: "100000" }],
  ["apit", {
    table: "8",
    date: "2025-06-25",
    monthly: "900000",
    remuneration: "1",
    rounding: "table",
  }],
];

const PATHS: Record<string, string> = {
  payslip: "/api/v1/payroll/payslip",
  gratuity: "/api/v1/payroll/gratuity",
  "minimum-wage": "/api/v1/payroll/minimum-wage",
  apit: "/api/v1/tax/apit",
};

/** The SDK's answers in a fresh process that imports only mod.ts. */
async function sdkAnswers(lang: "si" | "ta"): Promise<{ before: boolean; answers: unknown[] }> {
  const root = new URL("../../", import.meta.url);
  const script = `
    import { createClient } from ${JSON.stringify(new URL("mod.ts", root).href)};
    import { hasMessages } from ${JSON.stringify(new URL("core/i18n.ts", root).href)};
    const cases = ${JSON.stringify(CASES)};
    const before = hasMessages(${JSON.stringify(lang)});
    const client = createClient({ mode: "local", lang: ${JSON.stringify(lang)} });
    const plain = createClient({ mode: "local" });
    const answers = [];
    for (const [op, params] of cases) {
      answers.push(await client.call(op, params));
      answers.push(await plain.call(op, { ...params, lang: ${JSON.stringify(lang)} }));
    }
    console.log(JSON.stringify({ before, answers }));
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--no-check", "--allow-read", "-"],
    cwd: root,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(script));
  await writer.close();
  const out = await child.output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`payroll answers in ${lang}: the SDK, loading ${lang} on first use, equals the server`, async () => {
    const { before, answers } = await sdkAnswers(lang);
    assert.equal(before, false, "the catalogue is not loaded before the first call");
    await using t = await testApp();
    const script = lang === "si" ? /[\u0D80-\u0DFF]/ : /[\u0B80-\u0BFF]/;
    for (const [i, [op, params]] of CASES.entries()) {
      const query = new URLSearchParams(params);
      const byHeader = await t.request(`${PATHS[op]}?${query}`, {
        headers: { "Accept-Language": lang },
      });
      query.set("lang", lang);
      const byParam = await t.request(`${PATHS[op]}?${query}`);
      const server = (await byParam.json()).data;
      assert.deepEqual((await byHeader.json()).data, server, `${op} Accept-Language`);
      assert.deepEqual(answers[2 * i], server, `${op} ${JSON.stringify(params)} createClient`);
      assert.deepEqual(answers[2 * i + 1], server, `${op} ${JSON.stringify(params)} call`);
      // Not English by accident: the answer's text is in the language's script.
      assert.match(JSON.stringify(server), script, `${op} ${JSON.stringify(params)}`);
    }
  });
}
