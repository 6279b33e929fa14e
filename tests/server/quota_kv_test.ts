import assert from "node:assert/strict";
import { KvQuotaStore, USAGE_RETENTION_DAYS, usageKey } from "../../server/quota/kv.ts";
import { FIXED_NOW } from "../_helpers/app.ts";

const DAY = "2026-06-15";

async function persisted(kv: Deno.Kv, callerId: string, day = DAY): Promise<number> {
  return Number((await kv.get<Deno.KvU64>(usageKey(callerId, day))).value?.value ?? 0n);
}

/** Makes the next `count` commits throw as SQLite does under another writer's lock. */
function failNextCommits(kv: Deno.Kv, count: number): void {
  const atomic = kv.atomic.bind(kv);
  let failures = count;
  kv.atomic = () => {
    const op = atomic();
    const commit = op.commit.bind(op);
    op.commit = () =>
      failures-- > 0 ? Promise.reject(new TypeError("database is locked")) : commit();
    return op;
  };
}

Deno.test("KvQuotaStore counts in memory, flushes sums to KV, and stops at the limit", async () => {
  using kv = await Deno.openKv(":memory:");
  const store = new KvQuotaStore(kv);
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await store.consume("ip:1.2.3.4", 3, FIXED_NOW));
  assert.deepEqual(answers.map((a) => [a.allowed, a.remaining]), [
    [true, 2],
    [true, 1],
    [true, 0],
    [false, 0],
  ]);
  // 2026-06-16T00:00:00Z in epoch seconds.
  assert.equal(answers[0]!.reset, Date.UTC(2026, 5, 16) / 1000);
  await store.flush();
  assert.equal(await persisted(kv, "ip:1.2.3.4"), 3, "refused requests are not counted");
  await store.close();
});

Deno.test("KvQuotaStore loads today's persisted total on first use (a restart keeps counts)", async () => {
  using kv = await Deno.openKv(":memory:");
  await kv.set(usageKey("key:k1", DAY), new Deno.KvU64(998n));
  const store = new KvQuotaStore(kv);
  assert.equal((await store.peek("key:k1", 1000, FIXED_NOW)).remaining, 2);
  assert.equal((await store.consume("key:k1", 1000, FIXED_NOW)).remaining, 1);
  await store.close();
  assert.equal(await persisted(kv, "key:k1"), 999);
});

Deno.test("KvQuotaStore rolls over at 00:00 UTC into a new key", async () => {
  using kv = await Deno.openKv(":memory:");
  const store = new KvQuotaStore(kv);
  const lastMs = Date.UTC(2026, 5, 15, 23, 59, 59, 999);
  assert.equal((await store.consume("ip:a", 1, lastMs)).allowed, true);
  assert.equal((await store.consume("ip:a", 1, lastMs)).allowed, false);
  const next = await store.consume("ip:a", 1, lastMs + 1);
  assert.equal(next.allowed, true);
  assert.equal(next.reset, Date.UTC(2026, 5, 17) / 1000);
  await store.close();
  assert.equal(await persisted(kv, "ip:a", "2026-06-15"), 1);
  assert.equal(await persisted(kv, "ip:a", "2026-06-16"), 1);
});

Deno.test("two KvQuotaStores on one KV add up exactly and see each other's flushed counts", async () => {
  using kv = await Deno.openKv(":memory:");
  const a = new KvQuotaStore(kv);
  const b = new KvQuotaStore(kv);
  await Promise.all(
    Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).consume("key:x", 10_000, FIXED_NOW)),
  );
  await a.flush();
  await b.flush();
  assert.equal(await persisted(kv, "key:x"), 300);
  // After its flush each store re-reads the total, so a sees b's 150 as well.
  await a.consume("key:x", 10_000, FIXED_NOW);
  await a.flush();
  assert.equal(await a.used("key:x", FIXED_NOW), 301);
  await a.close();
  await b.close();
});

Deno.test("KvQuotaStore flushes by itself within the flush interval and records a key's last use", async () => {
  using kv = await Deno.openKv(":memory:");
  const store = new KvQuotaStore(kv, { flushIntervalMs: 20 });
  await store.consume("key:k9", 5, FIXED_NOW);
  let value = 0;
  for (let i = 0; i < 50 && value === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await persisted(kv, "key:k9");
  }
  assert.equal(value, 1);
  assert.equal((await kv.get(["usage_last", "key:k9"])).value, FIXED_NOW);
  await store.close();
});

Deno.test("KvQuotaStore sweeps usage rows older than the retention period", async () => {
  using kv = await Deno.openKv(":memory:");
  const old = new Date(FIXED_NOW - (USAGE_RETENTION_DAYS + 1) * 86_400_000).toISOString().slice(
    0,
    10,
  );
  const recent = new Date(FIXED_NOW - 86_400_000).toISOString().slice(0, 10);
  await kv.set(usageKey("ip:old", old), new Deno.KvU64(5n));
  await kv.set(usageKey("ip:old", recent), new Deno.KvU64(7n));
  const store = new KvQuotaStore(kv);
  await store.peek("ip:new", 5, FIXED_NOW);
  await store.close();
  assert.equal((await kv.get(usageKey("ip:old", old))).value, null);
  assert.equal(await persisted(kv, "ip:old", recent), 7);
});

