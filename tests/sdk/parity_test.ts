/**
 * Parity: every local operation of the registry gives the same answer computed in-process by the
 * SDK as from the server, for valid and invalid inputs alike. Inputs are generated from each
 * operation's OpenAPI parameter schemas (and request body schema, for an operation that reads a
 * JSON body), so operations added to the registry later are covered without editing this file.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildOpenApi } from "../../core/openapi.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { createClient, isApiError, type LankaClient } from "../../mod.ts";
import { FIXED_NOW, testApp } from "../_helpers/app.ts";

interface ParamSchema {
  type?: string;
  enum?: string[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  /** `body`: a field of the JSON body of an operation that reads one (the text converters). */
  in: "path" | "query" | "body";
  required: boolean;
  schema: ParamSchema;
}

/** The JSON body of an operation as the OpenAPI document describes it. */
interface RequestBody {
  content: Record<
    string,
    { schema: { properties?: Record<string, ParamSchema>; required?: string[] } }
  >;
}

/** The fields of an operation's JSON body, as parameters (a body's fields are text here). */
function bodyParameters(body: RequestBody | undefined): Parameter[] {
  const schema = body?.content["application/json"]?.schema;
  return Object.entries(schema?.properties ?? {}).map(([name, fieldSchema]) => ({
    name,
    in: "body",
    required: schema?.required?.includes(name) ?? false,
    schema: fieldSchema,
  }));
}

const JUNK = ["", " ", "abc", "1e5", "NaN", "Infinity", "-1", "0x10", "1,000", "+5", "1.2.3", "-0"];

/** A number in [min, max] written with 0-3 decimals, biased towards small everyday values. */
function numberText(s: ParamSchema, integer: boolean): fc.Arbitrary<string> {
  const min = s.minimum ?? s.exclusiveMinimum ?? 0;
  const max = s.maximum ?? 1e9;
  const whole = fc.integer({ min: Math.ceil(min), max: Math.min(max, 2_000_000) }).map(String);
  if (integer) return fc.oneof(whole, fc.constantFrom(String(min), String(max)));
  const double = fc.tuple(fc.double({ min, max, noNaN: true }), fc.integer({ min: 0, max: 3 }))
    .map(([value, decimals]) => value.toFixed(decimals));
  return fc.oneof(whole, double, fc.constantFrom(String(min), String(max), "0.5", "12.25"));
}

function dateText(): fc.Arbitrary<string> {
  const day = 86_400_000;
  const start = Date.UTC(2021, 0, 1) / day;
  return fc.integer({ min: start, max: start + 8 * 366 })
    .map((d) => new Date(d * day).toISOString().slice(0, 10));
}

function validValue(s: ParamSchema): fc.Arbitrary<string> {
  return s.enum
    ? fc.constantFrom(...s.enum)
    : s.type === "number" || s.type === "integer"
    ? numberText(s, s.type === "integer")
    : s.format === "date"
    ? dateText()
    : fc.string({ minLength: 1, maxLength: s.maxLength ?? 20 });
}

