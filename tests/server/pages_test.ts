import assert from "node:assert/strict";
import fc from "fast-check";
import * as z from "zod/mini";
import { execute } from "../../core/execute.ts";
import { defineOperation, defineRemoteOperation } from "../../core/operation.ts";
import { operations } from "../../core/registry.ts";
import { text } from "../../core/params.ts";
import { buildOpenApi } from "../../core/openapi.ts";
import { docsEndpoints, tryUrl } from "../../server/pages/docs.ts";
import { toolCatalogue } from "../../server/pages/catalogue.ts";
import { TOOL_SLUGS } from "../../core/ops/tools.ts";
import { formatValue, humanize } from "../../server/pages/result.ts";
import { sdkMethod } from "../../server/pages/snippets.ts";
import { exampleParams, formParameters, toolPage } from "../../server/pages/tool.ts";
import { json, testApp } from "../_helpers/app.ts";
import { GOLDEN_FIGURES } from "../_helpers/golden_pages.ts";
import { crawl, htmlProblems, squash } from "../_helpers/pages.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
const asBrowser = { headers: { "User-Agent": BROWSER } };
const paged = operations.filter((op) => op.page !== undefined);
/**
 * Operations whose tool page computes the result in-process from a GET form (server-only ones
 * have their own pages, and so do those that read a JSON body: see {@linkcode posted}).
 */
const computed = paged.filter((op) => op.run !== undefined && op.body === undefined);
/**
 * Pages of local operations that read a JSON body (the text page): their form is POSTed, since
 * the text is too long for a URL; the first operation of each such page in the registry.
 */
const posted = [
  ...new Map(
    paged.filter((op) => op.run && op.body).reverse().map((op) => [op.page!, op]),
  ),
].reverse();
const ctx = { today: "2026-06-15", baseUrl: "http://lanka.test" };

/** A tool page's query for the operation's documented example. */
function exampleQuery(op: (typeof operations)[number]): string {
  return new URLSearchParams(exampleParams(op)).toString();
}

/** A page as a browser would get it, white space squashed. */
async function read(
  t: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
): Promise<string> {
  return squash(await (await t.request(path, asBrowser)).text());
}

/** The text of the element carrying `data-field="<name>"`. */
function field(page: string, name: string): string | undefined {
  const match = new RegExp(`data-field="${name}"[^>]*>([^<]*)<`).exec(page);
  return match?.[1];
}

