/**
 * `deno task bench`: runs every `*_bench.ts` in this folder (or the ones named on the command
 * line), each in its own process, and fails if any fails.
 *
 * @module
 */
const here = new URL("./", import.meta.url);
const wanted = Deno.args;
const files: string[] = [];
for await (const entry of Deno.readDir(here)) {
  if (entry.isFile && entry.name.endsWith("_bench.ts")) files.push(entry.name);
}
files.sort();
let failed = 0;
for (const name of files.filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))) {
  console.log(`\n=== ${name}`);
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", new URL(name, here).pathname],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) failed++;
}
Deno.exit(failed ? 1 : 0);
