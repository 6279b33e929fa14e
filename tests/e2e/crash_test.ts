import assert from "node:assert/strict";
import { FLUSH_INTERVAL_MS } from "../../server/quota/kv.ts";
import { accountWithKey, persistedUsage, startServer } from "./_server.ts";

Deno.test("kill -9 under load loses only what was counted after the last completed flush began; accounts and keys survive", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  // Debug logs carry each counter flush and when it began (see server/main.ts).
  const env = { KEY_DAILY_LIMIT: "1000000000", LOG_LEVEL: "debug" };
  const server = await startServer(kvPath, env);
  let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const password = "crash-test-pw";
    const { key, accountId } = await accountWithKey(server.url, "crash@example.com", password);
    const served: number[] = []; // when each 200 arrived (epoch ms)
    let running = true;
    const load = Array.from({ length: 16 }, async () => {
      while (running) {
        try {
          const res = await fetch(`${server.url}/api/v1/vat?amount=100`, {
            headers: { "x-api-key": key },
          });
          await res.body?.cancel();
          if (res.status === 200) served.push(Date.now());
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    server.child.kill("SIGKILL");
    await server.child.status;
    running = false;
    await Promise.all(load);
    await server.stop("SIGKILL").catch(() => {});

    const persisted = await persistedUsage(kvPath, `acct:${accountId}`);
    const lost = served.length - persisted;
    // What a kill can lose: the increments counted after the last flush that completed began
    // (the flush in progress and what came after it). A response that arrived before that flush
    // began was counted before it too, so it must be in KV. The server's debug log says when each
    // flush began; this checks the invariant itself rather than a wall-clock window, which a
    // saturated machine (the whole suite runs in parallel) can stretch.
    const flushes = server.stderr().split("\n").filter((line) => line.includes('"quota flush"'))
      .map((line) => JSON.parse(line) as { ok: boolean; startedAt: number })
      .filter((flush) => flush.ok);
    const lastStart = Math.max(...flushes.map((flush) => flush.startedAt));
    const window = served.filter((t) => t >= lastStart).length;
    // The flushes kept pace with the load: at least one per 4 intervals over the 1.5 s.
    const last = Math.max(...served);
    console.log(
      `crash: served ${served.length}, persisted ${persisted}, lost ${lost}, ` +
        `served after the last completed flush began (${
          last - lastStart
        } ms before the end): ${window}, ` +
        `flushes ${flushes.length}`,
    );
    assert.ok(flushes.length >= 1_500 / (4 * FLUSH_INTERVAL_MS), `only ${flushes.length} flushes`);
    assert.ok(served.length > 200, "the load really ran");
    assert.ok(
      lost <= window,
      `lost ${lost} > ${window} served after the last completed flush began`,
    );
    assert.ok(persisted <= served.length + 16, "nothing is counted that was not requested");

    restarted = await startServer(kvPath, env);
    const login = await fetch(`${restarted.url}/api/v1/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "crash@example.com", password }),
    });
    assert.equal(login.status, 201, "the account survived");
    await login.body?.cancel();
    const call = await fetch(`${restarted.url}/api/v1/vat?amount=1`, {
      headers: { "x-api-key": key },
    });
    assert.equal(call.status, 200, "the key survived");
    const body = await call.json();
    assert.equal(body.meta.remaining, 1_000_000_000 - persisted - 1, "counting resumes from KV");
    assert.equal(await restarted.stop(), 0);
  } finally {
    await server.stop("SIGKILL").catch(() => {});
    await restarted?.stop("SIGKILL").catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
