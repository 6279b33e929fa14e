import assert from "node:assert/strict";
import fc from "fast-check";
import { HtmlValidate } from "html-validate";
import { testApp } from "../_helpers/app.ts";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // The shared layout writes `<!doctype html>` in lower case, which HTML allows.
    "doctype-style": "off",
    // Indentation whitespace the template literals leave behind is harmless.
    "no-trailing-whitespace": "off",
  },
});

/** Fails with every message when the markup is not valid HTML. */
async function assertValidHtml(page: string, what: string): Promise<void> {
  const report = await validator.validateString(page);
  const messages = report.results.flatMap((r) =>
    r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`)
  );
  assert.deepEqual(messages, [], `${what} is not valid HTML`);
}

/** Every input and select has a label pointing at its id. */
function assertLabelled(page: string): void {
  const controls = [...page.matchAll(/<(input|select|textarea)\b[^>]*\bid="([^"]+)"/g)];
  assert.ok(controls.length >= 3);
  for (const [, , id] of controls) assert.match(page, new RegExp(`<label for="${id}"`), id);
  assert.equal([...page.matchAll(/<(input|select|textarea)\b/g)].length, controls.length);
}

async function page(path: string, status = 200) {
  await using t = await testApp();
  const res = await t.request(path);
  assert.equal(res.status, status, path);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  return await res.text();
}

Deno.test("/store lists every current exam with a labelled GET form and valid HTML", async () => {
  const body = await page("/store");
  assert.match(body, /<h1>Certification exam vouchers<\/h1>/);
  assert.match(body, /<form method="get" action="\/store"/);
  assert.match(body, /58 exams\./);
  assert.match(body, /<a href="\/store\/aws-solutions-architect-associate-saa-c03">/);
  assert.match(body, /LKR\u00a046,500\.00/);
  assert.match(body, /<option value="aws"\s*>Amazon Web Services \(AWS\) \(10\)<\/option>/);
  // Not-listed exams are named with the reason, and the pricing rule with its rate and date.
  assert.match(body, /Not on sale/);
  assert.match(body, /comptia-cysa-plus-cs0-003/);
  assert.match(
    body,
    /310 rupees per US dollar \(a reference rate for 2025-12-31 from Central Bank/,
  );
  assert.match(body, /id="refunds"/);
  assertLabelled(body);
  await assertValidHtml(body, "/store");
});

Deno.test("/store filters like the API, ignores empty form fields and keeps choices selected", async () => {
  const body = await page("/store?vendor=aws&topic=&q=");
  assert.match(body, /10 exams\./);
  assert.match(body, /<option value="aws"\s+selected>/);
  const code = await page("/store?q=SAA-C03");
  assert.match(code, /1 exam matching “SAA-C03”\./);
  assert.match(code, /value="SAA-C03"/);
  const paged = await page("/store?limit=5&offset=5");
  assert.match(paged, /58 exams, showing 6 to 10\./);
  assert.match(paged, /href="\/store\?limit=5&amp;offset=0">Previous<\/a>/);
  assert.match(paged, /href="\/store\?limit=5&amp;offset=10">Next<\/a>/);
  await assertValidHtml(paged, "/store paged");
});

Deno.test("/store escapes the search text and answers a bad filter with 400 and the reason", async () => {
  const attack = `<script>alert("x")</script>`;
  const body = await page(`/store?q=${encodeURIComponent(attack)}`);
  assert.ok(!body.includes("<script>alert"), "search text is escaped");
  assert.match(body, /value="&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;"/);
  assert.match(body, /No exams match these filters/);
  await assertValidHtml(body, "/store with a hostile q");
  const bad = await page(`/store?topic=${encodeURIComponent("<b>")}`, 400);
  assert.match(bad, /role="alert"/);
  assert.match(bad, /Parameter &quot;topic&quot; must be one of .*got &quot;&lt;b&gt;&quot;/);
  assert.ok(!bad.includes("<b>"));
  await assertValidHtml(bad, "/store 400");
});

Deno.test("/store/{slug} shows the price, facts with unconfirmed marks and sources", async () => {
  const body = await page("/store/isc2-cissp");
  assert.match(body, /<title>CISSP exam voucher · Lanka API<\/title>/);
  assert.match(body, /LKR\u00a0232,200\.00<\/strong> <span class="muted">\(unconfirmed\)<\/span>/);
  assert.match(body, /official list price US\$749/);
  assert.match(body, /Voucher valid for<\/th>\s*<td>12 months <span class="muted">\(unconfirmed\)/);
  assert.match(body, /Duration \(minutes\)<\/th>\s*<td>180<\/td>/);
  assert.match(body, /<h2>Sources<\/h2>/);
  assert.match(body, /href="\/api\/v1\/store\?slug=isc2-cissp"/);
  await assertValidHtml(body, "/store/isc2-cissp");
  assert.match(body, /<h1>Certified Information Systems Security Professional \(CISSP\) /);
  const ld = JSON.parse(body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
  assert.equal(ld["@type"], "Product");
  assert.equal(ld.sku, "CISSP");
  assert.deepEqual([ld.offers.price, ld.offers.priceCurrency], ["232200.00", "LKR"]);
  assert.equal(ld.offers.availability, "https://schema.org/InStock");
  const retiring = await page("/store/comptia-cysa-plus-cs0-003");
  assert.match(
    retiring,
    /Retiring exam:<\/strong> CompTIA launched CySA\+ CS0-004 on 23 June 2026/,
  );
  await assertValidHtml(retiring, "/store/comptia-cysa-plus-cs0-003");
});

Deno.test("/store/{slug} for an unknown exam is an HTML 404 that escapes the slug", async () => {
  const body = await page(`/store/${encodeURIComponent(`<img src=x onerror=alert(1)>`)}`, 404);
  assert.match(body, /Exam not found/);
  assert.ok(!body.includes("<img src=x"));
  assert.match(body, /&lt;img src=x onerror=alert\(1\)&gt;/);
  await assertValidHtml(body, "/store 404");
});

Deno.test("/tools/store, the canonical tool slug, redirects to /store", async () => {
  await using t = await testApp();
  const res = await t.request("/tools/store");
  assert.equal(res.status, 301);
  assert.equal(res.headers.get("location"), "/store");
});

Deno.test("property: any query string to /store is an HTML page (200, 302 or 400), never a 500", async () => {
  await using t = await testApp();
  const names = fc.constantFrom("slug", "vendor", "topic", "q", "limit", "offset", "x");
  const values = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("aws", "security", "-1", "<b>", "200", "0", "\u0000", "💥"),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 4 }), async (pairs) => {
      const query = new URLSearchParams(pairs).toString();
      const res = await t.request(`/store?${query}`);
      assert.ok([200, 302, 400].includes(res.status), `${res.status} for ?${query}`);
      const body = await res.text();
      if (res.status !== 302) assert.match(body, /^<!doctype html>/);
    }),
    { numRuns: 60 },
  );
});
