/**
 * The text converters on a real port (`server/main.ts`), where the body matters: a body over the
 * 2 MiB limit is a 413 (declared or chunked), bytes that are not UTF-8 are a 400 naming `body`, a
 * body that is not JSON a 415 or 400, and the text page's plain form (no script) is POSTed and
 * answered with the conversion.
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";
import { curlFrom, rawEnvelope as envelope, streamBody } from "../_helpers/socket.ts";

const MB = 1024 * 1024;

Deno.test("the text converters' bodies on a real port: 413, 400 for bad UTF-8, the form post", async (t) => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
  const json = { "Content-Type": "application/json" };
  try {
    const url = server.url;
    await t.step("a converted text", async () => {
      const answer = await curlFrom("127.0.0.1", `${url}/api/v1/text/unicode`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ text: "Y%S ,xld", font: "dl-manel" }),
      });
      assert.equal(answer.status, 200, answer.body);
      // Open-SL/sinhala-unicode-converter's README pair.
      assert.equal(JSON.parse(answer.body).data.text, "ශ්‍රී ලංකා");
    });

    await t.step("a 3 MiB body declared is refused before it is read", async () => {
      const answer = await streamBody(url, "/api/v1/text/unicode", json, 3 * MB, {
        contentLength: 3 * MB,
      });
      assert.equal(answer.status, 413, answer.text.slice(0, 300));
      assert.equal(envelope(answer.text).code, "payload_too_large");
    });

    await t.step("a 20 MB chunked body is cut off at the limit", async () => {
      const answer = await streamBody(url, "/api/v1/text/legacy", json, 20 * MB);
      assert.equal(answer.status, 413, answer.text.slice(0, 300));
      assert.ok(answer.sent < 20 * MB, `answered after ${answer.sent} bytes`);
    });

    await t.step("a megabyte of text within the limit is converted", async () => {
      const file = `${dir}/mb.json`;
      const text = "Y%S ,xld ".repeat(Math.floor(MB / 9));
      await Deno.writeTextFile(file, JSON.stringify({ text, font: "fm-abhaya" }));
      const answer = await curlFrom("127.0.0.1", `${url}/api/v1/text/unicode`, {
        method: "POST",
        headers: json,
        bodyFile: file,
      });
      assert.equal(answer.status, 200, answer.body.slice(0, 300));
      assert.ok(JSON.parse(answer.body).data.text.startsWith("ශ්‍රී ලංකා ශ්‍රී"));
    });

    await t.step("bytes that are not UTF-8 are a 400 naming the body", async () => {
      const file = `${dir}/bad.json`;
      const bytes = new TextEncoder().encode('{"text":"X","font":"fm-abhaya"}');
      bytes[9] = 0xff;
      await Deno.writeFile(file, bytes);
      const answer = await curlFrom("127.0.0.1", `${url}/api/v1/text/unicode`, {
        method: "POST",
        headers: json,
        bodyFile: file,
      });
      assert.equal(answer.status, 400, answer.body);
      const body = JSON.parse(answer.body);
      assert.equal(body.code, "invalid_param");
      assert.equal(body.details[0].param, "body");
      assert.match(body.error, /not valid UTF-8/);
    });

    await t.step("a body that is not JSON: 415 without the type, 400 with it", async () => {
      const plain = await curlFrom("127.0.0.1", `${url}/api/v1/text/singlish`, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "amma",
      });
      assert.equal(plain.status, 415);
      const broken = await curlFrom("127.0.0.1", `${url}/api/v1/text/singlish`, {
        method: "POST",
        headers: json,
        body: "{text:",
      });
      assert.equal(broken.status, 400);
      assert.equal(JSON.parse(broken.body).details[0].param, "body");
    });

    await t.step("the page's plain form is posted and answered, in Sinhala too", async () => {
      for (const prefix of ["", "/si", "/ta"]) {
        const answer = await curlFrom("127.0.0.1", `${url}${prefix}/tools/text`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ mode: "singlish", text: "shrii la\\nkaa" }).toString(),
        });
        assert.equal(answer.status, 200, `${prefix}: ${answer.body.slice(0, 300)}`);
        assert.match(answer.body, /<textarea id="result"[^>]*>ශ්‍රී ලංකා<\/textarea>/);
      }
      const empty = await curlFrom("127.0.0.1", `${url}/tools/text`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "mode=auto&text=",
      });
      assert.equal(empty.status, 400);
      assert.match(empty.body, /id="errors"/);
    });

    await t.step("a form past the limit is a 413", async () => {
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      const answer = await streamBody(url, "/tools/text", form, 3 * MB, { contentLength: 3 * MB });
      assert.equal(answer.status, 413);
    });
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
