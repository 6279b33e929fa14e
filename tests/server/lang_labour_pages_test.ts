/**
 * Issue 31 on the tool pages: every labour answer, and every refusal, reads in Sinhala and Tamil
 * on its page (every visible word but codes and names), and the English pages keep the Act named.
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";
import { latinWords, visibleText } from "../_helpers/latin.ts";

/** Labour tool pages with a result, reaching every sentence the labour answers write. */
const PAGES = [
  "/tools/maternity-leave?confinement=2026-03-15",
  "/tools/maternity-leave?confinement=2026-03-15&live=0",
  "/tools/maternity-leave?confinement=2026-03-15&scheme=ordinance",
  "/tools/maternity-leave?confinement=2026-03-15&scheme=ordinance&live=0",
  "/tools/annual-leave?joined=2025-05-15&year=2025",
  "/tools/annual-leave?joined=2025-05-15&year=2025&firstYearCasual=half-per-month",
  "/tools/annual-leave?joined=2025-05-15&year=2026",
  "/tools/annual-leave?joined=2025-05-15&year=2027",
  ...["240", "200", "208"].map((d) => `/tools/overtime?monthly=80000&hours=10&divisor=${d}`),
  "/tools/no-pay?monthly=60000&days=2&hours=4",
  "/tools/no-pay?monthly=60000&days=31&divisor=25",
  "/tools/no-pay?monthly=60000&days=1&divisor=working&workingDays=22",
  "/tools/no-pay?monthly=60000&days=1&divisor=calendar&date=2026-02-10",
  ...["mercantile", "poya", "public", "bank"].map((h) =>
    `/tools/holiday-pay?monthly=60000&holiday=${h}`
  ),
  "/tools/termination-compensation?salary=100000&years=10&date=2026-01-01",
  "/tools/termination-compensation?salary=100000&years=20&date=2020-01-01",
  ...["death", "permanent-total", "temporary"].map((o) =>
    `/tools/workmens-compensation?monthly=42000&outcome=${o}`
  ),
  "/tools/workmens-compensation?monthly=42000&outcome=permanent-partial&loss=80",
  "/tools/epf-projection?monthly=100000&from=2015&to=2025",
  "/tools/epf-projection?monthly=100000&from=2020&to=2024&crediting=monthly",
];

function resultSection(body: string): string {
  // The answer block: the sentence and the breakdown (the page's "For developers" part, closed,
  // holds the raw fields and code, which stay as they are).
  const match = /<section class="answer" id="answer"[\s\S]*?(?=<section class="worked")/.exec(body);
  assert.ok(match, "the page shows a result");
  return match[0];
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`a labour tool's result reads in ${lang}`, async () => {
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

/** Labour tool pages whose input is refused (400) or cannot be answered (501). */
const REFUSED = [
  "/tools/annual-leave?joined=2025-05-15&year=2024",
  "/tools/no-pay?monthly=60000&days=1&divisor=working",
  "/tools/no-pay?monthly=60000&days=1&divisor=calendar",
  "/tools/workmens-compensation?monthly=42000&outcome=permanent-partial",
  "/tools/epf-projection?monthly=1&from=2022&to=2021",
  "/tools/termination-compensation?salary=1&years=1&date=2005-03-14",
];

for (const lang of ["si", "ta"] as const) {
  Deno.test(`a labour tool's refusals read in ${lang} on its page`, async () => {
    await using t = await testApp();
    const english: Record<string, string[]> = {};
    for (const path of REFUSED) {
      const res = await t.request(`/${lang}${path}`);
      assert.equal(res.status, 400, path);
      const summary = /<div class="error-summary"[\s\S]*?<\/ul>/.exec(await res.text());
      assert.ok(summary, `${path}: no error summary`);
      const words = latinWords(visibleText(summary[0]));
      if (words.length) english[path] = [...new Set(words)];
    }
    assert.deepEqual(english, {});
  });
}

Deno.test("the English labour pages name the Act and say what is unknown", async () => {
  await using t = await testApp();
  const body = await (await t.request(
    "/tools/holiday-pay?monthly=60000&holiday=bank",
  )).text();
  assert.ok(body.includes("Shop and Office Employees (Regulation of Employment and Remuneration)"));
  assert.ok(body.includes("The pay for work on this kind of holiday"));
  const si = await (await t.request("/si/tools/maternity-leave?confinement=2026-03-15")).text();
  assert.ok(si.includes("සාප්පු හා කාර්යාල සේවක පනත"));
});
