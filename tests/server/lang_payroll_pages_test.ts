/**
 * Issue 19 for the payroll tools' pages: a computed payslip, gratuity, minimum wage or APIT
 * answer on a Sinhala or Tamil page reads in that language (the printable payslip, the notices
 * and every field of the result), and the English pages keep their English.
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";
import { latinWords, visibleText } from "../_helpers/latin.ts";

/** Tool pages with a result, reaching every notice the payroll answers give. */
const PAGES = [
  // IRD Table 02 2025/26 worked example, paid after the tables held (tableNotYetPublished)
  "/tools/payslip?basic=170000&bonus=600000&date=2027-04-25",
  "/tools/payslip?basic=170000&bonus=600000&bonusEpf=1&allowances=20000&date=2025-04-25",
  "/tools/payslip?basic=10000&bra=1000&date=2025-06-25",
  "/tools/payslip?basic=10000&date=2024-06-25",
  "/tools/payslip?net=1&allowances=20000&date=2026-01-25",
  "/tools/payslip?basic=100000&employment=secondary&primaryMonthly=150000&date=2023-02-25",
  "/tools/gratuity?salary=50000&start=2016-01-01&end=2026-01-01",
  "/tools/gratuity?salary=50000&start=2016-01-01&end=2026-01-01&workmen15=0",
  "/tools/minimum-wage",
  "/tools/minimum-wage?date=2024-10-01",
  "/tools/apit?table=1&monthly=250000&date=2025-06-25&paidToDate=1",
  "/tools/apit?table=2&date=2025-04-25&paidToDate=170000&payable=1870000&lumpSums=600000",
  "/tools/apit?table=7&date=2023-02-25&primaryMonthly=150000&remuneration=100000",
  "/tools/apit?table=8&date=2025-06-25&monthly=900000",
];

/** The result section of a tool page. */
function resultSection(body: string): string {
  // The answer and its breakdown, up to the form.
  const match = /<section class="answer"[\s\S]*?(?=<form )/.exec(body);
  assert.ok(match, "the page shows a result");
  return match[0];
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`a payroll tool's result reads in ${lang}`, async () => {
    await using t = await testApp();
    const english: Record<string, string[]> = {};
    for (const path of PAGES) {
      const res = await t.request(`/${lang}${path}`);
      assert.equal(res.status, 200, path);
      const words = latinWords(visibleText(resultSection(await res.text())));
      if (words.length) english[path] = [...new Set(words)];
    }
    assert.deepEqual(english, {});
  });
}

/** Tool pages whose input the payroll operations refuse (400) or cannot answer (501). */
const REFUSED = [
  "/tools/payslip?basic=100000&employment=secondary&date=2023-02-25",
  "/tools/payslip?net=10000000000&date=2026-01-25",
  "/tools/payslip?date=2026-01-25",
  "/tools/payslip?basic=1&net=1",
  "/tools/payslip?basic=1&date=2022-06-25",
  "/tools/payslip?basic=1&taxOnTax=1&date=2025-06-25",
  "/tools/payslip?basic=50000&regularToDate=2000000&date=2025-06-25",
  ...[3, 4, 5, 6, 7].map((n) => `/tools/apit?table=${n}&date=2025-04-25&monthly=1`),
  "/tools/apit?table=8&date=2024-06-25&monthly=1",
  "/tools/apit?table=2&date=2025-04-25",
  "/tools/gratuity?salary=1&start=2026-01-01&end=2016-01-01",
  "/tools/gratuity?salary=1&start=2016-01-01&end=2026-01-01&basis=daily",
  "/tools/minimum-wage?date=2015-06-01",
];

for (const lang of ["si", "ta"] as const) {
  Deno.test(`a payroll tool's refusals read in ${lang} on its page`, async () => {
    await using t = await testApp();
    const english: Record<string, string[]> = {};
    for (const path of REFUSED) {
      const res = await t.request(`/${lang}${path}`);
      assert.equal(res.status, 400, path);
      const summary = /<div class="error-summary"[\s\S]*?<\/div>\s*<\/div>/.exec(await res.text());
      assert.ok(summary, `${path}: no error summary`);
      const words = latinWords(visibleText(summary[0]));
      if (words.length) english[path] = [...new Set(words)];
    }
    assert.deepEqual(english, {});
  });
}

Deno.test("the printable payslip follows the page's language; English is unchanged", async () => {
  await using t = await testApp();
  const path = "/tools/payslip?basic=170000&bonus=600000&date=2025-04-25";
  const en = await (await t.request(path)).text();
  assert.ok(en.includes('<h3 id="payslip-title">Payslip: pay date 2025-04-25</h3>'));
  assert.ok(en.includes("APIT (APIT Table 02)"));
  assert.ok(en.includes("The lump sum was not counted as EPF/ETF earnings"));
  const si = await (await t.request(`/si${path}`)).text();
  assert.ok(si.includes("වැටුප් පත්‍රිකාව: වැටුප් ගෙවන දිනය 2025-04-25"));
  assert.ok(si.includes("අත්තිකාරම් පුද්ගල ආදායම් බද්ද (APIT වගුව 02)"));
  // The notice (computed with the page's lang), a result label and an enum value.
  assert.ok(si.includes("<li>එකවර ගෙවීම සේවක අර්ථසාධක අරමුදලට"));
  assert.ok(si.includes("<dt>සේවක අර්ථසාධක අරමුදලට අදාළ ඉපැයීම්</dt>"));
  assert.ok(si.includes(">ප්‍රාථමික රැකියාව</span>"));
  assert.ok(!si.includes(">primary</span>"));
  const ta = await (await t.request(`/ta${path}`)).text();
  assert.ok(ta.includes("முற்பண தனிநபர் வருமான வரி (APIT அட்டவணை 02)"));
  // Codes stay codes: the notice's code is shown as code, not translated.
  assert.ok(ta.includes("<code>bonusEpf</code>"));
});
