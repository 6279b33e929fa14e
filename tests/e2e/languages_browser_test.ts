/**
 * Every human page in English, Sinhala and Tamil in a real browser (Debian's Chromium): the
 * document's language, the `hreflang` alternates, the language switch (plain links, followed here
 * with JavaScript off), no text that is a catalogue key instead of its message, and Sinhala and
 * Tamil letters drawn with the Noto web fonts this server ships, not as boxes. The machine has no
 * Sinhala or Tamil system font (Debian's DejaVu and Liberation have neither script), so without
 * the web fonts every letter would be a box; the test checks the fonts mechanically and saves a
 * screenshot of each page in each language.
 */
import assert from "node:assert/strict";
import { EN, SI, TA } from "../_helpers/catalogue.ts";
import { operations } from "../../core/registry.ts";
import { launchBrowser, shot, startServer } from "./_browser.ts";

const PAGES = [
  "/",
  ...operations.filter((op) => op.page !== undefined).map((op) => `/tools/${op.page}`),
  "/tools/nic?number=913014146V",
  "/tools/plate?plate=WP-CAB-1234",
  "/tools/vat?amount=abc",
  "/docs",
  "/news",
  "/store",
  "/developers",
  "/no-such-page",
];

const KEYS = new Set(Object.keys(EN.messages));

/** What each language's pages must show: its own letters, drawn with its web font. */
const SCRIPTS = {
  si: { font: "Noto Sans Sinhala", sample: "ශ්‍රී ලංකාව", letters: /[\u0D80-\u0DFF]/ },
  ta: { font: "Noto Sans Tamil", sample: "இலங்கை", letters: /[\u0B80-\u0BFF]/ },
} as const;

Deno.test({
  name: "every page in English, Sinhala and Tamil, with its fonts, in Chromium",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const page = await browser.context.newPage();
    const base = server.baseUrl;
    try {
      for (const lang of ["en", "si", "ta"] as const) {
        for (const path of PAGES) {
          const url = `${base}${lang === "en" ? "" : `/${lang}`}${path}`;
          await t.step(`${lang} ${path}`, async () => {
            const response = await page.goto(url);
            assert.ok(response && response.status() < 500, `${url}: ${response?.status()}`);
            assert.equal(await page.locator("html").getAttribute("lang"), lang);
            const alternates = await page.locator('head link[rel="alternate"][hreflang]')
              .evaluateAll(
                (links) => links.map((l) => l.getAttribute("hreflang")),
              );
            assert.deepEqual(alternates.sort(), ["en", "si", "ta", "x-default"]);
            const text = await page.locator("body").innerText();
            const fallen = text.split(/\s+/).filter((word) => KEYS.has(word.replace(/[.,:]$/, "")));
            assert.deepEqual(fallen, [], `${url}: catalogue keys shown instead of messages`);
            if (lang !== "en") {
              const script = SCRIPTS[lang];
              assert.match(text, script.letters, `${url}: no ${lang} letters`);
              // The page's own links stay in its language.
              const hrefs = await page.locator("header nav[aria-label] a:not([hreflang])")
                .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
              assert.ok(hrefs.every((h) => h.startsWith(`/${lang}/`)), hrefs.join(" "));
              // In the page: a box is as wide whatever the letter, real glyphs are not; compare
              // with a family that cannot exist, which falls back to a font without the script.
              const fonts = await page.evaluate(`(async (font, sample) => {
                await document.fonts.ready;
                await document.fonts.load('16px "' + font + '"', sample);
                const loaded = [...document.fonts].some((f) =>
                  f.family.replace(/"/g, "") === font && f.status === "loaded");
                const canvas = document.createElement("canvas").getContext("2d");
                const width = (family) => {
                  canvas.font = "32px " + family;
                  return canvas.measureText(sample).width;
                };
                return {
                  loaded,
                  check: document.fonts.check('16px "' + font + '"', sample),
                  web: width('"' + font + '"'),
                  fallback: width('"no-such-font-lanka", monospace'),
                  body: getComputedStyle(document.body).fontFamily,
                };
              })(${JSON.stringify(script.font)}, ${JSON.stringify(script.sample)})`) as {
                loaded: boolean;
                check: boolean;
                web: number;
                fallback: number;
                body: string;
              };
              assert.ok(fonts.loaded, `${url}: ${script.font} not loaded`);
              assert.ok(fonts.check, `${url}: ${script.font} cannot draw the sample`);
              assert.ok(fonts.body.includes(script.font), fonts.body);
              assert.notEqual(
                Math.round(fonts.web),
                Math.round(fonts.fallback),
                "glyphs, not boxes",
              );
            }
            const name = path === "/" ? "home" : path.slice(1).replace(/[^\w-]+/g, "-");
            // The reference (/docs) is some 100,000 px tall in Tamil and grows with every tool:
            // its first screen is what one looks at, and the whole of it takes over 30 s to
            // capture on a loaded machine.
            await shot(page, `lang-${lang}-${name}`, path !== "/docs");
          });
        }
      }

      await t.step("the news listing's heading and form are in the page's language", async () => {
        for (const [lang, table] of [["si", SI.messages], ["ta", TA.messages]] as const) {
          await page.goto(`${base}/${lang}/news`);
          assert.equal(await page.locator("main h1").innerText(), table["page.news.title"].text);
          const form = await page.locator('main form[action$="/news"]').innerText();
          assert.ok(form.includes(table["page.news.category"].text), form);
          assert.ok(!/Search|Category/.test(form), form);
        }
      });

      await t.step("the language switch is plain links (no script needed)", async () => {
        await page.goto(`${base}/tools/holidays?year=2026`);
        // The one script is the pages' progressive enhancement (focus, copy), never inline.
        const scripts = await page.locator("script").evaluateAll((els) =>
          els.map((el) => el.getAttribute("src") ?? "inline")
        );
        assert.deepEqual(scripts, ["/static/page.js"]);
        assert.equal(await page.locator("nav.languages a[href]").count(), 3);
        await page.locator('nav.languages a[hreflang="si"]').click();
        await page.waitForURL(`${base}/si/tools/holidays?year=2026`);
        assert.equal(await page.locator("html").getAttribute("lang"), "si");
        await page.locator('nav.languages a[hreflang="ta"]').click();
        await page.waitForURL(`${base}/ta/tools/holidays?year=2026`);
        assert.match(await page.locator("main").innerText(), /தைப்பொங்கல்|முழுநோன்மதி/);
        await page.locator('nav.languages a[hreflang="en"]').click();
        await page.waitForURL(`${base}/tools/holidays?year=2026`);
        assert.equal(await page.locator("html").getAttribute("lang"), "en");
      });
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
