/**
 * A standing fuzz test over every operation of the registry: over 10,000 generated hostile
 * requests through the app in-process (huge and malformed numbers, Unicode digits, 10 kB strings,
 * repeated parameters, percent-encoding junk, hostile path segments, wrong methods and bodies,
 * forged keys). The app must never answer 5xx, and every error must be the JSON envelope.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonSchema } from "../../core/openapi.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { testApp } from "../_helpers/app.ts";

/** Requests per operation: the registry's size times this is over 10,000. */
const PER_OPERATION = Math.ceil(10_000 / operations.length) + 1;

const hostileNumber = fc.constantFrom(
  "",
  " ",
  "1e5",
  "1e999",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "0b11",
  "1_000",
  "1,000",
  "1.2.3",
  "99999999999999999999999999999999999999",
  "0.000000000000000000000000001",
  "-99999999999999999999",
  "١٢٣", // Arabic-Indic digits
  "੧੨", // Gurmukhi digits
  "１２３", // full-width digits
  "෧෨", // Sinhala archaic digits
  "12abc",
  "+5",
  ".5",
  "5.",
  "1e-7",
  String(Number.MAX_SAFE_INTEGER + 2),
  String(Number.MIN_VALUE),
);
const hostileText = fc.oneof(
  fc.constantFrom(
    "x".repeat(10_240),
    "ම".repeat(3_500),
    "\u0000",
    "\uFEFF",
    "\uD800", // lone surrogate
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "__proto__",
    "constructor",
    "toString",
    "{}",
    "[]",
    "null",
    "true",
    "TRUE",
    "Add",
    "REMOVE",
    "%",
    "\r\nX-Injected: 1",
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom("2026-02-30", "2026-13-01", "0000-00-00", "99999-01-01", "2026-1-1"),
);
const anyValue = fc.oneof(hostileNumber, hostileText);
/** Raw query fragments that URLSearchParams would never produce. */
const rawJunk = fc.constantFrom(
  "%",
  "%zz",
  "%00",
  "%ff%fe",
  "%C0%AF",
  "%E0%A4",
  "&&&",
  "=",
  "==",
  "a=%",
  "a[b]=1",
  "%26=%3D",
  "+%2B+",
  ";",
);
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant("") }, // the operation's own method
  { weight: 2, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD") },
  { weight: 1, arbitrary: fc.constantFrom("OPTIONS", "PROPFIND", "get") },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("{", "[]", "null", '"text"', "{}", '{"text":""}', "x".repeat(70_000)),
  fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 5 }).map((o) =>
    JSON.stringify(o)
  ),
);
const contentType = fc.constantFrom(
  undefined,
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/json; charset=utf-16",
  "multipart/form-data; boundary=x",
);
const auth = fc.constantFrom(
  undefined,
  { Authorization: "Bearer lk_0000000000000000000000000000000000" },
  { Authorization: "Bearer " },
  { Authorization: "Basic dXNlcjpwYXNz" },
  { "x-api-key": "\u00ff\u00fe" },
  { Cookie: "lanka_session=forged" },
);

/** Percent-encodes a path segment; a lone surrogate becomes its (invalid) UTF-8 bytes. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

/**
 * Bodies for an operation that reads a JSON body (the text converters): beside the hostile ones,
 * objects of its own fields, each a hostile value, one of its enum values or its example's value,
 * sent as JSON most of the time, so that the conversions themselves are reached.
 */
function bodiesOf(op: AnyOperation) {
  if (!op.body || !op.exampleBody) return { body, contentType };
  const properties = (jsonSchema(op.body, "input").properties ?? {}) as Record<
    string,
    { enum?: unknown[] }
  >;
  const value = (name: string) =>
    fc.oneof(
      anyValue,
      {
        weight: 3,
        arbitrary: fc.constantFrom(...(properties[name]!.enum ?? []), op.exampleBody![name]),
      },
      {
        weight: 2,
        arbitrary: fc.string({
          unit: fc.constantFrom(..."lkfdasq%HYa¾_ÛÆ¨@~nNi+}s \n\u200d"),
          maxLength: 300,
        }),
      },
      fc.constantFrom(1, null, true, [], {}),
    );
  const fields = fc.record(
    Object.fromEntries(Object.keys(properties).map((name) => [name, value(name)])),
    { requiredKeys: [] },
  );
  return {
    body: fc.oneof(body, { weight: 4, arbitrary: fields.map((f) => JSON.stringify(f)) }),
    contentType: fc.oneof(contentType, { weight: 3, arbitrary: fc.constant("application/json") }),
  };
}

