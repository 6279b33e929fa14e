// CommonJS: require() of the ES module package (Node ^20.19 or >= 22.12, as `engines` says).
const assert = require("node:assert/strict");
const { createClient } = require("@lanka/api");
const { computeVat } = require("@lanka/api/calc");
const { countWorkingDays } = require("@lanka/api/holidays");
assert.equal(computeVat({ amount: 1000, rate: 18, mode: "add" }).total, 1180);
assert.equal(countWorkingDays({ from: "2026-01-01", to: "2026-01-31" }).workingDays, 21);
createClient({ mode: "local" }).paye({ monthly: 250000, date: "2026-01-01" }).then((tax) => {
  assert.equal(tax.monthlyTax, 8000); // (6% of 1,000,000 + 18% of 200,000) / 12
  console.log("cjs ok");
});
