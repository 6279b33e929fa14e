// Node smoke test of the built package: imports "@lanka/api" by name (package self-reference),
// computes locally, then calls a real server started here.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createClient, isValidationError, NetworkError, ValidationError } from "@lanka/api";
import { computeVat } from "@lanka/api/calc";
import { startServer } from "./_server.mjs";

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

test("pure functions and the local client work under Node", async () => {
  assert.equal(computeVat({ amount: 1000, rate: 18, mode: "add" }).total, 1180);
  const client = createClient({ mode: "local" });
  // 250,000 a month under the 2025/26 table: (6% x 1,000,000 + 18% x 200,000) / 12 = 8,000.
  const tax = await client.paye({ monthly: 250000, date: "2026-01-01" });
  assert.equal(tax.monthlyTax, 8000);
  const error = await client.vat({ amount: -1 }).then(() => undefined, (e) => e);
  assert.ok(error instanceof ValidationError && isValidationError(error));
  assert.equal(error.details[0].param, "amount");
});

test("an answer in Sinhala or Tamil under Node loads its area of the catalogue and equals the server's", async () => {
  const local = createClient({ baseUrl: server.baseUrl, mode: "local" });
  const remote = createClient({ baseUrl: server.baseUrl, mode: "remote" });
  for (
    const [method, params] of [
      ["holidays", { year: 2026, type: "mercantile", lang: "si" }],
      ["districts", { lang: "ta" }],
      ["tools", { q: "tax", lang: "si" }],
    ]
  ) {
    assert.deepEqual(await local[method](params), await remote[method](params), method);
  }
});

test("remote calls to a real server answer like local ones", async () => {
  const remote = createClient({ baseUrl: server.baseUrl, mode: "remote" });
  const local = createClient({ baseUrl: server.baseUrl, mode: "local" });
  const params = { monthly: 250000, date: "2026-01-01" };
  const answer = await remote.paye(params).withResponse();
  assert.equal(answer.source, "remote");
  assert.deepEqual(answer.data, await local.paye(params));
  assert.equal(answer.meta.endpoint, "paye");
  assert.equal(typeof answer.rateLimit.remaining, "number");
  assert.match(answer.requestId, /^[0-9a-f]{16}-[0-9a-z]+$/);
  const bad = await remote.loan({ principal: 1000, rate: 5, months: 0 }).then(() => 0, (e) => e);
  assert.ok(bad instanceof ValidationError);
  assert.equal(bad.status, 400);
  assert.match(bad.requestId, /^[0-9a-f]{16}-[0-9a-z]+$/);
});

test("an unreachable server is a NetworkError", async () => {
  const client = createClient({ baseUrl: "http://127.0.0.1:9", mode: "remote", retries: 0 });
  const error = await client.vat({ amount: 1 }).then(() => 0, (e) => e);
  assert.ok(error instanceof NetworkError);
});
