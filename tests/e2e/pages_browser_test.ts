/**
 * The human pages in a real browser (Debian's Chromium through playwright-core) against the real
 * server: every tool's form is filled with its documented example, submitted, and its figures
 * read back and compared with the same operation computed by core (and, for the calculators,
 * with hand-checked figures); the loan chart, the holiday calendar, the docs' "try it" and the
 * search box are exercised by clicking and typing. Each step saves a screenshot.
 */
import assert from "node:assert/strict";
import { execute } from "../../core/execute.ts";
import { operations } from "../../core/registry.ts";
import { colomboDate } from "../../server/clock.ts";
import { formatValue } from "../../server/pages/result.ts";
import { TEXT_MODES, textRequest } from "../../server/pages/text.ts";
import { exampleParams, pageOf } from "../../server/pages/tool.ts";
import { GOLDEN_FIGURES } from "../_helpers/golden_pages.ts";
import { figure, fillForm, launchBrowser, shot, startServer, submit } from "./_browser.ts";

const squash = (text: string) => text.replace(/[\s\u00a0]+/g, " ").trim();

Deno.test({
  name: "the human pages work in Chromium, form by form",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const page = await browser.context.newPage();
    const base = server.baseUrl;
    try {
      // Server-only tools (the store) have pages of their own, tested with their feature.
      for (const op of operations.filter((o) => o.page !== undefined && o.run !== undefined)) {
        if (op.body) {
          // An operation that reads a JSON body (the text page): its example body, as the page's
          // form takes it (the mode whose request is that operation and body), POSTed.
          await t.step(
            `the ${op.page} page computes ${op.name}'s example from the form`,
            async () => {
              const body = op.exampleBody as Record<string, string>;
              const mode = TEXT_MODES.find((m) => {
                const request = textRequest(m, body.text!);
                return request.op === op && JSON.stringify(request.body) === JSON.stringify(body);
              });
              assert.ok(mode, `${op.name}: no mode of the form sends ${JSON.stringify(body)}`);
              await page.goto(`${base}/tools/${op.page}`);
              await fillForm(page, [["mode", mode], ["text", body.text!]]);
              await submit(page);
              assert.equal(new URL(page.url()).pathname, `/tools/${op.page}`);
              const expected =
                (op.run!(body, { today: "", baseUrl: base }) as { text: string }).text;
              assert.equal(await page.locator('[data-field="answer.text"]').inputValue(), expected);
              // The copy button (shown by the page script) copies the result box's whole text.
              await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], {
                origin: base,
              });
              const copy = page.locator("button.copy");
              assert.ok(await copy.isVisible(), "the copy button is shown");
              await copy.click();
              await page.locator(".copied:not(:empty)").waitFor();
              assert.equal(await page.evaluate("navigator.clipboard.readText()"), expected);
              // Without the script the button stays hidden: [hidden] beats the buttons' display.
              const shown = await page.evaluate(`(() => {
                const b = document.createElement("button");
                b.className = "copy";
                b.hidden = true;
                document.querySelector("main").append(b);
                return getComputedStyle(b).display;
              })()`);
              assert.equal(shown, "none");
              assert.match(
                squash(await page.locator('[data-snippet="curl"]').textContent() ?? ""),
                new RegExp(`^curl -X POST '${base}/api/v1${op.path}'`),
              );
              await shot(page, `tool-${op.page}-${op.name}`);
            },
          );
          continue;
        }
        await t.step(`the ${op.page} page computes its example from the form`, async () => {
          await page.goto(`${base}/tools/${op.page}`);
          // The fields the page shows (its page file's, or the generic page's).
          // A page whose fields are not the parameters (the Z-score) fills them from the example.
          const spec = pageOf(op);
          const shown = new Set(spec.fields.map((f) => f.name));
          const example = exampleParams(op);
          const pairs = example.filter(([name]) => shown.has(name));
          await fillForm(page, spec.fromParams ? spec.fromParams(example) : pairs);
          await submit(page);
          assert.equal(new URL(page.url()).pathname, `/tools/${op.page}`);
          const today = colomboDate(Date.now());
          const expected = execute(op, spec.fromParams ? example : pairs, {
            today,
            baseUrl: base,
          }) as Record<string, unknown>;
          let compared = 0;
          for (const [key, value] of Object.entries(expected)) {
            if (typeof value === "object" && value !== null) continue;
            const text = squash(formatValue(key, value, expected.currency === "LKR"));
            assert.equal(await figure(page, key), text, `${op.name}.${key}`);
            compared++;
          }
          assert.ok(compared > 0);
          for (const [name, text] of Object.entries(GOLDEN_FIGURES[op.page!] ?? {})) {
            assert.equal(await figure(page, name), text, `${op.page}.${name} (hand-checked)`);
          }
          assert.match(
            squash(await page.locator('[data-snippet="curl"]').textContent() ?? ""),
            /^curl '/,
          );
          await shot(page, `tool-${op.page}`);
        });
      }

      await t.step("the loan chart has one bar per month", async () => {
        await page.goto(`${base}/tools/loan?principal=5000000&rate=12.5&months=240`);
        assert.equal(await page.locator("svg.amortization g[data-month]").count(), 240);
        assert.equal(await page.locator("svg.amortization rect.interest").count(), 240);
        const label = await page.locator("svg.amortization").getAttribute("aria-labelledby");
        assert.equal(label, "amortization-title amortization-desc");
        await shot(page, "loan-chart");
      });

      await t.step("the holiday calendar names each day in Sinhala and Tamil", async () => {
        await page.goto(`${base}/tools/holidays`);
        await fillForm(page, [["year", "2026"], ["type", "public"]]);
        await submit(page);
        const count = Number(await figure(page, "count"));
        assert.ok(count > 20, `${count} public holidays`);
        assert.equal(await page.locator("table.month-grid").count(), 12);
        assert.equal(await page.locator('ul.day-names [lang="si"]').count(), count);
        assert.equal(await page.locator('ul.day-names [lang="ta"]').count(), count);
        await shot(page, "holidays-calendar");
      });

      await t.step("the docs list every endpoint and try it answers", async () => {
        const doc = await (await fetch(`${base}/api/v1/openapi.json`)).json();
        await page.goto(`${base}/docs`);
        for (const item of Object.values(doc.paths) as Record<string, { operationId: string }>[]) {
          for (const op of Object.values(item)) {
            assert.equal(await page.locator(`#op-${op.operationId}`).count(), 1, op.operationId);
          }
        }
        const form = "#op-vat form";
        await fillForm(page, [["amount", "10000"], ["mode", "add"]], form);
        await submit(page, form);
        assert.equal(await figure(page, "status"), "200");
        const answer = JSON.parse(await page.locator('[data-field="body"]').textContent() ?? "");
        assert.equal(answer.ok, true);
        assert.deepEqual([answer.data.vat, answer.data.total], [1800, 11800]);
        await shot(page, "docs-try-it");
      });

      await t.step("the home page searches the tools and leads to one", async () => {
        await page.goto(`${base}/`);
        await shot(page, "home");
        await fillForm(page, [["q", "land"]]);
        await submit(page);
        await page.getByRole("link", { name: "Land area converter" }).click();
        await page.waitForURL(`${base}/tools/land`);
        assert.equal(await page.locator("h1").textContent(), "Land area converter");
      });

      await t.step("a tool works from the keyboard alone", async () => {
        await page.goto(`${base}/tools/vat`);
        let focused = "";
        for (let i = 0; i < 25 && focused !== "f-amount"; i++) {
          await page.keyboard.press("Tab");
          focused = String(await page.evaluate('document.activeElement?.id ?? ""'));
        }
        assert.equal(focused, "f-amount", "Tab reaches the first field");
        await page.keyboard.type("10000");
        const before = page.url();
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.href !== before);
        assert.equal(await figure(page, "total"), "LKR 11,800.00");
        await shot(page, "keyboard-vat");
      });

      await t.step("pages fit a phone's width", async () => {
        const phone = await browser.context.newPage();
        await phone.setViewportSize({ width: 360, height: 740 });
        try {
          for (
            const path of [
              "/",
              "/tools/fd?principal=1000000&rate=10&months=12&wht=1",
              "/tools/holidays",
              "/docs",
            ]
          ) {
            await phone.goto(`${base}${path}`);
            const width = Number(await phone.evaluate("document.documentElement.scrollWidth"));
            assert.ok(width <= 360, `${path} is ${width}px wide`);
          }
          await phone.goto(`${base}/tools/paye?monthly=250000`);
          await shot(phone, "phone-paye");
        } finally {
          await phone.close();
        }
      });

      await t.step("an unknown page is a human 404", async () => {
        const response = await page.goto(`${base}/no-such-page`);
        assert.equal(response?.status(), 404);
        assert.equal(await page.locator("h1").textContent(), "Page not found");
        await shot(page, "not-found");
      });
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
