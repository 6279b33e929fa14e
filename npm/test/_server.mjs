// Starts the real Lanka API server (Deno) on a free port for the Node smoke tests.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Starts `server/main.ts` with an in-memory KV on PORT=0 (the kernel picks a free port, so no
 * other process can take it first) and reads the port it bound from its own start-up line.
 * `DENO_BIN` names the deno executable (the Deno test that runs these smoke tests passes its own);
 * otherwise `npx -y deno@2.9.6` is used.
 */
export async function startServer() {
  const [command, ...prefix] = process.env.DENO_BIN
    ? [process.env.DENO_BIN]
    : ["npx", "-y", "deno@2.9.6"];
  const child = spawn(command, [...prefix, "run", "-A", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      KV_PATH: ":memory:",
      LOG_LEVEL: "error",
      DENO_NO_UPDATE_CHECK: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const listening = new Promise((resolve) => {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const line = output.split("\n").find((l) => l.includes('"message":"Listening"'));
      if (line && line.endsWith("}")) resolve(JSON.parse(line).port);
    });
  });
  const deadline = Date.now() + 60_000;
  let port;
  while (port === undefined) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error("The server wrote no start-up line within 60 s");
    }
    port = await Promise.race([listening, new Promise((r) => setTimeout(() => r(undefined), 100))]);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
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
