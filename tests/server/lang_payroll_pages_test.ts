/**
 * Issue 19 for the payroll tools' pages: a computed payslip, gratuity, minimum wage or APIT
 * answer on a Sinhala or Tamil page reads in that language (the printable payslip, the notices
 * and every field of the result), and the English pages keep their English.
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";

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
