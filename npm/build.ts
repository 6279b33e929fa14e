/**
 * `deno task build:npm`: builds the npm package in this folder from the same sources JSR
 * publishes. Copies `mod.ts`, `core/` (with the catalogue's areas, `core/messages/`), `sdk/` (with
 * the subpath entries) and `data/` into `src/`, installs the build tools
 * when missing, and compiles with `tsc` (`rewriteRelativeImportExtensions`,
 * `isolatedDeclarations`) to ESM plus `.d.ts` in `dist/`. The npm build keeps to this folder, so
 * Deno's own npm resolution (`nodeModulesDir: "none"`) is untouched.
 *
 * @module
 */
const here = new URL("./", import.meta.url);

/** The package's entry points: `.` and its subpaths (the `exports` of deno.json). */
export const ENTRIES: readonly string[] = [
  "mod.ts",
  "sdk/holidays.ts",
  "sdk/districts.ts",
  "sdk/education.ts",
  "sdk/tools.ts",
  "sdk/payroll.ts",
  "sdk/operations.ts",
  "sdk/words.ts",
  "sdk/calc.ts",
];
const root = new URL("../", here);

async function run(command: string, args: string[]): Promise<void> {
  const { code } = await new Deno.Command(command, {
    args,
    cwd: here,
    stdout: "inherit",
    stderr: "inherit",
  })
    .output();
  if (code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed with exit code ${code}`,
    );
  }
}

async function copyTree(
  from: URL,
  to: URL,
  keep: (name: string) => boolean,
): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) {
      await copyTree(
        new URL(`${entry.name}/`, from),
        new URL(`${entry.name}/`, to),
        keep,
      );
    } else if (keep(entry.name)) {
      await Deno.copyFile(new URL(entry.name, from), new URL(entry.name, to));
    }
  }
}

/** Builds `npm/dist` (and `npm/README.md`, `npm/LICENSE`). */
export async function buildNpm(): Promise<void> {
  const manifest = JSON.parse(
    await Deno.readTextFile(new URL("package.json", here)),
  );
  const deno = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  if (manifest.version !== deno.version || manifest.name !== deno.name) {
    throw new Error(
      `npm/package.json is ${manifest.name}@${manifest.version} but deno.json is ${deno.name}@${deno.version}: make them equal`,
    );
  }
  for (const dir of ["src", "dist"]) {
    await Deno.remove(new URL(dir, here), { recursive: true }).catch(() => {});
  }
  const src = new URL("src/", here);
  const ts = (name: string) => name.endsWith(".ts") && !name.endsWith("_test.ts");
  await Deno.mkdir(src, { recursive: true });
  await Deno.copyFile(new URL("mod.ts", root), new URL("mod.ts", src));
  // The catalogue's areas (core/messages/<lang>/<area>.json) come with the core.
  await copyTree(
    new URL("core/", root),
    new URL("core/", src),
    (n) => ts(n) || n.endsWith(".json"),
  );
  await copyTree(new URL("sdk/", root), new URL("sdk/", src), ts);
  await copyTree(
    new URL("data/", root),
    new URL("data/", src),
    (name) => name.endsWith(".json"),
  );
  // The package's README is the SDK's own (sdk/README.md), not the server's.
  await Deno.copyFile(
    new URL("sdk/README.md", root),
    new URL("README.md", here),
  );
  await Deno.copyFile(new URL("LICENSE", root), new URL("LICENSE", here));
  await ensureNpmModules();
  await run("node", ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"]);
}

/**
 * Installs the build tools (`npm ci`) unless `node_modules` was installed from the current
 * `package-lock.json`: a copy of the lock installed last is kept beside them, so a checkout whose
 * lock has changed since (a new dependency) installs again instead of building against old ones.
 */
export async function ensureNpmModules(): Promise<void> {
  const lock = await Deno.readTextFile(new URL("package-lock.json", here));
  const installedFrom = new URL("node_modules/.lanka-installed-lock.json", here);
  let installed: string | undefined;
  try {
    installed = await Deno.readTextFile(installedFrom);
  } catch { /* never installed, or before this copy was kept */ }
  if (installed === lock) return;
  await run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"]);
  await Deno.writeTextFile(installedFrom, lock);
}

if (import.meta.main) await buildNpm();
