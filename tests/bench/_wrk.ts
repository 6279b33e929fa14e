/**
 * Helpers for load benchmarks: find or install wrk, start servers on free ports, run wrk and
 * read its figures.
 */
import { startTaskV8Flags } from "../_helpers/server.ts";
export { freePort } from "../_helpers/server.ts";

/** Figures wrk reports for one run. */
export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Requests completed in the run. */
  requests: number;
}

/**
 * CPU time a process has used so far (user + system, all its threads), in seconds, from
 * `/proc/<pid>/stat` (clock ticks of 1/100 s on Linux); undefined where `/proc` is missing.
 *
 * Divided by the requests served in a run, it is the server's CPU cost per request: unlike
 * requests per second, it does not depend on how much of the CPU the scheduler gave the server
 * while other processes competed for it.
 *
 * @param pid The process.
 * @returns Seconds of CPU.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // Fields after the command name (which may hold spaces) start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Makes sure `wrk` is on PATH, installing Debian's package when running as root. */
export async function ensureWrk(): Promise<void> {
  const found = await new Deno.Command("sh", { args: ["-c", "command -v wrk"], stdout: "null" })
    .output();
  if (found.success) return;
  if (Deno.uid?.() === 0) {
    console.error("bench: installing wrk with apt-get");
    const install = await new Deno.Command("sh", {
      args: [
        "-c",
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk",
      ],
      stdout: "null",
      stderr: "inherit",
    }).output();
    if (install.success) return;
  }
  throw new Error("Cannot run the load benchmark: wrk is not installed (apt-get install wrk)");
}

/** Waits until a URL answers (any status). */
export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`Server at ${url} did not answer within ${timeoutMs} ms`);
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === "us" ? n / 1000 : unit === "s" ? n * 1000 : n;
}

/**
 * Runs wrk against a URL and parses requests/s and latency percentiles.
 *
 * @param url The URL.
 * @param options Connections, duration in seconds, extra headers.
 */
export async function wrk(
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<WrkResult> {
  const args = ["-t1", `-c${options.connections ?? 50}`, `-d${options.seconds ?? 8}s`, "--latency"];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("-H", `${name}: ${value}`);
  }
  const out = await new Deno.Command("wrk", {
    args: [...args, url],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
  const p50 = /\s50%\s+([\d.]+)(us|ms|s)/.exec(text);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(text);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text);
  const requests = /(\d+) requests in/.exec(text);
  if (!rps || !p50 || !p99) throw new Error(`Cannot read wrk output:\n${text}`);
  return {
    requestsPerSecond: Number(rps[1]),
    p50Ms: toMs(p50[1]!, p50[2]!),
    p99Ms: toMs(p99[1]!, p99[2]!),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    requests: requests ? Number(requests[1]) : 0,
  };
}

/**
 * Starts a Deno script as a server process and waits until it answers at `readyUrl`. Every
 * script runs with the V8 flags of `deno task start` (see `startTaskV8Flags`), the server as
 * people run it and the baselines it is compared with alike.
 */
export async function startServer(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<Deno.ChildProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", ...startTaskV8Flags(), script],
    env,
    // As under systemd or a container: stdout is a pipe someone reads (the server's request
    // lines at the default LOG_LEVEL), here read and thrown away.
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  child.stdout.pipeTo(new WritableStream()).catch(() => {});
  await waitFor(readyUrl);
  return child;
}

/**
 * Starts the server as `deno task start` runs it (`server/main.ts` with the default file-backed
 * KV, here a fresh file in a temporary folder, and the default `LOG_LEVEL`, so a request line per
 * request goes to its stdout pipe), with no practical daily limit, on a port.
 *
 * @param port Where.
 * @param readyPath A path that answers once the server is up.
 * @param env More environment (a setting to compare against the default).
 * @returns The process and the KV folder to remove afterwards.
 */
export async function startDeployed(
  port: number,
  readyPath: string,
  env: Record<string, string> = {},
): Promise<{ child: Deno.ChildProcess; kvDir: string }> {
  const kvDir = await Deno.makeTempDir({ prefix: "lanka-bench-kv-" });
  const child = await startServer("server/main.ts", {
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    KV_PATH: `${kvDir}/lanka.sqlite3`,
    ANON_DAILY_LIMIT: "1000000000",
    ...env,
  }, `http://127.0.0.1:${port}${readyPath}`);
  return { child, kvDir };
}

/** Stops a server process. */
export async function stopServer(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch { /* already gone */ }
  await child.status;
}

/** A response as the server sent it, minus the headers Deno adds itself. */
export interface CapturedResponse {
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * Fetches a URL once and keeps its status, headers and body, so a replay server
 * (`_replay_server.ts`) can send the very same bytes without doing any work: the ceiling that
 * the size and shape of the answer alone allow on this machine. `date` and `content-length` are
 * left out because `Deno.serve` writes them on every response anyway.
 *
 * @param url The URL.
 * @param headers Request headers (an API key).
 * @returns The captured response.
 */
export async function captureResponse(
  url: string,
  headers: Record<string, string> = {},
): Promise<CapturedResponse> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  const kept = [...res.headers].filter(([name]) => name !== "date" && name !== "content-length");
  return { status: res.status, headers: kept, body };
}

/**
 * Starts `_replay_server.ts` answering a captured response on every request.
 *
 * @param captured What to answer.
 * @param port Where.
 * @param hono Route it through a bare Hono app instead of answering from `Deno.serve` directly.
 * @param reads First read what any API server must read of a request (the floor; see
 *   `_replay_server.ts`).
 * @returns The server process.
 */
export async function startReplay(
  captured: CapturedResponse,
  port: number,
  hono = false,
  reads = false,
): Promise<Deno.ChildProcess> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(file, JSON.stringify(captured));
  const child = await startServer(
    new URL("./_replay_server.ts", import.meta.url).pathname,
    { PORT: String(port), RESPONSE_FILE: file, HONO: hono ? "1" : "", READS: reads ? "1" : "" },
    `http://127.0.0.1:${port}/api/v1/vat`,
  );
  await Deno.remove(file);
  return child;
}
