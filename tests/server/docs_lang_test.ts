/**
 * Issue 19, the API reference and the guides in Sinhala and Tamil: the catalogue's English
 * operation texts are the OpenAPI document's own (so the English page and the document stay the
 * source), `/si/docs`, `/ta/docs` and their "try it" pages (answers, 4xx answers, unknown
 * operations) show no English word a reader sees, and the guides (written in English only, by
 * decision) keep their text marked `lang="en"` under a heading and a note in the page's language.
 */
import assert from "node:assert/strict";
import { EN, SI, TA } from "../_helpers/catalogue.ts";
import { exampleParams } from "../../server/pages/tool.ts";
import { operations } from "../../core/registry.ts";
import { guideTopics } from "../../server/pages/guides.ts";
import { testApp } from "../_helpers/app.ts";
import { latinWords, visibleText } from "../_helpers/latin.ts";
import { htmlProblems } from "../_helpers/pages.ts";

const en = EN.messages as Record<string, string>;
const local = {
  si: SI.messages as Record<string, { text: string }>,
  ta: TA.messages as Record<string, { text: string }>,
};

interface Operation {
  operationId: string;
  parameters?: { name: string; description?: string }[];
  summary?: string;
  description?: string;
  tags?: string[];
}

async function openApi(t: Awaited<ReturnType<typeof testApp>>) {
  const doc = await (await t.request("/api/v1/openapi.json")).json();
  const ops: (Operation & { method: string; path: string })[] = [];
  for (
    const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)
  ) {
    for (const [method, op] of Object.entries(item)) ops.push({ ...op, method, path });
  }
  return { doc, ops };
}

/** A catalogue text as the page shows it: escaped, codes between backticks in `<code>`. */
function shown(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/&#38;/g, "&amp;").replace(/&#60;/g, "&lt;").replace(/&#62;/g, "&gt;")
    .replace(/&#34;/g, "&quot;")
    .replace(/`([^`]+)`/g, "<code>$1</code>");
}

async function read(t: Awaited<ReturnType<typeof testApp>>, path: string, status = 200) {
  const res = await t.request(path);
  assert.equal(res.status, status, path);
  return await res.text();
}

function english(body: string): string[] {
  return [...new Set(latinWords(visibleText(body)))];
}

Deno.test("the catalogue's English operation texts are the OpenAPI document's, for every operation", async () => {
  await using t = await testApp();
  const { doc, ops } = await openApi(t);
  const ids = new Set<string>();
  const params = new Set<string>();
  for (const op of ops) {
    ids.add(op.operationId);
    assert.equal(en[`op.${op.operationId}.summary`], op.summary, `op.${op.operationId}.summary`);
    assert.equal(
      en[`op.${op.operationId}.description`],
      op.description,
      `op.${op.operationId}.description`,
    );
    // Each parameter's description: the tool forms' entry, or the reference's own.
    for (const param of op.parameters ?? []) {
      const key = `param.${op.operationId}.${param.name}`;
      const found = en[key] ?? en[`page.docs.${key}`];
      assert.equal(found, param.description, key);
      if (en[key] === undefined) params.add(`page.docs.${key}`);
    }
    const tag = op.tags![0]!;
    const tagKey = `page.docs.tag.${tag.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
    assert.equal(en[tagKey], tag, tagKey);
  }
  // The registry's operations and the server's own paths (feeds, index, the document) alike.
  for (const op of operations) assert.ok(ids.has(op.name), op.name);
  for (const id of ["serviceIndex", "openapi", "newsFeedRss", "newsFeedAtom", "newsFeedJson"]) {
    assert.ok(ids.has(id), id);
  }
  // No entry outlives its operation.
  for (const key of Object.keys(en).filter((k) => k.startsWith("op."))) {
    assert.ok(
      ids.has(key.replace(/^op\.|\.(summary|description)$/g, "")),
      `${key}: no such operation`,
    );
  }
  assert.deepEqual(
    Object.keys(en).filter((key) => key.startsWith("page.docs.param.") && !params.has(key)),
    [],
  );
  assert.equal(en["page.docs.info"], doc.info.description);
  for (const topic of guideTopics()) {
    assert.ok(en[`page.docs.topic.${topic}.title`], topic);
    assert.ok(en[`page.docs.topic.${topic}.about`], topic);
  }
});

