import assert from "node:assert/strict";
import fc from "fast-check";
import SwaggerParser from "@apidevtools/swagger-parser";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { STORE_DATA } from "../../server/store/catalogue.ts";
import { json, testApp } from "../_helpers/app.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const NBSP = "\u00a0";

async function list(query = ""): Promise<Json> {
  await using t = await testApp();
  const res = await t.request(`/api/v1/store${query}`);
  assert.equal(res.status, 200, query);
  const body = await json(res);
  assert.equal(body.ok, true);
  assert.equal(body.meta.endpoint, "store");
  return body.data;
}

function facetCounts(facets: { slug: string; count: number }[]): Record<string, number> {
  return Object.fromEntries(facets.filter((f) => f.count > 0).map((f) => [f.slug, f.count]));
}

/** Listed products of the data file (status current), counted by a key. */
function dataCounts(key: "vendor" | "topic", keep = (_: { vendor: string }) => true) {
  const counts: Record<string, number> = {};
  for (const p of STORE_DATA.products) {
    if (p.status === "current" && keep(p)) counts[p[key]] = (counts[p[key]] ?? 0) + 1;
  }
  return counts;
}

Deno.test("GET /api/v1/store lists the 58 current exams with vendor and topic counts of the data", async () => {
  const data = await list();
  assert.equal(data.total, 58); // 60 researched, less CS0-003 (retiring) and OCI (free)
  assert.equal(data.limit, 200);
  assert.equal(data.offset, 0);
  assert.equal(data.products.length, 58);
  assert.deepEqual([data.vendor, data.topic, data.query], [null, null, null]);
  assert.deepEqual(facetCounts(data.filters.vendors), dataCounts("vendor"));
  assert.deepEqual(facetCounts(data.filters.topics), dataCounts("topic"));
  // By hand from the research table: CompTIA 6 less the retiring CS0-003, Oracle 2 less OCI.
  const vendors = facetCounts(data.filters.vendors);
  assert.equal(vendors.comptia, 5);
  assert.equal(vendors.oracle, 1);
  assert.equal(vendors.microsoft, 13);
  // research: 16 security exams, one of them the retiring CS0-003.
  assert.equal(facetCounts(data.filters.topics).security, 15);
  assert.equal(data.filters.vendors.length, 15, "every vendor is listed, even at count 0");
  assert.equal(data.filters.topics.length, 16);
  assert.deepEqual(data.store, {
    name: "Lanka API exam voucher store",
    url: "http://lanka.test/store",
    country: "LK",
    currency: "LKR",
    paymentMethods: ["Bank transfer", "Debit or credit card"],
    refunds: "http://lanka.test/store#refunds",
  });
  assert.equal(data.pricing.exchangeRate, 310);
  assert.equal(data.pricing.exchangeRateDate, "2025-12-31");
});

Deno.test("facet counts under vendor=microsoft count topics within Microsoft, vendors unfiltered", async () => {
  const data = await list("?vendor=microsoft");
  assert.equal(data.total, 13);
  assert.equal(data.vendor, "microsoft");
  assert.ok(data.products.every((p: Json) => p.vendor === "microsoft"));
  // The vendor facet ignores the vendor filter itself: it shows what choosing another would give.
  assert.deepEqual(facetCounts(data.filters.vendors), dataCounts("vendor"));
  // By hand from research/store.md: AZ-900/AZ-104/AZ-305 cloud, AI-901 ai,
  // SC-900/SC-500/SC-200/SC-300 security, PL-900 low-code, AZ-400 devops, MS-102 modern-work,
  // PL-300/DP-600 data.
  assert.deepEqual(facetCounts(data.filters.topics), {
    "cloud": 3,
    "ai": 1,
    "security": 4,
    "low-code": 1,
    "devops": 1,
    "modern-work": 1,
    "data": 2,
  });
});

Deno.test("facets with vendor and topic: each facet reflects the other filter", async () => {
  const data = await list("?vendor=aws&topic=security");
  assert.deepEqual(data.products.map((p: Json) => p.examCode), ["SCS-C03"]);
  assert.equal(data.topic, "security");
  // Security exams per vendor (current only): by hand from the research list.
  assert.deepEqual(facetCounts(data.filters.vendors), {
    "aws": 1,
    "microsoft": 4,
    "google-cloud": 1,
    "comptia": 2,
    "isc2": 3,
    "isaca": 1,
    "linux-foundation": 1,
    "hashicorp": 1,
    "ec-council": 1,
  });
  assert.deepEqual(
    facetCounts(data.filters.topics),
    dataCounts("topic", (p) => p.vendor === "aws"),
  );
});

