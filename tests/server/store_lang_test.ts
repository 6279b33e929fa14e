/**
 * Issue 19 for the store: `lang` (and `Accept-Language` when it is absent) gives the topic
 * labels, each product's answer and the default payment methods in Sinhala or Tamil; codes,
 * slugs, counts, names and field names stay as they are; English is unchanged. The pages under
 * `/si/store` and `/ta/store` read in their language with the names marked `translate="no"`.
 */
import assert from "node:assert/strict";
import { HtmlValidate } from "html-validate";
import { message } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { createClient } from "../../mod.ts";
import { STORE_DATA } from "../../server/store/catalogue.ts";
import { json, testApp } from "../_helpers/app.ts";
import { latinWords, visibleText } from "../_helpers/latin.ts";

registerAllMessages();

// deno-lint-ignore no-explicit-any
type Json = any;

const CISSP = "isc2-cissp";

async function answer(
  query: string,
  headers: Record<string, string> = {},
): Promise<{ data: Json; vary: string | null; status: number }> {
  await using t = await testApp();
  const res = await t.request(`/api/v1/store${query}`, { headers });
  const body = await json(res);
  // The catalogue is large enough to be compressed, so it also varies on Accept-Encoding.
  const vary = res.headers.get("Vary")?.split(/,\s*/).filter((name) => name !== "Accept-Encoding")
    .join(", ") ?? null;
  return { data: body.data ?? body, vary, status: res.status };
}

/** The listing without the fields `lang` changes, to compare languages. */
function withoutText(listing: Json): Json {
  return {
    ...listing,
    store: { ...listing.store, paymentMethods: null },
    filters: {
      vendors: listing.filters.vendors,
      topics: listing.filters.topics.map((f: Json) => ({ ...f, label: null })),
    },
    products: listing.products.map((p: Json) => ({
      ...p,
      answer: null,
      delivery: { ...p.delivery, note: null },
    })),
  };
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`GET /api/v1/store?lang=${lang} gives topic labels and answers in ${lang}, codes and names unchanged`, async () => {
    const english = (await answer("")).data;
    const local = (await answer(`?lang=${lang}`)).data;
    // Everything but the text for people is the same: slugs, counts, order, vendors' names,
    // prices, facts and field names.
    assert.deepEqual(withoutText(local), withoutText(english));
    assert.equal(local.filters.topics.length, 16);
    for (const facet of local.filters.topics) {
      assert.equal(facet.label, message(lang, `store.topic.${facet.slug}`), facet.slug);
      assert.deepEqual(latinWords(facet.label), [], facet.label);
    }
    // Vendors' display names are names: the same in every language.
    assert.equal(local.filters.vendors[0].label, "Amazon Web Services (AWS)");
    assert.deepEqual(local.store.paymentMethods, [
      message(lang, "store.payment.bank_transfer"),
      message(lang, "store.payment.card"),
    ]);
    for (const [i, p] of local.products.entries()) {
      const en = english.products[i];
      assert.notEqual(p.answer, en.answer);
      // The exam's name, its code and both prices are in the answer, unchanged.
      for (const kept of [en.title, en.examCode, en.price.formatted]) {
        assert.ok(p.answer.includes(kept), `${p.slug}: ${kept}`);
      }
      assert.deepEqual(latinWords(p.answer, [en.title, en.examCode]), [], p.answer);
      // The delivery note's fixed sentence is the catalogue's; the provider stays as written.
      const provider = en.delivery.note.match(/Exam delivery: (.*)\.$/)?.[1];
      if (provider) {
        assert.equal(p.delivery.note, message(lang, "store.delivery.voucher", { provider }));
      } else {
        assert.equal(
          p.delivery.note,
          message(lang, "store.delivery.assessment", { vendor: "Scrum.org" }),
        );
      }
    }
  });
}

Deno.test("GET /api/v1/store: lang=en and no lang give the English answer, saying Vary: Accept-Language", async () => {
  const plain = await answer("?vendor=aws");
  const en = await answer("?vendor=aws&lang=en");
  assert.deepEqual(en.data, plain.data);
  assert.equal(plain.vary, "Accept-Language");
  const security = plain.data.filters.topics.find((f: Json) => f.slug === "security");
  assert.equal(security.label, "Security");
  // The data file's English label is the catalogue's English entry.
  for (const topic of STORE_DATA.topics) {
    assert.equal(message("en", `store.topic.${topic.slug}`), topic.label);
  }
});

Deno.test("GET /api/v1/store follows Accept-Language when lang is absent; lang wins over it", async () => {
  const tamil = await answer("", { "Accept-Language": "ta-LK,ta;q=0.9,en;q=0.8" });
  assert.equal(tamil.vary, "Accept-Language");
  assert.deepEqual(tamil.data, (await answer("?lang=ta")).data);
  const asked = await answer("?lang=si", { "Accept-Language": "ta" });
  assert.deepEqual(asked.data, (await answer("?lang=si")).data);
  const other = await answer("", { "Accept-Language": "fr-FR,fr;q=0.9" });
  assert.deepEqual(other.data, (await answer("")).data, "an unknown language gives English");
});

