import assert from "node:assert/strict";
import { isLoopback, resolveClient } from "../../server/http/client_ip.ts";

const request = (headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/v1/vat", { headers });

Deno.test("resolveClient() takes the peer, or behind trusted proxies the forwarded address", () => {
  const headers = request({ "X-Forwarded-For": "6.6.6.6, 198.51.100.7" });
  const direct = resolveClient({ hostname: "203.0.113.9" }, headers, 0);
  assert.deepEqual([direct.peer, direct.address, direct.group], [
    "203.0.113.9",
    "203.0.113.9",
    "203.0.113.9",
  ]);
  const proxied = resolveClient({ hostname: "127.0.0.1" }, headers, 1);
  assert.deepEqual([proxied.peer, proxied.address], ["127.0.0.1", "198.51.100.7"]);
  const v6 = resolveClient({ hostname: "2001:db8:1:2:3:4:5:6" }, request(), 0);
  assert.equal(v6.group, "2001:db8:1:2::/64");
  assert.equal(resolveClient(undefined, request(), 0).address, "unknown");
});

Deno.test("a client is local only from a loopback peer with no proxy header", () => {
  const local = (peer: string, headers: Record<string, string> = {}) =>
    resolveClient({ hostname: peer }, request(headers), 0).local;
  assert.equal(local("127.0.0.1"), true);
  assert.equal(local("127.0.1.5"), true);
  assert.equal(local("::1"), true);
  assert.equal(local("::ffff:127.0.0.1"), true);
  assert.equal(local("127.0.0.1", { "X-Forwarded-For": "203.0.113.1" }), false);
  assert.equal(local("127.0.0.1", { Forwarded: "for=203.0.113.1" }), false);
  assert.equal(local("127.0.0.1", { "X-Real-IP": "203.0.113.1" }), false);
  assert.equal(local("10.0.0.1"), false);
  assert.equal(local("unknown"), false);
  assert.equal(isLoopback("128.0.0.1"), false);
});
