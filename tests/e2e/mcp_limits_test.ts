/**
 * Issue 41: what one POST to `/mcp` may cost, on the real server over a real port. A JSON-RPC
 * batch is refused with a JSON-RPC error (MCP 2025-06-18 removed batching); every `tools/list`
 * counts against the caller's daily quota, like a tool call; the list is one cached answer, the
 * same for everyone. (Memory under slow readers and `/healthz` under a flood are measured by
 * `tests/bench/mcp_flood.ts`, not here.)
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";
import { curlFrom } from "../_helpers/socket.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };

const HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });

Deno.test("MCP: a batch is refused with a JSON-RPC error, and costs no work", opts, async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "warn" });
  try {
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => list(i + 1)));
    const res = await curlFrom("127.0.1.40", `${server.url}/mcp`, {
      method: "POST",
      headers: HEADERS,
      body: batch,
    });
    assert.equal(res.status, 400);
    assert.ok(res.body.length < 2_000, `${res.body.length} bytes answered`);
    const answer = JSON.parse(res.body);
    assert.equal(answer.jsonrpc, "2.0");
    assert.equal(answer.id, null);
    assert.equal(answer.error.code, -32600);
    assert.match(answer.error.message, /[Bb]atch/);
    // A batch of one is a batch too.
    const one = await curlFrom("127.0.1.40", `${server.url}/mcp`, {
      method: "POST",
      headers: HEADERS,
      body: ` \n[${JSON.stringify(list(1))}]`,
    });
    assert.equal(one.status, 400);
    assert.equal(JSON.parse(one.body).error.code, -32600);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("MCP: every tools/list counts against the caller's daily quota", opts, async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({
    KV_PATH: `${dir}/kv.sqlite3`,
    LOG_LEVEL: "warn",
    ANON_DAILY_LIMIT: "3",
  });
  try {
    const post = (from: string, id: number, args: string[] = []) =>
      curlFrom(from, `${server.url}/mcp`, {
        method: "POST",
        headers: HEADERS,
        body: JSON.stringify(list(id)),
        args,
      });
    const bodies: string[] = [];
    for (let i = 1; i <= 3; i++) {
      // The second one asks for gzip, which curl undoes (the cached gzip form on the wire).
      const res = await post("127.0.1.41", i, i === 2 ? ["--compressed"] : []);
      if (i === 2) assert.equal(res.headers.get("content-encoding"), "gzip");
      assert.equal(res.status, 200, res.body.slice(0, 200));
      assert.equal(res.headers.get("x-ratelimit-remaining"), String(3 - i));
      const answer = JSON.parse(res.body);
      assert.equal(answer.id, i);
      assert.ok(answer.result.tools.length > 10);
      bodies.push(JSON.stringify(answer.result));
    }
    assert.equal(new Set(bodies).size, 1, "the same list every time");
    const over = await post("127.0.1.41", 4);
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get("retry-after")) > 0);
    const refused = JSON.parse(over.body);
    assert.equal(refused.id, 4);
    assert.equal(refused.error.data.code, "rate_limited");
    // The same counter as the API's.
    const api = await curlFrom("127.0.1.41", `${server.url}/api/v1/vat?amount=1`);
    assert.equal(api.status, 429);
    // Another caller has its own quota, and gets the same list.
    const other = await post("127.0.1.42", 9);
    assert.equal(other.status, 200);
    assert.equal(JSON.stringify(JSON.parse(other.body).result), bodies[0]);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
