/**
 * The developer dashboard by clicking, in Debian's Chromium against the real server: sign up,
 * create a key, use it from outside the browser, watch the usage count move, revoke it, and see
 * the key refused. Each step saves a screenshot.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { fillForm, launchBrowser, shot, startServer } from "./_browser.ts";

const squash = (text: string | null) => (text ?? "").replace(/[\s\u00a0]+/g, " ").trim();

/** Clicks a form's submit button and waits for the page that answers it (same URL or not). */
async function clickAndWait(page: Page, button: Locator): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), button.click()]);
}

/** A cell of the row of the key whose prefix is shown: 3 is "Last used", 4 "Calls today". */
function cell(page: Page, prefix: string, column: 3 | 4): Locator {
  return page.locator("tbody tr", { hasText: `${prefix}…` }).locator("td").nth(column);
}

Deno.test({
  name: "the developer dashboard signs up, creates, uses and revokes a key by clicking",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const page = await browser.context.newPage();
    const base = server.baseUrl;
    const email = `flow-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = `Strong pass ${crypto.randomUUID()}`;
    let key = "";
    const vat = async () => {
      const response = await fetch(`${base}/api/v1/vat?amount=100`, {
        headers: { "x-api-key": key },
      });
      return { status: response.status, body: await response.json() };
    };
    try {
      await t.step("sign up with a fresh email and a strong password", async () => {
        await page.goto(`${base}/developers`);
        assert.match(squash(await page.locator("main").textContent()), /Create a free account/);
        await shot(page, "dashboard-1-signed-out");
        const form = 'form[action="/developers/signup"]';
        await fillForm(page, [["email", email], ["password", password]], form);
        await clickAndWait(page, page.locator(form).locator('button[type="submit"]'));
        assert.equal(new URL(page.url()).pathname, "/developers");
        assert.match(squash(await page.locator("main").textContent()), /a message is on its way/);
        if (await page.locator('form[action="/developers/login"]').count()) {
          // Not signed in by the sign-up: log in with the same credentials.
          const login = 'form[action="/developers/login"]';
          await fillForm(page, [["email", email], ["password", password]], login);
          await clickAndWait(page, page.locator(login).locator('button[type="submit"]'));
        }
        assert.match(squash(await page.locator("main").textContent()), /Signed in as/);
        assert.equal(squash(await page.locator("main p strong").first().textContent()), email);
        assert.match(squash(await page.locator("main").textContent()), /No keys yet/);
        await shot(page, "dashboard-2-signed-in");
      });

      await t.step("create a key and read it from the page, shown once", async () => {
        const form = 'form[action="/developers/keys"]';
        await fillForm(page, [["name", "Browser flow"]], form);
        await clickAndWait(page, page.locator(form).locator('button[type="submit"]'));
        key = await page.locator('input[aria-label="New API key"]').inputValue();
        assert.match(key, /^lk_[0-9A-Za-z]{32}$/);
        assert.match(squash(await page.locator("#new-key h2").textContent()), /Browser flow/);
        assert.equal(squash(await cell(page, key.slice(0, 8), 4).textContent()), "0 / 1000");
        assert.equal(squash(await cell(page, key.slice(0, 8), 3).textContent()), "never");
        await shot(page, "dashboard-3-key-created");
      });

      await t.step("the key works and the dashboard counts the call after a reload", async () => {
        const { status, body } = await vat();
        assert.equal(status, 200);
        assert.equal(body.meta.tier, "key");
        // 18% VAT on 100: 18, total 118.
        assert.deepEqual([body.data.vat, body.data.total], [18, 118]);
        await page.goto(`${base}/developers`);
        assert.equal(await page.locator('input[aria-label="New API key"]').count(), 0);
        assert.ok(!(await page.content()).includes(key), "the full key is not shown again");
        assert.equal(squash(await cell(page, key.slice(0, 8), 4).textContent()), "1 / 1000");
        assert.match(
          squash(await cell(page, key.slice(0, 8), 3).textContent()),
          /^\d{4}-\d{2}-\d{2} /,
        );
        await shot(page, "dashboard-4-key-used");
      });

      await t.step("revoke the key by clicking, and the API refuses it", async () => {
        const row = page.locator("tbody tr", { hasText: `${key.slice(0, 8)}…` });
        await clickAndWait(page, row.locator('button[type="submit"]', { hasText: "Revoke" }));
        assert.match(squash(await page.locator("main").textContent()), /is revoked/);
        const revokedRow = page.locator("tbody tr", { hasText: `${key.slice(0, 8)}…` });
        assert.match(squash(await revokedRow.textContent()), /revoked \d{4}-\d{2}-\d{2}/);
        assert.equal(await revokedRow.locator("button").count(), 0);
        await shot(page, "dashboard-5-key-revoked");
        const { status, body } = await vat();
        assert.equal(status, 401);
        assert.equal(body.code, "invalid_key");
      });
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