Deno.test("/si/docs and /ta/docs show every operation in the page's language, code as code", async () => {
  await using t = await testApp();
  const { ops } = await openApi(t);
  for (const lang of ["si", "ta"] as const) {
    const body = await read(t, `/${lang}/docs`);
    assert.match(body, new RegExp(`<html lang="${lang}">`));
    assert.ok(body.includes(`<h1>${local[lang]["page.docs.title"]!.text}</h1>`), lang);
    for (const op of ops) {
      const summary = local[lang][`op.${op.operationId}.summary`]!.text;
      assert.ok(body.includes(shown(summary)), `${lang} ${op.operationId}: ${summary}`);
      assert.ok(!body.includes(`</code> ${op.summary}</h3>`), `${lang} ${op.operationId}`);
      if (op.description) {
        const description = local[lang][`op.${op.operationId}.description`]!.text;
        assert.ok(body.includes(`<p>${shown(description)}</p>`), `${lang} ${op.operationId}`);
      }
      assert.match(
        body,
        new RegExp(`id="op-${op.operationId}"[^>]*data-method="${op.method.toUpperCase()}"`),
      );
    }
    // Enum values stay code: the lang parameter's values of the NIC decoder.
    assert.ok(body.includes("<code>en</code>, <code>si</code>, <code>ta</code>"), lang);
    assert.deepEqual(english(body), [], `/${lang}/docs`);
    // A choice with no label in the page's language (a brand, a news category) is a code value.
    assert.match(body, /<option value="aws"\s*translate="no"\s*>aws<\/option>/);
    // No text fell back to English (an operation, tag or parameter without an entry).
    assert.doesNotMatch(body, /<span lang="en">/, `/${lang}/docs`);
  }
});

Deno.test("the try-it pages read in Sinhala and Tamil: answers, 4xx answers and unknown operations", async () => {
  await using t = await testApp();
  for (const lang of ["si", "ta"] as const) {
    for (const op of operations.filter((o) => o.method === "GET")) {
      const body = await read(
        t,
        `/${lang}/docs/try/${op.name}?${new URLSearchParams(exampleParams(op))}`,
      );
      assert.ok(body.includes(`<h2 id="answer-title">${local[lang]["page.docs.answer"]!.text}`));
      assert.deepEqual(english(body), [], `/${lang}/docs/try/${op.name}`);
    }
    const bad = await read(t, `/${lang}/docs/try/paye?monthly=x`);
    assert.match(bad, /data-field="status">400</);
    assert.deepEqual(english(bad), [], `/${lang}/docs/try/paye?monthly=x`);
    // The API's own answer is shown as sent (code): the error text is the API's.
    assert.match(bad, /<pre><code data-field="body">\{\n {2}&quot;ok&quot;: false/);
    const missing = await read(t, `/${lang}/docs/try/nothing`, 404);
    assert.deepEqual(english(missing), [], `/${lang}/docs/try/nothing`);
    const post = await read(t, `/${lang}/docs/try/voice`, 404);
    assert.deepEqual(english(post), [], `/${lang}/docs/try/voice`);
  }
});

Deno.test("the guides: the index in the page's language, each guide in English under a note", async () => {
  await using t = await testApp();
  const topics = guideTopics();
  assert.ok(topics.includes("quotas"));
  for (const lang of ["si", "ta"] as const) {
    const index = await read(t, `/${lang}/docs/guide`);
    assert.ok(index.includes(`<h1>${local[lang]["page.docs.guide.title"]!.text}</h1>`));
    for (const topic of topics) {
      const title = local[lang][`page.docs.topic.${topic}.title`]!.text;
      assert.ok(index.includes(`<a href="/${lang}/docs/guide/${topic}">${title}</a>`), topic);
    }
    assert.deepEqual(english(index), [], `/${lang}/docs/guide`);

    const guide = await read(t, `/${lang}/docs/guide/quotas`);
    const title = local[lang]["page.docs.topic.quotas.title"]!.text;
    assert.ok(guide.includes(`<h1>${title}</h1>`), lang);
    assert.ok(guide.includes(local[lang]["page.docs.guide.english_note"]!.text.split("{")[0]!));
    // The guide's own text, English, in one element marked as English; its heading is the page's.
    assert.match(guide, /<div lang="en">[^]*Anonymous callers[^]*<\/div>/);
    assert.doesNotMatch(guide, /<h1>Quotas<\/h1>/);
    assert.ok(latinWords(visibleText(guide.replace(/lang="en"/g, ""))).length > 100);
    assert.deepEqual(english(guide), [], `/${lang}/docs/guide/quotas`);
    assert.deepEqual(await htmlProblems(guide), [], `/${lang}/docs/guide/quotas`);
  }
  // English: the guide as written, not wrapped, no note.
  const guide = await read(t, "/docs/guide/quotas");
  assert.match(guide, /<h1>Quotas<\/h1>/);
  assert.doesNotMatch(guide, /<div lang="en">/);
  // English choices stay as they were: the value, no attribute.
  assert.match(await read(t, "/docs"), /<option value="aws"\s*>aws<\/option>/);
});

Deno.test("the Sinhala and Tamil docs pages are valid HTML", async () => {
  await using t = await testApp();
  for (const lang of ["si", "ta"] as const) {
    for (
      const path of [
        "/docs",
        "/docs/guide",
        "/docs/try/vat?amount=10000&mode=add",
        "/docs/try/paye?monthly=x",
      ]
    ) {
      assert.deepEqual(await htmlProblems(await read(t, `/${lang}${path}`)), [], `/${lang}${path}`);
    }
  }
});
