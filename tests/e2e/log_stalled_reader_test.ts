/**
 * A reader of the server's stdout that stops reading (a stuck pipe, a stalled journald). Before
 * the log was written in the background, every request waited once the pipe was full. Now the
 * server goes on answering, drops what does not fit, and says how much once stdout is read again.
 * A socket test: what is checked is the process and its real pipe.
 */
import assert from "node:assert/strict";
import { startTaskV8Flags } from "../_helpers/server.ts";

Deno.test("a stdout nobody reads costs log lines, not answers; the loss is said afterwards", async () => {
  const dir = await Deno.makeTempDir();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", ...startTaskV8Flags(), "server/main.ts"],
    cwd: new URL("../../", import.meta.url),
    env: {
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      KV_PATH: `${dir}/kv.sqlite3`,
      ANON_DAILY_LIMIT: "1000000",
      DENO_NO_UPDATE_CHECK: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let stderr = "";
  const errDone = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) stderr += chunk;
  })();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    // Read stdout only until the start-up line names the port, then stop reading it.
    let head = "";
    let port: number | undefined;
    while (port === undefined) {
      const { value, done } = await reader.read();
      if (done) assert.fail(`the server exited before listening:\n${head}\n${stderr}`);
      head += value;
      port = Number(/"message":"Listening".*?"port":(\d+)/.exec(head)?.[1]) || undefined;
    }
    const url = `http://127.0.0.1:${port}/api/v1/vat?amount=1000`;
    // About 190 bytes of log a request: 8,000 requests write 1.5 MB, past the pipe's 64 KiB
    // and the ring of about 5,000 request lines the server lets wait for a reader.
    let answered = 0;
    const started = Date.now();
    const worker = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        assert.equal(res.status, 200);
        await res.body?.cancel();
        answered++;
      }
    };
    await Promise.all(Array.from({ length: 20 }, () => worker(400)));
    assert.equal(answered, 8_000);
    assert.ok(Date.now() - started < 60_000, "answered while nobody read the log");
    // Read again: the server says how many lines it dropped.
    let rest = "";
    const draining = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        rest += value;
      }
    })();
    const deadline = Date.now() + 10_000;
    while (!/were dropped: stdout was not read fast enough/.test(stderr) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const said = stderr.split("\n").find((l) => l.includes("stdout was not read fast enough"));
    assert.ok(said, `no word of dropped lines on stderr:\n${stderr}`);
    const dropped = JSON.parse(said).dropped;
    assert.ok(dropped > 0, said);
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    await draining;
    // Every request's line was either written (now, at the stop included) or counted as dropped.
    const written = `${head}${rest}`.split("\n").filter((l) => l.includes('"route":"/api/v1/vat"'))
      .length;
    assert.equal(written + dropped, 8_000, `${written} written + ${dropped} dropped`);
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* exited */ }
    await child.status;
    await errDone;
    await Deno.remove(dir, { recursive: true });
  }
});
