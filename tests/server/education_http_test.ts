import assert from "node:assert/strict";
import SwaggerParser from "@apidevtools/swagger-parser";
import fc from "fast-check";
import { json, testApp } from "../_helpers/app.ts";

Deno.test("GET /api/v1/districts answers 25 districts with page and source in meta", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/districts");
  assert.equal(res.status, 200);
  const body = await json(res);
  assert.equal(body.data.count, 25);
  assert.equal(body.meta.endpoint, "districts");
  assert.equal(body.meta.page_url, "http://lanka.test/tools/districts");
  assert.match(body.meta.source_url, /moha\.gov\.lk/);
  const uva = await json(await t.request("/api/v1/districts?province=uva"));
  assert.deepEqual(uva.data.districts.map((d: { slug: string }) => d.slug), [
    "badulla",
    "monaragala",
  ]);
});

Deno.test("GET /api/v1/tools builds URLs from PUBLIC_BASE_URL", async () => {
  await using t = await testApp({ env: { PUBLIC_BASE_URL: "https://api.example.lk" } });
  const body = await json(await t.request("/api/v1/tools?q=vat&limit=1"));
  assert.equal(body.data.tools[0].url, "https://api.example.lk/tools/vat");
  assert.equal(body.data.limit, 1);
  assert.equal(body.meta.endpoint, "tools");
});

Deno.test("GET /api/v1/z-score and /scholarship-cutoff answer through the envelope", async () => {
  await using t = await testApp();
  const z = await json(
    await t.request(
      "/api/v1/z-score?subjects=combined-maths:75:35:20,physics:66:30:18,chemistry:66:32:17",
    ),
  );
  assert.equal(z.data.zScore, 2);
  assert.equal(z.data.authoritative, true);
  assert.equal(z.meta.endpoint, "z-score");
  const s = await json(
    await t.request("/api/v1/scholarship-cutoff?year=2024&district=galle&medium=Sinhala&mark=150"),
  );
  assert.deepEqual([s.data.cutoff, s.data.qualifies], [143, true]);
  assert.equal(s.meta.page_url, "http://lanka.test/tools/scholarship-cutoff");
  assert.match(s.meta.source_url, /adaderana/);
  assert.match(s.meta.last_verified, /^\d{4}-\d{2}-\d{2}$/);
});

Deno.test("the OpenAPI document describes the four new endpoints and is valid", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  for (
    const path of [
      "/api/v1/districts",
      "/api/v1/tools",
      "/api/v1/z-score",
      "/api/v1/scholarship-cutoff",
    ]
  ) {
    assert.ok(doc.paths[path]?.get, path);
  }
  await SwaggerParser.validate(structuredClone(doc));
});

/** Strings a client might send: arbitrary text, numbers in odd notation, huge or empty values. */
const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("", " ", "-1", "1e3", "NaN", "Infinity", "0x10", "2024.0", "201", "1".repeat(70)),
  fc.integer({ min: -1000, max: 100000 }).map(String),
  fc.double().map(String),
);

const ENDPOINTS: [string, string[]][] = [
  ["/api/v1/districts", ["province"]],
  ["/api/v1/tools", ["q", "category", "limit", "offset"]],
  ["/api/v1/z-score", ["subjects"]],
  ["/api/v1/scholarship-cutoff", ["year", "district", "medium", "mark"]],
];

Deno.test("malformed input never makes a 500: a 4xx names the parameter (property)", async () => {
  await using t = await testApp();
  const request = fc.tuple(
    fc.constantFrom(...ENDPOINTS),
    fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            "province",
            "q",
            "category",
            "limit",
            "offset",
            "subjects",
            "year",
            "district",
            "medium",
            "mark",
          ),
          fc.string({ maxLength: 8 }),
        ),
        junk,
      ),
      { maxLength: 4 },
    ),
  );
  await fc.assert(
    fc.asyncProperty(request, async ([[path, names], pairs]) => {
      const url = `${path}?${new URLSearchParams(pairs)}`;
      const res = await t.request(url);
      const body = await json(res);
      assert.ok(res.status === 200 || res.status === 400, `${url}: ${res.status}`);
      if (res.status === 400) {
        assert.equal(body.code, "invalid_param");
        assert.ok(body.details.length > 0);
        const sent = pairs.map(([k]) => k);
        for (const d of body.details) {
          assert.ok(names.includes(d.param) || sent.includes(d.param), `${url}: ${d.param}`);
          assert.ok(d.message.includes(`"${d.param}"`) || d.message.includes(d.param), d.message);
        }
      }
    }),
    { numRuns: 300 },
  );
});

