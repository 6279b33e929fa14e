/**
 * Odd inputs that once reached past validation: dates whose answers leave four-digit years, and
 * ids longer than a KV key can be. Each is a 4xx naming what was wrong, never a 500 nor an answer
 * that breaks our own result schema.
 */
import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import { DATE_MAX, DATE_MIN } from "../../core/params.ts";
import { json, testApp } from "../_helpers/app.ts";

/** Every GET operation's date parameters (`format: date` in the OpenAPI document). */
async function dateParams(request: (path: string) => Response | Promise<Response>) {
  const doc = await (await request("/api/v1/openapi.json")).json();
  const found: { example: string; name: string }[] = [];
  for (const op of operations) {
    if (op.method !== "GET" || !op.example) continue;
    const path = `/api/v1${op.path}`;
    const params: { name: string; in: string; schema?: { format?: string } }[] =
      doc.paths[path]?.get?.parameters ?? [];
    for (const p of params) {
      if (p.in === "query" && p.schema?.format === "date") {
        found.push({ example: op.example, name: p.name });
      }
    }
  }
  return found;
}

Deno.test("every date parameter refuses dates outside 1900-01-01..2199-12-31 with a 400 naming it", async () => {
  await using t = await testApp();
  const found = await dateParams(t.request);
  // fd, gratuity (start, end), working-days (from, to), paye, apit, payslip, minimum wage.
  assert.ok(found.length >= 8, `only ${found.length} date parameters found`);
  for (const { example, name } of found) {
    for (const date of ["9999-12-31", "2200-01-01", "1899-12-31", "0001-01-01"]) {
      const url = new URL(example, "http://x");
      url.searchParams.set(name, date);
      const res = await t.request(`${url.pathname}${url.search}`);
      const body = await json(res);
      assert.equal(res.status, 400, `${url.pathname}?${name}=${date}: ${JSON.stringify(body)}`);
      assert.ok(
        body.details.some((d: { param: string; message: string }) =>
          d.param === name && d.message.includes(`from ${DATE_MIN} to ${DATE_MAX}`)
        ),
        `${url.pathname}?${name}=${date}: ${JSON.stringify(body.details)}`,
      );
    }
  }
});

Deno.test("an FD started on the last date allowed matures within four-digit years", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/fd?principal=100000&rate=10&months=600&start=2199-12-31");
  const body = await json(res);
  assert.equal(res.status, 200, JSON.stringify(body));
  // 600 months (50 years) after 31 December 2199.
  assert.equal(body.data.maturityDate, "2249-12-31");
  const far = await t.request("/api/v1/fd?principal=100000&rate=10&months=12&start=9999-12-31");
  assert.equal(far.status, 400);
  assert.equal((await json(far)).details[0].param, "start");
});
