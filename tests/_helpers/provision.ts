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
 * Runs `body` holding an exclusive lock on a file in the temp folder, shared by every test
 * process on the machine (parallel test files, other checkouts), so that only one of them
 * installs at a time and the others wait, then find the work done.
 *
 * @param name The lock's name (one file per name).
 * @param body What to run under the lock.
 * @returns What `body` returned.
 */
export async function withMachineLock<T>(name: string, body: () => Promise<T>): Promise<T> {
  const path = `${Deno.env.get("TMPDIR") ?? "/tmp"}/lanka-api-provision-${name}.lock`;
  using file = await Deno.open(path, { read: true, write: true, create: true });
  await file.lock(true);
  try {
    return await body();
  } finally {
    await file.unlock();
  }
}

/**
 * Makes sure Debian's Chromium is installed, installing the `chromium` package with apt-get when
 * running as root. Safe under parallel test processes: installs run one at a time under a
 * machine-wide lock, each re-checks after waiting, and apt waits for the dpkg lock (held by
 * anything else on the machine) instead of failing at once.
 *
 * @returns The browser's path.
 * @throws {Error} Saying why the browser is missing and how to install it.
 */
export function ensureChromium(): Promise<string> {
  return chromium ??= (async () => {
    if (await exists(CHROMIUM)) return CHROMIUM;
    if (Deno.uid?.() !== 0) {
      throw new Error(
        `Browser tests need Debian's Chromium at ${CHROMIUM}, which is not installed, and this ` +
          `user (uid ${Deno.uid?.()}) cannot install it. Install it once with ` +
          `"sudo apt-get update && sudo apt-get install -y chromium" (or run .ci/run as root), ` +
          `then run the tests again.`,
      );
    }
    return await withMachineLock("chromium", async () => {
      if (await exists(CHROMIUM)) return CHROMIUM; // another test process installed it meanwhile
      console.error("tests: installing Debian's chromium for the browser tests (once)");
      const wait = "-o DPkg::Lock::Timeout=600";
      const apt = `apt-get ${wait} update -qq && DEBIAN_FRONTEND=noninteractive apt-get ${wait} ` +
        `install -y -qq chromium`;
      try {
        await run("sh", ["-c", apt]);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new Error(
          `Browser tests need Debian's Chromium at ${CHROMIUM}; installing it failed (install ` +
            `it by hand with "apt-get install -y chromium"): ${why}`,
        );
      }
      if (!await exists(CHROMIUM)) {
        throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
      }
      return CHROMIUM;
    });
  })();
}

/**
 * Makes sure the npm build folder has its tools (tsc, esbuild, publint, attw, playwright-core),
 * running `npm ci` there when `node_modules` is missing (one process at a time).
 *
 * @param folder The npm build folder.
 */
export function ensureNpmTools(folder: URL): Promise<void> {
  return npmTools ??= (async () => {
    const marker = new URL("node_modules/.package-lock.json", folder);
    if (await exists(marker)) return;
    await withMachineLock("npm-ci", async () => {
      if (await exists(marker)) return;
      console.error("tests: npm ci in npm/ (once)");
      await run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], folder);
    });
  })();
}
