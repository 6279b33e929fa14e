/**
 * Issue 43: "an API error that has a reason must never come back as a format hint". Every page
 * whose operation can refuse a value it understood (a year not gazetted, a date before the data, a
 * value that contradicts another) is asked that value in English, Sinhala and Tamil: the field's
 * message is the operation's reason in the page's language, not the field's own "Enter the date,
 * like ..." hint, and a Sinhala or Tamil reason has no English word in it but codes and echoes.
 */
import assert from "node:assert/strict";
import { message } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { testApp } from "../_helpers/app.ts";
import { latinWords } from "../_helpers/latin.ts";

registerAllMessages();

/** The page, the field at fault, the field's own message key, the reason's catalogue key. */
const CASES: readonly [string, string, string, string][] = [
  [
    "/tools/is-holiday?date=2028-01-15",
    "date",
    "page.isholiday.date_error",
    "error.calendar.unknown_year",
  ],
  ["/tools/holidays?year=2028", "year", "page.holidays.year_error", "error.calendar.unknown_year"],
  [
    "/tools/working-days?from=2028-01-01&to=2028-02-01",
    "from",
    "page.wd.from_error",
    "error.param.got",
  ],
  [
    "/tools/working-days-add?from=2027-12-20&days=30",
    "days",
    "page.wdadd.days_error",
    "error.calendar.after",
  ],
  [
    "/tools/paye?monthly=100000&date=2019-01-01",
    "date",
    "page.form.date_error",
    "error.payroll.noTable",
  ],
  [
    "/tools/payslip?basic=100000&date=2019-01-01",
    "date",
    "page.form.date_error",
    "error.payroll.noTable",
  ],
  [
    "/tools/wht?payment=interest&amount=100000&date=2020-01-01",
    "date",
    "page.wht.date_error",
    "error.wht.before",
  ],
  [
    "/tools/electricity-bill?units=100&date=2010-01-01",
    "date",
    "page.electricity.date_error",
    "error.electricity.before",
  ],
  [
    "/tools/gratuity?salary=50000&start=2020-01-01&end=2019-01-01",
    "end",
    "page.form.date_error",
    "",
  ],
  ["/tools/annual-leave?joined=2026-05-01&year=2025", "year", "page.leave.year_error", ""],
  [
    "/tools/maternity-leave?confinement=2027-12-01",
    "confinement",
    "page.form.date_error",
    "error.labour.maternityLate",
  ],
  [
    // A rule tool's date before its first dated value (the engine's 400, extra.firstHeld).
    "/tools/stamp-duty?value=1000000&instrument=sale&province=western&date=1990-01-01",
    "date",
    "",
    "rule._engine.page.before",
  ],
  [
    "/tools/scholarship-cutoff?district=nowhere&medium=sinhala&mark=150",
    "district",
    "",
    "error.choice.district",
  ],
];

function fieldError(body: string, field: string): string {
  const found = new RegExp(`id="f-${field}-error">([\\s\\S]*?)</p>`).exec(body);
  assert.ok(found, `no message beside ${field}`);
  return found[1]!
    .replace(/<span class="visually-hidden">[\s\S]*?<\/span>/, "")
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

Deno.test("an operation's reason is shown beside the field, in the page's language, never a format hint", async (t) => {
  await using app = await testApp();
  for (const [path, field, own, reason] of CASES) {
    for (const lang of ["en", "si", "ta"] as const) {
      await t.step(`${lang} ${path}`, async () => {
        const res = await app.request(`${lang === "en" ? "" : `/${lang}`}${path}`);
        const body = await res.text();
        assert.ok(
          res.status === 400 || res.status === 404 || res.status === 501,
          String(res.status),
        );
        const shown = fieldError(body, field);
        if (own) assert.notEqual(shown, message(lang, own), "a format hint for a refusal");
        if (reason && lang !== "en") {
          // The reason's own words (its text before its first placeholder) are on the page.
          const head = message(lang, reason).split(/[{`"]/)[0]!.trim() ||
            message(lang, reason).split("}")[1]!.split(/[{`"]/)[0]!.trim();
          assert.ok(head.length < 3 || shown.includes(head), `${shown} / ${head}`);
        }
        if (lang !== "en" && reason !== "error.choice.district") {
          assert.deepEqual(latinWords(shown), [], shown);
        }
      });
    }
  }
});
