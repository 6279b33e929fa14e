/**
 * Issue 19, pages: every page a Sinhala or Tamil reader reaches from the home page, by links,
 * reads in that language. The crawl follows every internal link from `/si/` and `/ta/`; on each
 * HTML page the text a person sees (see `visibleText`) may hold no Latin-script word except codes,
 * names with no Sinhala or Tamil form, and what the page marks as English on purpose
 * (`lang="en"`, such as code and the guides written in English only).
 */
import assert from "node:assert/strict";
import { testApp } from "../_helpers/app.ts";
import { latinWords, visibleText } from "../_helpers/latin.ts";
import { internalLinks } from "../_helpers/pages.ts";

/**
 * Pages still partly in English, by the start of their unprefixed path, with what is missing.
 * An entry is removed when its pages are translated; the test fails while a listed page is
 * already clean, so the list cannot outlive the work.
 */
const STILL_ENGLISH: Record<string, string> = {};

function pending(path: string): string | undefined {
  for (const [prefix, what] of Object.entries(STILL_ENGLISH)) {
    if (path.startsWith(prefix)) return what;
  }
  return undefined;
}

for (const lang of ["si", "ta"] as const) {
  Deno.test(`every page reached from /${lang}/ reads in ${lang}`, async () => {
    await using t = await testApp();
    const seen = new Set<string>();
    const queue = [`/${lang}/`];
    const english: string[] = [];
    const cleanButListed = new Map<string, string>();
    const listedWithEnglish = new Set<string>();
    while (queue.length && seen.size < 400) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await t.request(url);
      const type = res.headers.get("Content-Type") ?? "";
      const body = await res.text();
      if (res.status !== 200 || !type.startsWith("text/html")) continue;
      for (const link of internalLinks(body, url)) {
        if (link.startsWith(`/${lang}/`) && !seen.has(link)) queue.push(link);
      }
      const words = latinWords(visibleText(body));
      const path = url.slice(lang.length + 1);
      const listed = pending(path);
      if (listed) {
        if (words.length) listedWithEnglish.add(listed);
        else cleanButListed.set(listed, url);
      } else if (words.length) {
        english.push(`${url}: ${[...new Set(words)].slice(0, 12).join(" ")}`);
      }
    }
    assert.ok(seen.size > 20, `crawled only ${seen.size} pages`);
    assert.deepEqual(english, [], "pages with English words");
    for (const [what, url] of cleanButListed) {
      if (!listedWithEnglish.has(what)) {
        assert.fail(`${url} is clean: remove "${what}" from STILL_ENGLISH`);
      }
    }
  });
}
