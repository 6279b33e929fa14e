/**
 * The runtime flags of `deno task start` (see docs/performance.md, "The young generation") are
 * the flags of every way the project runs the server: the systemd unit, the Docker image, and the
 * test and benchmark helpers, so none of them drifts from what was measured.
 */
import assert from "node:assert/strict";
import { startTaskV8Flags } from "../_helpers/server.ts";

const ROOT = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, ROOT));

Deno.test("deno task start caps the young generation at the size the benchmarks measured", () => {
  assert.deepEqual(startTaskV8Flags(), ["--v8-flags=--max-semi-space-size=2"]);
  const tasks = JSON.parse(read("deno.json")).tasks;
  for (const task of ["dev", "bench:voice", "bench:news"]) {
    assert.ok(
      tasks[task].includes(startTaskV8Flags()[0]!),
      `deno task ${task} runs with the same flags`,
    );
  }
});

Deno.test("the systemd unit and the Docker image run the server with the start task's flags", () => {
  const [flags] = startTaskV8Flags();
  const unit = read("deploy/lanka-api.service").split("\n").find((l) => l.startsWith("ExecStart="));
  assert.ok(unit?.includes(` ${flags} `), `ExecStart passes ${flags}: ${unit}`);
  const cmd = read("deploy/Dockerfile").split("\n").find((l) => l.startsWith("CMD "));
  assert.ok(cmd, "the Dockerfile has a CMD");
  assert.ok(
    (JSON.parse(cmd.slice(4)) as string[]).includes(flags!),
    `the image's CMD passes ${flags}: ${cmd}`,
  );
});
