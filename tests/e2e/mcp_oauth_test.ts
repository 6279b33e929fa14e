/**
 * Issue 44: hosted assistants share one anonymous quota, so the MCP server authorizes clients as
 * the MCP specification (2025-06-18, "Authorization") says: the official SDK's client against
 * the real server on a real port, through discovery (the challenge of a 401 and both metadata
 * documents), dynamic registration, authorization with PKCE (the consent page answered over HTTP
 * with a real session cookie), the token exchange, a tool call counted on the account's quota,
 * a refresh when the access token expires, and revocation from the dashboard. Beside it: an API
 * key in the client's headers, the configuration for clients that cannot do OAuth.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { message } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { curlFrom } from "../_helpers/socket.ts";
import { accountWithKey } from "./_server.ts";
import {
  answerConsent,
  INITIALIZE,
  mcpPost,
  MemoryProvider,
  originOf,
  signedIn,
  withServer,
} from "./_oauth.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
registerAllMessages();

const connect = async (url: string, provider: MemoryProvider) => {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    authProvider: provider,
  });
  await client.connect(transport);
  return { client, transport };
};

const vat = async (client: Client) =>
  await client.callTool({ name: "vat", arguments: { amount: 1000 } }) as CallToolResult;

/** The account's keys as the dashboard's API lists them. */
const keys = async (url: string, cookie: string) => {
  const res = await fetch(`${url}/api/v1/keys`, { headers: { Cookie: cookie } });
  return (await res.json()).data.keys as Record<string, unknown>[];
};

