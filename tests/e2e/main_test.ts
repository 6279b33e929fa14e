import assert from "node:assert/strict";
import { startServer } from "../_helpers/server.ts";

async function runMain(env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "server/main.ts"],
    env: { HOSTNAME: "127.0.0.1", PORT: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("the server refuses a bad configuration with exit 2 naming every bad variable", async () => {
  const { code, stderr } = await runMain({ PORT: "http", TRUST_PROXY: "sometimes" });
  assert.equal(code, 2);
  assert.match(stderr, /Invalid configuration/);
  assert.match(stderr, /PORT must be a whole number/);
  assert.match(stderr, /TRUST_PROXY must be/);
});

Deno.test("the server fails fast with exit 3 when KV cannot be opened", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/blocker`, "a file where a folder should be");
    const { code, stderr } = await runMain({ KV_PATH: `${dir}/blocker/kv.sqlite3` });
    assert.equal(code, 3);
    assert.match(stderr, /Cannot open KV at/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("SIGTERM under load answers or refuses every request cleanly, closes KV and exits 0", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3` });
  try {
    // Attach handlers at once: a request the server never accepted fails to connect, which is
    // fine; one it accepted must be answered completely with 200, never cut off or 5xx.
    const call = (i: number) =>
      fetch(`${server.url}/api/v1/vat?amount=${i + 1}`).then(
        async (res) => ({ status: res.status, body: await res.json() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
    const before = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)));
    assert.ok(before.every((r) => r.status === 200));
    const during = Array.from({ length: 30 }, (_, i) => call(i));
    const status = await server.stop("SIGTERM");
    for (const result of await Promise.all(during)) {
      if (result.status !== 0) {
        assert.equal(result.status, 200);
        assert.equal(result.body.ok, true);
      } else {
        assert.doesNotMatch(
          result.body,
          /message completed|incomplete/i,
          "a request was cut off mid-answer",
        );
      }
    }
    assert.equal(status.code, 0);
    assert.match(server.output(), /"message":"Shutting down","signal":"SIGTERM"/);
    assert.match(server.output(), /"message":"Stopped"/);
    await assert.rejects(() => fetch(`${server.url}/healthz`));
  } finally {
    await server.stop("SIGKILL");
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a graceful shutdown under load persists every counted request", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const server = await startServer({ KV_PATH: kvPath, ANON_DAILY_LIMIT: "1000000" });
  try {
    let answered = 0;
    let refused = 0;
    const call = () =>
      fetch(`${server.url}/api/v1/vat?amount=100`).then(async (res) => {
        await res.body?.cancel();
        answered++;
      }, () => void refused++);
    // Keep 20 requests in flight, then stop the server in the middle of the traffic.
    let running = true;
    const workers = Array.from({ length: 20 }, async () => {
      while (running) await call();
    });
    await new Promise((r) => setTimeout(r, 400));
    const status = await server.stop("SIGTERM");
    running = false;
    await Promise.all(workers);
    assert.equal(status.code, 0);
    using kv = await Deno.openKv(kvPath);
    let persisted = 0;
    for await (const entry of kv.list<Deno.KvU64>({ prefix: ["usage"] })) {
      if (String(entry.key[1]).startsWith("ip:")) persisted += Number(entry.value.value);
    }
    // Every answered request was counted and flushed before exit. A request the server counted
    // but could not answer (its connection closed during shutdown) may add at most one each.
    assert.ok(answered > 20, `only ${answered} requests were answered`);
    assert.ok(persisted >= answered, `persisted ${persisted} < answered ${answered}`);
    assert.ok(
      persisted <= answered + refused,
      `persisted ${persisted} > answered ${answered} + refused ${refused}`,
    );
  } finally {
    await server.stop("SIGKILL");
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a port already in use stops the server with exit 4 naming the address", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = String((taken.addr as Deno.NetAddr).port);
    const { code, stderr } = await runMain({ PORT: port, KV_PATH: ":memory:" });
    assert.equal(code, 4);
    assert.match(stderr, new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: `));
  } finally {
    taken.close();
  }
});

Deno.test("on PORT=0 the server names the port it bound in its start-up line and its links", async () => {
  const dir = await Deno.makeTempDir();
  // LOG_LEVEL=error: the start-up line is written at every level.
  const server = await startServer({ KV_PATH: `${dir}/kv.sqlite3`, LOG_LEVEL: "error" });
  try {
    const port = new URL(server.url).port;
    assert.match(server.output(), new RegExp(`"message":"Listening".*"port":${port}`));
    // Without METRICS_TOKEN the server says at start-up who may read /metrics.
    assert.match(server.output(), /"message":"Metrics".*loopback callers only/);
    const index = await (await fetch(`${server.url}/api/v1`)).json();
    assert.equal(index.data.baseUrl, `${server.url}/api/v1`);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
