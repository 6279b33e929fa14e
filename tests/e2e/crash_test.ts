import assert from "node:assert/strict";
import { FLUSH_INTERVAL_MS } from "../../server/quota/kv.ts";
import { accountWithKey, persistedUsage, startServer } from "./_server.ts";

Deno.test("kill -9 under load loses at most one flush interval of counts plus the commit in progress; accounts and keys survive", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const env = { KEY_DAILY_LIMIT: "1000000000" };
  const server = await startServer(kvPath, env);
  let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const password = "crash-test-pw";
    const { key, id } = await accountWithKey(server.url, "crash@example.com", password);
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

    const persisted = await persistedUsage(kvPath, `key:${id}`);
    const lost = served.length - persisted;
    // What a kill can lose: the increments of the flush being committed (counted in the interval
    // before it began) and those counted since it began. The server starts a flush on any counted
    // request once the previous one is an interval old, so that is one flush interval of traffic
    // plus the commit time of the flush in progress; on a loaded machine a commit (an fsync) and
    // the timers can take up to another interval. Anchoring on the last response, not on the
    // kill, keeps the bound honest when the machine pauses a process.
    const bound = 2 * FLUSH_INTERVAL_MS;
    const last = Math.max(...served);
    const window = served.filter((t) => t > last - bound).length;
    console.log(
      `crash: served ${served.length}, persisted ${persisted}, lost ${lost}, ` +
        `served in the last ${bound} ms: ${window}`,
    );
    assert.ok(served.length > 200, "the load really ran");
    assert.ok(lost <= window, `lost ${lost} > ${window} served in the last flush interval`);
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
