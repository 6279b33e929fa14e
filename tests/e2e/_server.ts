/** Starts the real server (`server/main.ts`) as a subprocess on a free port, for end-to-end tests. */

const ROOT = new URL("../../", import.meta.url);

/** A running server process. */
export interface ServerProcess {
  url: string;
  child: Deno.ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr: () => string;
  /** Sends a signal and waits for the exit; returns the exit code. */
  stop(signal?: Deno.Signal): Promise<number>;
}

/** A port nothing listens on right now. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * Starts `server/main.ts` with a KV file and waits until it answers.
 *
 * @param kvPath The KV file.
 * @param env Extra environment.
 * @returns The process.
 */
export async function startServer(
  kvPath: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--config", new URL("deno.json", ROOT).pathname, "server/main.ts"],
    cwd: ROOT.pathname,
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      KV_PATH: kvPath,
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: "warn",
      DENO_NO_UPDATE_CHECK: "1",
      ...env,
    },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let errors = "";
  const drained = (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) errors += chunk;
  })();
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await child.status;
      await drained;
      throw new Error(`server did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stderr: () => errors,
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      const status = await child.status;
      await drained;
      return status.code;
    },
  };
}

/** Reads the session cookie from a Set-Cookie response. */
export function cookieOf(res: Response): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("lanka_session="));
  if (!line) throw new Error(`no session cookie (status ${res.status})`);
  return line.split(";")[0]!;
}

/**
 * Signs up through the JSON API of a running server and creates a key.
 *
 * @returns The session cookie, key and key id.
 */
export async function accountWithKey(
  url: string,
  email: string,
  password: string,
): Promise<{ cookie: string; key: string; id: string }> {
  const signUp = await fetch(`${url}/api/v1/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  await signUp.body?.cancel();
  const cookie = cookieOf(signUp);
  const res = await fetch(`${url}/api/v1/keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ name: "e2e" }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create key: ${JSON.stringify(body)}`);
  return { cookie, key: body.data.key, id: body.data.id };
}

/** The persisted usage of a caller, summed over days (a test may straddle midnight). */
export async function persistedUsage(kvPath: string, callerId: string): Promise<number> {
  using kv = await Deno.openKv(kvPath);
  let total = 0;
  for await (const entry of kv.list<Deno.KvU64>({ prefix: ["usage", callerId] })) {
    total += Number(entry.value.value);
  }
  return total;
}