Deno.test(
  "the official MCP client authorizes with OAuth: discovery, registration, PKCE, consent, tokens, a counted call, refresh, revocation",
  opts,
  async (t) => {
    await withServer(
      { ANON_DAILY_LIMIT: "1", KEY_DAILY_LIMIT: "40", OAUTH_ACCESS_TTL: "2" },
      async (url) => {
        const provider = new MemoryProvider("http://127.0.0.1:53682/callback");
        const cookie = await signedIn(url, "owner@example.lk", "Owner's pass 2026!");
        // The one anonymous call of this address (127.0.0.1) today.
        await (await fetch(`${url}/api/v1/vat?amount=1`)).body?.cancel();

        await t.step("an anonymous 429 says how to get more, with the URLs", async () => {
          const res = await fetch(`${url}/api/v1/vat?amount=1`);
          assert.equal(res.status, 429);
          const body = await res.json();
          assert.match(body.error, new RegExp(`${url}/developers`));
          assert.match(body.error, new RegExp(`${url}/mcp`));
          assert.match(body.error, /Authorization: Bearer <key>/);
          assert.match(body.error, /authorize your MCP client/);
          const si = await (await fetch(`${url}/api/v1/vat?amount=1`, {
            headers: { "Accept-Language": "si" },
          })).json();
          // In the caller's language, from the catalogue.
          assert.equal(
            si.error,
            message("si", "quota.limit.anonymous", {
              limit: 1,
              keyLimit: "40",
              dashboard: `${url}/developers`,
              mcp: `${url}/mcp`,
            }),
          );
        });

        await t.step(
          "the client is challenged, discovers, registers and is sent to the consent page",
          async () => {
            const first = new Client({ name: "oauth-test", version: "1.0.0" });
            const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
              authProvider: provider,
            });
            // This address spent its anonymous quota: initialize is a 401 with the challenge.
            await assert.rejects(first.connect(transport), UnauthorizedError);
            assert.equal(provider.authorizations.length, 1);
            const to = provider.authorizations[0]!;
            assert.equal(`${to.origin}${to.pathname}`, `${url}/developers/authorize`);
            assert.equal(to.searchParams.get("code_challenge_method"), "S256");
            assert.equal(to.searchParams.get("resource"), `${url}/mcp`);
            assert.match(to.searchParams.get("client_id")!, /^mcp_/);
            assert.equal(to.searchParams.get("redirect_uri"), provider.redirectUrl);

            const answer = await answerConsent(to, cookie);
            assert.equal(answer.status, 303);
            const back = answer.location!;
            assert.equal(`${back.origin}${back.pathname}`, provider.redirectUrl);
            assert.equal(back.searchParams.get("state"), "state-of-the-test");
            assert.equal(back.searchParams.get("iss"), url);
            await transport.finishAuth(back.searchParams.get("code")!);
            const tokens = provider.tokens()!;
            assert.match(tokens.access_token, /^lka_/);
            assert.match(tokens.refresh_token!, /^lkr_/);
            assert.equal(tokens.expires_in, 2);
            await first.close();
          },
        );

        let keyId = "";
        await t.step(
          "a tool call is counted on the account's quota, on the key the grant made",
          async () => {
            const { client } = await connect(url, provider);
            try {
              const result = await vat(client);
              assert.ok(!result.isError, JSON.stringify(result.content));
              assert.equal((result.structuredContent as { vat: number }).vat, 180);
              const limit = result._meta?.["lanka/rateLimit"] as {
                limit: number;
                remaining: number;
              };
              assert.equal(limit.limit, 40);
              assert.equal(limit.remaining, 39);
            } finally {
              await client.close();
            }
            const listed = await keys(url, cookie);
            const grant = listed.find((key) => key.client === "Test assistant")!;
            assert.ok(grant, JSON.stringify(listed));
            assert.equal(grant.prefix, "oauth");
            assert.equal(grant.active, true);
            assert.equal(grant.callsToday, 1);
            keyId = String(grant.id);
            // The dashboard shows it among the keys, with a revoke button.
            const page = await (await fetch(`${url}/developers`, { headers: { Cookie: cookie } }))
              .text();
            assert.match(page, /MCP client \(OAuth\)/);
            assert.match(page, new RegExp(`/developers/keys/${keyId}/revoke`));
          },
        );

        await t.step("the access token is for /mcp alone: the API refuses it", async () => {
          const res = await fetch(`${url}/api/v1/vat?amount=1`, {
            headers: { Authorization: `Bearer ${provider.tokens()!.access_token}` },
          });
          assert.equal(res.status, 401);
          assert.match((await res.json()).error, /works at \/mcp only/);
        });

        await t.step(
          "an expired access token is refreshed by the client, and the refresh token rotates",
          async () => {
            const before = provider.tokens()!;
            await new Promise((resolve) => setTimeout(resolve, 2_300));
            const expired = await mcpPost(url, { jsonrpc: "2.0", id: 1, method: "ping" }, {
              Authorization: `Bearer ${before.access_token}`,
            });
            assert.equal(expired.status, 401);
            const challenge = expired.headers.get("www-authenticate")!;
            assert.match(challenge, /^Bearer /);
            assert.match(challenge, /error="invalid_token"/);
            assert.match(
              challenge,
              new RegExp(`resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`),
            );
            await expired.body?.cancel();
            const { client } = await connect(url, provider);
            try {
              const result = await vat(client);
              assert.ok(!result.isError, JSON.stringify(result.content));
            } finally {
              await client.close();
            }
            const after = provider.tokens()!;
            assert.notEqual(after.access_token, before.access_token);
            assert.notEqual(after.refresh_token, before.refresh_token);
            const grant = (await keys(url, cookie)).find((key) => key.id === keyId)!;
            assert.equal(grant.callsToday, 2);
          },
        );

        await t.step(
          "revoking the client's key in the dashboard ends its tokens: it must authorize again",
          async () => {
            const res = await fetch(`${url}/developers/keys/${keyId}/revoke`, {
              method: "POST",
              headers: { ...originOf(url), Cookie: cookie },
            });
            assert.equal(res.status, 200);
            await res.body?.cancel();
            const refused = await mcpPost(url, { jsonrpc: "2.0", id: 1, method: "ping" }, {
              Authorization: `Bearer ${provider.tokens()!.access_token}`,
            });
            assert.equal(refused.status, 401);
            await refused.body?.cancel();
            const sent = provider.authorizations.length;
            await assert.rejects(connect(url, provider), UnauthorizedError);
            // Its refresh token was refused too: the client was sent to authorize again.
            assert.equal(provider.authorizations.length, sent + 1);
          },
        );
      },
    );
  },
);

