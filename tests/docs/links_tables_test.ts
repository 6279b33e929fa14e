/**
 * Checks of the documentation set (README.md and docs/*.md): every relative link resolves to a
 * file inside the repository (and its #anchor to a heading), nothing points outside the repository,
 * every table parses (a header, a delimiter row, the same number of cells in every row), and every
 * topic is served as a page linked from /docs.
 */
import assert from "node:assert/strict";
import { htmlProblems } from "../_helpers/pages.ts";
import { testApp } from "../_helpers/app.ts";
import { docFiles, headingSlugs, markdownLinks, markdownTables } from "../_helpers/docs.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("every relative link of the docs resolves inside the repository", async (t) => {
  for (const file of docFiles()) {
    await t.step(file, () => {
      const text = Deno.readTextFileSync(new URL(file, ROOT));
      assert.ok(
        !text.includes("../shared"),
        `${file} points at ../shared, which users do not have`,
      );
      for (const { target, line } of markdownLinks(text)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [path = "", anchor] = target.split("#");
        const resolved = path === "" ? new URL(file, ROOT) : new URL(path, new URL(file, ROOT));
        assert.ok(
          resolved.href.startsWith(ROOT.href),
          `${file}:${line}: "${target}" points outside the repository`,
        );
        let exists = true;
        try {
          Deno.statSync(resolved);
        } catch {
          exists = false;
        }
        assert.ok(exists, `${file}:${line}: "${target}" does not exist`);
        if (anchor && resolved.pathname.endsWith(".md")) {
          const slugs = headingSlugs(Deno.readTextFileSync(resolved));
          assert.ok(
            slugs.has(anchor),
            `${file}:${line}: no heading "#${anchor}" in ${path || file}`,
          );
        }
      }
    });
  }
});

Deno.test("every table of the docs parses: header, delimiter row, same cell count", async (t) => {
  let tables = 0;
  for (const file of docFiles()) {
    await t.step(file, () => {
      const text = Deno.readTextFileSync(new URL(file, ROOT));
      for (const table of markdownTables(text)) {
        tables++;
        const [header, delimiter, ...rows] = table.rows;
        assert.ok(
          header && delimiter,
          `${file}:${table.line}: a table needs a header and a delimiter`,
        );
        assert.ok(
          delimiter.every((cell) => /^:?-{3,}:?$/.test(cell)),
          `${file}:${table.line}: the second row is not a delimiter row: | ${
            delimiter.join(" | ")
          } |`,
        );
        assert.equal(delimiter.length, header.length, `${file}:${table.line}: delimiter cells`);
        rows.forEach((row, i) =>
          assert.equal(
            row.length,
            header.length,
            `${file}:${table.line + 2 + i}: ${row.length} cells, the header has ${header.length}`,
          )
        );
      }
      // A table folded into a paragraph (what `deno fmt` does to a table glued to a list item)
      // shows as "| |" runs inside prose.
      text.split("\n").forEach((l, i) => {
        if (!l.trimStart().startsWith("|") && !l.trimStart().startsWith("`")) {
          assert.ok(!/\| \| `?[A-Z_]+`? \|/.test(l), `${file}:${i + 1}: a table folded into text`);
        }
      });
    });
  }
  assert.ok(tables >= 10, `only ${tables} tables found: is the parser broken?`);
});

Deno.test("every docs topic is a page linked from /docs, valid HTML, no broken topic link", async () => {
  await using app = await testApp();
  const docs = await (await app.request("/docs")).text();
  const topics = docFiles().filter((f) => f.startsWith("docs/") && !f.endsWith("README.md"))
    .map((f) => f.slice("docs/".length, -".md".length));
  assert.ok(topics.length >= 10);
  for (const topic of ["", ...topics]) {
    const path = `/docs/guide${topic ? `/${topic}` : ""}`;
    if (topic) assert.ok(docs.includes(`href="${path}"`), `/docs does not link ${path}`);
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    const page = await res.text();
    assert.deepEqual(await htmlProblems(page), [], path);
    for (const [, href] of page.matchAll(/href="(\/docs\/guide[^"#]*)/g)) {
      const linked = await app.request(href!);
      await linked.body?.cancel();
      assert.equal(linked.status, 200, `${path} links ${href}`);
    }
  }
});
