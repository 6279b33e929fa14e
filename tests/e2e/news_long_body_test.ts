/**
 * Socket test of long news drafts and of the signed-in routes' body limits: `server/main.ts` on a real port with its file-backed KV. A
 * draft body of 100,000 characters (what the API description allows) in Latin, Sinhala and Tamil
 * script is stored and read back byte for byte, through the JSON API, before and after a restart
 * (which rebuilds the index from the KV file). Deno KV refuses values over 64 KiB, and Sinhala
 * and Tamil text takes two bytes a character there, so these bodies are kept in pieces.
 */
import assert from "node:assert/strict";
import { createKey, mailInLog, signUp, verifyEmail } from "../_helpers/accounts.ts";
import { draft, withKey } from "../_helpers/news.ts";
import { outputMatching, startServer } from "../_helpers/server.ts";
import { streamBody } from "../_helpers/socket.ts";

const MB = 1024 * 1024;

/** 100,000 UTF-16 code units of text in a script: its letters, with spaces and a newline. */
function longText(first: number, letters: number, seed: string): string {
  let out = `${seed}\n`;
  let i = 0;
  while (out.length < 100_000) {
    out += i % 7 === 6 ? " " : String.fromCharCode(first + (i * 5) % letters);
    i++;
  }
  return out.slice(0, 99_999) + ".";
}

const BODIES = {
  // Basic Latin letters a-z.
  latin: longText(0x61, 26, "Latin"),
  // The Sinhala block starts at U+0D85 (letter A) and Tamil at U+0B85 (letter A) in Unicode.
  sinhala: longText(0x0d85, 18, "සිංහල"),
  tamil: longText(0x0b85, 16, "தமிழ்"),
};

Deno.test("news drafts of 100,000 characters in Latin, Sinhala and Tamil are stored and read back byte for byte", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const env = { KV_PATH: kvPath, LOG_LEVEL: "info" };
  let server = await startServer(env);
  try {
    const request = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
    const email = "long.writer@example.com";
    const cookie = await signUp(request, email, "long enough password");
    // The editor role needs a confirmed address: follow the link the server logged.
    await verifyEmail(
      request,
      mailInLog(await outputMatching(server.output, /verify\?token=/)),
      email,
      cookie,
      server.url,
    );
    const admin = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-all", "server/admin.ts", "editors", "add", email, "--name", "Writer"],
      cwd: new URL("../../", import.meta.url),
      env: { KV_PATH: kvPath },
    }).output();
    assert.equal(admin.code, 0, new TextDecoder().decode(admin.stderr));
    const { key } = await createKey(request, cookie);

    for (const [script, body] of Object.entries(BODIES)) {
      assert.equal(body.length, 100_000);
      const slug = `long-${script}`;
      const created = await request(
        "/api/v1/news/drafts",
        withKey("POST", key, draft({ slug, title: `A long ${script} post`, body })),
      );
      const text = await created.text();
      assert.equal(created.status, 201, `${script}: ${text.slice(0, 300)}`);
      assert.equal(JSON.parse(text).data.body, body);
      // An edit that shortens the body, then one that lengthens it again.
      const short = await request(
        `/api/v1/news/drafts/${slug}`,
        withKey("POST", key, { body: body.slice(0, 30_000) }),
      );
      assert.equal(short.status, 200);
      assert.equal((await short.json()).data.body, body.slice(0, 30_000).trim());
      const long = await request(`/api/v1/news/drafts/${slug}`, withKey("POST", key, { body }));
      assert.equal(long.status, 200);
      await long.body?.cancel();
    }
    // A restart reads every post back from the KV file (an edit that changes nothing answers the
    // stored draft: the draft API has no GET).
    await server.stop();
    server = await startServer(env);
    for (const [script, body] of Object.entries(BODIES)) {
      const res = await request(`/api/v1/news/drafts/long-${script}`, withKey("POST", key, {}));
      assert.equal(res.status, 200, `${script} after a restart`);
      const bytes = new TextEncoder().encode((await res.json()).data.body);
      assert.deepEqual(bytes, new TextEncoder().encode(body), `${script}: byte for byte`);
    }
    // Bodies past the routes' limits, streamed without a Content-Length, are a 413 envelope: the
    // editor's form (1 MiB), a draft as JSON (1 MiB) and voice (64 KiB), each signed in.
    const streamed: [string, Record<string, string>, number][] = [
      ["/editor/posts", {
        Cookie: cookie,
        Origin: server.url,
        "Content-Type": "application/x-www-form-urlencoded",
      }, 5 * MB],
      ["/api/v1/news/drafts", { "x-api-key": key, "Content-Type": "application/json" }, 5 * MB],
      ["/api/v1/voice", { "x-api-key": key, "Content-Type": "application/json" }, MB],
    ];
    for (const [path, headers, total] of streamed) {
      const answer = await streamBody(server.url, path, headers, total);
      assert.equal(answer.status, 413, `${path}: ${answer.text.slice(0, 300)}`);
      assert.match(answer.text, /"code":"payload_too_large"/);
    }
    // One character past the limit is a 400 naming the field, not a 500.
    const over = await request(
      "/api/v1/news/drafts",
      withKey("POST", key, draft({ slug: "too-long", body: `${BODIES.tamil}x` })),
    );
    assert.equal(over.status, 400);
    assert.match(await over.text(), /body/);
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
