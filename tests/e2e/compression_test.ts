/**
 * Socket test: gzip as it goes over the wire. The requests are written by hand on a raw TCP
 * connection (`fetch` would undo the compression before the test saw it): the bytes that arrive,
 * their `Content-Length`, `Content-Encoding`, `Vary` and `ETag`, against `server/main.ts` on a
 * real port. Pages, the stylesheet, the OpenAPI document and a large operation answer are
 * compressed for a client that accepts gzip, and are the same once decompressed; small answers,
 * clients that refuse gzip and `HEAD` are as `server/http/compress.ts` says.
 */
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { acceptsGzip, compressibleType } from "../../server/http/compress.ts";
import { startServer } from "../_helpers/server.ts";

interface Raw {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/** One request on its own connection, read to the end as bytes. */
async function raw(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
) {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    "Connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  await conn.write(new TextEncoder().encode(head));
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(65536);
  for (;;) {
    const n = await conn.read(buffer);
    if (n === null) break;
    chunks.push(buffer.slice(0, n));
  }
  conn.close();
  const all = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) (all.set(chunk, at), at += chunk.length);
  let end = 0;
  while (!(all[end] === 13 && all[end + 1] === 10 && all[end + 2] === 13 && all[end + 3] === 10)) {
    end++;
  }
  const lines = new TextDecoder().decode(all.subarray(0, end)).split("\r\n");
  const parsed = new Headers();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    parsed.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return {
    status: Number(lines[0]!.split(" ")[1]),
    headers: parsed,
    body: all.subarray(end + 4),
  } satisfies Raw;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Operations' answers, whose `meta` counts the caller's quota down from one request to the next. */
const OPERATIONS = new Set(["/api/v1/tools", "/api/v1/store"]);

Deno.test("Accept-Encoding and the compressible types are read as RFC 9110 says", () => {
  assert.ok(acceptsGzip("gzip"));
  assert.ok(acceptsGzip("br, gzip;q=0.5, deflate"));
  assert.ok(acceptsGzip("GZIP"));
  assert.ok(acceptsGzip("x-gzip"));
  assert.ok(acceptsGzip("*"));
  assert.ok(acceptsGzip("br, *;q=0.1"));
  assert.ok(!acceptsGzip(null));
  assert.ok(!acceptsGzip(""));
  assert.ok(!acceptsGzip("identity"));
  assert.ok(!acceptsGzip("br"));
  assert.ok(!acceptsGzip("gzip;q=0"));
  assert.ok(!acceptsGzip("gzip;q=0, *"), "gzip refused by name, whatever * says");
  assert.ok(!acceptsGzip("*;q=0"));
  for (const type of ["text/html; charset=utf-8", "application/json", "application/feed+json"]) {
    assert.ok(compressibleType(type), type);
  }
  for (const type of ["text/css", "application/rss+xml", "image/svg+xml", "text/calendar"]) {
    assert.ok(compressibleType(type), type);
  }
  for (const type of ["audio/mpeg", "font/woff2", "image/png", "application/octet-stream", null]) {
    assert.ok(!compressibleType(type), String(type));
  }
});

Deno.test("large text answers are sent gzipped to clients that accept it, and nothing else changes", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
  const gzip = { "Accept-Encoding": "gzip, deflate, br" };
  try {
    for (
      const path of [
        "/si/tools/payslip?basic=170000&bonus=600000&date=2025-04-25",
        "/tools/vat?amount=1000",
        "/static/style.css",
        "/api/v1/openapi.json",
        "/api/v1/tools",
        "/api/v1/store",
      ]
    ) {
      const plain = await raw(server.url, path);
      const packed = await raw(server.url, path, gzip);
      assert.equal(packed.status, 200, path);
      assert.equal(packed.headers.get("Content-Encoding"), "gzip", path);
      assert.equal(packed.headers.get("Content-Length"), String(packed.body.length), path);
      assert.ok(packed.body.length < plain.body.length / 2, `${path}: less than half`);
      // An operation's answer counts the caller's quota down in `meta`: its `data` is compared.
      const content = (body: string) => OPERATIONS.has(path) ? JSON.parse(body).data : body;
      assert.deepEqual(
        content(text(gunzipSync(packed.body))),
        content(text(plain.body)),
        `${path}: the same content`,
      );
      assert.match(packed.headers.get("Vary") ?? "", /Accept-Encoding/, path);
      assert.match(plain.headers.get("Vary") ?? "", /Accept-Encoding/, `${path} plain`);
      assert.equal(plain.headers.get("Content-Encoding"), null, `${path} plain`);
      assert.equal(plain.headers.get("Content-Length"), String(plain.body.length), path);
      // HEAD names what GET sends.
      const head = await raw(server.url, path, gzip, "HEAD");
      assert.equal(head.headers.get("Content-Encoding"), "gzip", `HEAD ${path}`);
      // An operation's `meta.remaining` counts down from one request to the next, and its digits
      // can move the gzipped length by a byte or two; anything else is byte for byte the same.
      const headLength = Number(head.headers.get("Content-Length"));
      if (OPERATIONS.has(path)) {
        assert.ok(Math.abs(headLength - packed.body.length) <= 4, `HEAD ${path}: ${headLength}`);
      } else assert.equal(headLength, packed.body.length, `HEAD ${path}`);
      assert.equal(head.body.length, 0, `HEAD ${path}`);
    }

    // An operation's large answer: compressed, its ETag weak, and still answered 304 by it.
    const holidays = "/api/v1/holidays?year=2026&lang=en";
    const packed = await raw(server.url, holidays, gzip);
    assert.equal(packed.headers.get("Content-Encoding"), "gzip");
    assert.equal(packed.headers.get("Vary"), "Accept-Encoding");
    const data = JSON.parse(text(gunzipSync(packed.body))).data;
    assert.equal(data.year, 2026);
    const tag = packed.headers.get("ETag")!;
    assert.match(tag, /^W\/"/);
    const again = await raw(server.url, holidays, { ...gzip, "If-None-Match": tag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);

    // A small answer (most API calls) and a client that refuses gzip: as they are.
    const small = await raw(server.url, "/api/v1/vat?amount=1000", gzip);
    assert.equal(small.headers.get("Content-Encoding"), null);
    assert.equal(small.headers.get("Vary"), null);
    assert.equal(JSON.parse(text(small.body)).data.vat, 180);
    for (const refusal of ["identity", "gzip;q=0", "br"]) {
      const page = await raw(server.url, "/tools/vat?amount=1000", { "Accept-Encoding": refusal });
      assert.equal(page.headers.get("Content-Encoding"), null, refusal);
      assert.match(text(page.body), /<\/html>\s*$/, refusal);
    }
    // Answers that carry secrets (no-store: the dashboard, the account API) are never
    // compressed: their length would leak them (BREACH).
    const dashboard = await raw(server.url, "/developers", gzip);
    assert.equal(dashboard.status, 200);
    assert.match(dashboard.headers.get("Cache-Control") ?? "", /no-store/);
    assert.equal(dashboard.headers.get("Content-Encoding"), null);
    assert.ok(dashboard.body.length > 1024, "a dashboard large enough to be compressed otherwise");
    // Not a text type: the fonts are compressed already.
    const font = await raw(server.url, "/static/fonts.css", gzip);
    const file = /url\("?\/static\/fonts\/([^")]+\.woff2)/.exec(text(gunzipSync(font.body)))?.[1];
    assert.ok(file, "a font file named in fonts.css");
    const woff = await raw(server.url, `/static/fonts/${file}`, gzip);
    assert.equal(woff.status, 200);
    assert.equal(woff.headers.get("Content-Encoding"), null);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("COMPRESSION=off sends every answer as it is, for a proxy in front that compresses", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({
    KV_PATH: `${dir}/kv.sqlite3`,
    LOG_LEVEL: "error",
    COMPRESSION: "off",
  });
  try {
    for (const path of ["/si/tools/vat?amount=1000", "/api/v1/openapi.json", "/developers"]) {
      const page = await raw(server.url, path, { "Accept-Encoding": "gzip" });
      assert.equal(page.status, 200, path);
      assert.equal(page.headers.get("Content-Encoding"), null, path);
      assert.equal(page.headers.get("Content-Length"), String(page.body.length), path);
    }
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