Deno.test("paging with limit=7 covers the catalogue exactly once, in order", async () => {
  const all = (await list()).products.map((p: Json) => p.slug);
  const seen: string[] = [];
  for (let offset = 0; offset < 70; offset += 7) {
    const page = await list(`?limit=7&offset=${offset}`);
    assert.equal(page.total, 58);
    assert.equal(page.limit, 7);
    assert.equal(page.offset, offset);
    assert.equal(page.products.length, Math.max(0, Math.min(7, 58 - offset)));
    seen.push(...page.products.map((p: Json) => p.slug));
  }
  assert.deepEqual(seen, all);
  assert.equal(new Set(seen).size, 58);
});

Deno.test("q matches an exam code (SAA-C03, any case), a title word and a slug", async () => {
  for (const q of ["SAA-C03", "saa-c03"]) {
    const data = await list(`?q=${q}`);
    assert.deepEqual(data.products.map((p: Json) => p.slug), [
      "aws-solutions-architect-associate-saa-c03",
    ]);
    assert.equal(data.query, q);
  }
  const word = await list("?q=Architect");
  assert.deepEqual(word.products.map((p: Json) => p.examCode).sort(), [
    "AZ-305",
    "PCA",
    "SAA-C03",
    "SAP-C02",
  ]);
  assert.equal(facetCounts(word.filters.vendors).aws, 2);
  const slug = await list("?q=cncf-cka");
  assert.deepEqual(slug.products.map((p: Json) => p.slug), ["cncf-cka", "cncf-ckad"]);
  const none = await list("?q=no-such-exam");
  assert.equal(none.total, 0);
  assert.ok(none.filters.vendors.every((f: Json) => f.count === 0));
  const blank = await list("?q=%20%20");
  assert.equal(blank.total, 58);
  assert.equal(blank.query, null);
});

Deno.test("prices are formatted with Intl en-LK LKR and the answer states both prices", async () => {
  await using t = await testApp();
  const get = async (slug: string) =>
    (await json(await t.request(`/api/v1/store?slug=${slug}`))).data;
  const saa = await get("aws-solutions-architect-associate-saa-c03");
  assert.deepEqual(saa.price, {
    amount: 46_500,
    currency: "LKR",
    formatted: `LKR${NBSP}46,500.00`,
    officialListUsd: 150,
    note: null,
  });
  assert.equal(
    saa.answer,
    `A voucher for AWS Certified Solutions Architect – Associate, exam SAA-C03, costs LKR${NBSP}46,500.00; the official list price is US$150.`,
  );
  assert.equal(saa.url, "http://lanka.test/store/aws-solutions-architect-associate-saa-c03");
  assert.equal(saa.availability, "https://schema.org/InStock");
  assert.equal(saa.facts.duration_minutes, 130);
  assert.equal(saa.facts.official_price_usd, 150);
  const terraform = await get("hashicorp-terraform-associate-004");
  assert.equal(terraform.price.formatted, `LKR${NBSP}21,900.00`);
  assert.match(terraform.answer, /US\$70\.50\.$/);
  const cissp = await get("isc2-cissp");
  assert.equal(cissp.price.formatted, `LKR${NBSP}232,200.00`);
  assert.equal(cissp.factsVerified, false);
  assert.deepEqual(cissp.uncertainFields, ["price.officialListUsd", "validityMonths"]);
});

Deno.test("?slug= returns one product, retiring and free ones too; unknown slug is 404", async () => {
  await using t = await testApp();
  const res = await t.request("/api/v1/store?slug=cisco-ccna-200-301");
  const body = await json(res);
  assert.equal(res.status, 200);
  assert.equal(body.data.examCode, "200-301");
  assert.equal(body.data.vendorName, "Cisco");
  assert.equal(body.data.factsVerified, true);
  assert.ok(body.data.sources.includes("https://www.pearsonvue.com/us/en/cisco/vouchers.html"));
  const cysa = (await json(await t.request("/api/v1/store?slug=comptia-cysa-plus-cs0-003"))).data;
  assert.equal(cysa.status, "retiring");
  assert.equal(cysa.availability, "https://schema.org/LimitedAvailability");
  assert.match(cysa.answer, /retiring/);
  const oci = (await json(
    await t.request("/api/v1/store?slug=oracle-oci-foundations-associate-1z0-1085-26"),
  )).data;
  assert.equal(oci.status, "free");
  assert.match(oci.answer, /is free from the vendor \(official list price US\$0\)/);
  const missing = await t.request("/api/v1/store?slug=aws-nope");
  assert.equal(missing.status, 404);
  const error = await json(missing);
  assert.equal(error.code, "not_found");
  assert.equal(error.error, 'No exam voucher with slug "aws-nope": list them at /api/v1/store');
});

