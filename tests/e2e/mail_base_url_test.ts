/**
 * Issue 41: with mail configured, every mailed link is built on `PUBLIC_BASE_URL`; a server that
 * would mail links to itself on localhost refuses to start instead.
 */
import assert from "node:assert/strict";

Deno.test("with SMTP_URL set and PUBLIC_BASE_URL unset the server refuses to start (exit 2), naming both", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "server/main.ts"],
    cwd: new URL("../../", import.meta.url),
    env: {
      HOSTNAME: "127.0.0.1",
      PORT: "0",
      KV_PATH: ":memory:",
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "Lanka API <noreply@lanka.test>",
      PUBLIC_BASE_URL: "",
      DENO_NO_UPDATE_CHECK: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 2, `exit ${out.code}: ${stderr}${new TextDecoder().decode(out.stdout)}`);
  assert.match(stderr, /PUBLIC_BASE_URL/);
  assert.match(stderr, /SMTP_URL/);
});
