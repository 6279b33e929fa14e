/**
 * The first start of the MCP stdio server on a machine whose Deno cache is empty
 * (`deno task bench mcp_cold_start`): the command of docs/mcp.md's snippets, run with `DENO_DIR`
 * set to an empty folder, timed from spawn to the answer to `initialize`, with what it downloaded
 * (the size of that folder after). Then a second start with the cache warm, and, for comparison,
 * the same server run with the project's own configuration (`deno.json` and its lock: what
 * `deno task mcp` ran before issue 44). Downloads come from the npm registry, so the figures
 * depend on the network; recorded in docs/performance.md, never asserted.
 *
 * @module
 */
const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "cold-start", version: "1" },
  },
}) + "\n";

/** Bytes under a folder. */
async function size(dir: string): Promise<number> {
  let total = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) total += await size(path);
    else if (entry.isFile) {
      // SQLite's -shm and -wal files may go as the process that had them ends.
      total += await Deno.stat(path).then((info) => info.size, () => 0);
    }
  }
  return total;
}

/** Spawns `npx -y deno@2.9.6 <args>` with a Deno cache, and times the answer to initialize. */
async function start(args: string[], denoDir: string): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command("npx", {
    args: ["-y", "deno@2.9.6", ...args],
    env: { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(INITIALIZE));
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server ended before answering: ${text}`);
    text += new TextDecoder().decode(value);
  }
  const elapsed = performance.now() - started;
  if (!text.includes('"serverInfo"')) throw new Error(`not an initialize answer: ${text}`);
  await writer.close().catch(() => {});
  reader.releaseLock();
  child.kill();
  await child.status;
  return elapsed;
}

const lean = [
  "run",
  "--quiet",
  "--config",
  `${ROOT}/server/mcp/stdio.deno.json`,
  `${ROOT}/server/mcp/stdio.ts`,
];
const whole = ["run", "--quiet", "--config", `${ROOT}/deno.json`, `${ROOT}/server/mcp/stdio.ts`];

const rows: string[] = [];
for (
  const [name, args] of [["stdio.deno.json (the snippets)", lean], [
    "deno.json (before)",
    whole,
  ]] as const
) {
  const dir = await Deno.makeTempDir({ prefix: "lanka-cold-deno-dir-" });
  try {
    const load = Deno.loadavg()[0]!.toFixed(1);
    const cold = await start([...args], dir);
    const downloaded = await size(dir);
    const warm = await start([...args], dir);
    rows.push(
      `| ${name} | ${(cold / 1000).toFixed(1)} s | ${(downloaded / 1e6).toFixed(0)} MB | ${
        (warm / 1000).toFixed(2)
      } s | ${load} |`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
console.log(`
| configuration | first start, empty DENO_DIR, to initialize | DENO_DIR after | second start | load (1 min) |
| --- | --- | --- | --- | --- |
${rows.join("\n")}
`);
