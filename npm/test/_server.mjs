// Starts the real Lanka API server (Deno) on a free port for the Node smoke tests.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `server/main.ts` with an in-memory KV. `DENO_BIN` names the deno executable (the Deno
 * test that runs these smoke tests passes its own); otherwise `npx -y deno@2.9.6` is used.
 */
export async function startServer() {
  const port = await freePort();
  const [command, ...prefix] = process.env.DENO_BIN
    ? [process.env.DENO_BIN]
    : ["npx", "-y", "deno@2.9.6"];
  const child = spawn(command, [...prefix, "run", "-A", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      KV_PATH: ":memory:",
      LOG_LEVEL: "error",
      DENO_NO_UPDATE_CHECK: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1`);
      await response.body?.cancel();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("The server did not start within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}
