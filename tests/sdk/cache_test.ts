import assert from "node:assert/strict";
import {
  type CacheEntry,
  createClient,
  DenoKvCache,
  LocalStorageCache,
  MemoryCache,
  NetworkError,
  type StorageLike,
  ValidationError,
} from "../../mod.ts";
import { feedOp, reply, scriptedFetch } from "./_fakes.ts";

const fresh = () =>
  reply(200, {
    ok: true,
    data: { items: ["first"] },
    meta: { tier: "anonymous", endpoint: "feed" },
  }, {
    "X-RateLimit-Limit": "50",
    "X-RateLimit-Remaining": "49",
    "X-RateLimit-Reset": "1781568000",
    "X-Request-Id": "req-1",
  });
const offline = () => Promise.reject(new TypeError("network down"));
const caught = (p: PromiseLike<unknown>) => Promise.resolve(p).then(() => undefined, (e) => e);

function clock(start: number) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => void (now += seconds * 1000) };
}

Deno.test("a server-only read falls back to the last good copy, marked stale with its age", async () => {
  const time = clock(Date.UTC(2026, 5, 15));
  const { fetch } = scriptedFetch([fresh, offline]);
  const client = createClient({ fetch, now: time.now, retries: 0 });
  const first = await client.call(feedOp, { q: "a" }).withResponse();
  assert.equal(first.stale, false);
  assert.equal(first.source, "remote");
  time.advance(90);
  const second = await client.call(feedOp, { q: "a" }).withResponse();
  assert.deepEqual(second.data, { items: ["first"] });
  assert.equal(second.stale, true);
  assert.equal(second.source, "cache");
  assert.equal(second.age, 90);
  assert.deepEqual(second.meta, first.meta);
  assert.equal(second.requestId, "req-1");
  assert.deepEqual(second.rateLimit, { limit: 50, remaining: 49, reset: 1781568000 });
  // A different query was never fetched: there is nothing to fall back on.
  assert.ok((await caught(client.call(feedOp, { q: "b" }))) instanceof NetworkError);
});

Deno.test("a 503 after the retries also serves the stale copy; a 400 does not", async () => {
  const down = scriptedFetch([fresh, () => reply(503, { ok: false, error: "Down" })]);
  const client = createClient({ fetch: down.fetch, retries: { limit: 1, backoffMs: 1 } });
  await client.call(feedOp);
  assert.equal((await client.call(feedOp).withResponse()).stale, true);
  const bad = scriptedFetch([
    fresh,
    () => reply(400, { ok: false, error: "Bad", code: "invalid_param" }),
  ]);
  const strict = createClient({ fetch: bad.fetch });
  await strict.call(feedOp);
  assert.ok((await caught(strict.call(feedOp))) instanceof ValidationError);
});

Deno.test("cache: false disables the fallback, and local operations are never cached", async () => {
  const { fetch } = scriptedFetch([fresh, offline]);
  const client = createClient({ fetch, cache: false, retries: 0 });
  await client.call(feedOp);
  assert.ok((await caught(client.call(feedOp))) instanceof NetworkError);
  const cache = new MemoryCache();
  const vat = scriptedFetch([() => reply(200, { ok: true, data: { total: 1 } }), offline]);
  const remote = createClient({ fetch: vat.fetch, cache, mode: "remote", retries: 0 });
  await remote.vat({ amount: 1 });
  assert.equal(cache.size, 0);
  assert.ok((await caught(remote.vat({ amount: 1 }))) instanceof NetworkError);
});

const entry = (data: unknown): CacheEntry => ({
  savedAt: 1,
  data,
  meta: undefined,
  rateLimit: undefined,
  requestId: undefined,
});

Deno.test("MemoryCache drops the least recently used entry when full", () => {
  const cache = new MemoryCache(2);
  cache.set("a", entry(1));
  cache.set("b", entry(2));
  cache.get("a");
  cache.set("c", entry(3));
  assert.equal(cache.get("b"), undefined);
  assert.deepEqual(cache.get("a")?.data, 1);
  assert.deepEqual(cache.get("c")?.data, 3);
});

Deno.test("LocalStorageCache keeps JSON entries and shrugs off a full storage", () => {
  const items = new Map<string, string>();
  let full = false;
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (full) throw new DOMException("Quota exceeded", "QuotaExceededError");
      items.set(key, value);
    },
  };
  const cache = new LocalStorageCache(storage, "t:");
  cache.set("GET /x", entry({ a: [1, "ශ්‍රී"] }));
  assert.deepEqual(cache.get("GET /x")?.data, { a: [1, "ශ්‍රී"] });
  assert.ok(items.has("t:GET /x"));
  full = true;
  cache.set("GET /y", entry(2));
  assert.equal(cache.get("GET /y"), undefined);
  items.set("t:GET /z", "{not json");
  assert.equal(cache.get("GET /z"), undefined);
});

Deno.test("DenoKvCache stores entries larger than one KV value and survives a new client", async () => {
  using kv = await Deno.openKv(":memory:");
  const cache = new DenoKvCache(kv);
  // 150,000 two-byte characters: about 300 KB, far over the 64 KiB KV value limit.
  const big = entry({ text: "ශ්‍රී ලංකා ".repeat(15_000) });
  await cache.set("GET /big", big);
  const back = await cache.get("GET /big");
  assert.ok(back?.savedAt === 1 && JSON.stringify(back.data) === JSON.stringify(big.data));
  assert.equal(await cache.get("GET /none"), undefined);

  const online = scriptedFetch([fresh]);
  await createClient({ fetch: online.fetch, cache }).call(feedOp);
  const later = createClient({ fetch: offline, cache, retries: 0 });
  const answer = await later.call(feedOp).withResponse();
  assert.equal(answer.stale, true);
  assert.deepEqual(answer.data, { items: ["first"] });
});
