/**
 * Each local operation loads only the data it needs: the catalogues of text for people load by
 * area (`calendar`, `nic`, ...; `pages` for the server's pages) when an answer first needs one,
 * not because a call names a language. Checked in a fresh process each (areas, once loaded, stay
 * loaded for the process); `tests/sdk/local_areas_test.ts` checks every operation's example. The bundle bytes each first call loads are measured by
 * `npm/test/bundle_size.mjs` (`firstCall`), guarded in `tests/sdk/npm_test.ts`.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

/**
 * Runs `code` (with `client`, `hasMessages` and `loaded()`, the areas registered as
 * `lang/area`, in scope) in a fresh Deno process.
 */
async function fresh(code: string): Promise<unknown> {
  const dir = await Deno.makeTempDir({ prefix: "lanka-lazy-" });
  const file = `${dir}/probe.ts`;
  await Deno.writeTextFile(
    file,
    `import { createClient } from ${JSON.stringify(new URL("mod.ts", ROOT).href)};
import { hasMessages, LANGS, MESSAGE_AREAS } from ${
      JSON.stringify(new URL("core/i18n.ts", ROOT).href)
    };
const loaded = () => LANGS.flatMap((l) => MESSAGE_AREAS.filter((a) => hasMessages(l, a)).map((a) => l + "/" + a));
const client = createClient({ mode: "local" });
console.log(JSON.stringify(await (async () => { ${code} })()));
`,
  );
  try {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", "--config", new URL("deno.json", ROOT).pathname, file],
      env: { DENO_NO_UPDATE_CHECK: "1" },
      stdin: "null",
    }).output();
    assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
    return JSON.parse(new TextDecoder().decode(output.stdout));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("client.words({ lang: 'si' }) answers from the number tables, loading no catalogue", async () => {
  const result = await fresh(`
    const answer = await client.words({ amount: 1000, lang: "si" });
    return { lang: answer.lang, words: answer.words.length > 0, loaded: loaded() };
  `);
  assert.deepEqual(result, { lang: "si", words: true, loaded: [] });
});

Deno.test("an answer with text for people loads the area of the catalogue it reads, then answers", async () => {
  const result = await fresh(`
    const before = loaded();
    const answer = await client.holidays({ year: 2026, type: "mercantile", lang: "si" });
    const english = await createClient({ mode: "local" }).holidays({ year: 2026, type: "mercantile" });
    const holidays = loaded();
    await client.call("nic", { number: "913014146V", lang: "ta" });
    return {
      before,
      holidays,
      nic: loaded(),
      si: hasMessages("si"),
      count: answer.count,
      translated: answer.holidays[0].name !== english.holidays[0].name,
    };
  `);
  // 8 mercantile holidays in 2026: tests/core/holidays_test.ts (Gazette 2438/22 as amended).
  assert.deepEqual(result, {
    before: [],
    // The Sinhala calendar area and its English templates, not the pages' text.
    holidays: ["en/calendar", "si/calendar"],
    nic: ["en/calendar", "en/nic", "si/calendar", "ta/nic"],
    si: false,
    count: 8,
    translated: true,
  });
});
