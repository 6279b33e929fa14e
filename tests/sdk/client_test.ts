import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import {
  createClient,
  isLankaError,
  isValidationError,
  LankaError,
  ValidationError,
} from "../../mod.ts";
import { exampleInput } from "../_helpers/examples.ts";
import { FIXED_NOW, json, testApp } from "../_helpers/app.ts";
import { feedOp, itemOp, reply, scriptedFetch } from "./_fakes.ts";

Deno.test("paye() computes 8,000 a month on 250,000 under the 2025/26 table, in-process", async () => {
  // Relief 150,000/month leaves 100,000/month = 1,200,000 a year: 6% of the first 1,000,000 is
  // 60,000 and 18% of the next 200,000 is 36,000; 96,000 / 12 = 8,000 (research/finance-nic-plate).
  const { fetch, requests } = scriptedFetch([() => reply(500, {})]);
  const client = createClient({ fetch });
  const tax = await client.paye({ monthly: 250000, date: "2026-01-01" });
  assert.equal(tax.monthlyTax, 8000);
  assert.equal(tax.monthlyNet, 242000);
  assert.equal(requests.length, 0, "nothing was sent over the network");
});

Deno.test("vat(), loan(), fd() and convertLand() answer with typed data in-process", async () => {
  const client = createClient({ mode: "local", now: () => FIXED_NOW });
  assert.equal((await client.vat({ amount: 1000, rate: 18 })).total, 1180);
  assert.equal((await client.vat({ amount: 1180, rate: 18, mode: "remove" })).base, 1000);
  assert.equal((await client.loan({ principal: 1200, rate: 0, months: 12 })).emi, 100);
  // 1,000,000 at 12% paid monthly for 12 months: 10,000 interest a month, 120,000 in all.
  const deposit = await client.fd({ principal: 1000000, rate: 12, months: 12, payout: "monthly" });
  assert.equal(deposit.totalInterestGross, 120000);
  // One acre is 160 perches, i.e. 1A-0R-0.0P.
  assert.equal((await client.convertLand({ value: 1, from: "acre" })).deed.text, "1A-0R-0.0P");
});

Deno.test("withResponse() gives local meta with the source of the figures", async () => {
  const client = createClient({ baseUrl: "https://lanka.example/", mode: "local" });
  const answer = await client.paye({ monthly: 100000 }).withResponse();
  assert.equal(answer.source, "local");
  assert.equal(answer.stale, false);
  assert.equal(answer.meta?.tier, "local");
  assert.equal(answer.meta?.endpoint, "paye");
  assert.equal(answer.meta?.page_url, "https://lanka.example/tools/paye");
  assert.match(answer.meta?.source_url ?? "", /^https:\/\//);
  assert.equal(answer.rateLimit, undefined);
});

Deno.test("a local validation failure is the ValidationError the server answers", async () => {
  await using server = await testApp();
  const client = createClient({ mode: "local" });
  const error = await client.vat({ amount: -5 }).then(() => undefined, (e) => e as ValidationError);
  assert.ok(error instanceof ValidationError);
  assert.ok(isValidationError(error));
  const response = await server.request("/api/v1/vat?amount=-5");
  const body = await json(response);
  assert.equal(error.status, response.status);
  assert.equal(error.code, body.code);
  assert.equal(error.message, body.error);
  assert.deepEqual(error.details, body.details);
  assert.equal(error.details[0]?.param, "amount");
  assert.equal(error.requestId, undefined);
});

Deno.test("mode remote sends local operations to the server with the API key", async () => {
  await using server = await testApp();
  const seen: Request[] = [];
  const client = createClient({
    baseUrl: "http://lanka.test",
    apiKey: "secret-key",
    mode: "remote",
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen.push(request.clone());
      return await server.request(new URL(request.url).pathname + new URL(request.url).search, {
        headers: { "x-forwarded-for": "1" },
      });
    },
  });
  const answer = await client.vat({ amount: 1000, rate: 18, mode: "add" }).withResponse();
  assert.equal(answer.data.total, 1180);
  assert.equal(answer.source, "remote");
  assert.equal(answer.meta?.endpoint, "vat");
  assert.equal(typeof answer.rateLimit?.remaining, "number");
  assert.match(answer.requestId ?? "", /^[0-9a-f]{16}-[0-9a-z]+$/);
  // The answer's own headers, for what the typed fields do not carry.
  assert.equal(answer.headers?.get("x-request-id"), answer.requestId);
  assert.equal(answer.headers?.get("x-ratelimit-remaining"), String(answer.rateLimit?.remaining));
  assert.equal(answer.voice, undefined);
  const request = seen[0]!;
  assert.equal(request.url, "http://lanka.test/api/v1/vat?amount=1000&rate=18&mode=add");
  assert.equal(request.headers.get("authorization"), "Bearer secret-key");
});

