/**
 * Voice benchmark: `npx -y deno@2.9.6 task bench:voice`.
 *
 * Serves the real app (Deno.serve, two synthesis workers) on a free port and measures over HTTP:
 * 1. 1,000 characters of English to MP3 48 kHz / 128 kbps, warm: real-time factor (target <= 0.02).
 * 2. 6,000 characters, same format: wall time (target < 5 s).
 * 3. p99 latency of GET /api/v1/vat alone, then while four voice requests run (target < 20 ms),
 *    with the ratio between the two.
 * 4. Peak resident memory of the process (workers included) (target < 600 MB).
 *
 * Prints a table and exits non-zero if a target is missed.
 */
import { buildApp } from "../../server/app.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/log.ts";
import { VoiceService } from "../../server/voice/service.ts";

const PARAGRAPH =
  "Sri Lanka is an island nation in the Indian Ocean, south of the Indian subcontinent. " +
  "Its documented history spans three thousand years, and it has been a hub of trade for " +
  "centuries, famous for its tea, cinnamon, rubber and precious stones. The island has a " +
  "tropical climate with two monsoon seasons, and its landscape ranges from rainforests and " +
  "highlands to sandy beaches and lagoons. Colombo, the commercial capital, is a busy port " +
  "city, while Kandy in the hill country is home to the Temple of the Tooth. The ancient " +
  "cities of Anuradhapura and Polonnaruwa hold ruins of palaces, monasteries and great " +
  "reservoirs built more than a thousand years ago. Today the country's economy rests on " +
  "services, manufacturing, tourism and agriculture, and millions of visitors come each year " +
  "to see its wildlife, including elephants, leopards and blue whales off the southern coast. " +
  "Trains wind through the tea estates of the central hills, offering some of the most " +
  "beautiful railway journeys in the world.";
const TEXT_1000 = PARAGRAPH.slice(0, 1000);
const TEXT_6000 = (PARAGRAPH + " ").repeat(6).slice(0, 6000);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);

const loadAverage = async () => {
  try {
    return (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
};
const loadBefore = await loadAverage();

const kv = await Deno.openKv(":memory:");
const config = loadConfig({
  ANON_DAILY_LIMIT: "1000000000",
  KEY_DAILY_LIMIT: "1000000000",
  VOICE_DAILY_LIMIT: "1000000000",
});
const voice = new VoiceService({ workers: 2, queue: 16 });
const quota = new KvQuotaStore(kv);
const app = buildApp({
  kv,
  config,
  voice,
  quota,
  logger: createLogger("error"),
  keys: {
    resolve: (k) => Promise.resolve(k === "lk_bench" ? { id: "bench", accountId: "a" } : null),
  },
});
const server = Deno.serve(
  { port: 0, hostname: "127.0.0.1", onListen: () => {} },
  (request, info) => app.fetch(request, info),
);
const base = `http://127.0.0.1:${server.addr.port}`;

let peakRss = Deno.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
}, 25);

async function speak(text: string): Promise<{ ms: number; duration: number }> {
  const start = performance.now();
  const res = await fetch(`${base}/api/v1/voice`, {
    method: "POST",
    headers: { authorization: "Bearer lk_bench", "content-type": "application/json" },
    body: JSON.stringify({ text, codec: "mp3", sample_rate: 48000, bit_rate: 128000 }),
  });
  const bytes = await res.arrayBuffer();
  if (res.status !== 200 || bytes.byteLength === 0) throw new Error(`voice answered ${res.status}`);
  return {
    ms: performance.now() - start,
    duration: Number(res.headers.get("x-voice-duration")),
  };
}

async function vat(): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${base}/api/v1/vat?amount=10000`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`vat answered ${res.status}`);
  return performance.now() - start;
}

// Warm up both workers (engine, resampler, encoder, JIT) and the HTTP path.
await Promise.all([speak(TEXT_1000), speak(TEXT_1000)]);
await Promise.all([speak(TEXT_1000), speak(TEXT_1000)]);
for (let i = 0; i < 50; i++) await vat();

// 1. 1,000 characters, warm, one at a time.
const short: { ms: number; duration: number }[] = [];
for (let i = 0; i < 8; i++) short.push(await speak(TEXT_1000));
const rtf = median(short.map((r) => r.ms / 1000 / r.duration));

// 2. 6,000 characters.
const long: { ms: number; duration: number }[] = [];
for (let i = 0; i < 3; i++) long.push(await speak(TEXT_6000));
const longMs = median(long.map((r) => r.ms));

// 3. /vat alone, then /vat while four voice requests run.
const alone: number[] = [];
for (let i = 0; i < 400; i++) alone.push(await vat());
const busy: number[] = [];
let running = true;
const four = Promise.all([1, 2, 3, 4].map(() => speak(TEXT_6000))).finally(() => {
  running = false;
});
while (running) busy.push(await vat());
const concurrent = await four;

clearInterval(sampler);
peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
await server.shutdown();
voice.close();
await quota.close();
kv.close();

const p99Alone = percentile(alone, 99), p99Busy = percentile(busy, 99);
const rows: [string, string, string, boolean][] = [
  [
    "1,000 ch -> MP3 48 kHz/128 kbps, warm (median of 8)",
    `${median(short.map((r) => r.ms)).toFixed(0)} ms for ${short[0]!.duration.toFixed(1)} s: RTF ${
      rtf.toFixed(4)
    }`,
    "RTF <= 0.02",
    rtf <= 0.02,
  ],
  [
    "6,000 ch -> MP3 48 kHz/128 kbps (median of 3)",
    `${(longMs / 1000).toFixed(2)} s for ${long[0]!.duration.toFixed(0)} s of audio`,
    "< 5 s",
    longMs < 5000,
  ],
  [
    "GET /api/v1/vat alone (400 calls)",
    `p50 ${median(alone).toFixed(2)} ms, p99 ${p99Alone.toFixed(2)} ms`,
    "baseline",
    true,
  ],
  [
    `GET /api/v1/vat during 4 x 6,000 ch voice (${busy.length} calls)`,
    `p50 ${median(busy).toFixed(2)} ms, p99 ${p99Busy.toFixed(2)} ms (${
      (p99Busy / p99Alone).toFixed(1)
    }x alone); voice took ${(Math.max(...concurrent.map((r) => r.ms)) / 1000).toFixed(1)} s`,
    "p99 < 20 ms",
    p99Busy < 20,
  ],
  [
    "Peak resident memory, 2 workers",
    `${(peakRss / 1e6).toFixed(0)} MB`,
    "< 600 MB",
    peakRss < 600e6,
  ],
];
console.log(
  `${navigator.hardwareConcurrency} CPUs; load average before ${loadBefore}, after ${await loadAverage()}`,
);
console.log("| measure | result | target | met |\n|---|---|---|---|");
for (const [name, result, target, met] of rows) {
  console.log(`| ${name} | ${result} | ${target} | ${met ? "yes" : "NO"} |`);
}
if (rows.some((r) => !r[3])) Deno.exit(1);