Deno.test("every local operation with a page has a tool page whose example result matches core", async () => {
  await using t = await testApp();
  assert.ok(computed.length >= 7);
  for (const op of computed) {
    const empty = await t.request(`/tools/${op.page}`, asBrowser);
    assert.equal(empty.status, 200, op.name);
    const page = squash(await empty.text());
    assert.match(page, new RegExp(`<form method="get" action="/tools/${op.page}#answer"`));
    const res = await t.request(`/tools/${op.page}?${exampleQuery(op)}`, asBrowser);
    assert.equal(res.status, 200, op.name);
    const body = squash(await res.text());
    const expected = execute(op, exampleParams(op), ctx) as Record<string, unknown>;
    const money = expected.currency === "LKR";
    let compared = 0;
    for (const [key, value] of Object.entries(expected)) {
      if (typeof value === "object" && value !== null) continue;
      assert.equal(
        field(body, key),
        squash(formatValue(key, value, money)).replace(/&/g, "&amp;").replace(/'/g, "&#39;"),
        `${op.name}.${key}`,
      );
      compared++;
    }
    assert.ok(compared > 0, `${op.name} shows scalar fields`);
    assert.match(body, /data-snippet="curl">curl &#39;http:\/\/lanka\.test\/api\/v1\//);
    assert.match(body, /data-snippet="sdk">[^]*createClient\(\)[^]*await lanka\.\w+\(/);
    if (op.provenance) {
      assert.equal(field(body, "lastVerified"), op.provenance.lastVerified, op.name);
      assert.ok(body.includes(op.provenance.sourceUrl.replace(/&/g, "&amp;")), op.name);
    }
  }
});

Deno.test("a page of operations that read a JSON body POSTs its form and shows their example", async () => {
  await using t = await testApp();
  assert.ok(posted.length >= 1, "the text page");
  for (const [slug, op] of posted) {
    const res = await t.request(`/tools/${slug}`, asBrowser);
    assert.equal(res.status, 200, slug);
    const page = squash(await res.text());
    assert.match(page, new RegExp(`<form method="post" action="/tools/${slug}#answer"`));
    // The snippets send the operation's example body (HTML-escaped in the page).
    const body = JSON.stringify(op.exampleBody).replace(/&/g, "&amp;").replace(/"/g, "&quot;")
      .replace(/'/g, "&#39;");
    assert.ok(
      page.includes(
        `data-snippet="curl">curl -X POST &#39;http://lanka.test/api/v1${op.path}&#39;`,
      ),
      slug,
    );
    assert.ok(page.includes(`-d &#39;${body}&#39;`), `${slug}: ${body}`);
    assert.ok(page.includes(`await lanka.call(&quot;${op.name}&quot;, {`), slug);
  }
});

Deno.test("the text page's result box says the language it holds, whatever the page's", async () => {
  await using t = await testApp();
  const cases: [string, string, string][] = [
    ["/ta/tools/text", "mode=fm-abhaya&text=Y%25S+%2Cxld", 'lang="si"'],
    ["/si/tools/text", "mode=tanglish&text=vanakkam", 'lang="ta"'],
    ["/tools/text", "mode=to-dl-manel&text=%E0%B6%BD%E0%B6%82%E0%B6%9A%E0%B7%8F", 'lang="en"'],
  ];
  for (const [path, body, lang] of cases) {
    const res = await t.request(path, {
      method: "POST",
      headers: { ...asBrowser.headers, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    assert.equal(res.status, 200, `${path} ${body}`);
    const box = /<textarea id="result"[^>]*>/.exec(squash(await res.text()))?.[0] ?? "";
    assert.ok(box.includes(lang), `${path} ${body}: ${box}`);
  }
});

Deno.test("tool pages show the hand-checked figures of the research (PAYE, VAT, loan, FD, land)", async () => {
  await using t = await testApp();
  for (const [slug, figures] of Object.entries(GOLDEN_FIGURES)) {
    const op = paged.find((o) => o.page === slug)!;
    const body = await read(t, `/tools/${slug}?${exampleQuery(op)}`);
    for (const [name, text] of Object.entries(figures)) {
      assert.equal(field(body, name), text, `${slug}.${name}`);
    }
  }
});

Deno.test("a tool page shows an invalid value next to its field, with a 400", async () => {
  await using t = await testApp();
  const res = await t.request("/tools/loan?principal=abc&rate=12&months=12", asBrowser);
  assert.equal(res.status, 400);
  const body = squash(await res.text());
  assert.match(
    body,
    /<input[^>]*id="f-principal"[^>]*aria-describedby="f-principal-hint f-principal-error" aria-invalid="true"\s*>/,
  );
  // In people's words, with a hidden "Error:" before it, and the same in the summary.
  assert.match(
    body,
    /id="f-principal-error"><span class="visually-hidden">Error:<\/span> Enter the loan amount in rupees, more than 0, like 5,000,000</,
  );
  assert.match(body, /<title>Error: /);
  assert.match(
    body,
    /class="error-summary"[^]*role="alert"[^]*There is a problem[^]*href="#f-principal">Enter the loan amount/,
  );
  assert.doesNotMatch(body, /id="answer"/);
  // A submitted form with only empty fields: the required ones are named.
  const empty = await read(t, "/tools/paye?monthly=&date=&year=");
  assert.match(
    empty,
    /id="f-monthly-error">[^]*Enter your monthly salary in rupees, 0 or more, like 250,000/,
  );
});

Deno.test("the loan page draws one bar per month and the FD page one point per month", async () => {
  await using t = await testApp();
  const loan = await read(t, "/tools/loan?principal=100000&rate=12&months=18");
  assert.equal([...loan.matchAll(/<g data-month="\d+">/g)].length, 18);
  assert.match(
    loan,
    /<svg[^>]*role="img"[^>]*aria-labelledby="amortization-title amortization-desc"/,
  );
  assert.doesNotMatch(
    loan,
    /data-field="schedule"/,
    "the schedule is drawn, not listed, unless asked",
  );
  const listed = await read(t, "/tools/loan?principal=100000&rate=12&months=18&schedule=1");
  assert.match(listed, /<table data-field="schedule">/);
  const fd = await read(t, "/tools/fd?principal=1000&rate=12&months=24");
  assert.equal([...fd.matchAll(/<circle data-month="\d+"/g)].length, 25);
});

Deno.test("the holidays page lays the year out month by month with Sinhala and Tamil names", async () => {
  await using t = await testApp();
  const body = await read(t, "/tools/holidays?year=2026&type=mercantile");
  assert.equal([...body.matchAll(/<table class="month-grid">/g)].length, 12);
  const expected = execute(operations.find((op) => op.name === "holidays")!, [["year", "2026"], [
    "type",
    "mercantile",
  ]], ctx) as {
    holidays: { date: string; nameSinhala: string; nameTamil: string }[];
  };
  for (const h of expected.holidays) {
    const item = new RegExp(`<li data-date="${h.date}">[^]*?</li>`).exec(body)?.[0] ?? "";
    assert.ok(item.includes(`<span lang="si">${h.nameSinhala}</span>`), h.date);
    assert.ok(item.includes(`<span lang="ta">${h.nameTamil}</span>`), h.date);
  }
  // 1 January 2026 is a Thursday: the first week has three empty cells before it.
  assert.match(
    body,
    /January 2026<\/caption>[^]*?<tbody><tr><td><\/td><td><\/td><td><\/td><td>1<\/td>/,
  );
  assert.match(body, /href="\/api\/v1\/holidays\?year=2026&amp;type=mercantile&amp;format=ics"/);
});

Deno.test("every page is valid HTML", async () => {
  await using t = await testApp();
  const paths = [
    "/",
    "/?q=tax",
    "/docs",
    "/docs/try/vat?amount=10000&mode=add",
    "/docs/try/serviceIndex",
    "/store",
    "/store/aws-saa-c03",
    "/no-such-page",
    "/tools/loan?principal=abc&rate=12&months=12",
    // The text-to-speech page: empty, with its player, and with problems beside the fields.
    "/tools/voice",
    "/tools/voice?text=Hello&language=en&voice=eve",
    "/tools/voice?text=&language=xx&voice=bob",
    "/si/tools/voice?text=%E0%B6%86%E0%B6%BA%E0%B7%94%E0%B6%B6%E0%B7%9D%E0%B7%80%E0%B6%B1%E0%B7%8A",
    ...computed.flatMap((op) => [`/tools/${op.page}`, `/tools/${op.page}?${exampleQuery(op)}`]),
  ];
  for (const path of paths) {
    const res = await t.request(path, asBrowser);
    assert.match(res.headers.get("Content-Type") ?? "", /^text\/html/, path);
    assert.deepEqual(await htmlProblems(await res.text()), [], path);
  }
});

Deno.test("the home page lists every tool by category and searches them", async () => {
  await using t = await testApp();
  const home = await read(t, "/");
  for (const op of paged) assert.match(home, new RegExp(`<a href="/tools/${op.page}">`));
  // Headings are the catalogue's categories (data/tools.json), one section each.
  for (const category of new Set(toolCatalogue(ctx).map((e) => e.category))) {
    assert.match(home, new RegExp(`<h2 id="cat-\\d+">${category}</h2>`));
  }
  assert.match(home, /<form method="get" action="\/" role="search"[^]*<label for="q">/);
  const found = await read(t, "/?q=holidays");
  assert.match(found, /<a href="\/tools\/holidays">/);
  assert.doesNotMatch(found, /<a href="\/tools\/paye">/);
  assert.match(found, /\d+ tools? match/);
});

Deno.test("paths outside /api get an HTML 404; /api keeps the JSON one", async () => {
  await using t = await testApp();
  const page = await t.request("/no/such/page");
  assert.equal(page.status, 404);
  assert.match(page.headers.get("Content-Type") ?? "", /^text\/html/);
  assert.match(await page.text(), /<h1>Page not found<\/h1>/);
  assert.equal((await t.request("/tools/no-such-tool")).status, 404);
  const api = await t.request("/api/v1/no-such-endpoint");
  assert.equal(api.status, 404);
  assert.equal((await json(api)).code, "not_found");
});

Deno.test("a crawl from / finds no broken internal link", async () => {
  await using t = await testApp();
  const { visited, broken } = await crawl((path) => t.request(path, asBrowser));
  for (
    const path of [
      "/",
      "/docs",
      "/static/style.css",
      "/api/v1/openapi.json",
      ...computed.map((op) => `/tools/${op.page}`),
    ]
  ) {
    assert.equal(visited.get(path), 200, path);
  }
  // Server-only tools (the store) have pages of their own: /tools/{slug} leads there.
  for (const op of paged.filter((o) => o.run === undefined)) {
    const res = await t.request(`/tools/${op.page}`, asBrowser);
    await res.body?.cancel();
    const target = res.status === 301 ? res.headers.get("Location")! : `/tools/${op.page}`;
    assert.ok(res.status === 200 || res.status === 301, `/tools/${op.page}: ${res.status}`);
    assert.equal(visited.get(target), 200, `${target} (from /tools/${op.page})`);
  }
  assert.deepEqual(broken, []);
});

Deno.test("every meta.page_url the API emits for the examples is a 200 page", async () => {
  await using t = await testApp();
  let checked = 0;
  for (const op of operations) {
    const res = await t.request(op.example);
    if (!(res.headers.get("Content-Type") ?? "").includes("json")) continue;
    const url = (await json(res)).meta?.page_url;
    if (url === undefined) continue;
    assert.ok(url.startsWith("http://lanka.test/tools/"), url);
    const page = await t.request(url.slice("http://lanka.test".length), asBrowser);
    assert.equal(page.status, 200, url);
    checked++;
  }
  assert.ok(checked >= 4, `checked ${checked} page URLs`);
});

Deno.test("the docs page lists every path and method of the OpenAPI document, with try-it forms", async () => {
  await using t = await testApp();
  const doc = await json(await t.request("/api/v1/openapi.json"));
  const docs = await read(t, "/docs");
  let count = 0;
  for (
    const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string }>>,
    )
  ) {
    for (const [method, op] of Object.entries(item)) {
      count++;
      assert.match(
        docs,
        new RegExp(
          `id="op-${op.operationId}"[^>]*data-method="${method.toUpperCase()}" data-path="${
            path.replace(/[{}]/g, "\\$&")
          }"`,
        ),
      );
      if (method === "get") assert.match(docs, new RegExp(`action="/docs/try/${op.operationId}"`));
    }
  }
  assert.ok(count >= operations.length);
  const tried = await read(t, "/docs/try/paye?monthly=250000&date=&year=");
  assert.match(tried, /data-field="status">200</);
  assert.match(tried, /&quot;monthlyTax&quot;: 8000,/);
  const bad = await read(t, "/docs/try/paye?monthly=x");
  assert.match(bad, /data-field="status">400</);
  assert.equal((await t.request("/docs/try/nothing")).status, 404);
});

Deno.test("the docs pages load nothing from another host", async () => {
  await using t = await testApp();
  for (const path of ["/docs", "/", "/tools/loan"]) {
    const body = await read(t, path);
    assert.doesNotMatch(body, /<(script|link|img)[^>]*(src|href)="(https?:)?\/\//, path);
  }
});

Deno.test("page views of people (not bots) order the home page, and feed ctx.popularity", async () => {
  await using t = await testApp();
  const orderOf = async () => {
    const home = await read(t, "/");
    // The categories, after the "most looked up" tools that lead the page.
    const listed = home.slice(home.indexOf('id="cat-0"'));
    return [...listed.matchAll(/<a href="\/tools\/([\w-]+)">/g)].map((m) => m[1]);
  };
  const home = await read(t, "/");
  const popular = /<section aria-labelledby="popular">[^]*?<\/section>/.exec(home)?.[0] ?? "";
  assert.deepEqual(
    [...popular.matchAll(/<a href="\/tools\/([\w-]+)">/g)].map((m) => m[1]),
    ["paye", "payslip", "holidays", "nic", "loan", "fd"],
    "income tax, payslip, holidays, NIC, loan and FD lead the home page",
  );
  assert.ok(home.indexOf('id="popular"') < home.indexOf('id="cat-0"'));
  const before = await orderOf();
  assert.equal(before[0], TOOL_SLUGS[0], "the data file's order without views");
  for (let i = 0; i < 3; i++) await t.request("/tools/land", asBrowser);
  await t.request("/tools/holidays", asBrowser);
  for (let i = 0; i < 5; i++) {
    await t.request("/tools/vat", {
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
  }
  // Five bot views of vat would put it (and Finance) first: people's 3 views of land and 1 of
  // holidays lead, each heading its category.
  const after = await orderOf();
  // The home page groups by category, most viewed category first: land's group leads, and
  // holidays leads its own (Calendar) group.
  assert.equal(after[0], "land");
  assert.ok(after.indexOf("holidays") < after.indexOf("working-days"));
  assert.ok(after.indexOf("paye") < after.indexOf("vat"));
  const catalogue = toolCatalogue({ ...ctx, popularity: new Map([["land", 3], ["holidays", 1]]) });
  assert.deepEqual(catalogue.slice(0, 2).map((e) => e.url), ["/tools/land", "/tools/holidays"]);
});

/** The common fields of the made-up operations below. */
const FAKE = {
  method: "GET",
  title: "A made-up tool",
  description: "For tests",
  tag: "Test",
  result: z.unknown(),
} as const;

Deno.test("a tool with a path parameter gets a field for it, and the snippets and try-it fill the path", () => {
  const echo = defineOperation({
    ...FAKE,
    name: "echo-word",
    path: "/echo/{word}",
    params: z.object({ word: text({ maxLength: 20, description: "A word" }) }),
    example: "/api/v1/echo/hello",
    page: "echo",
    run: (p) => ({ word: p.word, length: p.word.length }),
  });
  assert.deepEqual(exampleParams(echo), [["word", "hello"]]);
  const page = squash(
    toolPage({ op: echo, search: new URLSearchParams("word=salt%20water"), ctx }).body,
  );
  assert.match(page, /<label for="f-word">Word<\/label>/);
  assert.equal(field(page, "length"), "10");
  assert.match(page, /curl &#39;http:\/\/lanka\.test\/api\/v1\/echo\/salt%20water&#39;/);
  // Path parameters are the SDK method's positional arguments, as in nic("913014146V").
  assert.match(page, /lanka\.echoWord\(&quot;salt water&quot;\)/);
  const [endpoint] = docsEndpoints(buildOpenApi([echo], { baseUrl: ctx.baseUrl }));
  assert.equal(tryUrl(endpoint!, new URLSearchParams("word=a/b")), "/api/v1/echo/a%2Fb");
});

Deno.test("toolCatalogue() searches like GET /api/v1/tools?q= and keeps links on this site", () => {
  const found = toolCatalogue(ctx, "income tax");
  assert.ok(found.some((e) => e.slug === "paye"));
  assert.ok(!found.some((e) => e.slug === "land"));
  assert.ok(toolCatalogue(ctx).every((e) => e.url.startsWith("/tools/")));
  assert.equal(toolCatalogue(ctx).length, TOOL_SLUGS.length);
});

Deno.test("sdkMethod() maps operation names to the SDK's method names", () => {
  const expected: Record<string, string> = {
    paye: "paye",
    vat: "vat",
    loan: "loan",
    fd: "fd",
    land: "convertLand",
    nic: "nic",
    plate: "plate",
    holidays: "holidays",
    "working-days": "workingDays",
    "is-holiday": "isHoliday",
    "working-days-add": "addWorkingDays",
    wht: "wht",
    sscl: "sscl",
    districts: "districts",
    tools: "tools",
    "z-score": "zScore",
    "al-combination": "alCombination",
    "scholarship-cutoff": "scholarshipCutoff",
  };
  for (const [name, method] of Object.entries(expected)) {
    assert.equal(sdkMethod(name), method, name);
  }
});

Deno.test("formatValue() writes money en-LK with LKR, percentages and counts plainly", () => {
  assert.equal(formatValue("monthlyTax", 8000, true), "LKR\u00a08,000.00");
  assert.equal(formatValue("emi", 56807.025, true), "LKR\u00a056,807.03");
  assert.equal(formatValue("marginalRatePct", 18, true), "18%");
  assert.equal(formatValue("tenureMonths", 240, true), "240");
  assert.equal(formatValue("year", 2026, false), "2026");
  assert.equal(formatValue("squareMetres", 252.9285264, false), "252.9285264");
  assert.equal(formatValue("monthlyInterestGross", null, true), "none");
  assert.equal(formatValue("tentative", false, false), "No");
  assert.equal(humanize("marginalRatePct"), "Marginal rate (%)");
  assert.equal(humanize("page_url"), "Page URL");
  assert.equal(humanize("whtAmount"), "WHT amount");
  assert.equal(formatValue("effectiveAnnualYieldGross", 10.47, true), "10.47%");
});

Deno.test("tool pages and try-it answer any malformed query with a page, never a 500", async () => {
  await using t = await testApp();
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      "",
      "-1",
      "1e9",
      "NaN",
      "2026-02-30",
      "1",
      "0",
      "true",
      "<script>",
      "%",
      "1.234567",
    ),
  );
  for (const op of computed) {
    const names = [...formParameters(op).map((p) => p.name), "format", "unknown"];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 5 }),
        async (pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const res = await t.request(`/tools/${op.page}?${query}`, asBrowser);
          assert.ok([200, 400].includes(res.status), `${op.page}?${query}: ${res.status}`);
          const body = await res.text();
          assert.match(res.headers.get("Content-Type") ?? "", /^text\/html/);
          assert.doesNotMatch(body, /<script>/, "values are escaped");
          const tried = await t.request(`/docs/try/${op.name}?${query}`, asBrowser);
          assert.equal(tried.status, 200, `try ${op.name}?${query}`);
          // 501 is an answer (a rule's period no source covers), not a failure of the server.
          assert.doesNotMatch(await tried.text(), /data-field="status">5(?!01)\d\d</);
        },
      ),
      { numRuns: 25 },
    );
  }
  // A POSTed form (the text page): any mix of its own fields, empty or junk, is a page.
  for (const [slug] of posted) {
    const form = await read(t, `/tools/${slug}`);
    const names = [...form.matchAll(/<(?:input|select|textarea)[^>]*\bname="([^"]+)"/g)]
      .map((m) => m[1]!);
    assert.ok(names.length >= 2, `${slug}: ${names}`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names, "unknown"), value), { maxLength: 5 }),
        async (pairs) => {
          const body = new URLSearchParams(pairs).toString();
          const res = await t.request(`/tools/${slug}`, {
            method: "POST",
            headers: { ...asBrowser.headers, "Content-Type": "application/x-www-form-urlencoded" },
            body,
          });
          assert.ok([200, 400].includes(res.status), `POST ${slug} ${body}: ${res.status}`);
          assert.match(res.headers.get("Content-Type") ?? "", /^text\/html/);
          assert.doesNotMatch(await res.text(), /<script>/, "values are escaped");
        },
      ),
      { numRuns: 50 },
    );
  }
});

