/**
 * Socket test of the body deadline: `readBody` behind a real `Deno.serve` port, with a client that
 * sends its headers and then a body that never finishes, or trickles in a byte at a time. The
 * answer is a 408 at the deadline, which frees the handler (the socket itself is Deno's: it stays
 * open until the client goes, see docs/deployment.md). (The deadline is 30 s in the
 * server, `BODY_TIMEOUT_MS`; here it is 400 ms to keep the test short.)
 */
import assert from "node:assert/strict";
import { isApiError } from "../../core/errors.ts";
import { readBody } from "../../server/http/body.ts";

const DEADLINE = 400;

async function withServer(run: (port: number) => Promise<void>): Promise<void> {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      try {
        const body = await readBody(request, 1024, "Form", DEADLINE);
        return new Response(`read ${body.length}`);
      } catch (error) {
        if (!isApiError(error)) throw error;
        return Response.json({ ok: false, code: error.code }, {
          status: error.status,
          headers: error.headers ?? {},
        });
      }
    },
  );
  try {
    await run(server.addr.port);
  } finally {
    await server.shutdown();
  }
}

/** Sends `head`, then `piece` every `every` ms; answers what came back and when. */
async function halfSent(port: number, head: string, piece: string | null, every = 100) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const encoder = new TextEncoder();
  const start = performance.now();
  await conn.write(encoder.encode(head));
  const timer = piece === null
    ? undefined
    : setInterval(() => conn.write(encoder.encode(piece)).catch(() => {}), every);
  let text = "";
  let ms = 0;
  const buffer = new Uint8Array(4096);
  let closed = false;
  const giveUp = setTimeout(() => conn.close(), 3_000);
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) {
        closed = true;
        break;
      }
      if (ms === 0) ms = performance.now() - start;
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch { /* closed by the give-up timer */ }
  clearInterval(timer);
  clearTimeout(giveUp);
  try {
    conn.close();
  } catch { /* closed */ }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, ms, closed };
}

Deno.test("a body that never finishes is a 408 at the deadline, with Connection: close", async () => {
  await withServer(async (port) => {
    const answer = await halfSent(
      port,
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nemail=a",
      null,
    );
    assert.equal(answer.status, 408, answer.text);
    assert.match(answer.text, /"request_timeout"/);
    assert.ok(answer.ms >= DEADLINE - 50 && answer.ms < DEADLINE + 2_000, `${answer.ms} ms`);
    // The answer says `Connection: close`; Deno 2.9 still keeps the socket until the client
    // goes (measured: see docs/deployment.md), which is why the proxy's timeouts are set too.
    assert.match(answer.text, /connection: close/i);
  });
});

Deno.test("a chunked body trickled a byte at a time is a 408 at the deadline", async () => {
  await withServer(async (port) => {
    const answer = await halfSent(
      port,
      "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
      "1\r\na\r\n",
      50,
    );
    assert.equal(answer.status, 408, answer.text);
    assert.ok(answer.ms < DEADLINE + 2_000, `${answer.ms} ms`);
    // The answer says `Connection: close`; Deno 2.9 still keeps the socket until the client
    // goes (measured: see docs/deployment.md), which is why the proxy's timeouts are set too.
    assert.match(answer.text, /connection: close/i);
  });
});

Deno.test("a body that arrives in time is read", async () => {
  await withServer(async (port) => {
    const answer = await halfSent(
      port,
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
      null,
    );
    assert.equal(answer.status, 200);
    assert.match(answer.text, /read 5$/);
  });
});
