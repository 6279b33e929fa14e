/**
 * Payroll over HTTP: the envelope and provenance, the 501 of a table no source is held for, a
 * 400 naming the parameter, and the payslip page with its printable sheet.
 */
import assert from "node:assert/strict";
import { json, testApp } from "../_helpers/app.ts";

const asBrowser = { headers: { Accept: "text/html" } };

Deno.test("GET /api/v1/payroll/payslip answers the IRD 2025/26 Table 02 example in the envelope", async () => {
  await using t = await testApp();
  // IRD 2025/26 Table 02 example via taxadvisor.lk: tax on the 600,000 incentive is Rs. 36,000.
  const res = await t.request("/api/v1/payroll/payslip?basic=170000&bonus=600000&date=2025-04-25");
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.equal(body.meta.endpoint, "payslip");
  assert.equal(body.meta.page_url, "http://lanka.test/tools/payslip");
  assert.match(body.meta.source_url, /^https:\/\//);
  assert.equal(body.data.deductions.apitLumpSum.amount, 36_000);
  assert.equal(body.data.deductions.apitLumpSum.table.table, 2);
});

Deno.test("a table no source is held for is a 501 not_available naming the table", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/tax/apit?table=6&date=2026-01-25");
  assert.equal(res.status, 501);
  const body = await json(res);
  assert.equal(body.ok, false);
  assert.equal(body.code, "not_available");
  assert.match(body.error, /APIT Table 06.*not available: no published source held/);
  assert.equal(body.details[0].param, "table");
  const daily = await t.request(
    "/api/v1/payroll/gratuity?salary=1000&start=2016-01-01&end=2026-01-01&basis=daily",
  );
  assert.equal(daily.status, 501);
  assert.equal((await json(daily)).details[0].param, "basis");
});

Deno.test("bad payroll input is a 400 naming the parameter", async () => {
  await using t = await testApp();
  const cases: [string, string][] = [
    ["/api/v1/payroll/payslip?basic=-1&date=2026-01-25", "basic"],
    ["/api/v1/payroll/payslip?basic=1000&date=2022-12-31", "date"],
    ["/api/v1/payroll/gratuity?salary=1000&start=2026-01-02&end=2026-01-01", "end"],
    ["/api/v1/payroll/minimum-wage?date=2015-12-31", "date"],
    ["/api/v1/tax/apit?table=9&monthly=1", "table"],
  ];
  for (const [url, param] of cases) {
    const res = await t.request(url);
    assert.equal(res.status, 400, url);
    assert.equal((await json(res)).details[0].param, param, url);
  }
});

Deno.test("/tools/payslip shows a printable payslip sheet with the lines of the answer", async () => {
  await using t = await testApp();
  const res = await t.request(
    "/tools/payslip?basic=170000&bonus=600000&date=2025-04-25",
    asBrowser,
  );
  assert.equal(res.status, 200);
  const page = await res.text();
  assert.match(page, /class="payslip-sheet"/);
  assert.match(page, /APIT \(APIT Table 02\)/);
  // 170,000 + 600,000 - 13,600 EPF - 1,200 - 36,000 APIT = 719,200.
  assert.match(page, /data-field="payslip\.net"[^>]*>[^<]*719,200\.00</);
  assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script");
  const css = await (await t.request("/static/style.css")).text();
  assert.match(css, /@media print/);
});