Deno.test("mode local refuses a server-only operation without touching the network", async () => {
  const { fetch, requests } = scriptedFetch([() => reply(200, { ok: true, data: {} })]);
  const client = createClient({ mode: "local", fetch });
  const error = await client.call(feedOp, {}).then(() => undefined, (e) => e as LankaError);
  assert.ok(error instanceof LankaError);
  assert.ok(isLankaError(error));
  assert.match(error?.message ?? "", /Cannot call "feed" in local mode: .*mode "auto" or "remote"/);
  assert.equal(requests.length, 0);
});

Deno.test("mode auto sends server-only operations to the server", async () => {
  const { fetch, requests } = scriptedFetch([
    () => reply(200, { ok: true, data: { items: ["a"] }, meta: { tier: "anonymous" } }),
  ]);
  const client = createClient({ fetch, baseUrl: "http://api.test" });
  assert.deepEqual(await client.call(feedOp, { q: "x y" }), { items: ["a"] });
  assert.equal(requests[0]!.url, "http://api.test/api/v1/feed?q=x+y");
});

Deno.test("call() reaches every operation of the registry by name", async () => {
  const client = createClient({ mode: "local" });
  for (const op of operations.filter((o) => o.local)) {
    // Path and query parameters of the example ("/nic/{number}" reads the number from the path),
    // or the example body of an operation that takes one (the text converters).
    const data = await client.call(op.name, exampleInput(op));
    assert.ok(data && typeof data === "object", `${op.name} answers its example`);
  }
  const error = await client.call("nope").then(() => undefined, (e) => e as LankaError);
  assert.match(error?.message ?? "", /Cannot call "nope": no such operation/);
});

Deno.test("createClient() refuses a bad baseUrl or mode", () => {
  assert.throws(() => createClient({ baseUrl: "not a url" }), /baseUrl must be a URL/);
  // @ts-expect-error: not a mode
  assert.throws(() => createClient({ mode: "offline" }), /mode must be "auto", "local" or/);
});

Deno.test("local operations take today in Colombo from the clock, across midnight", async () => {
  // 2025-03-31 18:29:59 UTC is 23:59:59 in Colombo (UTC+05:30): the 2023-25 table (relief
  // 100,000/month) applies; one second later it is 1 April and the 2025/26 table applies.
  let now = Date.UTC(2025, 2, 31, 18, 29, 59);
  const client = createClient({ mode: "local", now: () => now });
  assert.equal((await client.paye({ monthly: 100000 })).table.id, "2023-01");
  now += 1000;
  assert.equal((await client.paye({ monthly: 100000 })).table.id, "2025-04");
  now -= 2000;
  assert.equal((await client.paye({ monthly: 100000 })).table.id, "2023-01");
});

Deno.test("a path parameter that cannot travel in a URL is refused locally, as the core would", async () => {
  const { fetch, requests } = scriptedFetch([() => reply(200, { ok: true, data: {} })]);
  const client = createClient({ fetch, mode: "remote" });
  for (const id of ["", ".", ".."]) {
    const error = await client.call(itemOp, { id }).then(
      () => undefined,
      (e) => e as ValidationError,
    );
    assert.ok(error instanceof ValidationError, JSON.stringify(id));
    assert.equal(error.details[0]?.param, "id");
  }
  const missing = await client.call(itemOp, {}).then(() => undefined, (e) => e as ValidationError);
  assert.equal(missing?.details[0]?.param, "id");
  assert.equal(requests.length, 0);
  await client.call(itemOp, { id: "a/b c" });
  assert.equal(requests[0]!.url, "http://localhost:8000/api/v1/items/a%2Fb%20c");
});

Deno.test("createClient({ lang }) answers local operations in that language; a call's lang wins", async () => {
  const client = createClient({ mode: "local", lang: "ta" });
  const ta = await client.tools({ q: "vat" });
  assert.equal(ta.tools[0]?.title, "பெறுமதி சேர் வரிக் கணிப்பான்");
  const en = await client.tools({ q: "vat", lang: "en" });
  assert.equal(en.tools[0]?.title, "VAT calculator");
  assert.throws(() => createClient({ lang: "fr" as "en" }), TypeError);
});