Deno.test(
  "an API key in the official MCP client's headers works over HTTP, on the account's quota",
  opts,
  async () => {
    await withServer({ ANON_DAILY_LIMIT: "0", KEY_DAILY_LIMIT: "7" }, async (url) => {
      const { key } = await accountWithKey(url, "keyed@example.lk", "Keyed pass 2026!");
      // As VS Code's and Cursor's "headers", or mcp-remote's --header, send it.
      const client = new Client({ name: "key-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${key}` } },
        }),
      );
      try {
        const result = await vat(client);
        assert.ok(!result.isError, JSON.stringify(result.content));
        const limit = result._meta?.["lanka/rateLimit"] as { limit: number; remaining: number };
        assert.deepEqual([limit.limit, limit.remaining], [7, 6]);
      } finally {
        await client.close();
      }
      // Anonymous access is off here (a limit of 0): without the key, initialize is challenged.
      const anonymous = await mcpPost(url, INITIALIZE);
      assert.equal(anonymous.status, 401);
      assert.match(anonymous.headers.get("www-authenticate")!, /resource_metadata=/);
      const body = await anonymous.json();
      assert.equal(body.error.data.code, "authorization_required");
      assert.match(body.error.message, /create a free API key/);
    });
  },
);

Deno.test(
  "an anonymous MCP caller is told it can authorize, and cannot spoof its way past its quota",
  opts,
  async () => {
    await withServer({ ANON_DAILY_LIMIT: "2" }, async (url) => {
      const headers = {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      };
      const initialize = JSON.stringify(INITIALIZE);
      const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
      const metadata = `${url}/.well-known/oauth-protected-resource/mcp`;
      const from = "127.0.1.60";
      // With quota left: answered, with the challenge beside the answer.
      const open = await curlFrom(from, `${url}/mcp`, {
        method: "POST",
        headers,
        body: initialize,
      });
      assert.equal(open.status, 200);
      assert.equal(open.headers.get("www-authenticate"), `Bearer resource_metadata="${metadata}"`);
      for (let i = 0; i < 2; i++) {
        const listed = await curlFrom(from, `${url}/mcp`, { method: "POST", headers, body: list });
        assert.equal(listed.status, 200);
      }
      // Spent: a list is a 429 that says how to get more; a new connection is challenged.
      const over = await curlFrom(from, `${url}/mcp`, { method: "POST", headers, body: list });
      assert.equal(over.status, 429);
      assert.match(JSON.parse(over.body).error.message, new RegExp(`${url}/developers`));
      // A tool call says it too, as the tool error an assistant reads.
      const call = await curlFrom(from, `${url}/mcp`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "vat", arguments: { amount: 100 } },
        }),
      });
      const refused = JSON.parse(call.body).result;
      assert.equal(refused.isError, true);
      assert.match(refused.content[0].text, /^Error \(rate_limited\)/);
      assert.match(
        refused.content[0].text,
        new RegExp(`create a free API key at ${url}/developers`),
      );
      const spoofs = [
        {},
        { "X-Forwarded-For": "198.51.100.9" },
        { Forwarded: "for=198.51.100.9" },
        { "X-Real-IP": "198.51.100.9" },
      ];
      for (const spoof of spoofs) {
        const again = await curlFrom(from, `${url}/mcp`, {
          method: "POST",
          headers: { ...headers, ...spoof },
          body: initialize,
        });
        assert.equal(again.status, 401, JSON.stringify(spoof));
        assert.equal(
          again.headers.get("www-authenticate"),
          `Bearer resource_metadata="${metadata}"`,
        );
        const counted = await curlFrom(from, `${url}/mcp`, {
          method: "POST",
          headers: { ...headers, ...spoof },
          body: list,
        });
        assert.equal(counted.status, 429, JSON.stringify(spoof));
      }
      // A made-up token is refused, never downgraded to anonymous.
      const forged = await curlFrom("127.0.1.61", `${url}/mcp`, {
        method: "POST",
        headers: { ...headers, Authorization: `Bearer lka_${"A".repeat(43)}` },
        body: list,
      });
      assert.equal(forged.status, 401);
      assert.match(forged.headers.get("www-authenticate")!, /error="invalid_token"/);
    });
  },
);
