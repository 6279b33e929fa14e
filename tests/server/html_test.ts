import assert from "node:assert/strict";
import { html, layout, raw } from "../../server/pages/html.ts";

Deno.test("html`` escapes interpolated text but keeps safe markup", () => {
  const name = `<script>alert("x")</script>&'`;
  assert.equal(
    String(html`<p title="${name}">${name}${raw("<b>ok</b>")}</p>`),
    `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;<b>ok</b></p>`,
  );
  assert.equal(String(html`${["a", "<"]}${null}${undefined}${false}`), "a&lt;");
  // Each character alone, between safe text, and text with none of them (left as it is).
  for (
    const [c, escaped] of [["&", "&amp;"], ["<", "&lt;"], [">", "&gt;"], ['"', "&quot;"], [
      "'",
      "&#39;",
    ]]
  ) {
    assert.equal(String(html`${`a${c}b${c}`}`), `a${escaped}b${escaped}`);
  }
  assert.equal(
    String(html`<i>${"ශ්‍රී ලංකා 1,000.00"}</i>${0}${[1, [2, raw("<br>")]]}`),
    "<i>ශ්‍රී ලංකා 1,000.00</i>012<br>",
  );
});

Deno.test("layout() is a complete document with the stylesheet and an escaped title", () => {
  const page = layout({ title: "A < B", body: html`<h1>Hi</h1>` });
  assert.match(page, /^<!doctype html>\s*<html lang="en">/);
  assert.match(page, /<title>A &lt; B · Lanka API<\/title>/);
  assert.match(page, /href="\/static\/style.css"/);
  assert.match(page, /<main id="main">\s*<h1>Hi<\/h1>/);
});
