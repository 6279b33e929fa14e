/**
 * Issue 45 in the SDK: the four places methods compute in-process exactly what the server
 * answers, send the same request in remote mode, and raise the server's errors locally. Codes
 * and names: research/places.json.
 */
import assert from "node:assert/strict";
import { createClient, NotFoundError, ValidationError } from "../../mod.ts";
import { FIXED_NOW, json, testApp } from "../_helpers/app.ts";

const PEER = { remoteAddr: { hostname: "203.0.113.9", port: 40000, transport: "tcp" } };
const BASE = "http://lanka.test";

Deno.test("postcode, places, divisions and division answer locally as the server does", async (t) => {
  await using server = await testApp();
  const sent: string[] = [];
  const client = (mode: "local" | "remote") =>
    createClient({
      baseUrl: BASE,
      mode,
      now: () => FIXED_NOW,
      retries: 0,
      fetch: (input, init) => {
        const request = new Request(input, init);
        sent.push(request.url);
        return Promise.resolve(server.app.fetch(request, PEER));
      },
    });
  const local = client("local");
  const remote = client("remote");
  const cases = [
    ["postcode 20560", (c: typeof local) => c.postcode("20560"), "/api/v1/postcodes/20560"],
    [
      "places Mullathivu",
      (c: typeof local) => c.places({ q: "Mullathivu", limit: 3 }),
      "/api/v1/places?q=Mullathivu&limit=3",
    ],
    [
      "places in Sinhala with a district",
      (c: typeof local) => c.places({ q: "මහනුවර", district: "Kandy" }),
      `/api/v1/places?q=${encodeURIComponent("මහනුවර")}&district=Kandy`,
    ],
    [
      "divisions of Colombo",
      (c: typeof local) => c.divisions({ district: "Colombo", kind: "ds_division" }),
      "/api/v1/divisions?district=Colombo&kind=ds_division",
    ],
    [
      "division LA-44-167",
      (c: typeof local) => c.division("LA-44-167"),
      "/api/v1/divisions/LA-44-167",
    ],
  ] as const;
  for (const [name, call, url] of cases) {
    await t.step(name, async () => {
      const expected = await json(await server.request(url));
      assert.equal(expected.ok, true, url);
      const mine = await call(local).withResponse();
      assert.equal(mine.source, "local");
      assert.deepEqual(mine.data, expected.data);
      assert.equal(mine.meta?.endpoint, expected.meta.endpoint);
      assert.equal(mine.meta?.last_verified, expected.meta.last_verified);
      const before = sent.length;
      assert.deepEqual(await call(remote), expected.data);
      assert.equal(sent.length, before + 1);
      assert.equal(sent.at(-1), BASE + url);
    });
  }
  // Nothing was sent by the local client.
  assert.equal(sent.length, cases.length);
});

Deno.test("the places methods raise the server's errors in-process", async () => {
  const client = createClient({ mode: "local" });
  const notFound = await client.postcode("99999").then(() => undefined, (e) => e);
  assert.ok(notFound instanceof NotFoundError, String(notFound));
  const bad = await client.postcode("600").then(() => undefined, (e) => e);
  assert.ok(bad instanceof ValidationError, String(bad));
  assert.match(bad.message, /write 00600/);
  const division = await client.division("nowhere").then(() => undefined, (e) => e);
  assert.ok(division instanceof ValidationError);
  // 42000 Mullaitivu: the spellings (madurapa lists Mullativu and Mullathivu for it).
  for (const q of ["Mullaitivu", "Mullativu", "Mullathivu"]) {
    assert.equal((await client.places({ q, limit: 1 })).places[0]?.postcode, "42000", q);
  }
});
