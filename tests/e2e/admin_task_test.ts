/**
 * `deno task admin` as an operator runs it: with KV_PATH outside .data (the systemd recipe's
 * /var/lib/lanka-api), and with mistakes that must read as messages, never stack traces.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

async function admin(env: Record<string, string>, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "admin", ...args],
    cwd: ROOT,
    env: { DENO_NO_UPDATE_CHECK: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

const STACK = /^\s+at .+:\d+:\d+\)?$/m;

Deno.test("deno task admin works on a KV under /var/lib/lanka-api and explains other folders", async () => {
  const base = "/var/lib/lanka-api";
  let created = false;
  try {
    await Deno.stat(base);
  } catch {
    await Deno.mkdir(base, { recursive: true });
    created = true;
  }
  const dir = `${base}/test-${crypto.randomUUID()}`;
  try {
    const env = { KV_PATH: `${dir}/lanka.sqlite3` };
    const made = await admin(env, "keys", "create", "--email", "ops@example.lk", "--name", "CI");
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /Created key key_/);
    const listed = await admin(env, "keys", "list", "--email", "ops@example.lk");
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /\tCI\t/);

    // An operator's mistakes: a message and a status, no stack trace.
    const unknown = await admin(env, "keys", "revoke", "key_nosuchkey");
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No key with id "key_nosuchkey"/);
    assert.doesNotMatch(unknown.stderr, STACK);
    const missing = await admin(env, "import", `${dir}/no-such-backup.jsonl`);
    assert.equal(missing.code, 1);
    assert.doesNotMatch(missing.stderr, STACK);
    const usage = await admin(env, "usage", "--day", "yesterday");
    assert.equal(usage.code, 2);
    assert.doesNotMatch(usage.stderr, STACK);
    const badConfig = await admin({ ...env, KEY_DAILY_LIMIT: "lots" }, "editors", "list");
    assert.equal(badConfig.code, 2);
    assert.match(badConfig.stderr, /KEY_DAILY_LIMIT must be a whole number/);
    assert.doesNotMatch(badConfig.stderr, STACK);

    // A folder the task may not write: the reason and the command that works, no stack trace.
    const elsewhere = await Deno.makeTempDir();
    try {
      const denied = await admin({ KV_PATH: `${elsewhere}/kv/lanka.sqlite3` }, "editors", "list");
      assert.equal(denied.code, 3);
      assert.match(denied.stderr, /Cannot open KV/);
      assert.match(denied.stderr, new RegExp(`--allow-write=${elsewhere}/kv server/admin.ts`));
      assert.doesNotMatch(denied.stderr, STACK);
    } finally {
      await Deno.remove(elsewhere, { recursive: true });
    }
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    if (created) await Deno.remove(base, { recursive: true }).catch(() => {});
  }
});
