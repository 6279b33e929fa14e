/**
 * Issue 31: the SDK computing the labour operations locally answers exactly as the server, in
 * every language and for refused input; and the client's methods call them.
 */
import assert from "node:assert/strict";
import { createClient, isApiError, type LankaClient } from "../../mod.ts";
import { FIXED_NOW, testApp } from "../_helpers/app.ts";

type Params = Readonly<Record<string, string | number | boolean>>;
type Outcome = { ok: true; data: unknown } | { ok: false; error: unknown[] };

async function outcome(client: LankaClient, name: string, params: Params): Promise<Outcome> {
  try {
    return { ok: true, data: await client.call(name, params) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return {
      ok: false,
      error: [error.name, error.status, error.code, error.message, error.details],
    };
  }
}

const CASES: readonly (readonly [string, Params])[] = [
  ["maternity", { confinement: "2026-03-15" }],
  ["maternity", { confinement: "2024-02-29", live: false }],
  ["maternity", { confinement: "2026-03-15", scheme: "ordinance" }],
  ["maternity", { confinement: "2026-03-15", scheme: "ordinance", live: 0 }],
  ["leave", { joined: "2025-05-15", year: 2025 }],
  ["leave", { joined: "2025-05-15", year: 2025, firstYearCasual: "half-per-month" }],
  ["leave", { joined: "2025-11-01", year: 2026 }],
  ["leave", { joined: "2025-05-15", year: 2030 }],
  ["overtime", { monthly: 80_000, hours: 10, divisor: 208 }],
  ["overtime", { monthly: 100_000, hours: 12 }],
  ["no-pay", { monthly: 60_000, days: 2, hours: 4 }],
  ["no-pay", { monthly: 60_000, days: 1, divisor: "calendar", date: "2026-02-10" }],
  ["no-pay", { monthly: 60_000, days: 1, divisor: "working", workingDays: 22 }],
  ["holiday-pay", { monthly: 60_000, holiday: "mercantile" }],
  ["holiday-pay", { monthly: 60_000, holiday: "poya", days: 2, divisor: 26 }],
  ["holiday-pay", { monthly: 60_000, holiday: "bank" }],
  ["termination", { salary: 100_000, years: 10, date: "2026-01-01" }],
  ["termination", { salary: 100_000, years: 20, date: "2021-02-18" }],
  ["termination", { salary: 100_000, years: 20 }], // today (the fixed clock)
  ["injury", { monthly: 42_000, outcome: "death" }],
  ["injury", { monthly: 42_000, outcome: "permanent-partial", loss: 80 }],
  ["injury", { monthly: 8_000, outcome: "temporary" }],
  ["epf-projection", { monthly: 100_000, from: 2015, to: 2025 }],
  ["epf-projection", { monthly: 100_000, from: 2020, to: 2024, crediting: "monthly" }],
  // refused on both sides
  ["termination", { salary: 100_000, years: 10, date: "2005-03-14" }], // 501
  ["no-pay", { monthly: 60_000, days: 1, divisor: "working" }], // 400
  ["injury", { monthly: 42_000, outcome: "permanent-partial" }], // 400
  ["leave", { joined: "2025-05-15", year: 2024 }], // 400
  ["maternity", { confinement: "2026-13-01" }], // 400
];

Deno.test("the SDK's local labour answers equal the server's, in en, si and ta", async (t) => {
  await using server = await testApp();
  const options = { baseUrl: "http://lanka.test", now: () => FIXED_NOW, retries: 0 };
  const local = createClient({ ...options, mode: "local" });
  const remote = createClient({ ...options, mode: "remote", fetch: server.fetch });
  let refused = 0;
  for (const [name, params] of CASES) {
    for (const lang of ["en", "si", "ta"]) {
      await t.step(`${name} ${JSON.stringify(params)} ${lang}`, async () => {
        const mine = await outcome(local, name, { ...params, lang });
        const theirs = await outcome(remote, name, { ...params, lang });
        assert.deepEqual(mine, theirs);
        if (!mine.ok) refused++;
      });
    }
  }
  assert.equal(refused, 15, "the 5 invalid cases were refused on both sides in 3 languages");
});

Deno.test("the client's labour methods call their operations", async () => {
  const lanka = createClient({ mode: "local", now: () => FIXED_NOW });
  // Research: 5 x 2.5 + 5 x 2 = 22.5 months of 100,000.
  assert.equal((await lanka.termination({ salary: 100_000, years: 10 })).amount, 2_250_000);
  assert.equal((await lanka.maternity({ confinement: "2026-03-15" })).days, 84);
  assert.equal((await lanka.leave({ joined: "2025-05-15", year: 2026 })).annual, 10);
  assert.equal(
    (await lanka.overtime({ monthly: 80_000, hours: 10, divisor: "208" })).amount,
    5_769.2,
  );
  assert.equal((await lanka.noPay({ monthly: 60_000, days: 2, hours: 4 })).amount, 5_000);
  assert.equal((await lanka.holidayPay({ monthly: 60_000, holiday: "poya" })).amount, 1_000);
  assert.equal((await lanka.injury({ monthly: 42_000, outcome: "death" })).amount, 1_610_000);
  const epf = await lanka.epfProjection({ monthly: 100_000, from: 2020, to: 2021 });
  assert.equal(epf.epfBalance, 501_600);
  const si = await lanka.maternity({ confinement: "2026-03-15", lang: "si" });
  assert.match(si.act, /සාප්පු හා කාර්යාල සේවක පනත/);
});
