/**
 * Socket tests of request bodies: `server/main.ts` on a real port, sent bodies over raw TCP (with
 * and without `Content-Length`) far past each route's limit. What they hold: the answer is a 413
 * in the error envelope, it comes before the body is read, and the server's memory stays flat
 * (its RSS, read from /proc, while 100 MB stream at it). `app.request()` cannot show either: it
 * has no socket to stream from and shares the test's memory.
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";
import {
  curlFrom,
  rawEnvelope as envelope,
  residentBytes,
  streamBody,
} from "../_helpers/socket.ts";

const MB = 1024 * 1024;

Deno.test("bodies past a route's limit are a 413 envelope, unread, with the server's memory flat", async (t) => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
  const pid = server.process.pid;
  try {
    const url = server.url;
    const form = { Origin: url, "Content-Type": "application/x-www-form-urlencoded" };
    // Warm up the routes once so that the memory measured is the steady state.
    await curlFrom("127.0.0.1", `${url}/developers/login`, {
      method: "POST",
      headers: form,
      body: "email=a%40example.com&password=wrong-password",
    });
    const before = await residentBytes(pid);

    await t.step("a 100 MB chunked form to /developers/login", async () => {
      const answer = await streamBody(url, "/developers/login", form, 100 * MB);
      assert.equal(answer.status, 413, answer.text.slice(0, 300));
      const body = envelope(answer.text);
      assert.equal(body.ok, false);
      assert.equal(body.code, "payload_too_large");
      // Answered before the body ended (how much the kernel's buffers took first varies: 4 MB
      // here when idle), and quickly.
      assert.ok(answer.sent < 100 * MB, `the server answered after ${answer.sent} bytes`);
      assert.ok(answer.ms < 10_000, `answered in ${Math.round(answer.ms)} ms`);
    });

    await t.step("a 3 MiB form with its Content-Length is refused before it is read", async () => {
      const answer = await streamBody(url, "/developers/login", form, 3 * MB, {
        contentLength: 3 * MB,
      });
      assert.equal(answer.status, 413);
      assert.equal(envelope(answer.text).code, "payload_too_large");
      assert.ok(answer.ms < 5_000, `answered in ${Math.round(answer.ms)} ms`);
    });

    await t.step(
      "a form just past the dashboard's 16 KiB is a 413, one within it is read",
      async () => {
        const over = await curlFrom("127.0.0.1", `${url}/developers/login`, {
          method: "POST",
          headers: form,
          body: `email=a%40example.com&password=${"x".repeat(16_384)}`,
        });
        assert.equal(over.status, 413);
        assert.equal(JSON.parse(over.body).code, "payload_too_large");
        const within = await curlFrom("127.0.0.1", `${url}/developers/login`, {
          method: "POST",
          headers: form,
          body: `email=a%40example.com&password=${"x".repeat(200)}`,
        });
        assert.equal(within.status, 401);
      },
    );

    await t.step("JSON bodies of the account API, chunked", async () => {
      const json = { "Content-Type": "application/json" };
      for (const path of ["/api/v1/accounts", "/api/v1/sessions"]) {
        const answer = await streamBody(url, path, json, 20 * MB);
        assert.equal(answer.status, 413, `${path}: ${answer.text.slice(0, 300)}`);
        assert.equal(envelope(answer.text).code, "payload_too_large");
      }
    });

    await t.step("anything declared past the largest limit, on any path", async () => {
      for (const path of ["/api/v1/voice", "/editor/posts", "/nowhere"]) {
        const answer = await streamBody(url, path, {}, 4 * MB, { contentLength: 600 * MB });
        assert.equal(answer.status, 413, `${path}: ${answer.text.slice(0, 300)}`);
      }
    });

    await t.step("the server's memory stayed flat", async () => {
      const after = await residentBytes(pid);
      assert.ok(
        after - before < 40 * MB,
        `RSS grew from ${Math.round(before / MB)} MB to ${Math.round(after / MB)} MB`,
      );
      // And it still answers.
      assert.equal((await curlFrom("127.0.0.1", `${url}/healthz`)).status, 200);
    });
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
