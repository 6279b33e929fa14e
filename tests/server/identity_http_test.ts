import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import fc from "fast-check";
import { fixedClock, json, testApp } from "../_helpers/app.ts";
import { anyString } from "../_helpers/arbitraries.ts";

Deno.test("GET /api/v1/nic/913014146V decodes the number inside the envelope", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/nic/913014146V");
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.equal(body.ok, true);
  assert.equal(body.data.valid, true);
  assert.equal(body.data.dateOfBirth, "1991-10-27");
  assert.equal(body.data.newNic, "199130104146");
  assert.equal(body.meta.endpoint, "nic");
  assert.equal(body.meta.page_url, "http://lanka.test/tools/nic");
  assert.equal(body.meta.source_url, "https://drp.gov.lk/en/faq.php");
  assert.match(body.meta.last_verified, /^\d{4}-\d{2}-\d{2}$/);
});

Deno.test("GET /api/v1/nic/{number} answers 200 valid false for text that is not an NIC", async () => {
  await using t = await testApp();
  for (const path of ["hello", "12345", "870600012V", "%20913014146x%20"]) {
    const res = await t.request(`/api/v1/nic/${path}`);
    assert.equal(res.status, 200, path);
    const body = await json(res);
    assert.equal(body.ok, true);
    if (path.includes("913014146x")) {
      assert.equal(body.data.valid, true); // trimmed, letter upper-cased
      assert.equal(body.data.votingEligible, false);
    } else {
      assert.equal(body.data.valid, false);
      assert.equal(typeof body.data.reason, "string");
    }
  }
});

Deno.test("GET /api/v1/nic/{number} takes ages on today's date in Asia/Colombo", async () => {
  // 2026-06-14 20:00 UTC is already 01:30 on 15 June in Colombo (UTC+5:30). Day code 167 is
  // 15 June on the 366-day calendar, so someone born 2000-06-15 has just turned 26.
  await using t = await testApp({ clock: fixedClock(Date.UTC(2026, 5, 14, 20, 0, 0)) });
  const body = await json(await t.request("/api/v1/nic/200016700001"));
  assert.equal(body.data.dateOfBirth, "2000-06-15");
  assert.deepEqual(body.data.age, { years: 26, months: 0, days: 0 });
});

Deno.test("GET /api/v1/plate/{plate} decodes hyphenated, lower-case and Sinhala plates", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/plate/wp-cab-1234");
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.equal(body.data.plate, "WP CAB-1234");
  assert.deepEqual(body.data.province, { code: "WP", name: "Western" });
  assert.equal(body.data.vehicleClass.verified, false);
  assert.equal(body.meta.endpoint, "plate");
  assert.equal(body.meta.page_url, "http://lanka.test/tools/plate");
  assert.match(body.meta.source_url, /^http:\/\/www\.priu\.gov\.lk\//);
  const sri = await json(await t.request(`/api/v1/plate/${encodeURIComponent("15 ශ්‍රී 1234")}`));
  assert.deepEqual([sri.data.format, sri.data.series], ["sri", "15"]);
  const latin = await json(await t.request("/api/v1/plate/15-SRI-1234"));
  assert.equal(latin.data.plate, sri.data.plate);
  const garbage = await t.request("/api/v1/plate/not-a-plate");
  assert.equal(garbage.status, 200);
  assert.equal((await json(garbage)).data.valid, false);
});

Deno.test("the OpenAPI document describes every NIC and plate result field", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  for (const name of ["NicResult", "PlateResult"]) {
    const props = doc.components.schemas[name].properties as Record<
      string,
      { description?: string }
    >;
    for (const [field, schema] of Object.entries(props)) {
      assert.ok(schema.description, `${name}.${field} has a description`);
    }
  }
  const plate = doc.components.schemas.PlateResult.properties;
  assert.ok(plate.vehicleClass.anyOf.some((s: { properties?: object }) => s.properties));
  assert.equal(doc.paths["/api/v1/nic/{number}"].get.parameters[0].in, "path");
  assert.equal(doc.paths["/api/v1/plate/{plate}"].get.parameters[0].in, "path");
  await SwaggerParser.validate(structuredClone(doc));
});

Deno.test("neither endpoint answers 500 for any string up to 1 KB", async () => {
  await using t = await testApp();
  const utf8 = new TextEncoder();
  // Each case is the path segment as sent, and the text it stands for (for the messages).
  const strings = fc.oneof(
    anyString(1024).filter((s) => utf8.encode(s).length <= 1024)
      .map((text) => ({ text, segment: encodeURIComponent(text) })),
    // Raw bytes, percent-encoded, so invalid UTF-8 reaches the router too.
    fc.uint8Array({ maxLength: 1024 }).map((bytes) => {
      const segment = [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
      return { text: segment, segment };
    }),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("nic", "plate"),
      strings,
      async (endpoint, { text, segment }) => {
        const res = await t.request(`/api/v1/${endpoint}/${segment}`);
        const body = await res.json();
        assert.notEqual(res.status, 500, `${endpoint} ${JSON.stringify(text)}: ${body.error}`);
        assert.ok([200, 404].includes(res.status), `status ${res.status}`);
        if (res.status === 200 && body.meta.endpoint === endpoint) {
          assert.equal(typeof body.data.valid, "boolean");
          assert.equal(body.data.valid, body.data.reason === null);
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("a 10 KB NIC or plate path is refused with 414", async () => {
  await using t = await testApp();
  for (const endpoint of ["nic", "plate"]) {
    const res = await t.request(`/api/v1/${endpoint}/${"9".repeat(10_240)}`);
    assert.equal(res.status, 414);
    const body = await json(res);
    assert.deepEqual([body.ok, body.code], [false, "uri_too_long"]);
  }
});

Deno.test("the NIC and plate endpoints refuse unknown query parameters", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/nic/913014146V?strict=1");
  assert.equal(res.status, 400);
  assert.equal((await json(res)).details[0].param, "strict");
});