Deno.test("toolPage() of a server-only operation opens the API instead of computing", () => {
  const remote = defineRemoteOperation({
    ...FAKE,
    name: "news",
    path: "/news",
    params: z.object({ q: z.optional(text({ maxLength: 50, description: "Search" })) }),
    example: "/api/v1/news?q=rain",
    page: "news",
  });
  const get = squash(toolPage({ op: remote, search: new URLSearchParams("q=rain"), ctx }).body);
  assert.match(get, /<form method="get" action="\/api\/v1\/news" class="tool-form"/);
  assert.doesNotMatch(get, /id="result"/);
  assert.match(get, /lanka\.news\(\{ q: &quot;rain&quot; \}\)/);
  const post = defineRemoteOperation({ ...remote, name: "voice", method: "POST", path: "/voice" });
  const page = squash(toolPage({ op: post, search: new URLSearchParams(), ctx }).body);
  assert.doesNotMatch(page, /class="tool-form"/);
  assert.match(page, /call it from code as shown below/);
});

Deno.test("'no published figures' is said only by tools that use none: the Z-score's built-in statistics are named instead", async () => {
  await using t = await testApp();
  const none = "Computed from the inputs alone";
  assert.ok(
    (await (await t.request("/tools/land")).text()).includes(none),
    "land: pure arithmetic",
  );
  const z = await (await t.request("/tools/z-score")).text();
  assert.ok(!z.includes(none), "the Z-score rests on built-in statistics");
  assert.match(z, /induwara\.lk/, "the guides to its method are named");
});

