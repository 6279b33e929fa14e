/**
 * `deno task bench`: runs every benchmark under tests/bench/. Files using `Deno.bench` run with
 * `deno bench`; `*_load.ts` files are load benchmarks run as scripts (they start servers and
 * drive them with wrk). Pass file names to run a subset. Scripts run with the V8 flags of
 * `deno task start` (`startTaskV8Flags`): those that serve the app in-process measure it as
 * deployed, and those that start servers pass the same flags on (see `_wrk.ts`).
 */
import { startTaskV8Flags } from "../_helpers/server.ts";

const dir = new URL(".", import.meta.url).pathname;
const only = Deno.args;
const files = [...Deno.readDirSync(dir)]
  .map((e) => e.name)
  .filter((name) => name.endsWith(".ts") && !name.startsWith("_") && name !== "run.ts")
  .filter((name) => only.length === 0 || only.some((o) => name.includes(o)))
  .sort();

let failed = 0;
for (const name of files) {
  const path = `tests/bench/${name}`;
  const micro = (await Deno.readTextFile(`${dir}${name}`)).includes("Deno.bench(");
  const args = micro
    ? ["bench", "--allow-all", path]
    : ["run", "--allow-all", ...startTaskV8Flags(), path];
  console.log(`\n== ${path} (${micro ? "deno bench" : "load"})`);
  const status = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!status.success) failed++;
}
if (failed) {
  console.error(`${failed} benchmark file(s) failed`);
  Deno.exit(1);
}
