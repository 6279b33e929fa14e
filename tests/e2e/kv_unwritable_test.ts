/**
 * A store that cannot write is not ready: the real server on a KV file in a read-only bind mount,
 * and on a full tmpfs. Needs root and `mount` (a CI container as root has both); where mounting
 * is not permitted the test is ignored, saying why.
 *
 * Root ignores file modes (`chmod 0444` does not stop root's writes), so modes cannot make the
 * store read-only here: a read-only bind mount (`mount --bind`, then `mount -o remount,ro,bind`)
 * and a tmpfs filled to the last byte really fail SQLite's writes.
 */
import assert from "node:assert/strict";
import { startServer } from "./_server.ts";

async function run(...args: string[]): Promise<{ ok: boolean; text: string }> {
  try {
    const out = await new Deno.Command(args[0]!, { args: args.slice(1), stderr: "piped" }).output();
    return { ok: out.success, text: new TextDecoder().decode(out.stderr) };
  } catch (error) {
    return { ok: false, text: String(error) };
  }
}

async function canMount(): Promise<boolean> {
  if (Deno.build.os !== "linux" || Deno.uid() !== 0) return false;
  const dir = await Deno.makeTempDir();
  const mounted = await run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir);
  if (mounted.ok) await run("umount", dir);
  await Deno.remove(dir);
  return mounted.ok;
}

const MOUNT = await canMount();
const WHY = "needs root and mount (tmpfs, bind) to make a store that really cannot write";

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectUnwritable(url: string): Promise<void> {
  const ready = await fetch(`${url}/readyz`);
  assert.equal(ready.status, 503);
  assert.deepEqual((await ready.json()).checks, { kv: "failing" });
  const live = await fetch(`${url}/healthz`);
  assert.equal(live.status, 200, "the process is alive");
  await live.body?.cancel();
  const signUp = await fetch(`${url}/api/v1/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "late@example.lk", password: "late Passw0rd" }),
  });
  assert.equal(signUp.status, 503);
  assert.equal(signUp.headers.get("Retry-After"), "5");
  const body = await signUp.json();
  assert.equal(body.code, "unavailable");
  assert.match(body.error, /Storage cannot be written right now/);
  // Calculators keep answering; their counts wait in memory and the log says so.
  const vat = await fetch(`${url}/api/v1/vat?amount=100`);
  assert.equal(vat.status, 200);
  await vat.body?.cancel();
}

Deno.test({
  name:
    "a KV on a read-only mount: /readyz is 503 naming kv, writes are 503, lost counts are logged",
  ignore: !MOUNT,
  async fn() {
    const dir = await Deno.makeTempDir();
    const kvPath = `${dir}/kv.sqlite3`;
    // The KV exists and this test keeps it open, so its -wal and -shm files exist before the
    // mount turns read-only (SQLite cannot create them on a read-only mount).
    const holder = await Deno.openKv(kvPath);
    await holder.set(["before"], 1);
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let mounted = false;
    try {
      assert.ok((await run("mount", "--bind", dir, dir)).ok);
      mounted = true;
      const ro = await run("mount", "-o", "remount,ro,bind", dir);
      assert.ok(ro.ok, ro.text);
      server = await startServer(kvPath, { LOG_LEVEL: "warn" });
      await expectUnwritable(server.url);
      await waitFor(
        () => /Quota counts could not be stored; kept in memory, retrying/.test(server!.stderr()),
        "the log line of counts that cannot be stored",
      );
      assert.match(server.stderr(), /"pending":[1-9]/);
      assert.equal(await server.stop("SIGTERM"), 0);
      assert.match(
        server.stderr(),
        /counted requests could not be stored before shutdown and are lost/,
        "counts that are dropped at shutdown are said",
      );
    } finally {
      await server?.stop("SIGKILL").catch(() => {});
      holder.close();
      if (mounted) await run("umount", dir);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name: "a KV on a full disk: /readyz turns 503 naming kv and writes answer 503, never 500",
  ignore: !MOUNT,
  async fn() {
    const dir = await Deno.makeTempDir();
    assert.ok((await run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir)).ok);
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      server = await startServer(`${dir}/kv.sqlite3`, { LOG_LEVEL: "warn" });
      const ready = await fetch(`${server.url}/readyz`);
      assert.equal(ready.status, 200);
      await ready.body?.cancel();
      // Fill the disk to the last byte.
      const filler = await Deno.open(`${dir}/filler`, { write: true, create: true });
      try {
        const block = new Uint8Array(64 * 1024);
        for (;;) await filler.write(block);
      } catch { /* full */ }
      filler.close();
      await expectUnwritable(server.url);
      await waitFor(
        () => /Quota counts could not be stored; kept in memory, retrying/.test(server!.stderr()),
        "the log line of counts that cannot be stored",
      );
    } finally {
      await server?.stop("SIGKILL").catch(() => {});
      await run("umount", dir);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

if (!MOUNT) console.warn(`kv_unwritable_test ignored: ${WHY}`);
