/**
 * Socket test: ids longer than a KV key can hold (2 KiB), in every path that looks an id up, on
 * `server/main.ts` with its file-backed KV. Each answer is a 4xx, never a 500.
 */
import assert from "node:assert/strict";
import { createKey, mailInLog, signUp, verifyEmail } from "../_helpers/accounts.ts";
import { withKey } from "../_helpers/news.ts";
import { outputMatching, startServer } from "../_helpers/server.ts";

Deno.test("ids of 3000 characters in dashboard, editor and API paths are 4xx, never 500", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/kv.sqlite3`;
  const server = await startServer({ KV_PATH: kvPath, LOG_LEVEL: "info" });
  try {
    const url = server.url;
    const request = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
    const email = "ids@example.com";
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
      args: ["run", "--allow-all", "server/admin.ts", "editors", "add", email, "--name", "Ids"],
      cwd: new URL("../../", import.meta.url),
      env: { KV_PATH: kvPath },
    }).output();
    assert.equal(admin.code, 0, new TextDecoder().decode(admin.stderr));
    const { key } = await createKey(request, cookie);
    const long = "a".repeat(3000);
    const form = (body = "") => ({
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const cases: [string, RequestInit, number][] = [
      [`/developers/keys/${long}/revoke`, form(), 404],
      [`/editor/posts/${long}`, { headers: { Cookie: cookie } }, 404],
      [`/editor/posts/${long}/preview`, { headers: { Cookie: cookie } }, 404],
      [`/editor/posts/${long}`, form("title=x"), 404],
      [`/editor/posts/${long}/submit`, form(), 404],
      [`/api/v1/keys/${long}`, { method: "DELETE", headers: { Cookie: cookie } }, 400],
      [`/api/v1/news/drafts/${long}`, withKey("POST", key, {}), 400],
      [`/api/v1/news/drafts/${long}/submit`, withKey("POST", key, {}), 400],
      [`/news/${long}`, {}, 404],
      [`/api/v1/store/${long}`, {}, 404],
      [`/tools/${long}`, {}, 404],
    ];
    for (const [path, init, status] of cases) {
      const res = await request(path, init);
      const text = await res.text();
      assert.equal(
        res.status,
        status,
        `${init.method ?? "GET"} ${path.slice(0, 40)}: ${text.slice(0, 200)}`,
      );
    }
  } finally {
    await server.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
