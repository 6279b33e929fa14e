// Browser smoke test: bundles the built package with esbuild and computes PAYE (and the holidays
// in Sinhala, with their area of the catalogue) in headless Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH), with no network access needed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { bundle } from "./bundle_size.mjs";

const entry = `
import { createClient, isValidationError } from "@lanka/api";
const client = createClient();
const tax = await client.paye({ monthly: 250000, date: "2026-01-01" });
const refused = await client.paye({ monthly: "lots" }).then(() => false, isValidationError);
const days = await client.holidays({ year: 2026, type: "mercantile", lang: "si" });
globalThis.__result = {
  monthlyTax: tax.monthlyTax,
  table: tax.table.id,
  refused,
  mercantile: days.count,
  sinhala: [days.source, ...days.holidays.map((h) => h.name)].every((text) =>
    /[\u0D80-\u0DFF]/.test(text)
  ),
};
`;

test("the bundled SDK computes PAYE in headless Chromium", async () => {
  const code = new TextDecoder().decode((await bundle(entry)).bytes);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    timeout: 120_000,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage();
    const requests = [];
    page.on("request", (request) => requests.push(request.url()));
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.setContent("<!doctype html><title>Lanka API SDK</title>");
    await page.addScriptTag({ content: code, type: "module" });
    await page.waitForFunction(() => globalThis.__result, null, { timeout: 60_000 });
    const result = await page.evaluate(() => globalThis.__result);
    assert.deepEqual(errors, []);
    // (6% x 1,000,000 + 18% x 200,000) / 12 = 8,000 under the 2025/26 APIT table.
    // 8 mercantile holidays in 2026 (Gazette 2438/22 as amended; tests/core/holidays_test.ts),
    // answered in Sinhala: the names from the dataset, the source from the catalogue's calendar
    // area, loaded in the page.
    assert.deepEqual(result, {
      monthlyTax: 8000,
      table: "2025-04",
      refused: true,
      mercantile: 8,
      sinhala: true,
    });
    assert.deepEqual(requests, [], "computed in the page: no network request was made");
  } finally {
    await browser.close();
  }
});
