/**
 * The npm package: built with tsc from the same sources as JSR, checked by publint and
 * @arethetypeswrong/cli, smoke-tested under Node's test runner against a real server, and bundled
 * for a browser test in headless Chromium (`npm/test/`). Also guards the bundle size targets.
 */
import assert from "node:assert/strict";
import { buildNpm } from "../../npm/build.ts";
import { ensureChromium, ensureNpmTools } from "../_helpers/provision.ts";

const npm = new URL("../../npm/", import.meta.url);

async function node(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command("node", {
    args,
    cwd: npm,
    env: { ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const output = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  assert.equal(code, 0, `node ${args.join(" ")} failed:\n${output}`);
  return output;
}

Deno.test("the npm package builds, lints clean and passes its Node and browser smoke tests", async (t) => {
  await t.step("tsc builds ESM and declarations into npm/dist", async () => {
    await ensureNpmTools(npm);
    await ensureChromium();
    await buildNpm();
    const types = await Deno.readTextFile(new URL("dist/mod.d.ts", npm));
    assert.match(types, /export \{ createClient, LankaClient \}/);
    await Deno.stat(new URL("dist/data/apit.json", npm));
  });
  await t.step("publint finds nothing", async () => {
    const output = await node(["node_modules/publint/src/cli.js"]);
    assert.match(output, /All good!/);
  });
  await t.step("@arethetypeswrong/cli finds no problem for ESM consumers", async () => {
    await node([
      "node_modules/@arethetypeswrong/cli/dist/index.js",
      "--pack",
      ".",
      "--profile",
      "esm-only",
    ]);
  });
  await t.step("node --test runs local and remote calls against a real server", async () => {
    const output = await node(["--test", "test/smoke.test.mjs"], { DENO_BIN: Deno.execPath() });
    assert.match(output, /# pass 3\b/);
    assert.match(output, /# fail 0\b/);
  });
  await t.step("the bundled SDK computes PAYE in headless Chromium", async () => {
    const output = await node(["--test", "test/browser.test.mjs"]);
    assert.match(output, /# pass 1\b/);
  });
  await t.step(
    "bundles stay within 60 KB (whole client) and 5 KB (one pure function) gzipped",
    async () => {
      const sizes = JSON.parse(await node(["test/bundle_size.mjs"]));
      assert.ok(sizes.client.gzip <= 60 * 1024, `whole client: ${sizes.client.gzip} bytes gzipped`);
      assert.ok(sizes.vat.gzip <= 5 * 1024, `computeVat alone: ${sizes.vat.gzip} bytes gzipped`);
    },
  );
});

Deno.test("core files import zod as a namespace, which bundlers can tree-shake", async () => {
  // `import { z } from "zod"` makes esbuild keep all of zod (every locale): about 93 KB gzipped
  // against 26 KB for `import * as z from "zod"`.
  const offenders: string[] = [];
  const walk = async (dir: URL, name: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = `${name}${entry.name}`;
      if (entry.isDirectory) await walk(new URL(`${entry.name}/`, dir), `${path}/`);
      else if (entry.name.endsWith(".ts")) {
        const source = await Deno.readTextFile(new URL(entry.name, dir));
        if (/import \{[^}]*\bz\b[^}]*\} from "zod"/.test(source)) offenders.push(path);
      }
    }
  };
  await walk(new URL("../../core/", import.meta.url), "core/");
  await walk(new URL("../../sdk/", import.meta.url), "sdk/");
  assert.deepEqual(offenders, [], 'use `import * as z from "zod"` (or `import type { z }`)');
});
