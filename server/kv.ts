/**
 * Opening Deno KV: a local SQLite file (its folder is created), `:memory:`, or a KV Connect URL.
 *
 * @module
 */

/**
 * Opens KV at a path or URL, failing fast with a clear message.
 *
 * @param path A file path, `:memory:`, or an http(s) KV Connect URL.
 * @returns The open database.
 */
export async function openKv(path: string): Promise<Deno.Kv> {
  const remote = /^https?:\/\//.test(path);
  if (!remote && path !== ":memory:") {
    const dir = path.replace(/[^/]*$/, "");
    if (dir) await Deno.mkdir(dir, { recursive: true });
  }
  try {
    const kv = await Deno.openKv(path);
    await kv.get(["health"]);
    return kv;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot open KV at ${remote ? "the configured URL" : JSON.stringify(path)}: ${reason}`,
    );
  }
}
