/**
 * Socket test: pages as they leave the server. Pages made by `htmlPage` (tool pages, the home
 * page, the docs, the 404) and pages Hono makes (the dashboard, the news, the store), whose links
 * the language middleware rewrites, arrive whole in English, Sinhala and Tamil: the
 * `Content-Length` a client reads is the body's byte length, a `HEAD` gives the same length and no
 * body, every own link stays in the page's language, and the page security headers are there.
 * `app.request()` could not show this: it hands the response object over without serving it.
 */
import assert from "node:assert/strict";
import { localizeLinks } from "../../server/pages/lang.ts";
import { startServer } from "../_helpers/server.ts";

const PAGES = [
  "/",
  "/tools/vat?amount=1000",
  "/tools/payslip?basic=170000&bonus=600000&date=2025-04-25",
  "/tools/vat?amount=abc",
  "/docs",
  "/no-such-page",
  "/developers",
  "/news",
  "/tools/store",
];

Deno.test("pages arrive whole, with their length, their headers and their links in the page's language", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
  try {
    for (const lang of ["en", "si", "ta"] as const) {
      for (const page of PAGES) {
        const url = `${server.url}${lang === "en" ? "" : `/${lang}`}${page}`;
        // As sent uncompressed (compression_test.ts has the gzip side): fetch would undo gzip.
        const plain = { headers: { "Accept-Encoding": "identity" } };
        const get = await fetch(url, plain);
        const bytes = new Uint8Array(await get.arrayBuffer());
        const body = new TextDecoder().decode(bytes);
        const what = `GET ${url} (${get.status})`;
        assert.ok([200, 400, 404].includes(get.status), what);
        assert.match(get.headers.get("Content-Type") ?? "", /^text\/html; charset=utf-8$/i, what);
        assert.equal(get.headers.get("Content-Length"), String(bytes.length), what);
        assert.ok(body.trimEnd().endsWith("</html>"), `${what}: the page ends`);
        assert.ok(get.headers.get("Content-Security-Policy"), `${what}: CSP`);
        assert.equal(get.headers.get("X-Frame-Options"), "DENY", what);
        assert.equal(get.headers.get("X-Content-Type-Options"), "nosniff", what);
        // Rewriting again changes nothing: every own link is already in the page's language.
        assert.equal(localizeLinks(body, lang), body, `${what}: a link left in another language`);
        if (lang !== "en") assert.match(body, new RegExp(`href="/${lang}/`), what);

        const head = await fetch(url, { ...plain, method: "HEAD" });
        assert.equal(head.status, get.status, `HEAD ${url}`);
        assert.equal(head.headers.get("Content-Length"), String(bytes.length), `HEAD ${url}`);
        assert.equal((await head.arrayBuffer()).byteLength, 0, `HEAD ${url}: no body`);
      }
    }
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
