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
 * Tells whether an error means the KV store cannot be written: a read-only file or mount, an
 * immutable file, a full disk. (SQLite says "attempt to write a readonly database", Deno KV
 * "Can not write to a read-only database", "database or disk is full".)
 *
 * @param error Anything caught.
 * @returns Whether it is a write failure of the store.
 */
export function isStorageWriteFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /read-?only database|database or disk is full|disk I\/O error|no space left|database is full|Read-only file system/i
    .test(error.message);
}

/**
 * Tells whether an error means the KV store cannot be reached or used right now (closed, locked,
 * a KV Connect server down, or it cannot be written: see {@linkcode isStorageWriteFailure}), as
 * opposed to a bug. The server answers those with 503.
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
  if (isStorageWriteFailure(error)) return true;
  return /database is locked|database is closed|kv connect|failed to (fetch|connect)/i.test(
    error.message,
  );
}
