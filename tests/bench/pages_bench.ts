/**
 * Load benchmark of the human pages: the server as `deno task start` runs it (file-backed KV in a
 * fresh temporary folder) answering three tool pages, each loaded by wrk with and without
 * `Accept-Encoding: gzip`, against a replay of the same page (its status, headers and body,
 * captured at start, sent by a bare `Deno.serve` doing no work: the ceiling for that page), in
 * interleaved rounds. Prints each page's CPU time per request (from `/proc`, which a busy
 * machine disturbs far less than requests per second), the replay's CPU over the server's (how
 * close the page comes to costing nothing but its bytes), what gzip adds, and the bytes on the
 * wire either way. See docs/performance.md, "Pages" and "Compression".
 *
 * Run: npx -y deno@2.9.6 task bench pages_bench
 */
import {
  captureResponse,
  cpuSeconds,
  ensureWrk,
  freePort,
  startDeployed,
  startReplay,
  stopServer,
  wrk,
} from "./_wrk.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 3);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const PAGES = [
  "/tools/vat?amount=1000",
  "/si/tools/vat?amount=1000",
  "/si/tools/payslip?basic=170000&bonus=600000&date=2025-04-25",
];
const GZIP = { "Accept-Encoding": "gzip, deflate, br" };

await ensureWrk();
const loadStart = Deno.loadavg()[0]!;
const port = freePort();
const base = `http://127.0.0.1:${port}`;
const { child: app, kvDir } = await startDeployed(port, "/tools/vat");

/** What one target is: a server process, a URL and the request headers. */
interface Target {
  label: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
}
const replays: Deno.ChildProcess[] = [];
const targets: Target[] = [];
const sizes = new Map<string, { plain: number; gzip: number }>();
try {
  for (const page of PAGES) {
    const captured = await captureResponse(`${base}${page}`, { "Accept-Encoding": "identity" });
    const replayPort = freePort();
    const replay = await startReplay(captured, replayPort);
    replays.push(replay);
    targets.push(
      {
        label: `${page} replay`,
        pid: replay.pid,
        url: `http://127.0.0.1:${replayPort}/`,
        headers: {},
      },
      { label: `${page} plain`, pid: app.pid, url: `${base}${page}`, headers: {} },
      { label: `${page} gzip`, pid: app.pid, url: `${base}${page}`, headers: GZIP },
    );
    // A HEAD names the length a GET sends, compressed or not.
    const length = async (headers: Record<string, string>) =>
      Number((await fetch(`${base}${page}`, { method: "HEAD", headers })).headers.get(
        "Content-Length",
      ));
    sizes.set(page, {
      plain: await length({ "Accept-Encoding": "identity" }),
      gzip: await length(GZIP),
    });
  }

  const cpu = new Map<string, number[]>(targets.map((t) => [t.label, []]));
  for (const t of targets) await wrk(t.url, { seconds: 1, connections: 20, headers: t.headers });
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const before = cpuSeconds(t.pid);
      const run = await wrk(t.url, { seconds: SECONDS, connections: 20, headers: t.headers });
      const after = cpuSeconds(t.pid);
      if (run.non2xx > 0) throw new Error(`non-2xx answers from ${t.label}: the figures are void`);
      if (before !== undefined && after !== undefined && run.requests > 0) {
        cpu.get(t.label)!.push(((after - before) * 1e6) / run.requests);
      }
    }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  /** The median over rounds of one target's CPU over another's in the same round. */
  const ratio = (top: string, bottom: string) =>
    median(cpu.get(top)!.map((x, i) => x / cpu.get(bottom)![i]!));
  console.log(
    `Pages, wrk -t1 -c20 -d${SECONDS}s, ${ROUNDS} interleaved rounds (medians), ` +
      `${navigator.hardwareConcurrency} CPUs, load average ${loadStart.toFixed(1)} at the start, ` +
      `${Deno.loadavg()[0]!.toFixed(1)} at the end`,
  );
  console.log(
    "| page | replay CPU µs | server CPU µs, plain | replay / server | server CPU µs, gzip | gzip / plain CPU | bytes plain | bytes gzip | gzip / plain bytes |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const page of PAGES) {
    const [replay, plain, gzip] = ["replay", "plain", "gzip"].map((kind) =>
      median(cpu.get(`${page} ${kind}`)!)
    );
    const size = sizes.get(page)!;
    console.log(
      `| \`${page}\` | ${replay!.toFixed(1)} | ${plain!.toFixed(1)} | ${
        ratio(`${page} replay`, `${page} plain`).toFixed(2)
      } | ${gzip!.toFixed(1)} | ${
        ratio(`${page} gzip`, `${page} plain`).toFixed(2)
      } | ${size.plain} | ${size.gzip} | ${(size.gzip / size.plain).toFixed(2)} |`,
    );
  }
  console.log(
    "(CPU per request: user + system time of the process over a run, divided by the requests wrk completed)",
  );
} finally {
  await stopServer(app);
  for (const replay of replays) await stopServer(replay);
  await Deno.remove(kvDir, { recursive: true });
}
