/**
 * Issue 31 over a real port: the labour operations answer in the envelope with their page and
 * source, in the language asked for, with a 400 naming the parameter and the 501 of a rule no
 * source is held for.
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";

Deno.test("the labour operations over HTTP on a real port", async () => {
  const server = await startServer();
  try {
    const get = async (path: string, headers: HeadersInit = {}) => {
      const res = await fetch(`${server.url}${path}`, { headers });
      return { status: res.status, body: await res.json() };
    };
    // de Saram's table and the Rs 2.5 million cap from 19 February 2021 (news.lk).
    const tewa = await get("/api/v1/labour/termination?salary=100000&years=20&date=2026-01-01");
    assert.equal(tewa.status, 200);
    assert.equal(tewa.body.meta.endpoint, "termination");
    assert.match(tewa.body.meta.page_url, /\/tools\/termination-compensation$/);
    assert.match(tewa.body.meta.source_url, /^https:\/\/www\.desaram\.com\//);
    assert.deepEqual([tewa.body.data.months, tewa.body.data.amount, tewa.body.data.capped], [
      39,
      2_500_000,
      true,
    ]);
    // Accept-Language picks the language of the text; figures do not change.
    const ta = await get("/api/v1/labour/maternity?confinement=2026-03-15", {
      "Accept-Language": "ta",
    });
    assert.equal(ta.body.data.days, 84);
    assert.match(ta.body.data.act, /கடை மற்றும் காரியாலய ஊழியர்கள் சட்டம்/);
    const bad = await get("/api/v1/labour/no-pay?monthly=60000&days=1&divisor=calendar");
    assert.equal(bad.status, 400);
    assert.equal(bad.body.details[0].param, "date");
    const early = await get("/api/v1/labour/termination?salary=1&years=1&date=2005-03-14");
    assert.equal(early.status, 501);
    assert.equal(early.body.code, "not_available");
    const epf = await get("/api/v1/payroll/epf-projection?monthly=100000&from=2024&to=2025");
    assert.equal(epf.body.data.years[0].epfStatus, "subject-to-approval");
    assert.equal(epf.body.data.epfBalance, null);
  } finally {
    await server.stop();
  }
});
