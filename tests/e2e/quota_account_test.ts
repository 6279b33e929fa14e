/**
 * Daily limits are per account, voice included, on the real server: revoking a spent key and
 * making a new one gives no fresh allowance; every 429 names the limit that refused it.
 */
import assert from "node:assert/strict";
import { accountWithKey, startServer } from "./_server.ts";

Deno.test("a new key of a spent account gets no fresh allowance (data and voice); each 429 names its limit", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer(`${dir}/kv.sqlite3`, {
    KEY_DAILY_LIMIT: "4",
    VOICE_DAILY_LIMIT: "1",
    VOICE_WORKERS: "1",
  });
  const url = server.url;
  try {
    const first = await accountWithKey(url, "spent@example.lk", "spent Passw0rd");
    const keyed = (method: string, path: string, key: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          "x-api-key": key,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const session = (method: string, path: string, body?: unknown) =>
      fetch(`${url}/api/v1${path}`, {
        method,
        headers: { Cookie: first.cookie, "Content-Type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const newKey = async (revoke: string) => {
      const revoked = await session("DELETE", `/keys/${revoke}`);
      assert.equal(revoked.status, 200);
      await revoked.body?.cancel();
      const created = await session("POST", "/keys", { name: "fresh" });
      assert.equal(created.status, 201);
      const data = (await created.json()).data;
      return { key: data.key as string, id: data.id as string };
    };
    const expectLimit = async (res: Response, limit: number, what: RegExp) => {
      assert.equal(res.status, 429);
      const body = await res.json();
      assert.match(body.error, what);
      assert.equal(res.headers.get("X-RateLimit-Limit"), String(limit));
      assert.equal(res.headers.get("X-RateLimit-Remaining"), "0");
      assert.ok(Number(res.headers.get("Retry-After")) > 0);
      assert.deepEqual([body.limit, body.remaining], [limit, 0]);
      assert.equal(res.headers.get("X-RateLimit-Reset"), String(body.reset));
    };

    // Voice: one a day per account. (Each voice call also counts as a data call.)
    const spoken = await keyed("POST", "/api/v1/voice", first.key, { text: "Hi" });
    assert.equal(spoken.status, 200);
    await spoken.body?.cancel();
    await expectLimit(
      await keyed("POST", "/api/v1/voice", first.key, { text: "Hi" }),
      1,
      /voice requests/,
    );
    const second = await newKey(first.id);
    await expectLimit(
      await keyed("POST", "/api/v1/voice", second.key, { text: "Hi" }),
      1,
      /voice requests/,
    );

    // Data: 4 a day per account; 3 are spent by the voice calls above.
    const last = await keyed("GET", "/api/v1/vat?amount=100", second.key);
    assert.equal(last.status, 200);
    assert.equal(last.headers.get("X-RateLimit-Remaining"), "0");
    await last.body?.cancel();
    await expectLimit(await keyed("GET", "/api/v1/vat?amount=100", second.key), 4, /requests/);
    const third = await newKey(second.id);
    await expectLimit(await keyed("GET", "/api/v1/vat?amount=100", third.key), 4, /requests/);

    // The key listing shows the account's count on each key.
    const listed = (await (await session("GET", "/keys")).json()).data.keys;
    assert.ok(listed.every((k: { callsToday: number }) => k.callsToday === 4));
    assert.equal(await server.stop(), 0);
  } finally {
    await server.stop("SIGKILL").catch(() => {});
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
