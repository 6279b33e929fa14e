/**
 * The files `deno task rules:build` writes (`core/rules/_bundled.ts`, `_lazy.ts`, `_index.json`,
 * `_types.ts`) are up to date with `data/rules/` and `data/messages/rules/`: a rule added without
 * running the task fails here, naming it. (`tests/core/message_areas_test.ts` does the same for
 * `core/messages/`, which carries the rules' texts.)
 */
import assert from "node:assert/strict";
import { formatted, generatedFiles } from "../../scripts/build_rules.ts";

const OUT = new URL("../../core/rules/", import.meta.url);

Deno.test("the generated rule files are up to date (else: deno task rules:build)", async () => {
  const expected = await formatted(await generatedFiles());
  assert.equal(expected.size, 4);
  for (const [path, text] of expected) {
    const onDisk = await Deno.readTextFile(new URL(path, OUT));
    assert.ok(onDisk === text, `core/rules/${path} is out of date: run deno task rules:build`);
  }
});

Deno.test("the generated index lists every rule once, with its catalogue record", async () => {
  const index = JSON.parse(await Deno.readTextFile(new URL("_index.json", OUT)));
  const names = [...Deno.readDirSync(new URL("../../data/rules/", import.meta.url))]
    .map((e) => e.name.replace(/\.json$/, "")).sort();
  assert.deepEqual(index.rules.map((r: { slug: string }) => r.slug), names);
  for (const record of index.rules) {
    assert.match(record.apiPath, /^\/api\/v1\//);
    assert.ok(record.title && record.description && record.keywords.length, record.slug);
  }
});
