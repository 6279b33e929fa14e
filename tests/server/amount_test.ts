/**
 * Issue 27: the tool pages read an amount the way people type it, the same in the three
 * languages; the API keeps its strict plain decimal rule.
 */
import assert from "node:assert/strict";
import { readAmount, readCount } from "../../server/pages/amount.ts";
import { testApp } from "../_helpers/app.ts";

Deno.test("readAmount: commas, lakh grouping, Rs., LKR, /= and the Sinhala and Tamil signs", () => {
  const cases: [string, string][] = [
    ["250000", "250000"],
    ["250,000", "250000"],
    ["2,50,000", "250000"],
    ["Rs. 250,000", "250000"],
    ["Rs 250,000/=", "250000"],
    ["rs.250000", "250000"],
    ["LKR 250000.50", "250000.50"],
    ["250,000.75 LKR", "250000.75"],
    ["250000/=", "250000"],
    ["250000/-", "250000"],
    ["රු. 250,000", "250000"],
    ["ரூ. 2,50,000", "250000"],
    [" 250 000 ", "250000"],
    ["₨ 1,000", "1000"],
  ];
  for (const [typed, read] of cases) assert.equal(readAmount(typed), read, typed);
});

Deno.test("readAmount leaves what is not an amount for the operation to refuse", () => {
  for (const typed of ["abc", "10.000,50", "25,0000", "1,2", "-5", "Rs.", "1e5", "two lakh"]) {
    assert.equal(readAmount(typed), typed.trim(), typed);
  }
});

Deno.test("readCount: digits with commas or spaces, nothing else", () => {
  assert.equal(readCount("240"), "240");
  assert.equal(readCount("1,200"), "1200");
  assert.equal(readCount(" 12 "), "12");
  assert.equal(readCount("12.5"), "12.5");
  assert.equal(readCount("ten"), "ten");
});

Deno.test("the pages accept typed amounts in every language; the API stays strict", async () => {
  await using t = await testApp();
  for (const prefix of ["", "/si", "/ta"]) {
    for (
      const typed of ["250000", "250,000", "2,50,000", "Rs. 250,000", "LKR 250000.00", "250000/="]
    ) {
      const res = await t.request(`${prefix}/tools/paye?monthly=${encodeURIComponent(typed)}`);
      const body = await res.text();
      assert.equal(res.status, 200, `${prefix} ${typed}`);
      // IRD APIT Table 01 (2025/26): 250,000 a month -> 8,000 (tests/_helpers/golden_pages.ts).
      assert.match(
        body,
        /data-field="answer\.monthlyTax"\s*>\s*LKR[\s\u00a0]8,000\.00\s*</,
        `${prefix} ${typed}`,
      );
    }
  }
  const api = await t.request(`/api/v1/tax/paye?monthly=${encodeURIComponent("250,000")}`);
  assert.equal(api.status, 400, "the API keeps plain decimal notation");
  await api.body?.cancel();
});

Deno.test("the home page's search finds tools by people's words in three languages", async () => {
  await using t = await testApp();
  const found = async (path: string) => {
    const body = await (await t.request(path)).text();
    return [...body.matchAll(/<a href="(?:\/(?:si|ta))?\/tools\/([\w-]+)">/g)].map((m) => m[1]);
  };
  const cases: [string, string][] = [
    ["salary", "paye"],
    ["වැටුප", "paye"],
    ["சம்பளம்", "payslip"],
    ["EPF", "payslip"],
    ["poya", "holidays"],
    ["පෝය", "holidays"],
    ["ණය", "loan"],
    ["நிலையான வைப்பு", "fd"],
  ];
  for (const [q, slug] of cases) {
    for (const prefix of ["", "/si", "/ta"]) {
      const slugs = await found(`${prefix}/?q=${encodeURIComponent(q)}`);
      assert.ok(slugs.includes(slug), `${prefix}/?q=${q} finds ${slug}: ${slugs.join(", ")}`);
    }
  }
});

Deno.test("result pages are not indexed; the empty form is", async () => {
  await using t = await testApp();
  const empty = await (await t.request("/tools/paye")).text();
  assert.doesNotMatch(empty, /name="robots"/);
  const answered = await (await t.request("/tools/paye?monthly=250000")).text();
  assert.match(answered, /<meta name="robots" content="noindex">/);
  // The form is a GET form whose action ends in #answer: the URL holds the question.
  assert.match(answered, /<form method="get" action="\/tools\/paye#answer"/);
  assert.doesNotMatch(answered, /type="number"|name="lang"/);
  assert.match(
    answered,
    /<input type="text" id="f-monthly" name="monthly"[^>]*inputmode="decimal"/,
  );
});