Deno.test("GET /api/v1/store?slug= takes lang (the one parameter allowed beside slug)", async () => {
  const en = (await answer(`?slug=${CISSP}`)).data;
  const si = await answer(`?slug=${CISSP}&lang=si`);
  assert.equal(si.status, 200);
  const textless = (p: Json) => ({ ...p, answer: null, delivery: { ...p.delivery, note: null } });
  assert.deepEqual(textless(si.data), textless(en));
  // By hand from the catalogue's Sinhala sentence: name and code, then both prices.
  assert.ok(si.data.answer.startsWith(`${en.title} (CISSP `), si.data.answer);
  const header = await answer(`?slug=${CISSP}`, { "Accept-Language": "si" });
  assert.deepEqual(header.data, si.data);
  const retiring = (await answer("?slug=comptia-cysa-plus-cs0-003&lang=ta")).data;
  assert.ok(retiring.answer.endsWith(message("ta", "store.answer.retiring")), retiring.answer);
  const mixed = await answer(`?slug=${CISSP}&lang=si&vendor=aws`);
  assert.equal(mixed.status, 400);
  assert.match(mixed.data.error, /"vendor" cannot be combined with "slug"/);
});

Deno.test("GET /api/v1/store?lang=fr is a 400 naming lang", async () => {
  const res = await answer("?lang=fr");
  assert.equal(res.status, 400);
  assert.equal(res.data.ok, false);
  assert.match(res.data.error, /"lang"/);
});

Deno.test("the SDK's store methods pass lang, per call or from the client", async () => {
  await using server = await testApp();
  const sent: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init).url);
    return server.fetch(input, init);
  };
  const client = createClient({ baseUrl: "http://lanka.test", fetch, retries: 0 });
  const list = await client.store.list({ topic: "security", lang: "ta" });
  assert.equal(sent.at(-1), "http://lanka.test/api/v1/store?topic=security&lang=ta");
  assert.deepEqual(list, (await answer("?topic=security&lang=ta")).data);
  const product = await client.store.get(CISSP, { lang: "si" });
  assert.equal(sent.at(-1), `http://lanka.test/api/v1/store?slug=${CISSP}&lang=si`);
  assert.deepEqual(product, (await answer(`?slug=${CISSP}&lang=si`)).data);

  const tamil = createClient({ baseUrl: "http://lanka.test", fetch, retries: 0, lang: "ta" });
  await tamil.store.get(CISSP);
  assert.equal(sent.at(-1), `http://lanka.test/api/v1/store?slug=${CISSP}&lang=ta`);
  await tamil.store.list({ vendor: "aws" });
  assert.equal(sent.at(-1), "http://lanka.test/api/v1/store?vendor=aws&lang=ta");
  // A call's own lang wins over the client's.
  await tamil.store.get(CISSP, { lang: "en" });
  assert.equal(sent.at(-1), `http://lanka.test/api/v1/store?slug=${CISSP}&lang=en`);
});

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: { "doctype-style": "off", "no-trailing-whitespace": "off", "long-title": "off" },
});

async function page(path: string, status = 200): Promise<string> {
  await using t = await testApp();
  const res = await t.request(path);
  assert.equal(res.status, status, path);
  const body = await res.text();
  const report = await validator.validateString(body);
  const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.line} ${m.message}`));
  assert.deepEqual(problems, [], `${path} is not valid HTML`);
  return body;
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`/${lang}/store pages read in ${lang}, names marked translate="no", English notes lang="en"`, async () => {
    const listing = await page(`/${lang}/store?limit=5&offset=5`);
    assert.match(listing, new RegExp(`<html lang="${lang}">`));
    assert.ok(listing.includes(`<h1>${message(lang, "store.page.title")}</h1>`));
    assert.ok(listing.includes(message(lang, "store.summary.range", {
      count: message(lang, "store.count.other", { count: 58 }),
      from: 6,
      to: 10,
    })));
    assert.match(
      listing,
      /<option value="aws"\s+translate="no">Amazon Web Services \(AWS\) \(10\)/,
    );
    assert.ok(listing.includes(`>${message(lang, "store.topic.security")} (15)</option>`));
    assert.match(listing, /<td translate="no"><a href="\/[a-z]{2}\/store\//);
    assert.ok(listing.includes(`<a href="/${lang}/store?limit=5&amp;offset=10">`));
    assert.deepEqual(latinWords(visibleText(listing)), []);

    const cissp = await page(`/${lang}/store/${CISSP}`);
    assert.match(cissp, /<h1><span translate="no">Certified Information Systems Security/);
    assert.ok(cissp.includes(message(lang, "store.product.official", { usd: "US$749" })));
    assert.ok(cissp.includes(`(${message(lang, "store.unconfirmed")})`));
    assert.ok(cissp.includes(message(lang, "store.product.months", { months: 12 })));
    const data = STORE_DATA.products.find((p) => p.slug === CISSP)!;
    const provider = data.delivery.note.match(/Exam delivery: (.*)\.$/)![1]!;
    const delivery = message(lang, "store.delivery.voucher", {
      provider: `<span lang="en">${provider}</span>`,
    });
    assert.ok(cissp.includes(`<td>${delivery}</td>`), "delivery note with the provider marked");
    assert.ok(
      cissp.includes(`<td><span lang="en">${data.facts.question_count}</span>`),
      "facts marked English",
    );
    // JSON-LD is machine data: unchanged, in English.
    const ld = JSON.parse(cissp.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    assert.match(ld.description, /^A voucher for Certified Information Systems Security/);
    assert.deepEqual(latinWords(visibleText(cissp)), []);

    const missing = await page(`/${lang}/store/no-such-exam`, 404);
    assert.ok(missing.includes(message(lang, "store.notfound.title")));

    const bad = await page(`/${lang}/store?topic=nope`, 400);
    assert.deepEqual(latinWords(visibleText(bad).replaceAll("nope", "")), []);
  });
}
