import assert from "node:assert/strict";
import * as z from "zod/mini";
import { defineRemoteOperation } from "../../core/operation.ts";
import {
  AbortError,
  createClient,
  isAbortError,
  NetworkError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from "../../mod.ts";
import { feedOp, reply, scriptedFetch } from "./_fakes.ts";

/** A charged POST like voice. */
const speakOp = defineRemoteOperation({
  name: "speak",
  method: "POST",
  path: "/speak",
  title: "Speak",
  description: "A test POST answered with bytes.",
  tag: "Test",
  params: z.object({}),
  body: z.object({ text: z.string() }),
  result: z.unknown(),
  produces: ["audio/mpeg"],
  example: "/api/v1/speak",
});

const ok = () => reply(200, { ok: true, data: { items: [] }, meta: { tier: "anonymous" } });
const fast = { limit: 2, backoffMs: 1 };
const caught = (p: PromiseLike<unknown>) => Promise.resolve(p).then(() => undefined, (e) => e);

Deno.test("GETs are retried on 429, 502, 503 and 504, then succeed", async () => {
  for (const status of [429, 502, 503, 504]) {
    const { fetch, requests } = scriptedFetch([() => reply(status, { ok: false, error: "x" }), ok]);
    const client = createClient({ fetch, retries: fast });
    assert.deepEqual(await client.call(feedOp, {}), { items: [] });
    assert.equal(requests.length, 2, String(status));
  }
});

Deno.test("other errors are not retried, and retries stop at the limit", async () => {
  const bad = scriptedFetch([() => reply(400, { ok: false, error: "Bad", code: "invalid_param" })]);
  const error = await caught(createClient({ fetch: bad.fetch, retries: fast }).call(feedOp));
  assert.ok(error instanceof ValidationError);
  assert.equal(bad.requests.length, 1);
  const down = scriptedFetch([() => reply(503, { ok: false, error: "Down" })]);
  await caught(createClient({ fetch: down.fetch, retries: fast, cache: false }).call(feedOp));
  assert.equal(down.requests.length, 3, "the first attempt and two retries");
});

Deno.test("Retry-After is waited out, and one longer than maxDelayMs is not", async () => {
  const { fetch, requests } = scriptedFetch([
    () => reply(429, { ok: false, error: "Slow down" }, { "Retry-After": "1" }),
    ok,
  ]);
  const started = performance.now();
  await createClient({ fetch, retries: { limit: 1, backoffMs: 1 } }).call(feedOp);
  assert.ok(performance.now() - started >= 950, "waited the second the server asked for");
  assert.equal(requests.length, 2);

  const daily = scriptedFetch([
    () =>
      reply(429, { ok: false, error: "Daily limit", code: "rate_limited" }, {
        "Retry-After": "50400",
      }),
  ]);
  const error = await caught(createClient({ fetch: daily.fetch }).call(feedOp));
  assert.ok(error instanceof RateLimitError);
  assert.equal(error.retryAfter, 50400);
  assert.equal(daily.requests.length, 1, "a daily limit is not waited out");
});

Deno.test("a POST that may have been charged is retried only on 429", async () => {
  const audio = () =>
    new Response(new Uint8Array([1, 2, 3]), { headers: { "content-type": "audio/mpeg" } });
  const busy = scriptedFetch([() => reply(503, { ok: false, error: "Busy" }), audio]);
  const client = createClient({ fetch: busy.fetch, retries: fast, apiKey: "k" });
  const error = await caught(client.call(speakOp, { text: "hello" }));
  assert.equal((error as Error).name, "ApiError");
  assert.equal(busy.requests.length, 1, "a 503 on a POST is not retried");
  const dropped = scriptedFetch([() => Promise.reject(new TypeError("reset")), audio]);
  const lost = await caught(
    createClient({ fetch: dropped.fetch, retries: fast }).call(speakOp, { text: "x" }),
  );
  assert.ok(lost instanceof NetworkError);
  assert.equal(dropped.requests.length, 1, "a lost POST is not repeated");

  const limited = scriptedFetch([
    () => reply(429, { ok: false, error: "Wait" }, { "Retry-After": "0" }),
    audio,
  ]);
  const bytes = await createClient({ fetch: limited.fetch, retries: fast }).call(speakOp, {
    text: "hi",
  });
  assert.deepEqual(bytes, new Uint8Array([1, 2, 3]));
  assert.equal(limited.requests.length, 2, "429 means nothing was charged: retried");
  const sent = limited.requests[1]!;
  assert.equal(sent.method, "POST");
  assert.equal(sent.headers.get("content-type"), "application/json");
  assert.deepEqual(await sent.json(), { text: "hi" });
});

Deno.test("a network failure is a NetworkError after the retries", async () => {
  const { fetch, requests } = scriptedFetch([
    () => Promise.reject(new TypeError("connection refused")),
  ]);
  const error = await caught(createClient({ fetch, retries: fast, cache: false }).call(feedOp));
  assert.ok(error instanceof NetworkError);
  assert.match(
    error.message,
    /Cannot reach http:\/\/localhost:8000\/api\/v1\/feed: connection refused/,
  );
  assert.ok(error.cause instanceof TypeError);
  assert.equal(requests.length, 3);
});

/** A fetch that never answers until aborted. */
const hanging = (_input: string | URL | Request, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });

