/**
 * The OpenAPI document against Redocly's `recommended` rules (`@redocly/cli`, pinned, fetched
 * from npm by Deno on first use), and what the lint cannot see: exact security declarations,
 * every status an operation really answers with the error envelope, an example on every
 * parameter, the enum rule, the news feeds, and `auth` in the service index.
 */
import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import { ENUM_RULE } from "../../core/openapi.ts";
import { json, testApp } from "../_helpers/app.ts";

const REDOCLY = "npm:@redocly/cli@2.77.0";

// deno-lint-ignore no-explicit-any
type Doc = any;

/** The document as a default local run serves it (PUBLIC_BASE_URL unset: localhost). */
async function document(): Promise<Doc> {
  await using t = await testApp({ env: { PUBLIC_BASE_URL: "http://localhost:8000" } });
  return await json(await t.request("/api/v1/openapi.json"));
}

Deno.test("the OpenAPI document lints clean with @redocly/cli's recommended rules", async () => {
  const dir = await Deno.makeTempDir({ prefix: "lanka-redocly-" });
  try {
    const file = `${dir}/openapi.json`;
    await Deno.writeTextFile(file, JSON.stringify(await document()));
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--no-lock",
        "--no-config",
        REDOCLY,
        "lint",
        file,
        "--extends",
        "recommended",
        "--format",
        "json",
      ],
      cwd: dir,
      env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout);
    const stderr = new TextDecoder().decode(out.stderr);
    let report: {
      totals?: Record<string, number>;
      problems?: { ruleId: string; message: string; location?: { pointer?: string }[] }[];
    };
    try {
      report = JSON.parse(stdout.slice(stdout.indexOf("{")));
    } catch {
      throw new Error(`@redocly/cli did not run (exit ${out.code}):\n${stdout}\n${stderr}`);
    }
    const problems = (report.problems ?? []).map((p) =>
      `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? "?"}`
    );
    assert.deepEqual(problems, [], problems.join("\n"));
    assert.equal(out.code, 0, stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("security is declared exactly: public [], key-optional both ways, voice key-only, account API by cookie", async () => {
  const doc = await document();
  const bothKeys = [{ bearerKey: [] }, { headerKey: [] }];
  for (const op of operations) {
    const item = doc.paths[`/api/v1${op.path}`][op.method.toLowerCase()];
    const expected = op.account === "open"
      ? []
      : op.account === "session"
      ? [{ sessionCookie: [] }]
      : op.account === "editor"
      ? [{ sessionCookie: [] }, ...bothKeys]
      : op.keyOnly
      ? bothKeys
      : [{}, ...bothKeys];
    assert.deepEqual(item.security, expected, op.name);
  }
  assert.deepEqual(doc.paths["/api/v1/voice"].post.security, bothKeys);
  for (const path of ["/api/v1", "/api/v1/openapi.json", "/api/v1/news/feed.xml"]) {
    assert.deepEqual(doc.paths[path].get.security, [], path);
  }
});

Deno.test("every operation lists the statuses it really answers, each error with the envelope schema", async () => {
  const doc = await document();
  const statuses = (path: string, method = "get") => Object.keys(doc.paths[path][method].responses);
  // Sources of these statuses: the error table in docs/errors.md and the handlers.
  assert.ok(statuses("/api/v1/store").includes("404"), "store?slug= unknown: 404");
  assert.ok(statuses("/api/v1/vat").includes("401"), "any GET with a bad key: 401");
  for (const s of ["401", "413", "415", "429", "503"]) {
    assert.ok(statuses("/api/v1/voice", "post").includes(s), `voice ${s}`);
  }
  for (
    const [path, method] of [["/api/v1/accounts", "post"], ["/api/v1/sessions", "post"], [
      "/api/v1/keys",
      "post",
    ]]
  ) {
    assert.ok(statuses(path!, method).includes("415"), `${method} ${path}: 415`);
  }
  for (const [path, item] of Object.entries(doc.paths) as [string, Doc][]) {
    for (const [method, op] of Object.entries(item) as [string, Doc][]) {
      const codes = Object.keys(op.responses);
      assert.ok(codes.some((c) => /^4/.test(c)), `${method} ${path}: a 4xx`);
      for (const code of codes.filter((c) => /^[45]/.test(c))) {
        assert.deepEqual(
          op.responses[code].content?.["application/json"]?.schema,
          { $ref: `#/components/schemas/${code === "429" ? "RateLimited" : "Error"}` },
          `${method} ${path} ${code}: the error envelope`,
        );
        for (const header of ["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Reset"]) {
          assert.ok(op.responses[code].headers?.[header], `${method} ${path} ${code}: ${header}`);
        }
      }
      if (op.responses["429"]) {
        assert.ok(op.responses["429"].headers["Retry-After"], `${method} ${path} 429: Retry-After`);
      }
    }
  }
});

Deno.test("the answers of a real bad request match the documented statuses", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const cases: [string, RequestInit, string, string][] = [
    ["/api/v1/store?slug=no-such-voucher", {}, "/api/v1/store", "get"],
    ["/api/v1/vat?amount=1", { headers: { "x-api-key": "lk_unknown" } }, "/api/v1/vat", "get"],
    ["/api/v1/voice", { method: "POST", body: "{}" }, "/api/v1/voice", "post"],
    [
      "/api/v1/accounts",
      { method: "POST", body: "x", headers: { Origin: "http://lanka.test" } },
      "/api/v1/accounts",
      "post",
    ],
  ];
  for (const [url, init, path, method] of cases) {
    const res = await t.request(url, init);
    const body = await res.json();
    assert.equal(body.ok, false, url);
    assert.ok(
      doc.paths[path][method].responses[String(res.status)],
      `${url}: ${res.status} is documented`,
    );
  }
});

Deno.test("every parameter carries an example of its own type, and enums say the case rule", async () => {
  const doc = await document();
  for (const [path, item] of Object.entries(doc.paths) as [string, Doc][]) {
    for (const [method, op] of Object.entries(item) as [string, Doc][]) {
      for (const p of op.parameters ?? []) {
        assert.ok(p.example !== undefined, `${method} ${path} ${p.name}: an example`);
        if (p.schema.type === "number" || p.schema.type === "integer") {
          assert.equal(typeof p.example, "number", `${method} ${path} ${p.name}: a number`);
        }
        if (p.schema.enum) {
          assert.ok(p.schema.enum.includes(p.example), `${path} ${p.name}: example in the enum`);
          assert.ok(p.description.includes(ENUM_RULE), `${path} ${p.name}: says the case rule`);
        }
      }
    }
  }
  assert.ok(doc.info.description.includes(ENUM_RULE));
});

Deno.test("an operation with an example body shows it in the document and the index, and it parses", async () => {
  const doc = await document();
  await using t = await testApp();
  const index = await json(await t.request("/api/v1"));
  const withBody = operations.filter((op) => op.exampleBody);
  assert.ok(withBody.length >= 3, "the text converters");
  for (const op of withBody) {
    const content = doc.paths[`/api/v1${op.path}`].post.requestBody.content["application/json"];
    assert.deepEqual(content.example, op.exampleBody, op.name);
    assert.ok(op.body!.safeParse(op.exampleBody).success, `${op.name}: the example parses`);
    const entry = index.data.endpoints.find((e: Doc) => e.name === op.name);
    assert.deepEqual(entry.exampleBody, op.exampleBody, op.name);
  }
});

Deno.test("enumerated values follow one rule: any case accepted, the canonical value answered", async () => {
  await using t = await testApp();
  const cases: [string, (data: Doc) => unknown, unknown][] = [
    ["/api/v1/vat?amount=100&mode=ADD", (d) => d.mode, "add"],
    ["/api/v1/holidays?year=2026&type=Bank", (d) => d.type, "bank"],
    ["/api/v1/convert/land?value=1&from=Acre", (d) => d.from, "acre"],
    ["/api/v1/fd?principal=1000&rate=10&months=12&payout=Monthly", (d) => d.payout, "monthly"],
    [
      "/api/v1/working-days?from=2026-01-01&to=2026-01-31&calendar=PUBLIC",
      (d) => d.calendar,
      "public",
    ],
    [
      "/api/v1/loan?principal=1000&rate=5&months=12&schedule=TRUE",
      (d) => Array.isArray(d.schedule),
      true,
    ],
  ];
  for (const [url, pick, expected] of cases) {
    const res = await t.request(url);
    const body = await res.json();
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(body)}`);
    assert.equal(pick(body.data), expected, url);
  }
  const store = await t.request("/api/v1/store?vendor=AWS");
  assert.equal(store.status, 200);
  assert.equal((await store.json()).data.vendor, "aws");
});

Deno.test("the news feeds are described", async () => {
  const doc = await document();
  for (
    const [file, type] of [["feed.xml", "application/rss+xml"], [
      "feed.atom",
      "application/atom+xml",
    ], ["feed.json", "application/feed+json"]]
  ) {
    const op = doc.paths[`/api/v1/news/${file}`]?.get;
    assert.ok(op, file);
    assert.ok(op.responses["200"].content[type!], `${file}: ${type}`);
  }
});

Deno.test("the service index gives each endpoint's auth beside keyOnly", async () => {
  await using t = await testApp();
  const index = await json(await t.request("/api/v1"));
  const auth = (name: string) =>
    index.data.endpoints.find((e: { name: string }) => e.name === name)?.auth;
  assert.equal(auth("vat"), "key_optional");
  assert.equal(auth("voice"), "key");
  assert.equal(auth("createAccount"), "none");
  assert.equal(auth("listKeys"), "session");
  for (const e of index.data.endpoints) {
    assert.ok(["none", "key_optional", "key", "session"].includes(e.auth), e.name);
    assert.equal(e.keyOnly, e.auth === "key", e.name);
  }
  // What the index says is what the server does: a session endpoint without a cookie is a 401.
  const res = await t.request("/api/v1/keys");
  assert.equal(res.status, 401);
  await res.body?.cancel();
});
