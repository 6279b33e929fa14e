// A fresh Node app's view of the package, installed from its tarball (`npm pack`), not from the
// source tree: the entry points, the numbers rule, the errors in our words, the typed meta.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createClient, isValidationError, LocalStorageCache, ValidationError } from "@lanka/api";
import { computeVat, decodePlate } from "@lanka/api/calc";
import { countWorkingDays, listHolidays } from "@lanka/api/holidays";
import { listDistricts } from "@lanka/api/districts";
import { scholarshipCutoff } from "@lanka/api/education";
import { amountInWords } from "@lanka/api/words";

const client = createClient({ mode: "local" });

test("the pure functions of every entry point run", () => {
  assert.equal(computeVat({ amount: 1000, rate: 18, mode: "add" }).total, 1180);
  assert.equal(decodePlate({ plate: "wp-cab-1234" }).province?.code, "WP");
  // Gazette 2438/22: 8 mercantile holidays in 2026; January has 22 weekdays less Thai Pongal.
  assert.equal(listHolidays({ year: 2026, type: "mercantile" }).count, 8);
  assert.equal(countWorkingDays({ from: "2026-01-01", to: "2026-01-31" }).workingDays, 21);
  assert.equal(listDistricts().count, 25);
  const cut = scholarshipCutoff({ year: 2024, district: "Colombo", medium: "Sinhala" });
  assert.equal("cutoff" in cut ? cut.cutoff : null, 143);
  assert.match(amountInWords({ amount: 100 }), /hundred/i);
});

test("numbers computed in JavaScript work and are echoed rounded to the cent", async () => {
  assert.equal((await client.vat({ amount: 0.1 + 0.2, rate: 18 })).base, 0.3);
  assert.equal((await client.vat({ amount: 1234567.891, rate: 18 })).base, 1234567.89);
  assert.equal((await client.vat({ amount: 1000 / 3, rate: 18 })).base, 333.33);
});

test("errors are typed, in our words, and name the parameter", async () => {
  const missing = await client.nic(undefined).then(() => undefined, (e) => e);
  assert.ok(missing instanceof ValidationError && isValidationError(missing));
  assert.equal(missing.details[0].param, "number");
  assert.doesNotMatch(missing.message, /Invalid input|received undefined/);
  const nan = await client.vat({ amount: NaN }).then(() => undefined, (e) => e);
  assert.equal(nan.message, 'Parameter "amount" must be a finite number: got NaN');
});

test("dataset operations load on first call and meta is always there", async () => {
  const { data, meta } = await client.workingDays({ from: "2026-05-01", to: "2026-05-31" })
    .withResponse();
  assert.equal(data.workingDays, 20); // 21 weekdays less May Day (Friday 1 May)
  assert.equal(meta.endpoint, "working-days");
  assert.equal((await client.call("districts", { province: "Western" })).count, 3);
});

test("LocalStorageCache without localStorage (Node) says so", () => {
  assert.equal(globalThis.localStorage, undefined);
  assert.throws(() => new LocalStorageCache(), /no localStorage/);
});
