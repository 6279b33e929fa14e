import assert from "node:assert/strict";
import { html, layout, raw } from "../../server/pages/html.ts";

Deno.test("html`` escapes interpolated text but keeps safe markup", () => {
  const name = `<script>alert("x")</script>&'`;
  assert.equal(
    String(html`<p title="${name}">${name}${raw("<b>ok</b>")}</p>`),
    `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;<b>ok</b></p>`,
  );
  assert.equal(String(html`${["a", "<"]}${null}${undefined}${false}`), "a&lt;");
});

Deno.test("layout() is a complete document with the stylesheet and an escaped title", () => {
  const page = layout({ title: "A < B", body: html`<h1>Hi</h1>` });
  assert.match(page, /^<!doctype html>\s*<html lang="en">/);
  assert.match(page, /<title>A &lt; B · Lanka API<\/title>/);
  assert.match(page, /href="\/static\/style.css"/);
  assert.match(page, /<main id="main">\s*<h1>Hi<\/h1>/);
});
