/**
 * Issue 44: the consent page of the MCP server's OAuth, in Debian's Chromium against the real
 * server, as a person meets it when their MCP client sends them there: log in on the page, read
 * which client asks and where the browser goes next, approve, and land on the client's own
 * redirect URI with the code (Chromium holds the form's redirect to the page's `form-action`).
 * In English, Sinhala and Tamil, at phone size (390x844 and 360 wide) and 1280x800; each step
 * saves a screenshot under `test-output/screenshots/`.
 */
import assert from "node:assert/strict";
import { fillForm, launchBrowser, shot, startServer } from "./_browser.ts";
import { authorizeUrl, pkce, register, signedIn } from "./_oauth.ts";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "narrow", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const squash = (text: string | null) => (text ?? "").replace(/[\s\u00a0]+/g, " ").trim();

Deno.test({
  name:
    "the consent page logs a person in, names the client and its redirect, and approves, in en, si and ta",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const base = server.baseUrl;
    // The MCP client's loopback redirect URI: it receives the answer, as a desktop client does.
    const answers: URL[] = [];
    const callback = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
      // Chromium also asks for /favicon.ico: only the callback is the answer.
      const url = new URL(request.url);
      if (url.pathname === "/callback") answers.push(url);
      return new Response("Authorized: you can close this tab.");
    });
    const redirect = `http://127.0.0.1:${callback.addr.port}/callback`;
    const browser = await launchBrowser();
    const password = "Consent pass 2026!";
    const email = "consent@example.lk";
    try {
      await signedIn(base, email, password);
      const clientId = await register(base, redirect);
      for (const lang of ["en", "si", "ta"] as const) {
        await t.step(`${lang}: log in, read, approve`, async () => {
          const context = await browser.context.browser()?.newContext() ?? browser.context;
          const page = await context.newPage();
          await page.setViewportSize({ width: 390, height: 844 });
          const { challenge } = await pkce();
          const target = authorizeUrl(base, {
            response_type: "code",
            client_id: clientId,
            redirect_uri: redirect,
            code_challenge: challenge,
            code_challenge_method: "S256",
            state: `state-${lang}`,
            resource: `${base}/mcp`,
          });
          const prefix = lang === "en" ? "" : `/${lang}`;
          await page.goto(`${base}${prefix}${target.pathname}${target.search}`);
          assert.equal(await page.locator("html").getAttribute("lang"), lang);
          assert.match(squash(await page.locator("main").textContent()), /Raw client/);
          await shot(page, `consent-${lang}-1-login-phone`);
          await fillForm(page, [["email", email], ["password", password]]);
          await Promise.all([
            page.waitForNavigation({ waitUntil: "load" }),
            page.locator('main form button[type="submit"]').click(),
          ]);
          const text = squash(await page.locator("main").textContent());
          assert.match(text, new RegExp(email.replace(".", "\\.")));
          assert.match(text, new RegExp(`127\\.0\\.0\\.1:${callback.addr.port}`));
          assert.equal(await page.locator('button[value="approve"]').count(), 1);
          assert.equal(await page.locator('button[value="deny"]').count(), 1);
          for (const size of SIZES) {
            await page.setViewportSize({ width: size.width, height: size.height });
            // Nothing wider than the screen: no sideways scrolling on a phone.
            const overflow = Number(
              await page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth",
              ),
            );
            assert.ok(overflow <= 0, `${lang} ${size.name}: ${overflow}px too wide`);
            await shot(page, `consent-${lang}-2-${size.name}`);
          }
          const before = answers.length;
          await Promise.all([
            page.waitForURL((url) => url.href.startsWith(redirect)),
            page.locator('button[value="approve"]').click(),
          ]);
          assert.equal(answers.length, before + 1, "the client's redirect URI got the answer");
          const answer = answers.at(-1)!;
          assert.match(answer.searchParams.get("code") ?? "", /^[0-9A-Za-z]{43}$/);
          assert.equal(answer.searchParams.get("state"), `state-${lang}`);
          await page.close();
          if (context !== browser.context) await context.close();
        });
      }
    } finally {
      await browser.close();
      await callback.shutdown();
      await server.close();
    }
  },
});
