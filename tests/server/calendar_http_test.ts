import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import fc from "fast-check";
import * as z from "zod/mini";
import { buildOpenApi } from "../../core/openapi.ts";
import { defineOperation } from "../../core/operation.ts";
import { oneOf, text } from "../../core/params.ts";
import { operations } from "../../core/registry.ts";
import { ifNoneMatchMatches } from "../../server/http/etag.ts";
import { json, testApp } from "../_helpers/app.ts";
import { toyApp as toyOperations } from "../_helpers/toy.ts";
import { HOLIDAY_DATA } from "../../core/calc/holidays.ts";

Deno.test("GET /api/v1/holidays lists this year's 26 holidays with meta provenance", async () => {
  await using t = await testApp(); // the fixed clock is in June 2026
  const res = await t.request("/api/v1/holidays");
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.deepEqual([body.data.year, body.data.type, body.data.count], [2026, "all", 26]);
  assert.equal(body.data.holidays.length, 26);
  assert.equal(body.meta.endpoint, "holidays");
  assert.equal(body.meta.page_url, "http://lanka.test/tools/holidays");
  // meta names the dataset (documents.gov.lk); data names the year's own gazette.
  assert.equal(body.meta.source_url, "https://www.documents.gov.lk/");
  assert.equal(body.data.sourceUrl, HOLIDAY_DATA.yearSources["2026"]!.sourceUrl);
  assert.equal(body.data.known, true);
});

Deno.test("holidays answers conditional GETs: ETag, then 304 for a matching If-None-Match", async () => {
  await using t = await testApp();
  const first = await t.request("/api/v1/holidays?year=2026&type=mercantile");
  const tag = first.headers.get("ETag")!;
  await first.body?.cancel();
  assert.match(tag, /^W\/"[\w-]{22}"$/);
  const again = await t.request("/api/v1/holidays?year=2026&type=mercantile");
  assert.equal(again.headers.get("ETag"), tag, "same data, same tag although meta changed");
  await again.body?.cancel();

  for (const header of [tag, `"other", ${tag}`, "*", tag.slice(2)]) {
    const res = await t.request("/api/v1/holidays?year=2026&type=mercantile", {
      headers: { "If-None-Match": header },
    });
    assert.equal(res.status, 304, header);
    assert.equal(await res.text(), "");
    assert.equal(res.headers.get("ETag"), tag);
    assert.ok(res.headers.get("X-RateLimit-Remaining"));
  }
  const stale = await t.request("/api/v1/holidays?year=2026&type=mercantile", {
    headers: { "If-None-Match": 'W/"stale"' },
  });
  assert.equal(stale.status, 200);
  assert.equal((await json(stale)).data.count, 8);

  const other = await t.request("/api/v1/holidays?year=2027&type=mercantile", {
    headers: { "If-None-Match": tag },
  });
  assert.equal(other.status, 200, "another selection has another tag");
  assert.notEqual(other.headers.get("ETag"), tag);
  await other.body?.cancel();
});

Deno.test("format=ics returns text/calendar with one VEVENT per holiday and its own ETag", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/holidays?year=2027&format=ics");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("Content-Type"), "text/calendar; charset=utf-8");
  assert.equal(
    res.headers.get("Content-Disposition"),
    'inline; filename="sri-lanka-holidays-2027.ics"',
  );
  const body = await res.text();
  assert.equal(body.match(/\r\nBEGIN:VEVENT\r\n/g)?.length, 25);
  const tag = res.headers.get("ETag")!;
  assert.match(tag, /^"[\w-]{22}"$/, "a strong tag: the body is byte-identical each time");
  const json200 = await t.request("/api/v1/holidays?year=2027");
  assert.notEqual(json200.headers.get("ETag"), tag);
  await json200.body?.cancel();
  const cached = await t.request("/api/v1/holidays?year=2027&format=ics", {
    headers: { "If-None-Match": `W/${tag}` },
  });
  assert.equal(cached.status, 304);
  await cached.body?.cancel();
});

Deno.test("holidays and working-days refuse bad input with 400s naming the parameter", async (t) => {
  await using app = await testApp();
  const cases: [string, string][] = [
    ["/api/v1/holidays?year=26", "year"],
    ["/api/v1/holidays?type=poya", "type"],
    ["/api/v1/holidays?format=pdf", "format"],
    ["/api/v1/working-days?from=2026-01-01", "to"],
    ["/api/v1/working-days?from=2026-02-30&to=2026-03-01", "from"],
    ["/api/v1/working-days?from=2026-05-10&to=2026-05-01", "to"],
    ["/api/v1/working-days?from=2020-12-01&to=2021-01-10", "from"],
    ["/api/v1/working-days?from=2026-01-01&to=2026-01-10&calendar=school", "calendar"],
    ["/api/v1/working-days?from=2026-01-01&to=2026-01-10&saturday=yes", "saturday"],
  ];
  for (const [path, param] of cases) {
    await t.step(path, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 400);
      const body = await json(res);
      assert.equal(body.code, "invalid_param");
      assert.equal(body.details[0].param, param);
    });
  }
});