Deno.test("KvQuotaStore keeps increments when a flush fails and persists them on the next", async () => {
  using kv = await Deno.openKv(":memory:");
  const errors: unknown[] = [];
  // Write-behind mechanics: without the strict tail, which would write this count at once.
  const store = new KvQuotaStore(kv, { onError: (e) => errors.push(e), strictTail: 0 });
  await store.consume("ip:z", 10, FIXED_NOW);
  failNextCommits(kv, 1);
  await store.flush();
  assert.equal(errors.length, 1);
  assert.equal(await persisted(kv, "ip:z"), 1, "the failed increment went out on the retry");
  await store.close();
});

Deno.test("KvQuotaStore writes a tick's counters for many callers in one atomic operation", async () => {
  using kv = await Deno.openKv(":memory:");
  const store = new KvQuotaStore(kv, { strictTail: 0 });
  for (let i = 0; i < 100; i++) await store.consume(`ip:10.0.0.${i}`, 5, FIXED_NOW);
  let commits = 0;
  const atomic = kv.atomic.bind(kv);
  kv.atomic = () => {
    commits++;
    return atomic();
  };
  await store.flush();
  assert.equal(commits, 1);
  assert.equal(await persisted(kv, "ip:10.0.0.99"), 1);
  await store.close();
});

Deno.test("KvQuotaStore answers while KV cannot be read, then picks the persisted total up", async () => {
  using kv = await Deno.openKv(":memory:");
  await kv.set(usageKey("ip:r", "2026-06-15"), new Deno.KvU64(3n));
  const get = kv.get.bind(kv);
  let down = true;
  kv.get =
    ((key: Deno.KvKey) =>
      down ? Promise.reject(new Deno.errors.BadResource("closed")) : get(key)) as typeof kv.get;
  const errors: unknown[] = [];
  const store = new KvQuotaStore(kv, { onError: (e) => errors.push(e), strictTail: 0 });
  const first = await store.consume("ip:r", 10, FIXED_NOW);
  assert.deepEqual(
    [first.allowed, first.remaining],
    [true, 9],
    "counted from what this instance saw",
  );
  assert.equal(errors.length, 1);
  down = false;
  await store.flush();
  // The flush added this instance's 1 to the stored 3 and re-read the total.
  assert.equal(await persisted(kv, "ip:r"), 4);
  assert.equal((await store.peek("ip:r", 10, FIXED_NOW + 2_000)).remaining, 6);
  await store.close();
});

Deno.test("KvQuotaStore waits longer after each failed flush, then resets the wait", async () => {
  using kv = await Deno.openKv(":memory:");
  const attempts: { at: number; ok: boolean }[] = [];
  failNextCommits(kv, 4);
  const store = new KvQuotaStore(kv, {
    flushIntervalMs: 20,
    strictTail: 0,
    onError: () => {},
    onFlush: (_ms, ok) => attempts.push({ at: performance.now(), ok }),
  });
  await store.consume("ip:b", 10, FIXED_NOW);
  const deadline = performance.now() + 5_000;
  while (!attempts.some((a) => a.ok) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.deepEqual(attempts.map((a) => a.ok), [false, false, false, false, true]);
  const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
  // Waits of 40, 80, 160, 320 ms (doubling from 20 ms); timers may fire late, never early.
  gaps.forEach((gap, i) => assert.ok(gap >= 20 * 2 ** (i + 1) - 5, `gap ${i}: ${gap} ms`));
  assert.equal(await persisted(kv, "ip:b"), 1, "nothing was lost across the failures");
  await store.close();
});

Deno.test("the strict tail: two instances on one KV admit exactly the limit, each admission stored at once", async () => {
  using kv = await Deno.openKv(":memory:");
  // A long interval: nothing is written behind during the test, only the strict tail writes.
  const a = new KvQuotaStore(kv, { flushIntervalMs: 60_000, strictTail: 10 });
  const b = new KvQuotaStore(kv, { flushIntervalMs: 60_000, strictTail: 10 });
  const limit = 25; // a tail of 10: the first 15 count in memory, the last 10 in KV
  const decisions = await Promise.all(
    Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).consume("ip:t", limit, FIXED_NOW)),
  );
  const admitted = decisions.filter((d) => d.allowed).length;
  // Each instance saw 0 stored at first and counts its first 15 in memory (nothing is flushed
  // here), then enters the tail, where the stored total decides: the overshoot is at most what
  // the other admitted from memory and had not stored yet (15), never the whole tail twice.
  assert.ok(admitted > limit && admitted <= limit + 15, `admitted ${admitted}`);
  const stored = await persisted(kv, "ip:t");
  assert.equal(stored, admitted, "every admission is stored: a crash now loses none");
  // Once both are in the tail, nothing more is admitted anywhere.
  assert.equal((await a.consume("ip:t", limit, FIXED_NOW)).allowed, false);
  assert.equal((await b.consume("ip:t", limit, FIXED_NOW)).allowed, false);
  await a.close();
  await b.close();
  assert.equal(await persisted(kv, "ip:t"), admitted, "closing adds nothing twice");
});

Deno.test("a small limit is strict from the first request: exact across instances", async () => {
  using kv = await Deno.openKv(":memory:");
  const stores = [0, 1, 2].map(() => new KvQuotaStore(kv, { flushIntervalMs: 60_000 }));
  // The anonymous limit (50 a day) and log-in attempts (20 an hour) are at most STRICT_UP_TO.
  const decisions = await Promise.all(
    Array.from({ length: 150 }, (_, i) => stores[i % 3]!.consume("ip:x", 50, FIXED_NOW)),
  );
  assert.equal(decisions.filter((d) => d.allowed).length, 50);
  assert.equal(await persisted(kv, "ip:x"), 50, "each admission was stored before its answer");
  for (const store of stores) await store.close();
});
