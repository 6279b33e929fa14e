import assert from "node:assert/strict";
import { parseArgs, runAdmin } from "../../server/admin.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";
import { Accounts } from "../../server/accounts/store.ts";
import { FIXED_NOW, fixedClock } from "../_helpers/app.ts";

async function admin(kv: Deno.Kv, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runAdmin(
    argv,
    { kv, clock: fixedClock(), out: (l) => out.push(l) },
    (l) => err.push(l),
  );
  return { status, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("parseArgs() reads --name value, --name=value and positionals", () => {
  assert.deepEqual(parseArgs(["k1", "--email", "a@b.co", "--day=2026-01-01", "--all"]), {
    positional: ["k1"],
    options: { email: "a@b.co", day: "2026-01-01", all: true },
  });
});

Deno.test("admin keys create, list, revoke and usage work on the server's KV", async () => {
  using kv = await Deno.openKv(":memory:");
  const created = await admin(kv, "keys", "create", "--email", "ops@example.com", "--name", "CI");
  assert.equal(created.status, 0);
  const key = /(lk_[0-9A-Za-z]{32})/.exec(created.out)?.[1];
  assert.ok(key);
  const accounts = new Accounts(kv, { clock: fixedClock() });
  const record = await accounts.resolve(key);
  assert.ok(record);

  const store = new KvQuotaStore(kv);
  for (let i = 0; i < 3; i++) {
    await store.consume(`acct:${record.accountId}`, 10, FIXED_NOW, `key:${record.id}`);
  }
  await store.consume("ip:203.0.113.7", 10, FIXED_NOW);
  await store.close();

  const usage = await admin(kv, "usage", "--day", "2026-06-15");
  assert.equal(usage.status, 0);
  const lines = usage.out.split("\n");
  assert.match(lines[1]!, new RegExp(`^\\s+3  acct:${record.accountId}  \\(ops@example\\.com\\)$`));
  assert.match(lines[2]!, /^\s+1 {2}ip:203\.0\.113\.7$/);
  assert.match(lines[3]!, /^\s+4 {2}total$/);

  const listed = await admin(kv, "keys", "list", "--email", "ops@example.com");
  assert.match(listed.out, new RegExp(`^${record.id}\\t${key.slice(0, 8)}…\\tCI\\t.*\\tactive$`));
  assert.ok(!listed.out.includes(key));

  const revoked = await admin(kv, "keys", "revoke", record.id);
  assert.equal(revoked.status, 0);
  assert.equal(await new Accounts(kv).resolve(key), null);
});

Deno.test("admin reports bad usage with status 2 and the command's usage line", async () => {
  using kv = await Deno.openKv(":memory:");
  const missing = await admin(kv, "keys", "create");
  assert.equal(missing.status, 2);
  assert.match(missing.err, /--email is required/);
  assert.match(missing.err, /Usage: deno task admin keys create --email <email>/);
  const unknown = await admin(kv, "frobnicate");
  assert.equal(unknown.status, 2);
  assert.match(unknown.err, /usage \[--day YYYY-MM-DD\]/);
  const badDay = await admin(kv, "usage", "--day", "yesterday");
  assert.equal(badDay.status, 2);
  const noKey = await admin(kv, "keys", "revoke", "key_nope");
  assert.equal(noKey.status, 1);
});
