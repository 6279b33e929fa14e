/**
 * Socket tests of the connection: `server/main.ts` on a real port, called with curl from two
 * loopback source addresses (127.0.0.1 and 127.0.1.5). Everything here depends on the peer address
 * Deno.serve reports, which `app.request()` never has: the per-address log-in allowance, the
 * anonymous quota, `/metrics` on loopback, the try-it pages, the access log and the page views.
 */
import assert from "node:assert/strict";
import { AUTH_ATTEMPTS_PER_HOUR } from "../../server/accounts/web.ts";
import { outputMatching as logged, startServer } from "../_helpers/server.ts";
import { curlFrom } from "../_helpers/socket.ts";

const A = "127.0.0.1";

const B = "127.0.1.5";

async function withServer(
  env: Record<string, string>,
  run: (url: string, output: () => string, kvPath: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const server = await startServer({ KV_PATH: kvPath, ...env });
  try {
    await run(server.url, server.output, kvPath);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("one address's wrong log-ins on the dashboard do not lock another address out", async () => {
  await withServer({}, async (url) => {
    const login = (from: string) =>
      curlFrom(from, `${url}/developers/login`, {
        method: "POST",
        headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=nobody%40example.com&password=wrong-password-1",
      });
    // The allowance is AUTH_ATTEMPTS_PER_HOUR (20) attempts per address per hour.
    for (let i = 0; i < AUTH_ATTEMPTS_PER_HOUR; i++) {
      assert.equal((await login(B)).status, 401, `attempt ${i + 1}`);
    }
    const refused = await login(B);
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get("Retry-After"));
    // The other address still has its own allowance: a wrong password is a 401, not a 429.
    assert.equal((await login(A)).status, 401);
    // The JSON API (the compiled /api/v1 table) counts against the same per-address allowance.
    const session = (from: string) =>
      curlFrom(from, `${url}/api/v1/sessions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-1" }),
      });
    assert.equal((await session(B)).status, 429);
    assert.equal((await session(A)).status, 401);
  });
});

Deno.test("/metrics answers loopback callers without METRICS_TOKEN, unless a proxy forwarded them", async () => {
  await withServer({}, async (url) => {
    for (const from of [A, B]) {
      const res = await curlFrom(from, `${url}/metrics`);
      assert.equal(res.status, 200, `from ${from}: ${res.body.slice(0, 200)}`);
      assert.match(res.body, /lanka_http_requests_total|# TYPE/);
    }
    const forwarded = await curlFrom(A, `${url}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    assert.equal(forwarded.status, 403);
  });
});

Deno.test("each address is its own anonymous caller, on the API and through the try-it pages", async () => {
  await withServer({ ANON_DAILY_LIMIT: "3" }, async (url) => {
    const api = (from: string) => curlFrom(from, `${url}/api/v1/vat?amount=100`);
    const tryIt = async (from: string) => {
      const res = await curlFrom(from, `${url}/docs/try/vat?amount=100`);
      assert.equal(res.status, 200);
      return Number(/data-field="status">(\d+)</.exec(res.body)?.[1]);
    };
    // B spends its whole allowance on the API...
    for (let i = 0; i < 3; i++) assert.equal((await api(B)).status, 200);
    const spent = await api(B);
    assert.equal(spent.status, 429);
    assert.equal(spent.headers.get("X-RateLimit-Remaining"), "0");
    // ...so try-it answers B with the same 429: it counts against B's own quota.
    assert.equal(await tryIt(B), 429);
    // A is untouched: try-it answers it, and each use counts against A's quota.
    assert.equal(await tryIt(A), 200);
    assert.equal(await tryIt(A), 200);
    const third = await api(A);
    assert.equal(third.status, 200);
    assert.equal(third.headers.get("X-RateLimit-Remaining"), "0");
    assert.equal(await tryIt(A), 429);
  });
});

Deno.test("the access log names each caller's own address", async () => {
  await withServer({ LOG_IP: "1" }, async (url, output) => {
    await curlFrom(A, `${url}/api/v1/vat?amount=1`);
    await curlFrom(B, `${url}/developers`);
    await curlFrom(B, `${url}/docs`);
    const text = await logged(output, /"route":"\/docs"[^\n]*\n/);
    const lines = text.split("\n").filter((l) => l.includes('"message":"request"')).map((l) =>
      JSON.parse(l)
    );
    const ipOf = (route: string) => lines.find((l) => l.route === route)?.ip;
    assert.equal(ipOf("/api/v1/vat"), A);
    assert.equal(ipOf("/developers"), B);
    assert.equal(ipOf("/docs"), B);
  });
  await withServer({}, async (url, output) => {
    await curlFrom(B, `${url}/developers`);
    const line = (await logged(output, /"route":"\/developers"[^\n]*\n/)).split("\n").find((l) =>
      l.includes('"route":"/developers"')
    );
    assert.ok(line);
    assert.equal(JSON.parse(line).ip, "127.0.1.0", "masked to its /24 without LOG_IP");
  });
});

Deno.test("a tool page's views count distinct callers, whatever User-Agent they send", async () => {
  const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  try {
    const server = await startServer({ KV_PATH: kvPath });
    try {
      for (let i = 0; i < 10; i++) {
        assert.equal(
          (await curlFrom(B, `${server.url}/tools/vat`, { headers: { "User-Agent": browser } }))
            .status,
          200,
        );
      }
      await curlFrom(A, `${server.url}/tools/vat`, { headers: { "User-Agent": browser } });
    } finally {
      // SIGTERM flushes the page views to KV before the process exits.
      assert.equal((await server.stop()).code, 0);
    }
    const kv = await Deno.openKv(kvPath);
    try {
      const views = await kv.get<Deno.KvU64>(["pageviews", "vat"]);
      assert.equal(views.value?.value, 2n, "one view per address, not eleven");
    } finally {
      kv.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("behind TRUST_PROXY=1 each forwarded client is its own caller, everywhere", async () => {
  await withServer(
    { TRUST_PROXY: "1", ANON_DAILY_LIMIT: "1", LOG_IP: "1" },
    async (url, output) => {
      const via = (client: string) => ({ "X-Forwarded-For": `203.0.113.66, ${client}` });
      const api = (client: string) =>
        curlFrom(A, `${url}/api/v1/vat?amount=1`, { headers: via(client) });
      assert.equal((await api("198.51.100.1")).status, 200);
      assert.equal((await api("198.51.100.1")).status, 429);
      assert.equal((await api("198.51.100.2")).status, 200);
      // The try-it page counts as the forwarded client too: 198.51.100.1 has spent its call.
      const tried = await curlFrom(A, `${url}/docs/try/vat?amount=1`, {
        headers: via("198.51.100.1"),
      });
      assert.match(tried.body, /data-field="status">429</);
      const login = (client: string) =>
        curlFrom(A, `${url}/developers/login`, {
          method: "POST",
          headers: { ...via(client), Origin: url },
          body: "email=nobody%40example.com&password=wrong-password-1",
        });
      for (let i = 0; i < AUTH_ATTEMPTS_PER_HOUR; i++) await login("198.51.100.3");
      assert.equal((await login("198.51.100.3")).status, 429);
      assert.equal((await login("198.51.100.4")).status, 401);
      // A proxy on this machine forwards strangers: /metrics stays closed to them.
      assert.equal(
        (await curlFrom(A, `${url}/metrics`, { headers: via("127.0.0.1") })).status,
        403,
      );
      const pattern = /"route":"\/api\/v1\/vat"[^\n]*"ip":"198\.51\.100\.2"/;
      assert.match(await logged(output, pattern), pattern);
    },
  );
});