const mark = fc.oneof(fc.integer({ min: 0, max: 100 }).map(String), junk);
const term = fc.tuple(
  fc.oneof(
    fc.constantFrom("physics", "chemistry", "biology", "01", "10", "ict"),
    fc.string({ maxLength: 10 }),
  ),
  mark,
  fc.option(fc.tuple(mark, mark)),
).map(([s, m, o]) => (o ? `${s}:${m}:${o[0]}:${o[1]}` : `${s}:${m}`));

Deno.test("z-score: any subjects value is a 200 or a 400 naming subjects (property)", async () => {
  await using t = await testApp();
  await fc.assert(
    fc.asyncProperty(
      fc.array(term, { maxLength: 5 }),
      fc.constantFrom(",", ", ", ";"),
      async (terms, sep) => {
        const res = await t.request(
          `/api/v1/z-score?${new URLSearchParams({ subjects: terms.join(sep) })}`,
        );
        const body = await json(res);
        if (res.status === 200) {
          assert.equal(terms.length, 3);
          assert.ok(Number.isFinite(body.data.zScore));
          assert.ok(body.data.percentile.value >= 0 && body.data.percentile.value <= 100);
        } else {
          assert.equal(res.status, 400);
          assert.equal(body.details[0].param, "subjects");
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("the malformed inputs the issue lists are each a 400 naming the parameter", async (t) => {
  await using app = await testApp();
  const cases: [string, string, RegExp][] = [
    ["/api/v1/districts?province=Atlantis", "province", /Western, Central/],
    ["/api/v1/tools?limit=0", "limit", /from 1 to 200/],
    ["/api/v1/tools?limit=201", "limit", /from 1 to 200/],
    ["/api/v1/tools?offset=-1", "offset", /whole number/],
    ["/api/v1/tools?category=Astrology", "category", /Finance/],
    ["/api/v1/z-score?subjects=physics:50,chemistry:50", "subjects", /exactly three/],
    ["/api/v1/z-score?subjects=physics:50,physics:60,biology:50", "subjects", /more than once/],
    [
      "/api/v1/z-score?subjects=fisics:50,chemistry:50,biology:50",
      "subjects",
      /did you mean physics/,
    ],
    ["/api/v1/z-score?subjects=physics:100.5,chemistry:50,biology:50", "subjects", /0 to 100/],
    [
      "/api/v1/z-score?subjects=physics:50:50:0,chemistry:50,biology:50",
      "subjects",
      /greater than 0/,
    ],
    ["/api/v1/scholarship-cutoff?year=2023&district=Colombo&medium=Tamil", "year", /2024 to 2026/],
    ["/api/v1/scholarship-cutoff?district=Colombo&medium=English", "medium", /"Sinhala", "Tamil"/],
    ["/api/v1/scholarship-cutoff?district=Colombo&medium=Tamil&mark=201", "mark", /0 to 200/],
    ["/api/v1/scholarship-cutoff?district=Colombo&medium=Tamil&mark=150.5", "mark", /whole number/],
    ["/api/v1/scholarship-cutoff?district=Gotham&medium=Tamil", "district", /Unknown district/],
    ["/api/v1/scholarship-cutoff?mark=150", "district", /required/],
  ];
  for (const [path, param, message] of cases) {
    await t.step(path, async () => {
      const res = await app.request(path);
      assert.equal(res.status, 400);
      const body = await json(res);
      assert.ok(
        body.details.some((d: { param: string }) => d.param === param),
        JSON.stringify(body),
      );
      assert.match(body.error, message);
    });
  }
});
