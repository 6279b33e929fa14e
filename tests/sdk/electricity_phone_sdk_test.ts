/**
 * Issue 29 in the SDK: `client.electricityBill()` and `client.phone()` compute in-process what the
 * server answers, including `meta.source_url` (the decision a bill used) and the refusals.
 */
import assert from "node:assert/strict";
import { createClient, isApiError } from "../../mod.ts";
import { FIXED_NOW, testApp } from "../_helpers/app.ts";

Deno.test("client.electricityBill() and client.phone() answer locally as the server does", async () => {
  await using server = await testApp();
  const options = { baseUrl: "http://lanka.test", now: () => FIXED_NOW, retries: 0 };
  const local = createClient({ ...options, mode: "local" });
  const remote = createClient({ ...options, mode: "remote", fetch: server.fetch });
  // W2 (October 2026 price survey): 69 kWh under the May 2026 tariff: 1,420 before SSCL.
  const params = { units: 69, date: "2026-06-01" };
  const mine = await local.electricityBill(params).withResponse();
  const theirs = await remote.electricityBill(params).withResponse();
  assert.deepEqual(mine.data, theirs.data);
  assert.equal(mine.data.charge, 1_420);
  assert.equal(mine.meta?.source_url, theirs.meta?.source_url);
  assert.match(mine.meta!.source_url!, /May-2026\.pdf$/);
  const tamil = { units: 69, date: "2026-11-01", lang: "ta" as const };
  assert.deepEqual(await local.electricityBill(tamil), await remote.electricityBill(tamil));
  for (const number of ["077 123 4567", "+94 11 234 5678", "0731234567", "077"]) {
    assert.deepEqual(await local.phone(number), await remote.phone(number), number);
  }
  assert.equal((await local.phone("0751234567")).operator?.owner, "Dialog Axiata");
  for (const client of [local, remote]) {
    await assert.rejects(
      () => client.electricityBill({ units: 50, date: "2025-03-01" }),
      (error) => isApiError(error) && error.status === 501,
    );
    await assert.rejects(
      () => client.phone("call me"),
      (error) => isApiError(error) && error.status === 400,
    );
  }
});
