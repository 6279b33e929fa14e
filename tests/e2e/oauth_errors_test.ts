/**
 * Issue 44: what the MCP server's authorization server refuses, on the real server over a real
 * port. Each bad input is a clear 4xx in OAuth's words (RFC 6749 5.2, RFC 7591 3.2.2, RFC 8707
 * 2), and problems with the client or its redirect URI are shown to the person, never redirected
 * (RFC 6749 4.1.2.1); no input makes it answer 5xx.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { message } from "../../core/i18n.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import { curlFrom } from "../_helpers/socket.ts";
import {
  answerConsent,
  authorizeUrl,
  codeFor,
  mcpPost,
  openConsent,
  pkce,
  postConsent,
  register,
  signedIn,
  tokenRequest,
  withServer,
} from "./_oauth.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const REDIRECT = "http://127.0.0.1:8976/callback";
registerAllMessages();

Deno.test(
  "the authorization server refuses bad inputs with the 4xx its RFC names",
  opts,
  async (t) => {
    await withServer({ OAUTH_ACCESS_TTL: "1" }, async (url) => {
      const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
      const cookie = await signedIn(url, "someone@example.lk", "Someone's pass 2026!");

      await t.step("the metadata documents describe /mcp and this server", async () => {
        const resource = await (await fetch(`${url}/.well-known/oauth-protected-resource/mcp`))
          .json();
        assert.equal(resource.resource, `${url}/mcp`);
        assert.deepEqual(resource.authorization_servers, [url]);
        const meta = await (await fetch(`${url}/.well-known/oauth-authorization-server`)).json();
        assert.equal(meta.issuer, url);
        assert.deepEqual(meta.code_challenge_methods_supported, ["S256"]);
        assert.deepEqual(meta.response_types_supported, ["code"]);
        assert.deepEqual(meta.token_endpoint_auth_methods_supported, ["none"]);
        assert.equal(meta.registration_endpoint, `${url}/oauth/register`);
        assert.equal(meta.authorization_response_iss_parameter_supported, true);
      });

      await t.step("registration refuses what it cannot keep safely", async () => {
        const post = async (body: string, type = "application/json") => {
          const res = await fetch(`${url}/oauth/register`, {
            method: "POST",
            headers: { "Content-Type": type },
            body,
          });
          return { status: res.status, body: await res.json() };
        };
        const cases: [unknown, string][] = [
          [{ redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri"],
          [
            { redirect_uris: ["cursor://anysphere.cursor-retrieval/oauth/callback"] },
            "invalid_redirect_uri",
          ],
          [{ redirect_uris: ["https://app.example/cb#x"] }, "invalid_redirect_uri"],
          [{ redirect_uris: ["https://user:pw@app.example/cb"] }, "invalid_redirect_uri"],
          [{ redirect_uris: [`https://app.example/${"a".repeat(1_000)}`] }, "invalid_redirect_uri"],
          [
            { redirect_uris: Array.from({ length: 6 }, (_, i) => `https://a.example/${i}`) },
            "invalid_redirect_uri",
          ],
          [{ redirect_uris: [] }, "invalid_redirect_uri"],
          [{}, "invalid_redirect_uri"],
          [
            { redirect_uris: [REDIRECT], client_name: "Claude\u202Eevil" },
            "invalid_client_metadata",
          ],
          [{ redirect_uris: [REDIRECT], client_name: "x".repeat(101) }, "invalid_client_metadata"],
          [
            { redirect_uris: [REDIRECT], grant_types: ["client_credentials"] },
            "invalid_client_metadata",
          ],
          [{ redirect_uris: [REDIRECT], response_types: ["token"] }, "invalid_client_metadata"],
          [[REDIRECT], "invalid_client_metadata"],
        ];
        for (const [body, error] of cases) {
          const res = await post(JSON.stringify(body));
          assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
          assert.equal(res.body.error, error, JSON.stringify(body).slice(0, 80));
          assert.ok(res.body.error_description, "a description for the developer");
        }
        assert.equal((await post("{not json")).body.error, "invalid_client_metadata");
        assert.equal(
          (await post(JSON.stringify({ redirect_uris: [REDIRECT] }), "text/plain")).status,
          400,
        );
        const huge = await post(
          JSON.stringify({ redirect_uris: [REDIRECT], pad: "x".repeat(20_000) }),
        );
        assert.equal(huge.status, 413);
        // Loopback http (any of the three hosts) and https are accepted; a secret is never issued.
        const ok = await post(JSON.stringify({
          client_name: "Fine",
          redirect_uris: ["http://localhost:1/cb", "http://[::1]/cb", "https://app.example/cb"],
          token_endpoint_auth_method: "client_secret_basic",
        }));
        assert.equal(ok.status, 201);
        assert.equal(ok.body.token_endpoint_auth_method, "none");
        assert.equal(ok.body.client_secret, undefined);
      });

      const clientId = await register(url, REDIRECT);
      const { verifier, challenge } = await pkce();
      const good = {
        response_type: "code",
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        state: "st",
        resource: `${url}/mcp`,
      };

      await t.step(
        "an unknown client or an unregistered redirect URI is shown, never redirected",
        async () => {
          for (
            const params of [
              { ...good, client_id: "mcp_000000000000000000000000" },
              { ...good, client_id: "x".repeat(3_000) },
              { ...good, redirect_uri: "http://127.0.0.1:8976/elsewhere" },
              { ...good, redirect_uri: "https://evil.example/callback" },
            ]
          ) {
            const page = await openConsent(authorizeUrl(url, params), cookie);
            assert.equal(page.status, 400, JSON.stringify(params).slice(0, 120));
            assert.match(page.html, /class="error"/);
            assert.equal(page.ticket, undefined);
          }
          // A client_id twice is a malformed request, shown too.
          const twice = authorizeUrl(url, good);
          twice.searchParams.append("client_id", clientId);
          assert.equal((await openConsent(twice, cookie)).status, 400);
        },
      );

      await t.step("other problems go back to the client with error, state and iss", async () => {
        const cases: [Record<string, string>, string][] = [
          [{ ...good, code_challenge: "" }, "invalid_request"],
          [{ ...good, code_challenge_method: "plain" }, "invalid_request"],
          [{ ...good, response_type: "token" }, "unsupported_response_type"],
          [{ ...good, resource: "https://other.example/mcp" }, "invalid_target"],
          [{ ...good, resource: `${url}/api/v1` }, "invalid_target"],
        ];
        for (const [params, error] of cases) {
          const res = await fetch(authorizeUrl(url, params), {
            headers: { Cookie: cookie },
            redirect: "manual",
          });
          await res.body?.cancel();
          assert.equal(res.status, 302, error);
          const to = new URL(res.headers.get("location")!);
          assert.equal(`${to.origin}${to.pathname}`, REDIRECT);
          assert.equal(to.searchParams.get("error"), error);
          assert.equal(to.searchParams.get("state"), "st");
          assert.equal(to.searchParams.get("iss"), url);
        }
        // The loopback redirect URI may come back on another port (RFC 8252 7.3).
        const other = await openConsent(
          authorizeUrl(url, { ...good, redirect_uri: "http://127.0.0.1:41234/callback" }),
          cookie,
        );
        assert.equal(other.status, 200);
        assert.match(other.csp, /form-action 'self' http:\/\/127\.0\.0\.1:41234;/);
      });

      await t.step(
        "the consent form needs this site's origin and its own single-use ticket",
        async () => {
          const target = authorizeUrl(url, good);
          // Signed out, the page asks to log in; a wrong password says so, in the page's language.
          const wrong = { intent: "login", email: "someone@example.lk", password: "not it at all" };
          const signedOut = await fetch(target, {
            method: "POST",
            headers: {
              Origin: new URL(url).origin,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams(wrong),
          });
          assert.equal(signedOut.status, 401);
          assert.match(await signedOut.text(), /Wrong email or password/);
          const si = await fetch(`${url}/si${target.pathname}${target.search}`, {
            method: "POST",
            headers: {
              Origin: new URL(url).origin,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams(wrong),
          });
          assert.equal(si.status, 401);
          assert.ok((await si.text()).includes(message("si", "page.dev.error.wrong_login")));
          const page = await openConsent(target, cookie);
          assert.ok(page.ticket);
          const ticket = page.ticket!;
          const foreign = await postConsent(target, { intent: "approve", ticket }, cookie, {
            Origin: "https://evil.example",
          });
          assert.equal(foreign.status, 403);
          assert.equal((await postConsent(target, { intent: "approve" }, cookie)).status, 400);
          // The ticket is bound to the request it was shown for, and to its session.
          const changed = authorizeUrl(url, { ...good, state: "changed" });
          assert.equal(
            (await postConsent(changed, { intent: "approve", ticket }, cookie)).status,
            400,
          );
          const stranger = await signedIn(url, "stranger@example.lk", "Stranger pass 2026!");
          assert.equal(
            (await postConsent(target, { intent: "approve", ticket }, stranger)).status,
            400,
          );
          const denied = await answerConsent(target, cookie, "deny");
          assert.equal(denied.status, 303);
          assert.equal(denied.location?.searchParams.get("error"), "access_denied");
          assert.equal(denied.location?.searchParams.get("code"), null);
        },
      );

      await t.step(
        "the token endpoint refuses a wrong verifier, redirect, resource, client or grant",
        async () => {
          const { code, clientId: id, verifier: right } = await codeFor(url, cookie, REDIRECT);
          const exchange = (extra: Record<string, string>) =>
            tokenRequest(url, {
              grant_type: "authorization_code",
              code,
              client_id: id,
              redirect_uri: REDIRECT,
              code_verifier: right,
              ...extra,
            });
          const wrongVerifier = await exchange({ code_verifier: verifier });
          assert.equal(wrongVerifier.status, 400);
          assert.equal(wrongVerifier.body.error, "invalid_grant");
          assert.match(String(wrongVerifier.body.error_description), /PKCE/);
          assert.equal((await exchange({ code_verifier: "short" })).body.error, "invalid_request");
          assert.equal(
            (await exchange({ redirect_uri: "http://127.0.0.1:8976/other" })).body.error,
            "invalid_grant",
          );
          const target = await exchange({ resource: "https://other.example/mcp" });
          assert.deepEqual([target.status, target.body.error], [400, "invalid_target"]);
          const unknown = await exchange({ client_id: "mcp_000000000000000000000000" });
          assert.deepEqual([unknown.status, unknown.body.error], [401, "invalid_client"]);
          const otherClient = await exchange({ client_id: clientId });
          assert.deepEqual([otherClient.status, otherClient.body.error], [400, "invalid_grant"]);
          // None of those used the code up: the right request still gets the tokens.
          const granted = await exchange({});
          assert.equal(granted.status, 200, JSON.stringify(granted.body));
          assert.equal(granted.headers.get("cache-control"), "no-store");
          const first = granted.body.access_token as string;
          assert.equal(
            (await mcpPost(url, ping, { Authorization: `Bearer ${first}` })).status,
            200,
          );
          // Reused: refused, and what its first use gave is revoked (OAuth 2.1 4.1.3).
          const reused = await exchange({});
          assert.deepEqual([reused.status, reused.body.error], [400, "invalid_grant"]);
          const after = await mcpPost(url, ping, { Authorization: `Bearer ${first}` });
          assert.equal(after.status, 401);
          await after.body?.cancel();
          assert.equal(
            (await tokenRequest(url, { grant_type: "password", client_id: id })).body.error,
            "unsupported_grant_type",
          );
          assert.equal((await tokenRequest(url, { client_id: id })).body.error, "invalid_request");
          const json = await fetch(`${url}/oauth/token`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ grant_type: "authorization_code" }),
          });
          assert.deepEqual([json.status, (await json.json()).error], [400, "invalid_request"]);
          const duplicated = await fetch(`${url}/oauth/token`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "grant_type=refresh_token&grant_type=authorization_code",
          });
          assert.deepEqual([duplicated.status, (await duplicated.json()).error], [
            400,
            "invalid_request",
          ]);
          const basicSecret = await tokenRequest(url, {
            grant_type: "refresh_token",
            refresh_token: "x",
          }, {
            Authorization: `Basic ${btoa(`${id}:a-secret`)}`,
          });
          assert.deepEqual([basicSecret.status, basicSecret.body.error], [401, "invalid_client"]);
          assert.match(basicSecret.headers.get("www-authenticate") ?? "", /^Basic/);
        },
      );

      await t.step(
        "an expired access token is a 401 with the challenge; a refresh token is for its client",
        async () => {
          const { code, clientId: id, verifier: right } = await codeFor(url, cookie, REDIRECT);
          const issued = await tokenRequest(url, {
            grant_type: "authorization_code",
            code,
            client_id: id,
            redirect_uri: REDIRECT,
            code_verifier: right,
          });
          const access = issued.body.access_token as string;
          const refresh = issued.body.refresh_token as string;
          await new Promise((resolve) => setTimeout(resolve, 1_300));
          const expired = await mcpPost(url, ping, { Authorization: `Bearer ${access}` });
          assert.equal(expired.status, 401);
          assert.match(expired.headers.get("www-authenticate")!, /error="invalid_token"/);
          assert.match(expired.headers.get("www-authenticate")!, /resource_metadata="/);
          await expired.body?.cancel();
          const stolen = await tokenRequest(url, {
            grant_type: "refresh_token",
            refresh_token: refresh,
            client_id: clientId,
          });
          assert.deepEqual([stolen.status, stolen.body.error], [400, "invalid_grant"]);
          const fresh = await tokenRequest(url, {
            grant_type: "refresh_token",
            refresh_token: refresh,
            client_id: id,
            resource: `${url}/mcp`,
          });
          assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
          // The spent refresh token, used again at once: refused, the grant kept (a client racing
          // itself); the new access token still works.
          const again = await tokenRequest(url, {
            grant_type: "refresh_token",
            refresh_token: refresh,
            client_id: id,
          });
          assert.deepEqual([again.status, again.body.error], [400, "invalid_grant"]);
          const newAccess = fresh.body.access_token as string;
          const works = await mcpPost(url, ping, { Authorization: `Bearer ${newAccess}` });
          assert.equal(works.status, 200);
          await works.body?.cancel();
          // Revocation (RFC 7009) by its client ends the grant; an unknown token is not an error.
          const revoke = (token: string, client: string) =>
            fetch(`${url}/oauth/revoke`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ token, client_id: client }),
            });
          const notTheirs = await revoke(newAccess, clientId);
          assert.equal(notTheirs.status, 400);
          await notTheirs.body?.cancel();
          const unknown = await revoke(`lka_${"B".repeat(43)}`, id);
          assert.equal(unknown.status, 200);
          await unknown.body?.cancel();
          const revoked = await revoke(fresh.body.refresh_token as string, id);
          assert.equal(revoked.status, 200);
          await revoked.body?.cancel();
          const gone = await mcpPost(url, ping, { Authorization: `Bearer ${newAccess}` });
          assert.equal(gone.status, 401);
          await gone.body?.cancel();
        },
      );

      await t.step(
        "registrations are limited per caller address, and a forged header makes no new one",
        async () => {
          const body = JSON.stringify({ redirect_uris: [REDIRECT] });
          const headers = { "Content-Type": "application/json" };
          const statuses: number[] = [];
          for (let i = 0; i < 61; i++) {
            const res = await curlFrom("127.0.1.70", `${url}/oauth/register`, {
              method: "POST",
              headers: { ...headers, ...(i % 2 ? { "X-Forwarded-For": `198.51.100.${i}` } : {}) },
              body,
            });
            statuses.push(res.status);
          }
          assert.deepEqual(statuses.slice(0, 60), Array(60).fill(201));
          assert.equal(statuses[60], 429);
          const other = await curlFrom("127.0.1.71", `${url}/oauth/register`, {
            method: "POST",
            headers,
            body,
          });
          assert.equal(other.status, 201);
        },
      );

      await t.step("no generated input makes an OAuth endpoint answer 5xx", async () => {
        const text = fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(clientId, REDIRECT, "S256", "code"),
        );
        const params = fc.dictionary(
          fc.constantFrom(
            "grant_type",
            "code",
            "client_id",
            "redirect_uri",
            "code_verifier",
            "refresh_token",
            "resource",
            "token",
            "response_type",
            "code_challenge",
            "code_challenge_method",
            "state",
          ),
          text,
        );
        await fc.assert(
          fc.asyncProperty(
            params,
            fc.constantFrom("token", "revoke", "authorize", "register"),
            async (fields, where) => {
              let res: Response;
              if (where === "authorize") {
                res = await fetch(authorizeUrl(url, fields), {
                  headers: { Cookie: cookie },
                  redirect: "manual",
                });
              } else if (where === "register") {
                res = await fetch(`${url}/oauth/register`, {
                  method: "POST",
                  headers: { "Content-Type": "application/json" },
                  body: JSON.stringify(fields),
                });
              } else {
                res = await fetch(`${url}/oauth/${where}`, {
                  method: "POST",
                  headers: { "Content-Type": "application/x-www-form-urlencoded" },
                  body: new URLSearchParams(fields),
                });
              }
              await res.body?.cancel();
              return res.status < 500;
            },
          ),
          { numRuns: 150 },
        );
      });
    });
  },
);
