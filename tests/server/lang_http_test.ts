import assert from "node:assert/strict";
import * as z from "zod/mini";
import { type Lang, message } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { langParam } from "../../core/lang_param.ts";
import { defineOperation } from "../../core/operation.ts";
import { json } from "../_helpers/app.ts";
import { toyApp } from "../_helpers/toy.ts";

registerAllMessages();

/** A toy operation answering the name of its language, in that language. */
const hello = defineOperation({
  name: "hello",
  method: "GET",
  path: "/hello",
  title: "Hello",
  description: "Names the language of the answer.",
  tag: "Test",
  params: z.object({ lang: langParam() }),
  result: z.object({ code: z.string(), name: z.string() }),
  example: "/api/v1/hello",
  run: (p: { lang?: Lang | undefined }) => {
    const lang = p.lang ?? "en";
    return { code: lang, name: message(lang, "lang.name") };
  },
});

function app() {
  return toyApp([hello]);
}

Deno.test("lang picks the language of the text; the code stays the same field", async () => {
  const toy = app();
  const si = await json(await toy.request("/api/v1/hello?lang=si"));
  assert.deepEqual(si.data, { code: "si", name: "සිංහල" });
  const ta = await json(await toy.request("/api/v1/hello?lang=TA"));
  assert.deepEqual(ta.data, { code: "ta", name: "தமிழ்" });
  const en = await json(await toy.request("/api/v1/hello"));
  assert.deepEqual(en.data, { code: "en", name: "English" });
});

Deno.test("Accept-Language picks the language when lang is absent, and Vary says so", async (t) => {
  const toy = app();
  await t.step("ta-LK", async () => {
    const res = await toy.request("/api/v1/hello", {
      headers: { "Accept-Language": "ta-LK,ta;q=0.9,en;q=0.8" },
    });
    assert.equal(res.headers.get("Vary")?.includes("Accept-Language"), true);
    assert.equal((await json(res)).data.code, "ta");
  });
  await t.step("no header: English, still Vary", async () => {
    const res = await toy.request("/api/v1/hello");
    assert.equal(res.headers.get("Vary")?.includes("Accept-Language"), true);
    assert.equal((await json(res)).data.code, "en");
  });
  await t.step("lang in the query wins over the header and does not vary", async () => {
    const res = await toy.request("/api/v1/hello?lang=en", {
      headers: { "Accept-Language": "si" },
    });
    assert.equal(res.headers.get("Vary")?.includes("Accept-Language") ?? false, false);
    assert.equal((await json(res)).data.code, "en");
  });
  await t.step("a language we do not have gives English", async () => {
    const res = await toy.request("/api/v1/hello", { headers: { "Accept-Language": "fr, de" } });
    assert.equal((await json(res)).data.code, "en");
  });
});

Deno.test("an unknown lang is a 400 naming the parameter and the languages", async () => {
  const res = await app().request("/api/v1/hello?lang=fr");
  assert.equal(res.status, 400);
  const body = await json(res);
  assert.equal(body.code, "invalid_param");
  assert.equal(body.details[0].param, "lang");
  assert.match(body.details[0].message, /"en", "si", "ta"/);
});