Deno.test("unknown filters and malformed parameters are 400 naming the parameter", async () => {
  await using t = await testApp();
  const cases: [string, string, RegExp][] = [
    ["?topic=quantum", "topic", /must be one of "agile", "ai", .*"security": got "quantum"/],
    ["?vendor=ibm", "vendor", /must be one of "aws", "microsoft", .*"ec-council": got "ibm"/],
    ["?vendor=", "vendor", /got an empty value/],
    ["?limit=0", "limit", /whole number from 1 to 200/],
    ["?limit=201", "limit", /whole number from 1 to 200/],
    ["?limit=1.5", "limit", /whole number/],
    ["?offset=-1", "offset", /whole number from 0/],
    ["?colour=red", "colour", /Unknown parameter "colour": allowed: slug, vendor, topic, q/],
    ["?vendor=aws&vendor=cisco", "vendor", /more than once/],
    [`?q=${"x".repeat(101)}`, "q", /at most 100 characters/],
    ["?slug=", "slug", /empty/],
    ["?slug=cncf-cka&vendor=aws", "vendor", /cannot be combined with "slug"/],
  ];
  for (const [query, param, message] of cases) {
    const res = await t.request(`/api/v1/store${query}`);
    const body = await json(res);
    assert.equal(res.status, 400, query);
    assert.equal(body.code, "invalid_param", query);
    assert.equal(body.details[0].param, param, query);
    assert.match(body.error, message, query);
  }
});

Deno.test("property: any query string to /api/v1/store is 200, 400 or 404 JSON, never a 500", async () => {
  await using t = await testApp();
  const names = fc.constantFrom("slug", "vendor", "topic", "q", "limit", "offset", "x", "");
  const values = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("aws", "security", "-1", "1e3", "NaN", "200", "0", "%", "\u0000", "💥"),
    fc.string({ unit: "binary", maxLength: 20 }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 4 }), async (pairs) => {
      const query = new URLSearchParams(pairs).toString();
      const res = await t.request(`/api/v1/store?${query}`);
      assert.ok([200, 400, 404].includes(res.status), `${res.status} for ?${query}`);
      const body = await json(res);
      assert.equal(body.ok, res.status === 200);
      if (res.status === 404) assert.equal(body.code, "not_found");
      if (res.status === 400) assert.ok(body.details.length >= 1);
    }),
    { numRuns: 100 },
  );
});

Deno.test("the OpenAPI document describes /api/v1/store with its parameters and is valid", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const op = doc.paths["/api/v1/store"].get;
  assert.deepEqual(op.parameters.map((p: Json) => p.name), [
    "slug",
    "vendor",
    "topic",
    "q",
    "limit",
    "offset",
    "lang",
  ]);
  assert.ok(op.parameters.every((p: Json) => p.required === false));
  const topic = op.parameters.find((p: Json) => p.name === "topic");
  assert.ok(topic.schema.enum.includes("cloud-native"));
  assert.ok(doc.components.schemas.StoreResult.anyOf.length === 2);
  await SwaggerParser.validate(structuredClone(doc));
  const index = await json(await t.request("/api/v1"));
  assert.ok(index.data.endpoints.some((e: Json) => e.path === "/api/v1/store"));
});

Deno.test("STORE_* variables configure the store object; a bad URL is a clear config error", async () => {
  await using t = await testApp({
    env: {
      STORE_NAME: "Colombo Vouchers",
      STORE_URL: "https://vouchers.example.lk/",
      STORE_PAYMENT_METHODS: "Bank transfer, Koko ,",
      STORE_REFUNDS_URL: "https://vouchers.example.lk/refunds",
    },
  });
  const data = (await json(await t.request("/api/v1/store?limit=1"))).data;
  assert.deepEqual(data.store, {
    name: "Colombo Vouchers",
    url: "https://vouchers.example.lk/",
    country: "LK",
    currency: "LKR",
    paymentMethods: ["Bank transfer", "Koko"],
    refunds: "https://vouchers.example.lk/refunds",
  });
  assert.throws(
    () => loadConfig({ STORE_URL: "ftp://x", STORE_REFUNDS_URL: "nope" }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.problems.includes('STORE_URL must be an http(s) URL: got "ftp://x"') &&
      error.problems.includes('STORE_REFUNDS_URL must be an http(s) URL: got "nope"'),
  );
});

Deno.test("the store dataset stays out of the SDK: mod.ts's module graph has no data/store.json", async () => {
  const root = new URL("../../", import.meta.url);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "mod.ts"],
    cwd: root,
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.equal(out.code, 0);
  const graph = JSON.parse(new TextDecoder().decode(out.stdout));
  const files: string[] = graph.modules.map((m: Json) => String(m.specifier));
  assert.ok(files.some((f) => f.endsWith("/core/ops/store.ts")), "the operation is in the SDK");
  assert.ok(files.some((f) => f.endsWith("/data/vat.json")), "the graph lists JSON data");
  assert.ok(!files.some((f) => f.endsWith("/data/store.json")), "the dataset is not");
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  assert.ok(config.publish.exclude.includes("data/store.json"));
});
