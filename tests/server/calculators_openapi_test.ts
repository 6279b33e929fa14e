/** Issue 17: the OpenAPI document describes the new calculator parameters and values. */
import assert from "node:assert/strict";
import { buildOpenApi } from "../../core/openapi.ts";
import { operations } from "../../core/registry.ts";

interface Parameter {
  name: string;
  required: boolean;
  schema: { type?: string; enum?: string[]; format?: string; minimum?: number; maximum?: number };
  description?: string;
}

// deno-lint-ignore no-explicit-any
const doc = buildOpenApi(operations, { baseUrl: "http://lanka.test" }) as any;

function params(path: string): Map<string, Parameter> {
  const list: Parameter[] = doc.paths[`/api/v1${path}`].get.parameters;
  return new Map(list.map((p) => [p.name, p]));
}

function result(path: string): Record<string, unknown> {
  const ok = doc.paths[`/api/v1${path}`].get.responses["200"].content["application/json"].schema;
  const ref: string = ok.properties.data.$ref; // "#/components/schemas/LoanResult"
  return doc.components.schemas[ref.split("/").at(-1)!].properties;
}

Deno.test("OpenAPI: fd takes months or days, every payout, a start date and withholding tax", () => {
  const p = params("/fd");
  assert.deepEqual(p.get("payout")!.schema.enum, [
    "maturity",
    "cumulative",
    "monthly",
    "quarterly",
    "semiannual",
    "annual",
    "compound-monthly",
  ]);
  assert.equal(p.get("months")!.required, false);
  assert.deepEqual([p.get("days")!.required, p.get("days")!.schema.type], [false, "integer"]);
  assert.deepEqual([p.get("days")!.schema.minimum, p.get("days")!.schema.maximum], [1, 3660]);
  assert.equal(p.get("start")!.schema.format, "date");
  assert.ok(p.has("wht") && p.has("whtRate"));
  const data = result("/fd");
  for (const field of ["credits", "tenureDays", "maturityDate", "interestPerPayoutGross"]) {
    assert.ok(field in data, field);
  }
});

Deno.test("OpenAPI: paye documents rounding=exact|table, loan its last payment, nic too_young", () => {
  assert.deepEqual(params("/tax/paye").get("rounding")!.schema.enum, ["exact", "table"]);
  assert.ok("lastPayment" in result("/loan"));
  const reason = JSON.stringify(result("/nic/{number}").reasonCode);
  assert.match(reason, /"future","too_young","too_old"/);
  assert.match(params("/districts").get("province")!.description!, /ISO code/);
});
