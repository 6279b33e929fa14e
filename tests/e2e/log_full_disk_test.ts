/**
 * A log that cannot be written: the server's stdout on a full disk (`/dev/full`, which refuses
 * every write with ENOSPC). Before request lines were batched, the first `console.log` threw and
 * the server died at start-up. Now it serves, says once on stderr that lines are dropped, and stops
 * cleanly. A socket test: what is checked is the process, its file descriptors and its port.
 */
import assert from "node:assert/strict";
import { collectOutput, freePort, startTaskV8Flags } from "../_helpers/server.ts";

const FULL = "/dev/full";
const hasFull = await Deno.stat(FULL).then(() => true, () => false);

Deno.test({
  name:
    "with stdout on a full disk the server answers, says once that lines are dropped, and stops",
  ignore: !hasFull,
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      // The port cannot be read from the start-up line (it goes to the full disk): choose one,
      // and choose again should another process take it first (the server exits with status 4).
      for (let attempt = 0; attempt < 3; attempt++) {
        const port = freePort();
        const deno = [
          Deno.execPath(),
          "run",
          "--allow-all",
          ...startTaskV8Flags(),
          "server/main.ts",
        ];
        const child = new Deno.Command("sh", {
          args: ["-c", `exec "$@" > ${FULL}`, "sh", ...deno],
          cwd: new URL("../../", import.meta.url),
          env: {
            PORT: String(port),
            HOSTNAME: "127.0.0.1",
            KV_PATH: `${dir}/kv-${attempt}.sqlite3`,
            DENO_NO_UPDATE_CHECK: "1",
          },
          stdin: "null",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const output = collectOutput(child);
        let exit: Deno.CommandStatus | undefined;
        const status = child.status.then((s) => (exit = s));
        const url = `http://127.0.0.1:${port}`;
        const deadline = Date.now() + 60_000;
        let up = false;
        while (!up && exit === undefined && Date.now() < deadline) {
          try {
            const res = await fetch(`${url}/healthz`);
            await res.body?.cancel();
            up = res.ok;
          } catch { /* not listening yet */ }
          if (!up) await new Promise((r) => setTimeout(r, 100));
        }
        if (!up) {
          if (exit === undefined) child.kill("SIGKILL");
          await status;
          await output.done;
          if (exit?.code === 4) continue; // the port was taken: try another
          assert.fail(`the server did not start (exit ${exit?.code}):\n${output.text()}`);
        }
        for (let i = 0; i < 5; i++) {
          const res = await fetch(`${url}/api/v1/vat?amount=${1000 + i}`);
          assert.equal(res.status, 200);
          // 18 % VAT (first principles), in whole cents.
          assert.equal((await res.json()).data.vat, ((1000 + i) * 18) / 100);
        }
        const page = await fetch(`${url}/tools/vat`);
        assert.equal(page.status, 200);
        await page.body?.cancel();
        // Past the batch interval, so the request lines have been tried.
        await new Promise((r) => setTimeout(r, 300));
        child.kill("SIGTERM");
        await status;
        await output.done;
        assert.equal(exit?.code, 0, output.text());
        const said = output.text().split("\n").filter((line) =>
          line.includes("Log lines could not be written and were dropped")
        );
        assert.equal(said.length, 1, output.text());
        assert.match(JSON.parse(said[0]!).error, /No space left on device/);
        return;
      }
      assert.fail("no free port in three attempts");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