function request(names: string[], op: AnyOperation) {
  const name = fc.oneof(fc.constantFrom(...names, ...names), fc.string({ maxLength: 12 }));
  const pairs = fc.array(fc.tuple(name, anyValue), { maxLength: 8 });
  const junk = fc.array(rawJunk, { maxLength: 3 });
  // An operation that takes no query (a body operation) refuses any before reading its body:
  // mostly none, so that the body is read and converted.
  const none = <T>(arbitrary: fc.Arbitrary<T[]>) =>
    op.body ? fc.oneof({ weight: 3, arbitrary: fc.constant([] as T[]) }, arbitrary) : arbitrary;
  return fc.record({
    pathValues: fc.array(anyValue, { minLength: 4, maxLength: 4 }),
    pairs: none(pairs),
    repeat: fc.boolean(),
    junk: none(junk),
    method,
    ...bodiesOf(op),
    // A refused key is refused before the body is read: for a body operation, mostly no key.
    auth: op.body ? fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, auth) : auth,
  });
}

Deno.test("over 10,000 hostile requests across every registry operation: no 5xx, every error the JSON envelope", async () => {
  await using t = await testApp();
  let sent = 0;
  /** Successful answers of the operations answered from their body, by name. */
  const answered = new Map<string, number>();
  for (const op of operations) {
    const names = Object.keys(op.params.shape as Record<string, unknown>);
    if (names.length === 0) names.push("q");
    await fc.assert(
      fc.asyncProperty(request(names, op), async (r) => {
        let i = 0;
        const path = `/api/v1${op.path}`.replace(
          /\{\w+\}/g,
          () => segment(r.pathValues[i++ % 4]!),
        );
        const search = new URLSearchParams(r.pairs);
        if (r.repeat && r.pairs[0]) search.append(r.pairs[0][0], r.pairs[0][1]);
        const query = [search.toString(), ...r.junk].filter(Boolean).join("&");
        const verb = r.method || op.method;
        const headers: Record<string, string> = { ...r.auth };
        if (r.contentType) headers["Content-Type"] = r.contentType;
        const init: RequestInit = { method: verb, headers };
        if (r.body !== undefined && !/^(get|head)$/i.test(verb)) init.body = r.body;
        const res = await t.request(`${path}${query ? `?${query}` : ""}`, init);
        sent++;
        const label = `${verb} ${path}?${query.slice(0, 200)}`;
        // 501 not_available is a deliberate answer ("no published source holds this table"),
        // never a failure; any other 5xx is.
        assert.ok(res.status < 500 || res.status === 501, `${res.status} for ${label}`);
        if (op.exampleBody && res.status < 300) {
          answered.set(op.name, (answered.get(op.name) ?? 0) + 1);
        }
        if (res.status < 400 || verb === "HEAD") {
          await res.body?.cancel();
          return;
        }
        assert.match(res.headers.get("Content-Type") ?? "", /^application\/json/, label);
        const answer = await res.json();
        if (res.status === 501) assert.equal(answer.code, "not_available", label);
        assert.equal(answer.ok, false, label);
        assert.equal(typeof answer.error, "string", label);
        assert.equal(typeof answer.code, "string", label);
        assert.equal(typeof answer.requestId, "string", label);
      }),
      { numRuns: PER_OPERATION },
    );
  }
  assert.ok(sent >= 10_000, `only ${sent} requests sent`);
  // The body operations' conversions were reached, not only their refusals.
  for (const op of operations.filter((o) => o.exampleBody)) {
    assert.ok((answered.get(op.name) ?? 0) >= 3, `${op.name}: ${answered.get(op.name)} answers`);
  }
});