Deno.test("the estimate caution is said by tools that compute, never by speech, news or the store", async () => {
  await using t = await testApp();
  const estimate = "This is an estimate to help you plan";
  assert.ok((await (await t.request("/tools/vat")).text()).includes(estimate), "vat computes");
  for (const slug of ["voice", "news", "store"]) {
    const page = squash(await (await t.request(`/tools/${slug}`)).text());
    assert.ok(!page.includes(estimate), `${slug}: nothing computed`);
    // A worked-out section is shown only with something in it.
    const worked = /<section class="worked"[\s\S]*?<\/section>/.exec(page)?.[0];
    if (worked) assert.match(worked, /<li>|<a href/, `${slug}: an empty worked-out section`);
  }
});

Deno.test("a choice left out shows its default as chosen, since the answer used it", async () => {
  await using t = await testApp();
  /** The values of the radios of `name` that are checked. */
  const checked = (page: string, name: string) =>
    [...page.matchAll(
      new RegExp(`<input type="radio"[^>]*name="${name}" value="(\\w+)"([^>]*)>`, "g"),
    )]
      .filter((m) => / checked/.test(m[2]!)).map((m) => m[1]);
  // The VAT operation's mode defaults to "add" (core/ops/vat.ts).
  assert.deepEqual(checked(await read(t, "/tools/vat?amount=1000"), "mode"), ["add"]);
  assert.deepEqual(checked(await read(t, "/tools/vat"), "mode"), ["add"]);
  assert.deepEqual(checked(await read(t, "/si/tools/vat?amount=1000"), "mode"), ["add"]);
  assert.deepEqual(checked(await read(t, "/tools/vat?amount=1000&mode=remove"), "mode"), [
    "remove",
  ]);
  // A value the operation refuses is shown refused, nothing chosen for it.
  assert.deepEqual(checked(await read(t, "/tools/vat?amount=1000&mode=bogus"), "mode"), []);
});
