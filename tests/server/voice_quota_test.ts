import assert from "node:assert/strict";
import { Hono } from "hono";
import { onError } from "../../server/http/errors.ts";
import { frame } from "../../server/http/frame.ts";
import { consumeQuota, consumeVoiceQuota } from "../../server/http/quota.ts";
import { Metrics } from "../../server/observe/metrics.ts";
import type { AppEnv } from "../../server/http/types.ts";
import { createLogger } from "../../server/log.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";
import { FIXED_NOW, fixedClock } from "../_helpers/app.ts";

Deno.test("a voice call counts toward the key's limit and its separate voice limit", async () => {
  using kv = await Deno.openKv(":memory:");
  const store = new KvQuotaStore(kv);
  const clock = fixedClock();
  const app = new Hono<AppEnv>();
  const logger = createLogger("error", () => {});
  app.use(frame({ quota: store, clock, logger, metrics: new Metrics(), logIp: false }));
  app.use(async (c, next) => {
    c.set("caller", { id: "key:k1", tier: "key", limit: 5, keyId: "k1", accountId: "a1" });
    await next();
  });
  app.post(
    "/voice",
    consumeQuota(store, clock),
    consumeVoiceQuota(store, clock, 2),
    (c) => c.json({ ok: true }),
  );
  app.get("/data", consumeQuota(store, clock), (c) => c.json({ ok: true }));
  app.onError(onError(createLogger("error", () => {})));

  const voice = () => app.request("/voice", { method: "POST" });
  const first = await voice();
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("X-RateLimit-Limit"), "2", "the voice limit binds first");
  assert.equal(first.headers.get("X-RateLimit-Remaining"), "1");
  assert.equal((await voice()).status, 200);
  const third = await voice();
  assert.equal(third.status, 429);
  const body = await third.json();
  assert.deepEqual([body.code, body.limit, body.remaining], ["rate_limited", 2, 0]);
  // 2 voice calls were allowed and 1 refused by the voice limit: all 3 reached the key's counter.
  const data = await app.request("/data");
  assert.equal(data.headers.get("X-RateLimit-Remaining"), "1");
  assert.equal(await store.used("voice:k1", FIXED_NOW), 2);
  await store.close();
});
