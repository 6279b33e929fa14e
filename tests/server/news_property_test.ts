import assert from "node:assert/strict";
import fc from "fast-check";
import { anyString } from "../_helpers/arbitraries.ts";
import { json, testApp } from "../_helpers/app.ts";
import { draft, makeEditor, withKey } from "../_helpers/news.ts";

const NAMES = ["slug", "q", "category", "limit", "offset", "format", "page", ""];
const VALUES = fc.oneof(
  anyString(12),
  fc.constantFrom(
    "",
    "0",
    "-1",
    "101",
    "1e2",
    "20",
    "Economy",
    "economy",
    " ",
    "NaN",
    "x".repeat(200),
  ),
);

Deno.test("malformed news list and feed parameters are 4xx JSON errors, never a 500", async () => {
  await using t = await testApp();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/api/v1/news", "/api/v1/news/feed.xml", "/api/v1/news/feed.atom", "/news"),
      fc.array(fc.tuple(fc.constantFrom(...NAMES), VALUES), { maxLength: 4 }),
      async (path, pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const res = await t.request(`${path}${query ? `?${query}` : ""}`);
        const text = await res.text();
        assert.ok(res.status < 500, `${res.status} for ${path}?${query}: ${text.slice(0, 200)}`);
        if (res.status >= 400 && path.startsWith("/api/")) {
          const body = JSON.parse(text);
          assert.equal(body.ok, false);
          assert.ok(["invalid_param", "not_found"].includes(body.code), body.code);
          assert.equal(typeof body.error, "string");
        }
        if (res.status === 200 && path === "/api/v1/news" && !pairs.some(([n]) => n === "slug")) {
          const body = JSON.parse(text);
          assert.ok(body.data.posts.length <= body.data.limit);
          assert.ok(body.data.limit >= 1 && body.data.limit <= 100);
        }
      },
    ),
    { numRuns: 150 },
  );
});

Deno.test("malformed draft bodies are 4xx JSON errors, never a 500", async () => {
  await using t = await testApp();
  const editor = await makeEditor(t, "prop@example.com", "Prop");
  const body = fc.oneof(
    fc.json(),
    fc.record({
      slug: fc.oneof(fc.string(), fc.anything()),
      title: fc.oneof(anyString(30), fc.anything()),
      excerpt: fc.anything(),
      body: anyString(50),
      category: fc.oneof(fc.constantFrom("Economy", "", "nope"), fc.anything()),
      tags: fc.oneof(fc.array(fc.string()), fc.anything()),
      sources: fc.oneof(fc.array(fc.oneof(fc.webUrl(), fc.string())), fc.anything()),
    }, { requiredKeys: [] }),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/api/v1/news/drafts", "/api/v1/news/drafts/zzz"),
      body,
      async (path, payload) => {
        const res = await t.request(path, withKey("POST", editor.key, payload));
        const parsed = await json(res);
        assert.ok(
          res.status === 201 || (res.status >= 400 && res.status < 500),
          JSON.stringify(parsed),
        );
      },
    ),
    { numRuns: 100 },
  );
  const ok = await t.request("/api/v1/news/drafts", withKey("POST", editor.key, draft()));
  assert.ok(ok.status === 201 || ok.status === 409);
});
