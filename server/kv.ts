/**
 * Opening Deno KV: a local SQLite file (its folder is created), `:memory:`, a KV Connect URL, or
 * the platform's own KV.
 *
 * @module
 */

/**
 * Opens KV at a path or URL, failing fast with a clear message.
 *
 * @param path A file path, `:memory:`, an http(s) KV Connect URL, or `default` for the
 *   platform's own KV (`Deno.openKv()` with no argument: the managed KV on Deno Deploy).
 * @returns The open database.
 */
export async function openKv(path: string): Promise<Deno.Kv> {
  if (path === "default") return await probe(() => Deno.openKv(), "the platform default");
  const remote = /^https?:\/\//.test(path);
  if (!remote && path !== ":memory:") {
    const dir = path.replace(/[^/]*$/, "");
    try {
      if (dir) await Deno.mkdir(dir, { recursive: true });
    } catch (error) {
      throw new Error(
        `Cannot open KV at ${JSON.stringify(path)}: cannot create its folder: ${String(error)}`,
      );
    }
  }
  return await probe(() => Deno.openKv(path), remote ? "the configured URL" : JSON.stringify(path));
}

async function probe(open: () => Promise<Deno.Kv>, where: string): Promise<Deno.Kv> {
  try {
    const kv = await open();
    await kv.get(["health"]);
    return kv;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open KV at ${where}: ${reason}`);
  }
}

/**
 * Tells whether an error means the KV store cannot be reached or used right now (closed, locked,
 * a KV Connect server down), as opposed to a bug. The server answers those with 503.
 *
 * @param error Anything caught.
 * @returns Whether it is a storage outage.
 */
export function isStorageFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (
    error instanceof Deno.errors.BadResource || error instanceof Deno.errors.ConnectionRefused ||
    error instanceof Deno.errors.ConnectionReset || error instanceof Deno.errors.Interrupted ||
    error instanceof Deno.errors.TimedOut || error instanceof Deno.errors.Busy
  ) {
    return true;
  }
  return /database is locked|database is closed|kv connect|failed to (fetch|connect)/i.test(
    error.message,
  );
}
