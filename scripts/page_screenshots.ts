/**
 * Takes the screenshots of the tool pages in docs/screenshots/ (issue 27): the real server and
 * Debian's Chromium, each page as a person fills it, the visible screen only (the answer in
 * view after pressing the button). Run: `deno run --allow-all scripts/page_screenshots.ts`.
 */
import { fillForm, launchBrowser, startServer, submit } from "../tests/e2e/_browser.ts";

const OUT = new URL("../docs/screenshots/", import.meta.url);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const SHOTS: {
  name: string;
  path: string;
  size: { width: number; height: number };
  typed?: [string, string][];
}[] = [
  { name: "paye-en-phone", path: "/tools/paye", size: PHONE, typed: [["monthly", "Rs. 250,000"]] },
  { name: "paye-si-phone", path: "/si/tools/paye", size: PHONE, typed: [["monthly", "2,50,000"]] },
  {
    name: "payslip-ta-phone",
    path: "/ta/tools/payslip",
    size: PHONE,
    typed: [["basic", "170,000"], ["bonus", "Rs 600,000/="], ["date", "2025-04-25"]],
  },
  { name: "paye-error-ta-phone", path: "/ta/tools/paye", size: PHONE, typed: [["monthly", "abc"]] },
  {
    name: "loan-en-desktop",
    path: "/tools/loan",
    size: DESKTOP,
    typed: [["principal", "50,00,000"], ["rate", "12.5"], ["months", "240"]],
  },
  { name: "holidays-si-desktop", path: "/si/tools/holidays", size: DESKTOP },
  { name: "home-en-phone", path: "/", size: PHONE },
];

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  for (const shot of SHOTS) {
    await page.setViewportSize(shot.size);
    await page.goto(`${server.baseUrl}${shot.path}`);
    if (shot.typed) {
      await fillForm(page, shot.typed, "main form.tool-form");
      await submit(page, "main form.tool-form");
    }
    await page.screenshot({ path: new URL(`${shot.name}.png`, OUT).pathname });
    console.log(shot.name);
  }
} finally {
  await browser.close();
  await server.close();
}
