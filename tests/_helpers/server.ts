/** Starting the real server (`server/main.ts`) as a subprocess for end-to-end tests. */

const ROOT = new URL("../../", import.meta.url);

/**
 * The V8 flags `deno task start` runs the server with (the `--v8-flags=…` arguments of the
 * `start` task in `deno.json`), so that tests and benchmarks run the server as people run it.
 *
 * @returns The arguments, empty when the task sets none.
 */
export function startTaskV8Flags(): string[] {
  const config = JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT)));
  const task: string = config.tasks.start;
  return task.split(/\s+/).filter((arg) => arg.startsWith("--v8-flags="));
}

/**
 * A TCP port that was free on 127.0.0.1 a moment ago. Racy by nature (another process can take it
 * before it is used): servers started by tests use PORT=0 instead (see {@linkcode startServer});
 * this stays for benchmarks that start servers of their own.
 */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** A running server process. */
export interface RunningServer {
  url: string;
  process: Deno.ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends a signal and waits for the exit status. */
  stop(signal?: Deno.Signal): Promise<Deno.CommandStatus>;
}

/** The port in the server's own start-up line (`"message":"Listening"`), once it is written. */
function listeningPort(output: string): number | undefined {
  for (const line of output.split("\n")) {
    if (!line.includes('"message":"Listening"')) continue;
    try {
      const port = JSON.parse(line).port;
      if (Number.isInteger(port) && port > 0) return port;
    } catch { /* a partial line: wait for the rest */ }
  }
  return undefined;
}

/**
 * Waits until a server's output matches (its log lines are written in batches, at most 100 ms
 * apart, and in the background; a loaded machine may take longer), then gives the output.
 *
 * @param output Reads the output so far.
 * @param pattern What to wait for.
 * @param ms How long at most (then the output as it is).
 * @returns The output.
 */
export async function outputMatching(
  output: () => string,
  pattern: RegExp,
  ms = 5_000,
): Promise<string> {
  const deadline = Date.now() + ms;
  while (!pattern.test(output()) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return output();
}

/** A child process's stdout and stderr, collected as they arrive. */
export interface CollectedOutput {
  /** Everything written so far. */
  text(): string;
  /** Resolves once both streams have ended. */
  done: Promise<unknown>;
}

/**
 * Collects a spawned process's piped stdout and stderr into one text.
 *
 * @param child A process spawned with `stdout: "piped"` and `stderr: "piped"`.
 * @param maxChars Keep only the first this many characters and read the rest away (a benchmark's
 *   server writes a request line per request; its start-up lines come first).
 * @returns The text so far, and when both streams ended.
 */
export function collectOutput(child: Deno.ChildProcess, maxChars = Infinity): CollectedOutput {
  let text = "";
  const decoder = new TextDecoder();
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) {
      if (text.length < maxChars) text += decoder.decode(chunk, { stream: true });
    }
  };
  return { text: () => text, done: Promise.all([drain(child.stdout), drain(child.stderr)]) };
}

/**
 * Starts `server/main.ts` with the given environment on PORT=0 (the kernel picks a free port, so
 * no other process can take it between choosing and binding), reads the port it bound from its
 * own start-up line, and checks `/healthz` there. A server that cannot start (a bind error, a bad
 * configuration, KV that cannot be opened) fails with its own output.
 *
 * @param env Extra environment variables (HOSTNAME is 127.0.0.1, PORT 0 and KV_PATH a new file
 *   removed on stop, unless given).
 * @param options `maxOutput`: keep only the first this many characters of output (see
 *   {@linkcode collectOutput}).
 * @returns The server.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { maxOutput?: number } = {},
): Promise<RunningServer> {
  // A server of its own KV unless the test names one: the start task's default file (.data/) is
  // shared by every run of the day, so its quota counters would carry from run to run.
  const ownKv = env.KV_PATH === undefined
    ? await Deno.makeTempDir({ prefix: "lanka-test-kv-" })
    : undefined;
  const removeOwnKv = async () => {
    if (ownKv) await Deno.remove(ownKv, { recursive: true }).catch(() => {});
  };
  const process = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", ...startTaskV8Flags(), "server/main.ts"],
    cwd: ROOT,
    env: {
      HOSTNAME: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      DENO_NO_UPDATE_CHECK: "1",
      ...(ownKv ? { KV_PATH: `${ownKv}/kv.sqlite3` } : {}),
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = collectOutput(process, options.maxOutput);
  const drained = output.done;
  let exited: Deno.CommandStatus | undefined;
  const status = process.status.then((s) => (exited = s));
  const fail = async (why: string): Promise<never> => {
    try {
      process.kill("SIGKILL");
    } catch { /* already exited */ }
    await status;
    await drained;
    await removeOwnKv();
    throw new Error(`The server did not start: ${why}. Its output:\n${output.text()}`);
  };
  const deadline = Date.now() + 60_000;
  let port: number | undefined;
  while ((port = listeningPort(output.text())) === undefined) {
    if (exited) return await fail(`it exited with code ${exited.code} before listening`);
    if (Date.now() > deadline) return await fail("no start-up line within 60 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = `http://127.0.0.1:${port}`;
  // The process bound this port itself, so whatever answers here is this server.
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch { /* not answering yet */ }
    if (exited) return await fail(`it exited with code ${exited.code}`);
    if (Date.now() > deadline) return await fail(`/healthz at ${url} did not answer within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process,
    output: output.text,
    async stop(signal: Deno.Signal = "SIGTERM") {
      try {
        process.kill(signal);
      } catch { /* already exited */ }
      const result = await status;
      await drained;
      await removeOwnKv();
      return result;
    },
  };
}
