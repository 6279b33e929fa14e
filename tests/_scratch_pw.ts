import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless", "--disable-gpu"] });
const [w, lang, path, sel, out] = Deno.args;
const page = await browser.newPage({ viewport: { width: Number(w), height: 900 } });
await page.goto(`http://127.0.0.1:8765${lang}${path}`);
await page.locator(sel).first().screenshot({ path: out });
await browser.close();
