/**
 * The access log as deployed: `server/main.ts` at its default `LOG_LEVEL` (info) writes request
 * lines in batches (`BatchedLines`, `server/log.ts`). A socket test, because what it checks is
 * the process's own stdout: a line arrives without waiting for the next request, and every
 * request's line is out when the process stops on SIGTERM.
 */
import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";

const requestLines = (output: string): { requestId: string; route: string; status: number }[] =>
  output.split("\n").filter((line) => line.includes('"message":"request"')).map((line) =>
    JSON.parse(line)
  );

Deno.test("a request's log line reaches stdout within the batch interval, with no later request", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3` });
  try {
    const res = await fetch(`${server.url}/api/v1/vat?amount=1000`, {
      headers: { "X-Request-Id": "lone-request" },
    });
    await res.body?.cancel();
    // The batch interval is 100 ms; allow a slow machine ten times that.
    const deadline = Date.now() + 1_000;
    while (
      !requestLines(server.output()).some((l) => l.requestId === "lone-request") &&
      Date.now() < deadline
    ) await new Promise((r) => setTimeout(r, 20));
    const line = requestLines(server.output()).find((l) => l.requestId === "lone-request");
    assert.ok(line, `no request line within 1 s:\n${server.output()}`);
    assert.equal(line.route, "/api/v1/vat");
    assert.equal(line.status, 200);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("every request's log line is written when the server stops, in the order answered", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3` });
  const ids = Array.from({ length: 300 }, (_, i) => `burst-${i}`);
  try {
    for (const id of ids) {
      const res = await fetch(`${server.url}/api/v1/vat?amount=${ids.indexOf(id) + 1}`, {
        headers: { "X-Request-Id": id },
      });
      await res.body?.cancel();
    }
  } finally {
    // At once: whatever is still held must be flushed by the shutdown itself.
    const status = await server.stop("SIGTERM");
    await Deno.remove(dir, { recursive: true });
    assert.equal(status.code, 0);
  }
  const logged = requestLines(server.output()).map((l) => l.requestId).filter((id) =>
    id.startsWith("burst-")
  );
  assert.deepEqual(logged, ids, "each request once, in order");
  assert.match(server.output(), /"message":"Stopped"/);
});
