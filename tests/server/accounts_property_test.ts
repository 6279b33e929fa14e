import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonInit, signUp } from "../_helpers/accounts.ts";
import { json, testApp } from "../_helpers/app.ts";

const OK_OR_CLIENT_ERROR = (status: number) => status === 201 || (status >= 400 && status < 500);

Deno.test("malformed account API bodies are 4xx JSON errors, never a 500", async () => {
  await using t = await testApp();
  const cookie = await signUp(t.request, "prop@example.com", "property-Passw0rd");
  const body = fc.oneof(
    fc.string(),
    fc.json(),
    fc.record({ email: fc.anything(), password: fc.anything() }, { requiredKeys: [] }),
    fc.record({ name: fc.anything() }, { requiredKeys: [] }),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/api/v1/accounts", "/api/v1/sessions", "/api/v1/keys"),
      body,
      fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"),
      async (path, payload, type) => {
        const res = await t.request(path, {
          method: "POST",
          headers: { "Content-Type": type, Cookie: cookie },
          body: typeof payload === "string" ? payload : JSON.stringify(payload),
        });
        const parsed = await json(res);
        assert.ok(OK_OR_CLIENT_ERROR(res.status), `${res.status} ${JSON.stringify(parsed)}`);
        if (res.status >= 400) {
          assert.equal(parsed.ok, false);
          assert.equal(typeof parsed.error, "string");
        }
      },
    ),
    { numRuns: 120 },
  );
  // Whatever the run created, the 5-active-keys limit held.
  const list = await json(await t.request("/api/v1/keys", jsonInit("GET", undefined, cookie)));
  assert.ok(list.data.keys.filter((k: { active: boolean }) => k.active).length <= 5);
});

Deno.test("any presented key header is a 400 or 401, never a 500 and never anonymous", async () => {
  await using t = await testApp();
  await fc.assert(
    fc.asyncProperty(
      fc.string({ minLength: 1, maxLength: 80 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
      fc.boolean(),
      async (raw, bearer) => {
        const headers: Record<string, string> = bearer
          ? { Authorization: `Bearer ${raw}` }
          : { "x-api-key": raw };
        const res = await t.request("/api/v1/vat?amount=1", { headers });
        const body = await json(res);
        assert.ok(res.status === 400 || res.status === 401, `${res.status} for ${raw}`);
        assert.equal(body.ok, false);
      },
    ),
    { numRuns: 150 },
  );
});
