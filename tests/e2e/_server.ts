/** Starts the real server (`server/main.ts`) as a subprocess on a free port, for end-to-end tests. */

import { startServer as start } from "../_helpers/server.ts";

/** A running server process. */
export interface ServerProcess {
  url: string;
  child: Deno.ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr: () => string;
  /** Sends a signal and waits for the exit; returns the exit code. */
  stop(signal?: Deno.Signal): Promise<number>;
}

export { freePort } from "../_helpers/server.ts";

/**
 * Starts `server/main.ts` with a KV file and waits until it answers.
 *
 * @param kvPath The KV file.
 * @param env Extra environment.
 * @param options `maxOutput`: keep only the first this many characters of its output.
 * @returns The process.
 */
export async function startServer(
  kvPath: string,
  env: Record<string, string> = {},
  options: { maxOutput?: number } = {},
): Promise<ServerProcess> {
  const server = await start({ KV_PATH: kvPath, LOG_LEVEL: "warn", ...env }, options);
  return {
    url: server.url,
    child: server.process,
    stderr: server.output,
    async stop(signal: Deno.Signal = "SIGTERM") {
      return (await server.stop(signal)).code;
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
): Promise<{ cookie: string; key: string; id: string; accountId: string }> {
  const signUp = await fetch(`${url}/api/v1/accounts`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (signUp.status !== 202) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  await signUp.body?.cancel();
  // Sign-up mails a verification link and opens no session: log in (keys work unverified).
  const logIn = await fetch(`${url}/api/v1/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (logIn.status !== 201) throw new Error(`log-in: ${logIn.status} ${await logIn.text()}`);
  const accountId: string = (await logIn.json()).data.id;
  const cookie = cookieOf(logIn);
  const res = await fetch(`${url}/api/v1/keys`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ name: "e2e" }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create key: ${JSON.stringify(body)}`);
  return { cookie, key: body.data.key, id: body.data.id, accountId };
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
