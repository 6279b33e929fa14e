import assert from "node:assert/strict";
import { Accounts } from "../../server/accounts/store.ts";
import { BackupError, encodeValue, exportKv, importKv } from "../../server/backup.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";
import { FIXED_NOW, fixedClock } from "../_helpers/app.ts";

async function dump(kv: Deno.Kv): Promise<unknown[]> {
  const rows: unknown[] = [];
  for await (const entry of kv.list({ prefix: [] })) {
    if (entry.key[0] === "sessions") continue;
    rows.push(encodeValue({ key: entry.key, value: entry.value }));
  }
  return rows;
}

async function exported(kv: Deno.Kv): Promise<string> {
  const lines: string[] = [];
  await exportKv(kv, (line) => void lines.push(line), new Date(FIXED_NOW));
  return `${lines.join("\n")}\n`;
}

/** A KV holding real app records (an account, a key, counters) and every awkward value type. */
async function populated(): Promise<{ kv: Deno.Kv; key: string }> {
  const kv = await Deno.openKv(":memory:");
  const accounts = new Accounts(kv, { clock: fixedClock(), iterations: 1_000 });
  const account = await accounts.signUp("backup@example.lk", "correct horse battery staple");
  const { key, record } = await accounts.createKey(account.id, "backup test");
  const quota = new KvQuotaStore(kv);
  for (let i = 0; i < 7; i++) await quota.consume(`key:${record.id}`, 100, FIXED_NOW);
  await quota.close();
  await accounts.createSession(account);
  await kv.set(["types", 1n, 2.5, true, new Uint8Array([0, 255])], {
    date: new Date(FIXED_NOW),
    bytes: new Uint8Array([1, 2, 3]),
    big: 12345678901234567890n,
    u64: new Deno.KvU64(42n),
    map: new Map([["a", 1]]),
    set: new Set(["x"]),
    undef: undefined,
    nan: NaN,
    tagged: { $t: "not a tag", v: 1 },
    text: "සිංහල தமிழ்",
  });
  return { kv, key };
}

Deno.test("export then import into an empty KV reproduces every record, types included", async () => {
  const { kv: source, key } = await populated();
  const text = await exported(source);
  using target = await Deno.openKv(":memory:");
  const count = await importKv(target, text);
  assert.ok(count > 5);
  assert.deepEqual(await dump(target), await dump(source));
  // The restored store works: the key resolves and the counter is a real KvU64 sum target.
  const restored = new Accounts(target, { clock: fixedClock() });
  const record = await restored.resolve(key);
  assert.ok(record);
  const quota = new KvQuotaStore(target);
  assert.equal((await quota.consume(`key:${record.id}`, 100, FIXED_NOW)).remaining, 92);
  await quota.close();
  const types = await target.get<Record<string, unknown>>([
    "types",
    1n,
    2.5,
    true,
    new Uint8Array([0, 255]),
  ]);
  for await (const usage of target.list({ prefix: ["usage"] })) {
    assert.ok(usage.value instanceof Deno.KvU64, "usage counters come back as KvU64");
  }
  assert.ok(types.value?.date instanceof Date);
  assert.equal(types.value?.big, 12345678901234567890n);
  assert.deepEqual(types.value?.tagged, { $t: "not a tag", v: 1 });
  source.close();
});

Deno.test("the backup holds hashes, never the API key or the password, and no sessions", async () => {
  const { kv, key } = await populated();
  const text = await exported(kv);
  assert.ok(!text.includes(key));
  assert.ok(!text.includes("correct horse"));
  assert.ok(!text.includes('"sessions"'));
  kv.close();
});

Deno.test("import refuses a non-empty KV, a truncated file and a bad header, writing nothing", async () => {
  const { kv: source } = await populated();
  const text = await exported(source);
  source.close();
  using target = await Deno.openKv(":memory:");
  const truncated = text.split("\n").slice(0, -3).join("\n");
  await assert.rejects(() => importKv(target, truncated), BackupError);
  await assert.rejects(() => importKv(target, `{"format":"other"}\n`), /header/);
  await assert.rejects(() => importKv(target, text.replace('"key"', "{broken")), BackupError);
  assert.deepEqual(await dump(target), [], "nothing was written by the refused imports");
  await target.set(["existing"], 1);
  await assert.rejects(() => importKv(target, text), /not empty/);
  assert.deepEqual(await dump(target), [encodeValue({ key: ["existing"], value: 1 })]);
});

Deno.test("deno task admin export and import round-trip through a file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { kv: source } = await populated();
    const before = await dump(source);
    const sourcePath = `${dir}/source.sqlite3`;
    // Copy the records into a file-backed KV the CLI can open.
    const file = await Deno.openKv(sourcePath);
    await importKv(file, await exported(source));
    file.close();
    source.close();
    const cli = (kvPath: string, ...args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-all", "server/admin.ts", ...args],
        env: { KV_PATH: kvPath },
        stdout: "piped",
        stderr: "piped",
      }).output();
    const out = await cli(sourcePath, "export");
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    await Deno.writeFile(`${dir}/backup.jsonl`, out.stdout);
    const restore = await cli(`${dir}/restored.sqlite3`, "import", `${dir}/backup.jsonl`);
    assert.equal(restore.code, 0, new TextDecoder().decode(restore.stderr));
    assert.match(new TextDecoder().decode(restore.stdout), /Imported \d+ entries/);
    using restored = await Deno.openKv(`${dir}/restored.sqlite3`);
    assert.deepEqual(await dump(restored), before);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
