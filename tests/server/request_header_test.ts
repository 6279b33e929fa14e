/**
 * `requestHeader` (server/http/request_header.ts) against a real `Deno.serve` socket: it must
 * give exactly what `request.headers.get` gives, read natively (without building the request's
 * `Headers`) on the pinned Deno, and fall back to `request.headers` for other requests.
 */
import assert from "node:assert/strict";
import { readsNatively, requestHeader } from "../../server/http/request_header.ts";
import { testApp } from "../_helpers/app.ts";
import { freePort } from "../_helpers/server.ts";

const NAMES = [
  "x-api-key",
  "X-API-KEY",
  "authorization",
  "x-dup",
  "x-empty",
  "x-padded",
  "x-absent",
];

/** Sends one raw request (so a header can be repeated) and returns the answer's body. */
async function rawRequest(port: number, head: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(`${head}Connection: close\r\n\r\n`));
  const text = await new Response(conn.readable).text();
  return text.slice(text.indexOf("\r\n\r\n") + 4);
}

Deno.test("requestHeader() reads a served request's headers natively, as request.headers would", async () => {
  const port = freePort();
  const seen: Record<string, unknown>[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, (request) => {
    const native = readsNatively(request);
    const values = NAMES.map((name) => requestHeader(request, name));
    // Deno's request keeps the `Headers` it builds in a slot of its own: still empty here.
    const cache = Object.getOwnPropertySymbols(request)
      .find((key) => key.description === "headers cache");
    const built = cache === undefined ? "no slot" : (request as never)[cache] !== undefined;
    const expected = NAMES.map((name) => request.headers.get(name));
    seen.push({ native, built, values, expected });
    return new Response("ok");
  });
  try {
    const body = await rawRequest(
      port,
      "GET /api/v1/vat?amount=1 HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: lk_abc\r\n" +
        "Authorization: Bearer x\r\nX-Dup: a\r\nx-dup: b\r\nX-Empty:\r\nX-Padded:   v  \r\n",
    );
    assert.equal(body, "ok");
  } finally {
    await server.shutdown();
  }
  assert.equal(seen.length, 1);
  const [{ native, built, values, expected }] = seen as [Record<string, unknown>];
  assert.equal(native, true, "Deno 2.9's native header read is no longer there");
  assert.equal(built, false, "reading a header built the request's whole header list");
  assert.deepEqual(values, ["lk_abc", "lk_abc", "Bearer x", "a, b", "", "v", null]);
  assert.deepEqual(values, expected);
});

Deno.test("requestHeader() falls back to request.headers for a request not from Deno.serve", () => {
  const request = new Request("http://localhost/", {
    headers: [["X-Api-Key", "lk_abc"], ["X-Dup", "a"], ["x-dup", "b"]],
  });
  assert.equal(readsNatively(request), false);
  assert.equal(requestHeader(request, "x-api-key"), "lk_abc");
  assert.equal(requestHeader(request, "X-DUP"), "a, b");
  assert.equal(requestHeader(request, "x-absent"), null);
});

Deno.test("the API's request path reads no request's whole header list, over a socket", async () => {
  await using t = await testApp();
  const port = freePort();
  const built: Record<string, boolean> = {};
  const cache = (request: Request) =>
    Object.getOwnPropertySymbols(request).find((key) => key.description === "headers cache")!;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port, onListen() {} },
    async (request, info) => {
      const response = await t.app.fetch(request, info);
      built[
        new URL(request.url).pathname + (request.method === "GET" ? "" : ` ${request.method}`)
      ] = (request as never)[cache(request)] !== undefined;
      return response;
    },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    for (
      const [path, init] of [
        ["/api/v1/vat?amount=1000", { headers: { "X-Request-Id": "abc-1" } }],
        ["/api/v1/nic/199012345678", { headers: { "X-Api-Key": "lk_unknown" } }],
        ["/api/v1/holidays?year=2026", { headers: { "Accept-Language": "si" } }],
        ["/developers", {}],
      ] as const
    ) {
      const response = await fetch(`${base}${path}`, init);
      await response.body?.cancel();
    }
  } finally {
    await server.shutdown();
  }
  assert.deepEqual(built, {
    "/api/v1/vat": false,
    "/api/v1/nic/199012345678": false,
    "/api/v1/holidays": false,
    // A page goes through Hono, which reads headers its own way: the check can see it.
    "/developers": true,
  });
});
