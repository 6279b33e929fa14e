/** Starting the real server (`server/main.ts`) as a subprocess for end-to-end tests. */

const ROOT = new URL("../../", import.meta.url);

/** A free TCP port on 127.0.0.1. */
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

/**
 * Starts `server/main.ts` with the given environment and waits until `/healthz` answers.
 *
 * @param env Extra environment variables (PORT and HOSTNAME are set here).
 * @returns The server.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const process = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "server/main.ts"],
    cwd: ROOT,
    env: {
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: "info",
      DENO_NO_UPDATE_CHECK: "1",
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  const drained = Promise.all([drain(process.stdout), drain(process.stderr)]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      await res.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        process.kill("SIGKILL");
        await process.status;
        throw new Error(`Server did not start:\n${text}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    process,
    output: () => text,
    async stop(signal: Deno.Signal = "SIGTERM") {
      try {
        process.kill(signal);
      } catch { /* already exited */ }
      const status = await process.status;
      await drained;
      return status;
    },
  };
}
