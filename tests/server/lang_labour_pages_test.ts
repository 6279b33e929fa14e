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

/** The answer block of a page: its sentence (the `<h2>`) and what follows up to the worked-out part. */
function answerParts(body: string): { sentence: string; rest: string } {
  const section = resultSection(body);
  const sentence = /<h2 id="answer-title">([\s\S]*?)<\/h2>/.exec(section);
  assert.ok(sentence, "the answer has its sentence");
  return {
    // The sentence as read: tags out, no-break spaces as spaces.
    sentence: sentence[1]!.replace(/<[^>]+>/g, "").replace(/&nbsp;|\u00a0/g, " ")
      .replace(/&#39;/g, "'").replace(/\s+/g, " ").trim(),
    rest: section.slice(sentence.index + sentence[0].length),
  };
}

Deno.test("each labour page answers in its own sentence, with the choices and unknowns right under it", async () => {
  await using t = await testApp();
  const cases: [string, RegExp][] = [
    // s.18B(2) as replaced by Act No. 14 of 2018, with the 14 days before, in working days as
    // the Employers' Federation of Ceylon reads the Act (tests/core/labour_test.ts).
    [
      "/tools/maternity-leave?confinement=2026-03-15",
      /^Your maternity leave is 84 working days, from 23 February 2026 to 25 June 2026\.$/,
    ],
    // The calendar-day reading, asked for.
    [
      "/tools/maternity-leave?confinement=2026-03-15&count=calendar",
      /^Your maternity leave is 84 days, from 1 March 2026 to 23 May 2026\.$/,
    ],
    // de Saram: nothing in the calendar year of joining; Dawood: a casual day per two months (3).
    [
      "/tools/annual-leave?joined=2025-05-15&year=2025",
      /^In 2025, the year you joined, you have no annual leave yet \(0 days\) and 3 days of casual leave\.$/,
    ],
    // LankaCalc's fixture: 100,000 / 240 = 416.67; x 1.5 = 625 an hour; 12 hours = 7,500.
    [
      "/tools/overtime?monthly=100000&hours=12",
      /^Overtime for 12 hours is LKR 7,500\.00, at LKR 625\.00 an hour\.$/,
    ],
    // induwara.lk: the deduction is at most the month's pay.
    [
      "/tools/no-pay?monthly=60000&days=31&divisor=25",
      /^The no-pay deduction is LKR 60,000\.00, the whole month's pay/,
    ],
    // No private-sector rule was found for a bank holiday: no figure, and the sentence says so.
    ["/tools/holiday-pay?monthly=60000&holiday=bank", /^We cannot give a figure: no rule/],
    // 20 years: 39 months = 3,900,000, capped at 2,500,000 from 19 February 2021 (news.lk).
    [
      "/tools/termination-compensation?salary=100000&years=20&date=2021-02-19",
      /^Compensation is LKR 2,500,000\.00 \(the cap applied\): the formula gives 39 months' salary, LKR 3,900,000\.00\.$/,
    ],
    // Schedule IV (Act No. 10 of 2022), row 40,001-45,000: permanent 1,680,000; 80% = 1,344,000.
    [
      "/tools/workmens-compensation?monthly=42000&outcome=permanent-partial&loss=80",
      /^Compensation for permanent partial disablement \(80% loss of earning capacity\) is LKR 1,344,000\.00\.$/,
    ],
    // No EPF or ETF rate for 2025 was found: the balance is not given.
    [
      "/tools/epf-projection?monthly=100000&from=2020&to=2025",
      /^Your balances at the end of 2025 are not known: the rate for 2025 has not been declared\.$/,
    ],
  ];
  for (const [path, sentence] of cases) {
    const res = await t.request(path);
    assert.equal(res.status, 200, path);
    const { sentence: said, rest } = answerParts(await res.text());
    assert.match(said, sentence, `${path}: ${said}`);
    // What is left to the employer or unknown comes before the breakdown and the law applied.
    const first = rest.search(
      /<h3>(Left to your employer|Not known: no source we hold says)<\/h3>/,
    );
    assert.ok(first >= 0, `${path}: no choices or unknowns`);
    const breakdown = rest.search(/<h3>|<dl class="summary">|<table/);
    assert.equal(first, breakdown, `${path}: the choices and unknowns come first`);
    assert.ok(rest.includes('<details class="more law">'), `${path}: the law applied`);
  }
});
