import assert from "node:assert/strict";
import { cookieOf, startServer } from "./_server.ts";

Deno.test("dashboard flow against the running server: sign up, create a key, call, revoke, 401", async () => {
  const dir = await Deno.makeTempDir();
  const server = await startServer(`${dir}/kv.sqlite3`);
  try {
    const post = (path: string, fields: Record<string, string>, cookie?: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields),
      });

    const landing = await fetch(`${server.url}/developers`);
    assert.match(await landing.text(), /Create a free account/);

    const signup = await post("/developers/signup", {
      email: "flow@example.com",
      password: "a long password",
    });
    assert.equal(signup.status, 303);
    await signup.body?.cancel();
    assert.equal(signup.headers.getSetCookie().length, 0, "sign-up opens no session");
    const login = await post("/developers/login", {
      email: "flow@example.com",
      password: "a long password",
    });
    assert.equal(login.status, 303);
    await login.body?.cancel();
    const cookie = cookieOf(login);
    const home = await fetch(`${server.url}${login.headers.get("Location")}`, {
      headers: { Cookie: cookie },
    });
    assert.match(await home.text(), /Signed in as <strong>flow@example.com<\/strong>/);

    const created = await post("/developers/keys", { name: "Flow" }, cookie);
    const page = await created.text();
    const key = /value="(lk_[0-9A-Za-z]{32})"/.exec(page)?.[1];
    assert.ok(key, "the page shows the new key");
    const id = /action="\/developers\/keys\/(key_[0-9A-Za-z]+)\/revoke"/.exec(page)?.[1];
    assert.ok(id);

    const ok = await fetch(`${server.url}/api/v1/vat?amount=1000`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    assert.equal(ok.status, 200);
    const body = await ok.json();
    assert.deepEqual([body.meta.tier, body.meta.limit, body.meta.remaining], ["key", 1000, 999]);

    const revoked = await post(`/developers/keys/${id}/revoke`, {}, cookie);
    assert.equal(revoked.status, 200);
    await revoked.body?.cancel();

    const refused = await fetch(`${server.url}/api/v1/vat?amount=1000`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    assert.equal(refused.status, 401);
    assert.equal((await refused.json()).code, "invalid_key");
    assert.equal(await server.stop(), 0);
  } finally {
    await server.stop("SIGKILL").catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
