/**
 * Bench helper: answers every request with one captured response (status, headers, body; see
 * `captureResponse` in `_wrk.ts`) and does nothing else. It shows what the bytes of an answer
 * cost on the wire, apart from the work of computing them. With `HONO=1` the answer goes through
 * a bare Hono app (routing and context, nothing more), to show Hono's share.
 *
 * Env: `PORT`, `RESPONSE_FILE` (JSON of a `CapturedResponse`), `HONO`.
 *
 * @module
 */
import { Hono } from "hono";
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
if (Deno.env.get("HONO")) {
  const app = new Hono();
  app.get("/api/v1/vat", () => answer());
  Deno.serve(serve, app.fetch);
} else {
  Deno.serve(serve, answer);
}