Deno.test("GET /api/v1/working-days counts across Vesak 2026 with the holidays named", async () => {
  await using t = await testApp();
  const res = await t.request(
    "/api/v1/working-days?from=2026-05-25&to=2026-06-05&calendar=public&saturday=1",
  );
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("ETag"), null, "working-days is not a conditional operation");
  const body = await json(res);
  // Hand count in tests/core/working_days_test.ts: 12 days, Sunday 31 May, 28 and 30 May.
  assert.deepEqual(
    [body.data.workingDays, body.data.weekendDays, body.data.holidayDays, body.data.totalDays],
    [9, 1, 2, 12],
  );
  assert.deepEqual(body.data.holidays.map((h: { date: string }) => h.date), [
    "2026-05-28",
    "2026-05-30",
  ]);
  assert.equal(body.meta.page_url, "http://lanka.test/tools/working-days");
});

const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", "2026-02-29", "2027-13-01", "2026-1-1", "1e3", "-1", "2026", "ics", "1"),
  fc.date({ min: new Date("1999-01-01"), max: new Date("2031-01-01"), noInvalidDate: true }).map(
    (d) => d.toISOString().slice(0, 10),
  ),
);
const names = fc.constantFrom("year", "type", "format", "from", "to", "calendar", "saturday", "x");

Deno.test("malformed calendar parameters are always 4xx, never 500", async () => {
  await using t = await testApp();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/api/v1/holidays", "/api/v1/working-days"),
      fc.array(fc.tuple(names, junk), { maxLength: 5 }),
      fc.boolean(),
      async (path, pairs, withRange) => {
        // Half the time start from a from/to pair (junk or real dates) so parsing goes deeper.
        const range: [string, string][] = withRange
          ? [["from", pairs[0]?.[1] ?? "2026-03-01"], ["to", pairs[1]?.[1] ?? "2026-03-31"]]
          : [];
        const query = new URLSearchParams([...range, ...pairs.slice(withRange ? 2 : 0)]);
        const res = await t.request(`${path}?${query}`);
        const body = await res.text();
        assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500), body);
        if (res.status === 400) assert.equal(JSON.parse(body).code, "invalid_param");
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("ifNoneMatchMatches() compares weakly and ignores malformed entries", () => {
  assert.ok(ifNoneMatchMatches('"a"', 'W/"a"'));
  assert.ok(ifNoneMatchMatches('W/"a", "b"', '"b"'));
  assert.ok(!ifNoneMatchMatches('"ab"', '"a"'));
  assert.ok(!ifNoneMatchMatches("a", '"a"'));
  assert.ok(!ifNoneMatchMatches(null, '"a"'));
});

// Conditional GETs and formats are generic: any operation gets them from its definition.
const echo = defineOperation({
  name: "echo",
  method: "GET",
  path: "/echo",
  title: "Echo",
  description: "Echoes a word",
  tag: "Test",
  params: z.object({
    word: text({ maxLength: 20, description: "A word" }),
    format: z._default(oneOf(["json", "txt"] as const, { description: "json or txt" }), "json"),
  }),
  result: z.object({ word: z.string() }),
  example: "/api/v1/echo?word=hi",
  conditional: true,
  formats: {
    txt: {
      contentType: "text/plain; charset=utf-8",
      description: "The word as plain text",
      render: (r) => `${r.word}\n`,
    },
  },
  run: (p) => ({ word: p.word }),
});

function toyApp(op = echo) {
  return toyOperations([op]);
}

Deno.test("the mount gives any operation conditional GETs and its declared formats", async () => {
  const app = toyApp();
  const txt = await app.request("/api/v1/echo?word=hi&format=txt");
  assert.equal(txt.headers.get("Content-Type"), "text/plain; charset=utf-8");
  assert.equal(await txt.text(), "hi\n");
  const tag = txt.headers.get("ETag")!;
  const cached = await app.request("/api/v1/echo?word=hi&format=txt", {
    headers: { "If-None-Match": tag },
  });
  assert.equal(cached.status, 304);
  const env = await app.request("/api/v1/echo?word=hi");
  assert.deepEqual((await env.json()).data, { word: "hi" });
  assert.match(env.headers.get("ETag") ?? "", /^W\//);
});

Deno.test("the mount refuses an operation with formats but no format parameter", () => {
  const broken = { ...echo, params: z.object({ word: text({ maxLength: 20, description: "w" }) }) };
  assert.throws(() => toyApp(broken), /offers formats but has no "format" parameter/);
});

Deno.test("OpenAPI documents text/calendar, ETag and 304 for holidays, and stays valid", async () => {
  const doc = buildOpenApi(operations, { baseUrl: "http://lanka.test" });
  // deno-lint-ignore no-explicit-any
  const get = (doc.paths as any)["/api/v1/holidays"].get;
  assert.ok(get.responses["200"].content["text/calendar"]);
  assert.ok(get.responses["200"].content["application/json"]);
  assert.ok(get.responses["200"].headers.ETag);
  assert.ok(get.responses["304"]);
  assert.ok(
    get.parameters.some((p: { name: string; in: string }) =>
      p.name === "If-None-Match" && p.in === "header"
    ),
  );
  // deno-lint-ignore no-explicit-any
  const wd = (doc.paths as any)["/api/v1/working-days"].get;
  assert.equal(wd.responses["304"], undefined);
  await SwaggerParser.validate(structuredClone(doc) as never);
});
