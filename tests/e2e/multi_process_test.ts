import assert from "node:assert/strict";
import { accountWithKey, persistedUsage, startServer } from "./_server.ts";

const N = 300;

async function calls(url: string, key: string, count: number, concurrency = 10): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      next++;
      const res = await fetch(`${url}/api/v1/vat?amount=100`, { headers: { "x-api-key": key } });
      await res.body?.cancel();
      statuses.push(res.status);
    }
  }));
  return statuses;
}

Deno.test("two server processes on one KV file: a key made on one works on the other, counts add to exactly 2N", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const a = await startServer(kvPath);
  const b = await startServer(kvPath);
  try {
    const { key, accountId } = await accountWithKey(a.url, "two@example.com", "two-process-pw");
    const first = await fetch(`${b.url}/api/v1/vat?amount=1`, { headers: { "x-api-key": key } });
    assert.equal(first.status, 200, "a key created through A works on B at once");
    await first.body?.cancel();
    const [onA, onB] = await Promise.all([calls(a.url, key, N), calls(b.url, key, N - 1)]);
    assert.ok([...onA, ...onB].every((s) => s === 200));
    let persisted = 0;
    const deadline = Date.now() + 5_000;
    while (persisted < 2 * N && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      persisted = await persistedUsage(kvPath, `acct:${accountId}`);
    }
    assert.equal(persisted, 2 * N, "both flushed: the persisted count is exactly 2N");
    assert.equal(await a.stop(), 0);
    assert.equal(await b.stop(), 0);
    assert.equal(
      await persistedUsage(kvPath, `acct:${accountId}`),
      2 * N,
      "shutdown adds nothing twice",
    );
  } finally {
    if (a.child.pid) await a.stop("SIGKILL").catch(() => {});
    if (b.child.pid) await b.stop("SIGKILL").catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
