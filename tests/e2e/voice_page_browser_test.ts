/**
 * The text-to-speech page in a real browser (Debian's Chromium through playwright-core) on a
 * phone-sized window (390x844), against the real server with eSpeak NG: in English, Sinhala and
 * Tamil the form is filled, submitted, and the page's `<audio>` element is made to load its MP3
 * (`loadedmetadata`, a duration above zero), which proves the browser decodes what the listen
 * route answers under the pages' `default-src 'self'` policy. Each step saves a screenshot.
 */
import assert from "node:assert/strict";
import { fillForm, launchBrowser, shot, startServer, submit } from "./_browser.ts";

/** Text in each language (the Sinhala and Tamil greetings, and an English sentence). */
const TEXTS = {
  en: "Good morning from Colombo",
  si: "ආයුබෝවන්",
  ta: "வணக்கம்",
} as const;

Deno.test({
  name:
    "the text-to-speech page plays its MP3 in Chromium at 390x844 in English, Sinhala and Tamil",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer({ VOICE_PAGE_DAILY_LIMIT: "20", VOICE_WORKERS: "1" });
    const browser = await launchBrowser();
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const base = server.baseUrl;
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused/i.test(message.text())) refused.push(message.text());
    });
    // The audio requests the browser makes: one per play, each counted once.
    let listens = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith("/tools/voice/listen")) listens++;
    });
    try {
      for (const lang of ["si", "ta", "en"] as const) {
        await t.step(`${lang}: fill, submit, and the audio loads`, async () => {
          const prefix = lang === "en" ? "" : `/${lang}`;
          await page.goto(`${base}${prefix}/tools/voice`);
          // The page's language is the default language of the text.
          assert.equal(await page.locator('select[name="language"]').inputValue(), lang);
          assert.equal(await page.locator('select[name="voice"]').inputValue(), "eve");
          await shot(page, `voice-page-${lang}-form`);
          await fillForm(page, [["text", TEXTS[lang]]]);
          await submit(page);
          const url = new URL(page.url());
          assert.equal(url.pathname, `${prefix}/tools/voice`);
          assert.equal(url.searchParams.get("text"), TEXTS[lang]);
          const audio = page.locator("#answer audio");
          assert.equal(await audio.count(), 1);
          // Nothing is fetched before the person presses play (preload="none").
          const loaded = await page.evaluate(`new Promise((resolve) => {
            const el = document.querySelector("#answer audio");
            const done = () => resolve({
              duration: el.duration,
              error: el.error ? el.error.code + " " + el.error.message : null,
            });
            el.addEventListener("loadedmetadata", done, { once: true });
            el.addEventListener("error", done, { once: true });
            // As a person pressing play would (muted: no sound card needed).
            el.muted = true;
            el.play().catch(() => {});
          })`) as { duration: number; error: string | null };
          assert.equal(loaded.error, null, `${lang}: the audio did not load`);
          assert.ok(loaded.duration > 0, `${lang}: duration ${loaded.duration}`);
          // Nothing is wider than the phone's screen.
          const overflow = await page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth",
          );
          assert.ok((overflow as number) <= 0, `${lang}: ${overflow}px wider than the screen`);
          await shot(page, `voice-page-${lang}-player`);
        });
      }
      await t.step(
        "the listens used are counted, and the page says how many are left",
        async () => {
          // One request of the audio per play, in each of the three languages.
          assert.equal(listens, 3);
          await page.reload();
          const left = await page.locator("#answer .muted").textContent() ?? "";
          // Three pages loaded their audio once each: 17 of 20 are left.
          assert.match(left, /17 left today/);
        },
      );
      await t.step("an empty text is shown beside the field, with the page's 400", async () => {
        const response = await page.goto(`${base}/si/tools/voice?text=&language=si&voice=eve`);
        assert.equal(response?.status(), 400);
        assert.equal(await page.locator("#f-text").getAttribute("aria-invalid"), "true");
        assert.equal(await page.locator("#f-text-error").count(), 1);
        await shot(page, "voice-page-si-error");
      });
      assert.deepEqual(refused, [], "the page's own policy refused something");
    } finally {
      await browser.close();
      await server.close();
    }
  },
});
