/** A bare Hono app on Deno.serve answering the same JSON as the baseline (to split the gap). */
import { Hono } from "hono";
const body = {
  ok: true,
  data: { mode: "add", rate: 18, base: 1000, vat: 180, total: 1180, currency: "LKR" },
  meta: { tier: "anonymous", endpoint: "vat", limit: 50, remaining: 49 },
};
const app = new Hono();
app.get("/api/v1/vat", (c) => c.json(body));
Deno.serve(
  { port: Number(Deno.env.get("PORT")), hostname: "127.0.0.1", onListen: () => {} },
  app.fetch,
);
