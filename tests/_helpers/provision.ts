/**
 * What some tests need beyond Deno, installed on first use so that `deno task test` works on a
 * fresh machine with only Node.js and npm: Debian's `chromium` for browser tests (apt-get, as
 * root) and the npm build folder's tools (`npm ci` in `npm/`). Each runs at most once per process.
 */

const CHROMIUM = "/usr/bin/chromium";
let chromium: Promise<string> | undefined;
let npmTools: Promise<void> | undefined;

async function run(command: string, args: string[], cwd?: URL): Promise<void> {
  const out = await new Deno.Command(command, {
    args,
    ...(cwd ? { cwd } : {}),
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  if (!out.success) {
    const tail = new TextDecoder().decode(out.stderr).split("\n").slice(-8).join("\n");
    throw new Error(`${command} ${args.join(" ")} failed (exit ${out.code}):\n${tail}`);
  }
}

async function exists(path: string | URL): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure Debian's Chromium is installed, installing the `chromium` package with apt-get when
 * running as root.
 *
 * @returns The browser's path.
 */
export function ensureChromium(): Promise<string> {
  return chromium ??= (async () => {
    if (await exists(CHROMIUM)) return CHROMIUM;
    if (Deno.uid?.() !== 0) {
      throw new Error(
        `Browser tests need Debian's chromium at ${CHROMIUM}: apt-get install chromium`,
      );
    }
    console.error("tests: installing Debian's chromium for the browser tests (once)");
    await run("sh", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
    ]);
    return CHROMIUM;
  })();
}

/**
 * Makes sure the npm build folder has its tools (tsc, esbuild, publint, attw, playwright-core),
 * running `npm ci` there when `node_modules` is missing.
 *
 * @param folder The npm build folder.
 */
export function ensureNpmTools(folder: URL): Promise<void> {
  return npmTools ??= (async () => {
    if (await exists(new URL("node_modules/.package-lock.json", folder))) return;
    console.error("tests: npm ci in npm/ (once)");
    await run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], folder);
  })();
}
