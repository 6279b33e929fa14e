/**
 * Bench helper: answers every request with one captured response (status, headers, body; see
 * `captureResponse` in `_wrk.ts`) and does nothing else. It shows what the bytes of an answer
 * cost on the wire, apart from the work of computing them. With `HONO=1` the answer goes through
 * a bare Hono app (routing and context, nothing more), to show Hono's share. With `READS=1` the
 * handler first reads what every API server must read of a request before it can answer, through
 * the same Deno APIs the server uses, and nothing more: the URL and method, the three request
 * headers the server looks at on every call (`x-request-id`, `authorization`, `x-api-key`), the
 * peer address, and the clock twice (a request's duration). The headers are read as the server
 * reads them, one at a time without building the request's `Headers` (`requestHeader`,
 * `server/http/request_header.ts`). That is the floor the Deno APIs set for any server doing the
 * server's job (see docs/performance.md).
 *
 * Env: `PORT`, `RESPONSE_FILE` (JSON of a `CapturedResponse`), `HONO`, `READS`.
 *
 * @module
 */
import { Hono } from "hono";
import { requestHeader } from "../../server/http/request_header.ts";
import type { CapturedResponse } from "./_wrk.ts";

const captured: CapturedResponse = JSON.parse(
  await Deno.readTextFile(Deno.env.get("RESPONSE_FILE")!),
);
const type = captured.headers.find(([name]) => name === "content-type")?.[1] ?? "text/plain";
const others = captured.headers.filter(([name]) => name !== "content-type");
// The cheapest way found to build a response with several headers in Deno 2.9: one header in
// the init, the rest set afterwards (a plain object of seven in the init costs about 4 µs).
const answer = (): Response => {
  const response = new Response(captured.body, {
    status: captured.status,
    headers: { "content-type": type },
  });
  for (const [name, value] of others) response.headers.set(name, value);
  return response;
};
const serve = { port: Number(Deno.env.get("PORT")), hostname: "127.0.0.1", onListen() {} };
/** What the reads add up to, kept so that no read can be left out as unused. */
let read = 0;
if (Deno.env.get("READS")) {
  Deno.serve(serve, (request, info) => {
    const start = performance.now();
    read += request.url.length + request.method.length + info.remoteAddr.hostname.length +
      (requestHeader(request, "x-request-id")?.length ?? 0) +
      (requestHeader(request, "authorization")?.length ?? 0) +
      (requestHeader(request, "x-api-key")?.length ?? 0);
    const response = answer();
    read += performance.now() - start;
    return response;
  });
} else if (Deno.env.get("HONO")) {
  const app = new Hono();
  app.get("/api/v1/vat", () => answer());
  Deno.serve(serve, app.fetch);
} else {
  Deno.serve(serve, answer);
}