/** Values the schema accepts, and values near it or far from it that it may refuse. */
function anyValue(p: Parameter): fc.Arbitrary<string> {
  const s = p.schema;
  const near = fc.constantFrom(
    ...(s.maximum !== undefined ? [String(s.maximum + 1)] : []),
    ...(s.minimum !== undefined ? [String(s.minimum - 1)] : []),
    ...(s.enum ? s.enum.map((v) => v.toUpperCase() + "x") : []),
    ...(s.format === "date" ? ["2026-02-30", "2026-13-01", "26-01-01"] : []),
    ...JUNK,
  );
  return fc.oneof(
    { weight: 4, arbitrary: validValue(s) },
    { weight: 2, arbitrary: near },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
}

function compact(record: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Raw parameters, two ways: mostly-valid ones built on the operation's documented example (each
 * example value kept or replaced by another accepted value, other parameters added now and then),
 * and free ones where any parameter may be missing, malformed or unknown.
 */
function paramsFor(
  op: AnyOperation,
  parameters: Parameter[],
): fc.Arbitrary<Record<string, string>> {
  const example = new URL(op.example, "http://x").searchParams;
  const pathExample = op.example.split("?")[0]!;
  const exampleValue = (p: Parameter): string | undefined => {
    if (p.in === "query") return example.get(p.name) ?? undefined;
    if (p.in === "body") {
      const value = op.exampleBody?.[p.name];
      return typeof value === "string" ? value : undefined;
    }
    const at = op.path.split("/").indexOf(`{${p.name}}`);
    return at >= 0
      ? decodeURIComponent(pathExample.replace("/api/v1", "").split("/")[at]!)
      : undefined;
  };
  const mostlyValid = fc.record(Object.fromEntries(parameters.map((p) => {
    const seed = exampleValue(p);
    const valid = validValue(p.schema);
    const value = seed !== undefined
      ? fc.oneof(fc.constant(seed), valid)
      // Added now and then (one time in three): parameters that exclude one another (the
      // electricity bill's time-of-use windows and its other categories) stay mostly apart.
      : fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: valid },
      );
    return [p.name, value];
  }))).map(compact);
  const free = fc.tuple(
    fc.record(Object.fromEntries(parameters.map((p) => {
      const value = anyValue(p);
      const presence = p.in === "path" ? value : fc.option(value, { freq: p.required ? 6 : 2 });
      return [p.name, presence.map((v) => v ?? undefined)];
    }))),
    fc.option(fc.constantFrom("zzz", "Amount"), { freq: 6 }),
  ).map(([record, extra]) => {
    const out = compact(record);
    if (extra) out[extra] = "1";
    return out;
  });
  return fc.oneof({ weight: 3, arbitrary: mostlyValid }, { weight: 2, arbitrary: free });
}

type Outcome =
  | { ok: true; data: unknown; provenance: unknown[] }
  | { ok: false; error: unknown[] };

async function outcome(client: LankaClient, op: AnyOperation, params: object): Promise<Outcome> {
  try {
    const { data, meta } = await client.call(op, params).withResponse();
    return { ok: true, data, provenance: [meta?.page_url, meta?.source_url, meta?.last_verified] };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const { name, status, code, message, details } = error;
    return { ok: false, error: [name, status, code, message, details] };
  }
}

Deno.test("every local operation answers the same in-process as from the server", async (t) => {
  await using server = await testApp();
  const options = { baseUrl: "http://lanka.test", now: () => FIXED_NOW, retries: 0 };
  const local = createClient({ ...options, mode: "local" });
  const remote = createClient({
    ...options,
    mode: "remote",
    fetch: server.fetch,
  });
  const doc = buildOpenApi(operations, { baseUrl: "http://lanka.test" }) as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
  };
  const localOps = operations.filter((op) => op.local);
  assert.ok(localOps.length >= 5, "the registry holds the local operations");
  for (const op of localOps) {
    await t.step(`${op.name}() in-process equals ${op.method} /api/v1${op.path}`, async () => {
      const item = doc.paths[`/api/v1${op.path}`]![op.method.toLowerCase()]!;
      // Path and query parameters, and the JSON body's fields of an operation that reads one.
      const parameters = [...(item.parameters ?? []), ...bodyParameters(item.requestBody)];
      let successes = 0;
      let failures = 0;
      await fc.assert(
        fc.asyncProperty(paramsFor(op, parameters), async (params) => {
          const [mine, theirs] = await Promise.all([
            outcome(local, op, params),
            outcome(remote, op, params),
          ]);
          assert.deepEqual(mine, theirs, `parameters ${JSON.stringify(params)}`);
          if (mine.ok) successes++;
          else failures++;
        }),
        // Operations with many optional parameters (the payslip) refuse more random mixes of
        // them, so they get more runs for both kinds of input to be tried.
        { numRuns: Math.max(120, 25 * parameters.length) },
      );
      // Both kinds of input were really tried.
      assert.ok(successes >= 5, `${op.name}: only ${successes} valid inputs were generated`);
      assert.ok(failures >= 5, `${op.name}: only ${failures} invalid inputs were generated`);
    });
  }
});
