/**
 * Issue 17: the SDK computing locally answers exactly as the server for every option the issue
 * added (FD payouts, terms in days, start dates and withholding tax by credit date, PAYE
 * rounding=table, the loan's last payment and totals, NIC too_young, province names).
 */
import assert from "node:assert/strict";
import { createClient, isApiError, type LankaClient } from "../../mod.ts";
import { FIXED_NOW, testApp } from "../_helpers/app.ts";

type Outcome = { ok: true; data: unknown } | { ok: false; error: unknown[] };

async function outcome(
  client: LankaClient,
  name: string,
  params: Readonly<Record<string, string | number | boolean>>,
): Promise<Outcome> {
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

type Case = readonly [name: string, params: Readonly<Record<string, string | number | boolean>>];

const CASES: readonly Case[] = [
  ...["maturity", "cumulative", "monthly", "quarterly", "semiannual", "annual", "compound-monthly"]
    .flatMap((payout) => [
      ["fd", { principal: 1_000_000, rate: 10, months: 24, payout }] as const,
      ["fd", { principal: 1_000_000, rate: 10, months: 24, payout, wht: 1 }] as const,
      ["fd", {
        principal: 1_000_000,
        rate: 10,
        months: 24,
        payout,
        wht: 1,
        start: "2024-10-01",
      }] as const,
      ["fd", { principal: 1_000_000, rate: 10, months: 24, payout, whtRate: 0 }] as const,
    ]),
  ["fd", { principal: 1_000_000, rate: 11, days: 100 }],
  ["fd", { principal: 1_000_000, rate: 11, days: 300, wht: 1, start: "2025-03-01" }],
  ["fd", { principal: 1_000_000, rate: 11, days: 100, payout: "monthly" }], // 400
  ["fd", { principal: 1_000_000, rate: 11, months: 12, days: 100 }], // 400
  ["fd", { principal: 1_000_000, rate: 11, months: 13, payout: "quarterly" }], // 400
  ["fd", { principal: 1_000_000, rate: 11 }], // 400
  ["fd", { principal: 1_000_000, rate: 11, months: 12, start: "2025-02-30" }], // 400
  ...[150_000, 150_001, 150_017, 150_018, 275_005, 366_100, 366_101, 1_000_000].flatMap((
    monthly,
  ) => [
    ["paye", { monthly, rounding: "table" }] as const,
    ["paye", { monthly, rounding: "table", date: "2024-06-30" }] as const,
    ["paye", { monthly, rounding: "exact" }] as const,
  ]),
  ["paye", { monthly: 250_000, rounding: "nearest" }], // 400
  ["loan", { principal: 5_000_000, rate: 12.5, months: 240 }],
  ["loan", { principal: 5_000_000, rate: 12.5, months: 240, schedule: 1 }],
  ["loan", { principal: 1_000, rate: 0, months: 3 }],
  ["nic", { number: "201116700001" }], // exactly 15 on 2026-06-15
  ["nic", { number: "201116800001" }], // too_young
  ["nic", { number: "202616700001" }], // born today: too_young
  ["nic", { number: "202620000000" }], // future
  ...["Northern Province", "northern province", "LK-4", "lk-4", "උතුරු පළාත", "வட மாகாணம்", "Atlantis"]
    .map((province) => ["districts", { province }] as const),
];

Deno.test("the SDK's local answers equal the server's for every option issue 17 added", async (t) => {
  await using server = await testApp();
  const options = { baseUrl: "http://lanka.test", now: () => FIXED_NOW, retries: 0 };
  const local = createClient({ ...options, mode: "local" });
  const remote = createClient({
    ...options,
    mode: "remote",
    fetch: server.fetch,
  });
  let failures = 0;
  for (const [name, params] of CASES) {
    await t.step(`${name} ${JSON.stringify(params)}`, async () => {
      const mine = await outcome(local, name, params);
      const theirs = await outcome(remote, name, params);
      assert.deepEqual(mine, theirs);
      if (!mine.ok) failures++;
    });
  }
  assert.equal(
    failures,
    7,
    "the 7 invalid cases (5 fd, 1 paye, 1 districts) were refused on both sides",
  );
});
