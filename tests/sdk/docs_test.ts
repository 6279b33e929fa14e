/**
 * The SDK docs page (docs/sdk.md) lists every value export of every entry point of the package;
 * its `ts` examples run under `deno task test` (`--doc docs/sdk.md`, "@lanka/api" mapped to the
 * sources in deno.json).
 */
import assert from "node:assert/strict";

Deno.test("docs/sdk.md names every value export of every entry point", async () => {
  const page = await Deno.readTextFile(new URL("../../docs/sdk.md", import.meta.url));
  const missing: string[] = [];
  // The files behind the published entry points, as deno.json's `exports` names them.
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  ) as { exports: Record<string, string> };
  for (const [subpath, file] of Object.entries(config.exports)) {
    const entry = subpath === "." ? "mod" : subpath.slice(2);
    const module = await import(new URL(`../../${file}`, import.meta.url).href);
    for (const name of Object.keys(module)) {
      if (!new RegExp("`" + name + "(?![\\w$])").test(page)) missing.push(`${entry}: ${name}`);
    }
  }
  assert.deepEqual(missing, [], "exports the SDK docs page does not list");
});

Deno.test("deno.json maps every entry point, so the page's examples import the package by name", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  for (const [subpath, file] of Object.entries(config.exports as Record<string, string>)) {
    const specifier = subpath === "." ? "@lanka/api" : `@lanka/api${subpath.slice(1)}`;
    assert.equal(config.imports[specifier], file, specifier);
  }
});
