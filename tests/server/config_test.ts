import assert from "node:assert/strict";
import { colomboToday } from "../../server/clock.ts";
import { ConfigError, loadConfig } from "../../server/config.ts";
import { openKv } from "../../server/kv.ts";

Deno.test("loadConfig() gives the documented defaults", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.hostname, "0.0.0.0");
  assert.equal(config.kvPath, ".data/lanka.sqlite3");
  assert.equal(config.publicBaseUrl, "http://localhost:8000");
  assert.equal(config.trustProxy, 0);
  assert.deepEqual([config.anonDailyLimit, config.keyDailyLimit, config.voiceDailyLimit], [
    50,
    1000,
    100,
  ]);
  assert.equal(config.voicePageDailyLimit, 20);
});

Deno.test("VOICE_PAGE_DAILY_LIMIT is a whole number from 0 up, named when it is not", () => {
  assert.equal(loadConfig({ VOICE_PAGE_DAILY_LIMIT: "2" }).voicePageDailyLimit, 2);
  assert.equal(loadConfig({ VOICE_PAGE_DAILY_LIMIT: "0" }).voicePageDailyLimit, 0);
  for (const bad of ["-1", "twenty", "2.5"]) {
    assert.throws(
      () => loadConfig({ VOICE_PAGE_DAILY_LIMIT: bad }),
      new RegExp(
        `VOICE_PAGE_DAILY_LIMIT must be a whole number from 0 to 1000000000: got "${bad}"`,
      ),
    );
  }
});

Deno.test("loadConfig() accepts :memory:, KV Connect URLs and proxy counts", () => {
  assert.equal(loadConfig({ KV_PATH: ":memory:" }).kvPath, ":memory:");
  assert.equal(
    loadConfig({ KV_PATH: "https://kv.example:4512" }).kvPath,
    "https://kv.example:4512",
  );
  assert.equal(loadConfig({ TRUST_PROXY: "true" }).trustProxy, 1);
  assert.equal(loadConfig({ TRUST_PROXY: "2" }).trustProxy, 2);
  assert.equal(
    loadConfig({ PUBLIC_BASE_URL: "https://api.example.lk/" }).publicBaseUrl,
    "https://api.example.lk",
  );
});

Deno.test("loadConfig() lists every bad variable in one clear error", () => {
  assert.throws(
    () => loadConfig({ PORT: "eighty", TRUST_PROXY: "maybe", ANON_DAILY_LIMIT: "-1" }),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.problems.length, 3);
      assert.match(error.message, /PORT must be a whole number from 0 to 65535: got "eighty"/);
      assert.match(error.message, /TRUST_PROXY/);
      assert.match(error.message, /ANON_DAILY_LIMIT/);
      return true;
    },
  );
  assert.throws(
    () => loadConfig({ PUBLIC_BASE_URL: "ftp://x" }),
    /PUBLIC_BASE_URL must be an http\(s\) URL/,
  );
});

Deno.test("colomboToday() turns the date at 18:30 UTC (midnight in Colombo)", () => {
  let now = Date.UTC(2026, 4, 29, 18, 29, 59);
  const today = colomboToday({ now: () => now });
  assert.equal(today(), "2026-05-29");
  now = Date.UTC(2026, 4, 29, 18, 30, 0);
  assert.equal(today(), "2026-05-30");
  now = Date.UTC(2026, 4, 29, 12, 0, 0); // a clock moved back is followed too
  assert.equal(today(), "2026-05-29");
});

Deno.test("openKv() creates the folder of a file path and names the path when it fails", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const kv = await openKv(`${dir}/nested/deeper/lanka.sqlite3`);
    await kv.set(["x"], 1);
    kv.close();
    assert.ok((await Deno.stat(`${dir}/nested/deeper/lanka.sqlite3`)).isFile);
    await Deno.writeTextFile(`${dir}/file`, "not a folder");
    await assert.rejects(
      () => openKv(`${dir}/file/lanka.sqlite3`),
      /Cannot|Not a directory|exists/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("QUOTA_EXACT defaults to 1 where instances share the KV (a KV Connect URL, Deploy's default) and to 0 for one process's file", () => {
  assert.equal(loadConfig({}).quotaExact, false);
  assert.equal(loadConfig({ KV_PATH: ":memory:" }).quotaExact, false);
  assert.equal(loadConfig({ KV_PATH: "/var/lib/lanka-api/kv.sqlite3" }).quotaExact, false);
  assert.equal(loadConfig({ KV_PATH: "https://kv.example:4512" }).quotaExact, true);
  assert.equal(loadConfig({ KV_PATH: "default" }).quotaExact, true);
  assert.equal(loadConfig({ QUOTA_EXACT: "1" }).quotaExact, true);
  assert.equal(
    loadConfig({ KV_PATH: "https://kv.example:4512", QUOTA_EXACT: "0" }).quotaExact,
    false,
  );
  assert.throws(() => loadConfig({ QUOTA_EXACT: "yes" }), /QUOTA_EXACT must be 0 or 1/);
});

Deno.test("ACCESS_LOG is on by default, 0 or false turns it off, anything else is named", () => {
  assert.equal(loadConfig({}).accessLog, true);
  assert.equal(loadConfig({ ACCESS_LOG: "1" }).accessLog, true);
  assert.equal(loadConfig({ ACCESS_LOG: "0" }).accessLog, false);
  assert.equal(loadConfig({ ACCESS_LOG: "false" }).accessLog, false);
  assert.throws(() => loadConfig({ ACCESS_LOG: "off" }), /ACCESS_LOG must be 0 or 1/);
});

Deno.test("COMPRESSION is gzip (the default) or off, named when it is neither", () => {
  assert.equal(loadConfig({}).compression, true);
  assert.equal(loadConfig({ COMPRESSION: "gzip" }).compression, true);
  assert.equal(loadConfig({ COMPRESSION: "off" }).compression, false);
  assert.throws(() => loadConfig({ COMPRESSION: "br" }), /COMPRESSION must be gzip or off/);
});
