import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import { operations } from "../../core/registry.ts";
import { json, testApp } from "../_helpers/app.ts";
import { exampleRequest } from "../_helpers/examples.ts";

Deno.test("GET /api/v1/openapi.json is a valid OpenAPI 3.1 document", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(doc.info.version, "1.0.0");
  // validate() dereferences in place: give it a copy.
  await SwaggerParser.validate(structuredClone(doc));
});

Deno.test("every registry operation appears in the OpenAPI document and the service index", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const index = await json(await t.request("/api/v1"));
  assert.equal(index.data.version, "v1");
  assert.equal(index.data.baseUrl, "http://lanka.test/api/v1");
  for (const op of operations) {
    const path = `/api/v1${op.path}`;
    const item = doc.paths[path]?.[op.method.toLowerCase()];
    assert.ok(item, `${op.method} ${path} is documented`);
    assert.equal(item.operationId, op.name);
    const entry = index.data.endpoints.find((e: { name: string }) => e.name === op.name);
    assert.ok(entry, `${op.name} is in the index`);
    assert.equal(entry.path, path);
    assert.equal(entry.keyOnly, op.keyOnly ?? false);
    assert.match(entry.example, /^http:\/\/lanka\.test\/api\/v1\//);
  }
  assert.equal(index.data.endpoints.length, operations.length);
});

Deno.test("each operation's documented example answers 200", async (t) => {
  await using app = await testApp();
  for (const op of operations.filter((o) => o.local)) {
    await t.step(op.example, async () => {
      // The example URL, or for an operation with a JSON body a POST of its example body.
      const { path, init } = exampleRequest(op);
      const res = await app.request(path.replace(/^https?:\/\/[^/]+/, ""), init);
      assert.equal(res.status, 200, await res.clone().text());
      const body = await json(res);
      assert.equal(body.meta.endpoint, op.name);
      op.result.parse(body.data);
    });
  }
});

Deno.test("query parameters are documented with their types", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const params = doc.paths["/api/v1/loan"].get.parameters;
  const months = params.find((p: { name: string }) => p.name === "months");
  assert.deepEqual(
    [months.in, months.required, months.schema.type, months.schema.minimum, months.schema.maximum],
    ["query", true, "integer", 1, 600],
  );
  const schedule = params.find((p: { name: string }) => p.name === "schedule");
  assert.equal(schedule.required, false);
});
