/**
 * Browser test helpers: the real server (`server/main.ts`) on a free port with KV in a temp
 * dir, Debian's Chromium driven by playwright-core, and small steps (fill a form from pairs,
 * submit, read a figure, save a screenshot) so a new flow is a few lines.
 */
import assert from "node:assert/strict";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { ensureChromium } from "../_helpers/provision.ts";
import { startServer as start } from "../_helpers/server.ts";

/** Where Debian's `chromium` package installs the browser. */
export const CHROMIUM = "/usr/bin/chromium";

/** Where screenshots go (gitignored). */
export const SCREENSHOTS = new URL("../../test-output/screenshots/", import.meta.url);

/** A running server. */
export interface Server {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Starts `server/main.ts` with a KV file in a fresh temporary folder.
 *
 * @param env Extra environment variables.
 */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dir = await Deno.makeTempDir({ prefix: "lanka-e2e-" });
  const server = await start({
    KV_PATH: `${dir}/kv.sqlite3`,
    LOG_LEVEL: "warn",
    ANON_DAILY_LIMIT: "100000",
    ...env,
  });
  return {
    baseUrl: server.url,
    async close() {
      await server.stop("SIGTERM");
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/** A browser with a fresh profile. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium headless with a fresh user-data-dir. */
export async function launchBrowser(): Promise<Browser> {
  await ensureChromium();
  const profile = await Deno.makeTempDir({ prefix: "lanka-chromium-" });
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1000, height: 800 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  } catch (error) {
    await Deno.remove(profile, { recursive: true }).catch(() => {});
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`Chromium at ${CHROMIUM} is installed but did not start: ${why}`);
  }
  return {
    context,
    async close() {
      await context.close();
      await Deno.remove(profile, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * Fills the fields of a form from name/value pairs: selects and radios by value, checkboxes
 * checked for `1`/`true`, other inputs typed; "More options" is opened when a field is inside.
 *
 * @param page The page.
 * @param pairs Field names and values.
 * @param scope A selector of the form (default: the first form of `main`).
 */
export async function fillForm(
  page: Page,
  pairs: Iterable<readonly [string, string]>,
  scope = "main form",
): Promise<void> {
  const form = page.locator(scope).first();
  for (const [name, value] of pairs) {
    const control = form.locator(`[name="${name}"]`).first();
    // A field under "More options" (a closed <details>) is shown first, as a person would.
    if (!(await control.isVisible())) {
      const closed = form.locator("details:not([open]) > summary");
      if (await closed.count()) await closed.first().click();
    }
    const tag = await control.evaluate((el) => el.tagName.toLowerCase());
    const type = await control.getAttribute("type");
    if (tag === "select") await control.selectOption(value);
    else if (type === "radio") await form.locator(`[name="${name}"][value="${value}"]`).check();
    else if (type === "checkbox") await control.setChecked(value === "1" || value === "true");
    else await control.fill(value);
  }
}

/**
 * Submits a form by clicking its button and waits for the next page.
 *
 * @param page The page.
 * @param scope A selector of the form.
 */
export async function submit(page: Page, scope = "main form"): Promise<void> {
  const before = page.url();
  await page.locator(scope).first().locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.href !== before);
  await page.waitForLoadState("load");
}

/**
 * The text of the element with `data-field="<name>"`, white space squashed.
 *
 * @param page The page.
 * @param name The field path.
 */
export async function figure(page: Page, name: string): Promise<string> {
  const text = await page.locator(`[data-field="${name}"]`).first().textContent();
  return (text ?? "").replace(/[\s\u00a0]+/g, " ").trim();
}

/**
 * Saves a screenshot under `test-output/screenshots/<name>.png`, the whole page by default.
 *
 * @param page The page.
 * @param name The file name without extension.
 * @param fullPage The whole page (default), or only the viewport.
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await Deno.mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage });
}

/**
 * Fails if the page is wider than the window (the reader would have to scroll sideways).
 *
 * @param page The page.
 * @param what What is being checked, for the message.
 */
export async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const [scroll, inner] = await page.evaluate(
    "[document.documentElement.scrollWidth, innerWidth]",
  ) as [number, number];
  assert.ok(scroll <= inner, `${what}: scrolls sideways (${scroll} > ${inner})`);
}