Deno.test("a request that takes too long is a TimeoutError", async () => {
  const client = createClient({ fetch: hanging, timeoutMs: 20, retries: 0, cache: false });
  const error = await caught(client.call(feedOp));
  assert.ok(error instanceof TimeoutError);
  assert.equal(error.timeoutMs, 20);
  const perCall = await caught(
    createClient({ fetch: hanging, retries: 0 }).call(feedOp, {}, { timeoutMs: 5 }),
  );
  assert.ok(perCall instanceof TimeoutError && perCall.timeoutMs === 5);
});

Deno.test("the caller's AbortSignal is an AbortError with its reason, without retrying", async () => {
  let calls = 0;
  const client = createClient({
    fetch: (input, init) => (calls++, hanging(input, init)),
    retries: fast,
    timeoutMs: 0,
  });
  const controller = new AbortController();
  const pending = caught(client.call(feedOp, {}, { signal: controller.signal }));
  const reason = new Error("user left");
  controller.abort(reason);
  const error = await pending;
  assert.ok(error instanceof AbortError);
  assert.ok(isAbortError(error));
  assert.ok(!(error instanceof TimeoutError));
  assert.equal(error.reason, reason);
  assert.match(error.message, /aborted by the caller: user left/);
  assert.equal(calls, 1);
  const already = await caught(client.call(feedOp, {}, { signal: AbortSignal.abort() }));
  assert.ok(already instanceof AbortError);
  assert.equal((already as Error).name, "AbortError");
});

Deno.test("the timeout covers the whole call: retries of a hung server stop at timeoutMs", async () => {
  let calls = 0;
  const client = createClient({
    fetch: (
      input,
      init,
    ) => (calls++, calls === 1 ? Promise.reject(new TypeError("reset")) : hanging(input, init)),
    retries: { limit: 5, backoffMs: 1 },
    timeoutMs: 80,
    cache: false,
  });
  const started = Date.now();
  const error = await caught(client.call(feedOp));
  const elapsed = Date.now() - started;
  assert.ok(error instanceof TimeoutError, String(error));
  assert.equal(error.timeoutMs, 80);
  assert.ok(elapsed < 1000, `${elapsed} ms`);
  assert.equal(calls, 2); // the network error was retried; the hung attempt ran out the budget
});

Deno.test("AbortSignal.timeout() is a TimeoutError stating the time it waited", async () => {
  const client = createClient({ fetch: hanging, retries: fast, timeoutMs: 0, cache: false });
  const error = await caught(client.call(feedOp, {}, { signal: AbortSignal.timeout(40) }));
  assert.ok(error instanceof TimeoutError, String(error));
  assert.ok(!isAbortError(error));
  assert.ok(error.timeoutMs >= 30 && error.timeoutMs < 1000, String(error.timeoutMs));
  assert.match(
    error.message,
    new RegExp(`timed out after ${error.timeoutMs} ms \\(the caller's signal\\)`),
  );
});

Deno.test("a Retry-After beyond the call's timeout is not waited out", async () => {
  const { fetch, requests } = scriptedFetch([
    () => reply(503, { ok: false, error: "busy" }, { "retry-after": "2" }),
    ok,
  ]);
  const client = createClient({ fetch, retries: fast, timeoutMs: 500, cache: false });
  const started = Date.now();
  const error = await caught(client.call(feedOp));
  assert.equal((error as { status?: number }).status, 503);
  assert.ok(Date.now() - started < 400);
  assert.equal(requests.length, 1);
});

Deno.test("a hung server on a real port costs timeoutMs, retries included", async () => {
  // Accepts connections and never answers.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    try {
      for await (const conn of listener) held.push(conn);
    } catch { /* closed */ }
  })();
  try {
    const { port } = listener.addr as Deno.NetAddr;
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 300,
      cache: false,
    });
    const started = Date.now();
    const error = await caught(client.call(feedOp));
    const elapsed = Date.now() - started;
    assert.ok(error instanceof TimeoutError, String(error));
    assert.equal(error.timeoutMs, 300);
    assert.ok(elapsed >= 290 && elapsed < 1500, `${elapsed} ms`);
  } finally {
    listener.close();
    for (const conn of held) conn.close();
    await accepting;
  }
});
