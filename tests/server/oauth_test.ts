/**
 * Issue 44: the MCP server's authorization server, piece by piece: PKCE against RFC 7636's own
 * example, the redirect URI and resource rules, the challenge, and the store's lifetimes,
 * rotation and revocation under a clock the test moves (the whole flow over a real port is in
 * `tests/e2e/mcp_oauth_test.ts` and `tests/e2e/oauth_errors_test.ts`).
 */
import assert from "node:assert/strict";
import { Accounts } from "../../server/accounts/store.ts";
import { isOurResource, mcpChallenge } from "../../server/oauth/metadata.ts";
import { redirectUriMatches, redirectUriProblem } from "../../server/oauth/requests.ts";
import {
  CODE_TTL_MS,
  OAuthStore,
  REFRESH_RACE_MS,
  REFRESH_TTL_MS,
  s256,
  TOKEN_CACHE_MS,
} from "../../server/oauth/store.ts";
import { OAuthError } from "../../server/oauth/errors.ts";
import { fixedClock, TEST_PASSWORD_ITERATIONS } from "../_helpers/app.ts";

Deno.test("s256() gives RFC 7636's own example challenge (Appendix B)", () => {
  // RFC 7636 Appendix B (https://www.rfc-editor.org/rfc/rfc7636#appendix-B): this verifier's S256 challenge.
  assert.equal(
    s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
    "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  );
});

Deno.test("redirect URIs are https, or http on a loopback host, whole and without secrets", () => {
  for (
    const ok of [
      "https://claude.ai/api/mcp/auth_callback",
      "https://vscode.dev/redirect",
      "http://127.0.0.1:33418/",
      "http://localhost:6274/oauth/callback",
      "http://[::1]/cb",
    ]
  ) {
    assert.equal(redirectUriProblem(ok), undefined, ok);
  }
  for (
    const bad of [
      "http://example.com/cb",
      "http://127.0.0.2/cb",
      "cursor://anysphere.cursor-retrieval/oauth/callback",
      "javascript:alert(1)",
      "https://app.example/cb#frag",
      "https://u:p@app.example/cb",
      "/relative",
      `https://app.example/${"x".repeat(1_000)}`,
    ]
  ) {
    assert.ok(redirectUriProblem(bad), bad);
  }
});

Deno.test("a loopback redirect URI matches on any port, any other only exactly", () => {
  const registered = ["http://127.0.0.1/callback", "https://app.example/cb"];
  assert.ok(redirectUriMatches(registered, "http://127.0.0.1:51515/callback"));
  assert.ok(redirectUriMatches(registered, "http://127.0.0.1/callback"));
  assert.ok(!redirectUriMatches(registered, "http://127.0.0.1:51515/other"));
  assert.ok(!redirectUriMatches(registered, "http://localhost:51515/callback"));
  assert.ok(redirectUriMatches(registered, "https://app.example/cb"));
  assert.ok(!redirectUriMatches(registered, "https://app.example:444/cb"));
  assert.ok(!redirectUriMatches(registered, "https://app.example/cb?x=1"));
  assert.ok(!redirectUriMatches(registered, "not a url"));
});

Deno.test("a resource names this server's /mcp, in any case of scheme and host, and nothing else", () => {
  const base = "https://lanka.test";
  for (
    const ok of ["https://lanka.test/mcp", "HTTPS://LANKA.test/mcp", "https://lanka.test/mcp/"]
  ) {
    assert.ok(isOurResource(ok, base), ok);
  }
  for (
    const bad of [
      "https://lanka.test",
      "https://lanka.test/api/v1",
      "https://lanka.test/mcp?x=1",
      "https://lanka.test/mcp#x",
      "http://lanka.test/mcp",
      "https://lanka.test:8443/mcp",
      "https://evil.test/mcp",
      "mcp",
    ]
  ) {
    assert.ok(!isOurResource(bad, base), bad);
  }
});

Deno.test("the challenge names the resource metadata, and an error only when credentials were refused", () => {
  assert.equal(
    mcpChallenge("https://lanka.test"),
    'Bearer resource_metadata="https://lanka.test/.well-known/oauth-protected-resource/mcp"',
  );
  const refused = mcpChallenge("https://lanka.test", {
    code: "invalid_token",
    description: 'Token "x" is \\ expired',
  });
  assert.match(refused, /error="invalid_token"/);
  // RFC 6750 3: no quote or backslash inside the description.
  assert.ok(refused.includes(`error_description="Token x is  expired"`), refused);
});

/** A store on a fresh KV with an account signed in under password version 0. */
async function fixture() {
  const kv = await Deno.openKv(":memory:");
  const clock = fixedClock();
  const accounts = new Accounts(kv, { clock, iterations: TEST_PASSWORD_ITERATIONS });
  const oauth = new OAuthStore(kv, accounts, { clock, accessTtlS: 3600 });
  const account = await accounts.signUp("owner@example.lk", "owner Passw0rd");
  const client = await oauth.register("Test", ["http://127.0.0.1/cb"]);
  const verifier = "v".repeat(43);
  /** A code for what the account approved. */
  const issue = () => oauth.issueCode(client, "http://127.0.0.1/cb", s256(verifier), account);
  /** Exchanges a code as the client does. */
  const exchange = (code: string) =>
    oauth.exchangeCode(code, client.id, "http://127.0.0.1/cb", verifier);
  const authorize = async () => await exchange(await issue());
  return { kv, clock, accounts, oauth, account, client, verifier, issue, exchange, authorize };
}

const refusedWith = (code: string) => (error: unknown) =>
  error instanceof OAuthError && error.code === code;

Deno.test("a rotated refresh token used again after the race window revokes the whole grant", async () => {
  const f = await fixture();
  try {
    const first = await f.authorize();
    const second = await f.oauth.refresh(first.refresh_token, f.client.id);
    assert.ok(await f.oauth.resolve(second.access_token));
    // Within the window: refused, the grant kept.
    f.clock.set(f.clock.now() + REFRESH_RACE_MS - 1);
    await assert.rejects(
      f.oauth.refresh(first.refresh_token, f.client.id),
      refusedWith("invalid_grant"),
    );
    assert.ok(await f.oauth.resolve(second.access_token));
    // After it: a thief and the client cannot both go on, so the grant ends.
    f.clock.set(f.clock.now() + 2);
    await assert.rejects(f.oauth.refresh(first.refresh_token, f.client.id), /grant is revoked/);
    assert.equal(await f.oauth.resolve(second.access_token), null, "at once on this instance");
    await assert.rejects(
      f.oauth.refresh(second.refresh_token, f.client.id),
      refusedWith("invalid_grant"),
    );
    const [key] = await f.accounts.listKeys(f.account.id);
    assert.notEqual(key!.revokedAt, null);
  } finally {
    f.kv.close();
  }
});

Deno.test("codes, access and refresh tokens end when their time is up", async () => {
  const f = await fixture();
  try {
    const code = await f.issue();
    f.clock.set(f.clock.now() + CODE_TTL_MS);
    await assert.rejects(
      f.exchange(code),
      /expired/,
    );
    const tokens = await f.authorize();
    f.clock.set(f.clock.now() + 3600_000 - 1);
    assert.ok(await f.oauth.resolve(tokens.access_token));
    f.clock.set(f.clock.now() + TOKEN_CACHE_MS);
    assert.equal(
      await f.oauth.resolve(tokens.access_token),
      null,
      "the cache never outlives a token",
    );
    f.clock.set(f.clock.now() + REFRESH_TTL_MS);
    await assert.rejects(f.oauth.refresh(tokens.refresh_token, f.client.id), /expired/);
  } finally {
    f.kv.close();
  }
});

Deno.test("a code approved before the password changed is refused", async () => {
  const f = await fixture();
  try {
    const code = await f.issue();
    const { token } = await f.accounts.issueToken("reset", f.account);
    assert.ok(await f.accounts.redeemToken(token, ["reset"], { password: "new Passw0rd 2" }));
    await assert.rejects(
      f.exchange(code),
      /password changed/,
    );
    assert.deepEqual(await f.accounts.listKeys(f.account.id), [], "no key was made");
  } finally {
    f.kv.close();
  }
});

Deno.test("authorizing the same client again replaces its key; the account's key limit holds", async () => {
  const f = await fixture();
  try {
    const first = await f.authorize();
    const second = await f.authorize();
    assert.equal(await f.oauth.resolve(first.access_token), null);
    assert.ok(await f.oauth.resolve(second.access_token));
    const active = (await f.accounts.listKeys(f.account.id)).filter((k) => k.revokedAt === null);
    assert.equal(active.length, 1);
    for (let i = 0; i < 4; i++) await f.accounts.createKey(f.account.id, `k${i}`, { epoch: 0 });
    // Five active keys, one of them this client's: it is replaced, not refused.
    assert.ok(await f.authorize());
    const other = await f.oauth.register("Other", ["http://127.0.0.1/cb"]);
    const code = await f.oauth.issueCode(other, "http://127.0.0.1/cb", s256(f.verifier), f.account);
    await assert.rejects(
      f.oauth.exchangeCode(code, other.id, "http://127.0.0.1/cb", f.verifier),
      /at most 5 active keys/,
    );
  } finally {
    f.kv.close();
  }
});

Deno.test("a grant's key cannot be used as an API key, and a consent ticket works once", async () => {
  const f = await fixture();
  try {
    await f.authorize();
    const [key] = await f.accounts.listKeys(f.account.id);
    assert.equal(key!.prefix, "oauth");
    assert.deepEqual(key!.client, { id: f.client.id, name: "Test" });
    assert.equal((await f.kv.get(["keys_by_hash", key!.hash])).value, null);
    const ticket = await f.oauth.openConsent(f.account.id, "digest");
    assert.equal(await f.oauth.takeConsent(ticket, "acc_other", "digest"), false);
    assert.equal(await f.oauth.takeConsent(ticket, f.account.id, "other"), false);
    assert.equal(await f.oauth.takeConsent(ticket, f.account.id, "digest"), true);
    assert.equal(await f.oauth.takeConsent(ticket, f.account.id, "digest"), false);
  } finally {
    f.kv.close();
  }
});
