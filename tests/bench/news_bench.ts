/**
 * News list and search with 10,000 published posts, in-process (`app.request`: middleware,
 * routing, parameter parsing, the index, the envelope), against `GET /api/v1/vat` through the same
 * app in the same run as the baseline. Prints p50 and p95 per request and the ratio of p50s, and
 * fails when a news p50 is 5 ms or more.
 *
 * Run: npx -y deno@2.9.6 run --allow-all tests/bench/news_bench.ts
 */
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { NewsStore, type StoredPost } from "../../server/news/store.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";

const POSTS = 10_000;
const ROUNDS = 300;
const CATEGORIES = ["Economy", "Politics", "Government", "Education", "Sports", "Tech", "Health"];
const WORDS = [
  "colombo",
  "kandy",
  "galle",
  "jaffna",
  "tax",
  "budget",
  "rain",
  "cricket",
  "school",
  "port",
  "railway",
  "hospital",
  "tea",
  "tourism",
  "election",
  "වෙසක්",
  "බද්ද",
  "வரி",
  "வெசாக்",
];

const kv = await Deno.openKv(":memory:");
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const phrase = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
const base = Date.UTC(2024, 0, 1);
for (let i = 0; i < POSTS; i += 100) {
  const op = kv.atomic();
  for (let j = i; j < Math.min(i + 100, POSTS); j++) {
    const at = base + j * 3_600_000;
    const post: StoredPost = {
      slug: `post-${j}`,
      title: `Post ${j}: ${phrase(6)}`,
      excerpt: phrase(25),
      body: phrase(300),
      category: pick(CATEGORIES),
      tags: [pick(WORDS), pick(WORDS)],
      keywords: [pick(WORDS), pick(WORDS), pick(WORDS)],
      sources: [`https://a${j % 7}.example.lk/${j}`, `https://b${j % 5}.example.org/${j}`],
      author: "Bench",
      authorId: "acc_bench",
      status: "published",
      approvedBy: "Bench reviewer",
      approverId: "acc_review",
      approvedAt: at,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
      rejectionNote: null,
      seed: false,
      readingMinutes: 2,
      sourceCount: 2,
      revision: 1,
    };
    op.set(["news", "posts", post.slug], post);
  }
  await op.commit();
}

const config = loadConfig({ ANON_DAILY_LIMIT: "1000000000", LOG_LEVEL: "warn" });
const quota = new KvQuotaStore(kv);
const uncachedQuota = new KvQuotaStore(kv);
const app = buildApp({ kv, config, quota });
// The same posts without the search-term cache: every search scans the vocabulary afresh.
const uncachedNews = new NewsStore(kv, {
  categories: config.newsCategories,
  baseUrl: config.publicBaseUrl,
  termCacheSize: 0,
});
const uncached = buildApp({ kv, config, news: uncachedNews, quota: uncachedQuota });
const info = { remoteAddr: { hostname: "127.0.0.1", port: 1, transport: "tcp" } };
const get = async (path: string, target = app) => {
  const res = await target.request(path, undefined, info);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return await res.text();
};
const loadStart = performance.now();
await get("/api/v1/news?limit=1"); // waits for the index (built from KV on start)
const loadMs = performance.now() - loadStart;

await get("/api/v1/news?limit=1", uncached);

const cases: [string, string, typeof app?][] = [
  ["baseline: GET /api/v1/vat", "/api/v1/vat?amount=1000&rate=18"],
  ["list, first page", "/api/v1/news"],
  ["list, category, deep page", "/api/v1/news?category=Economy&offset=1000&limit=50"],
  ["search, two English terms", "/api/v1/news?q=colombo%20tax"],
  ["search, Sinhala", `/api/v1/news?q=${encodeURIComponent("වෙසක්")}`],
  ["search, Tamil + category", `/api/v1/news?q=${encodeURIComponent("வரி")}&category=Health`],
  ["search, no match", "/api/v1/news?q=zzzzqqq"],
  ["one post by slug", "/api/v1/news?slug=post-5000"],
  ["search, two terms, no cache", "/api/v1/news?q=colombo%20tax", uncached],
  ["search, Sinhala, no cache", `/api/v1/news?q=${encodeURIComponent("වෙසක්")}`, uncached],
  ["search, 1 char, no cache", "/api/v1/news?q=a", uncached],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const results: { name: string; p50: number; p95: number }[] = [];
for (const [name, path, target] of cases) {
  for (let i = 0; i < 30; i++) await get(path, target); // warm up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await get(path, target);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  results.push({ name, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
}

const baseline = results[0]!.p50;
console.log(`news bench: ${POSTS} published posts, index loaded in ${loadMs.toFixed(0)} ms`);
console.log("case                              p50 ms   p95 ms   p50 / baseline");
for (const r of results) {
  console.log(
    `${r.name.padEnd(32)} ${r.p50.toFixed(3).padStart(7)}  ${r.p95.toFixed(3).padStart(7)}   ${
      (r.p50 / baseline).toFixed(1)
    }x`,
  );
}
await quota.close();
await uncachedQuota.close();
kv.close();
const slow = results.slice(1).filter((r) => r.p50 >= 5);
if (slow.length) {
  console.error(`p50 of 5 ms or more: ${slow.map((r) => r.name).join(", ")}`);
  Deno.exit(1);
}
