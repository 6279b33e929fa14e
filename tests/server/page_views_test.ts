import assert from "node:assert/strict";
import { isBot, PAGE_VIEWS_PREFIX, PageViews } from "../../server/page_views.ts";

const PERSON =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36";

async function stored(kv: Deno.Kv): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for await (const e of kv.list<Deno.KvU64>({ prefix: [...PAGE_VIEWS_PREFIX] })) {
    out[String(e.key.at(-1))] = Number(e.value.value);
  }
  return out;
}

Deno.test("isBot() tells crawlers, previews, monitors and scripts from browsers", () => {
  for (
    const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/140.0 Safari/537.36",
      "curl/8.5.0",
      "Wget/1.21",
      "python-requests/2.31",
      "UptimeRobot/2.0",
      "",
      null,
      undefined,
    ]
  ) assert.equal(isBot(agent), true, String(agent));
  for (
    const agent of [
      PERSON,
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    ]
  ) assert.equal(isBot(agent), false, agent);
});

Deno.test("PageViews batches views in memory and writes them in one flush", async () => {
  await using kv = await Deno.openKv(":memory:");
  const views = new PageViews(kv);
  for (let i = 0; i < 50; i++) views.record("loan", PERSON, `ip:198.51.100.${i}`);
  views.record("paye", PERSON, "ip:198.51.100.1");
  assert.equal(views.record("paye", "Googlebot/2.1", "ip:198.51.100.2"), false);
  assert.deepEqual(await stored(kv), {}, "nothing is written per view");
  assert.deepEqual([...views.popularity()], [["loan", 50], ["paye", 1]]);
  await views.flush();
  assert.deepEqual(await stored(kv), { loan: 50, paye: 1 });
  views.record("loan", PERSON, "ip:198.51.100.200");
  assert.equal(views.popularity().get("loan"), 51, "stored plus pending");
  await views.close();
  assert.deepEqual(await stored(kv), { loan: 51, paye: 1 });
  assert.equal(
    views.record("loan", PERSON, "ip:198.51.100.201"),
    false,
    "closed counters take no more views",
  );
});

Deno.test("PageViews adds to what KV holds and reads it at load (two instances, one KV)", async () => {
  await using kv = await Deno.openKv(":memory:");
  const a = new PageViews(kv);
  const b = new PageViews(kv);
  a.record("fd", PERSON, "ip:198.51.100.1");
  b.record("fd", PERSON, "ip:198.51.100.2");
  b.record("fd", PERSON, "ip:198.51.100.3");
  await a.flush();
  await b.flush();
  assert.deepEqual(await stored(kv), { fd: 3 });
  // A caller A counted today is not counted again by B (or after a restart).
  b.record("fd", PERSON, "ip:198.51.100.1");
  await b.flush();
  assert.deepEqual(await stored(kv), { fd: 3 });
  const fresh = new PageViews(kv);
  await fresh.load();
  assert.equal(fresh.popularity().get("fd"), 3);
  await Promise.all([a.close(), b.close(), fresh.close()]);
});

Deno.test("PageViews flushes on its interval and close() stops the timer", async () => {
  await using kv = await Deno.openKv(":memory:");
  const views = new PageViews(kv, { flushIntervalMs: 20 });
  views.record("land", PERSON, "ip:198.51.100.1");
  const deadline = Date.now() + 2_000;
  while ((await stored(kv)).land !== 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.deepEqual(await stored(kv), { land: 1 });
  views.record("land", PERSON, "ip:198.51.100.2");
  await views.close(); // the test's op sanitizer fails if the interval were left running
  assert.deepEqual(await stored(kv), { land: 2 });
});

Deno.test("PageViews keeps the batch when a flush fails", async () => {
  const kv = await Deno.openKv(":memory:");
  const views = new PageViews(kv);
  views.record("vat", PERSON, "ip:198.51.100.1");
  kv.close();
  await assert.rejects(views.flush());
  assert.equal(views.popularity().get("vat"), 1);
});

Deno.test("PageViews counts distinct callers per page per UTC day, not requests", async () => {
  await using kv = await Deno.openKv(":memory:");
  let now = Date.parse("2026-06-15T10:00:00Z");
  const views = new PageViews(kv, { now: () => now });
  // One address reloading a page with a browser User-Agent: one view, however many requests.
  for (let i = 0; i < 500; i++) views.record("vat", PERSON, "ip:203.0.113.7");
  assert.equal(views.record("vat", PERSON, "ip:203.0.113.7"), false);
  views.record("loan", PERSON, "ip:203.0.113.7");
  views.record("loan", PERSON, "ip:203.0.113.8");
  await views.flush();
  assert.deepEqual(await stored(kv), { vat: 1, loan: 2 });
  assert.deepEqual(
    [...views.popularity()].sort((a, b) => b[1] - a[1])[0],
    ["loan", 2],
    "two people outrank one reloading person",
  );
  now += 86_400_000; // the next UTC day: the same caller counts again
  views.record("vat", PERSON, "ip:203.0.113.7");
  await views.close();
  assert.deepEqual(await stored(kv), { vat: 2, loan: 2 });
});
