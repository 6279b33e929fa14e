/**
 * In-process cost of one request through the whole app (pipeline, route table, parsing, quota,
 * envelope, standard headers) against, in the same run: a replay of the app's own answer (the
 * same status, headers and body, built the fastest way: the content type in the init, the rest
 * set afterwards), which is the least any handler sending that answer costs; and a bare Hono app
 * answering the same JSON. The load benchmark (`http_load.ts`) measures the same path over HTTP
 * with wrk; this one is steadier on a busy machine, because it times CPU work rather than
 * throughput.
 *
 * Run: npx -y deno@2.9.6 task bench app_bench
 */
import { Hono } from "hono";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/log.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";

const kv = await Deno.openKv(":memory:");
const quota = new KvQuotaStore(kv);
const app = buildApp({
  kv,
  quota,
  logger: createLogger("error"),
  config: loadConfig({ ANON_DAILY_LIMIT: "1000000000", LOG_LEVEL: "warn" }),
});
const info = { remoteAddr: { hostname: "127.0.0.1", port: 1, transport: "tcp" } };
const VAT = "http://x/api/v1/vat?amount=1000";

// The app's answer, captured once (after a first call has loaded the caller's counter).
await (await app.fetch(new Request(VAT), info)).text();
const captured = await app.fetch(new Request(VAT), info);
const body = await captured.text();
const type = captured.headers.get("content-type")!;
const others = [...captured.headers].filter(([name]) => name !== "content-type");
const replay = (): Response => {
  const response = new Response(body, {
    status: captured.status,
    headers: { "content-type": type },
  });
  for (const [name, value] of others) response.headers.set(name, value);
  return response;
};
const bare = new Hono();
const json = JSON.parse(body);
bare.get("/api/v1/vat", (c) => c.json(json));

type Variant = [name: string, run: () => Promise<unknown>];
const variants: Variant[] = [
  ["replay of the app's answer (ceiling)", async () => {
    new Request(VAT);
    await replay().text();
  }],
  ["bare Hono, the same JSON", async () => {
    await (await bare.fetch(new Request(VAT), info)).text();
  }],
  ["full app, GET /api/v1/vat", async () => {
    await (await app.fetch(new Request(VAT), info)).text();
  }],
  ["full app, GET /api/v1/nic/{number}", async () => {
    await (await app.fetch(new Request("http://x/api/v1/nic/199012345678"), info)).text();
  }],
];

// Interleaved batches: the fastest batch of each variant is its cost with the least interference
// from other processes (a batch that was preempted is only ever slower).
const BATCH = 2_000, BATCHES = Number(Deno.env.get("BENCH_BATCHES") ?? 40);
const perRequest = variants.map((): number[] => []);
for (let b = 0; b < BATCHES + 5; b++) {
  for (const [i, [, run]] of variants.entries()) {
    const start = performance.now();
    for (let n = 0; n < BATCH; n++) await run();
    if (b >= 5) perRequest[i]!.push(((performance.now() - start) * 1000) / BATCH); // after warm-up
  }
}
await quota.close();
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const ceiling = Math.min(...perRequest[0]!);
console.log(
  `In-process, ${BATCHES} interleaved batches of ${BATCH} requests, ${navigator.hardwareConcurrency} CPUs, load average ${
    Deno.loadavg().map((l) => l.toFixed(1)).join(" ")
  }`,
);
console.log(
  "| variant | fastest batch µs/request | median batch µs | ceiling / variant (fastest) |",
);
console.log("|---|---|---|---|");
for (const [i, [name]] of variants.entries()) {
  const xs = sorted(perRequest[i]!);
  console.log(
    `| ${name} | ${xs[0]!.toFixed(2)} | ${xs[Math.floor(xs.length / 2)]!.toFixed(2)} | ${
      (ceiling / xs[0]!).toFixed(2)
    } |`,
  );
}
// The news store and page views keep timers of their own: end here.
kv.close();
Deno.exit(0);
