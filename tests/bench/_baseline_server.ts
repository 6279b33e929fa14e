/** The baseline for load benchmarks: a bare Deno.serve answering constant JSON. */
const port = Number(Deno.env.get("PORT") ?? 8001);
const body = JSON.stringify({
  ok: true,
  data: { mode: "add", rate: 18, base: 1000, vat: 180, total: 1180, currency: "LKR" },
  meta: { tier: "anonymous", endpoint: "vat", limit: 50, remaining: 49 },
});
Deno.serve(
  { port, hostname: "127.0.0.1", onListen: () => {} },
  () => new Response(body, { headers: { "content-type": "application/json" } }),
);
