/**
 * `docs/coverage.md`, the seed catalogue's 169 tools with what Lanka API serves for each: the
 * totals line counts the rows, every row has a status and an operation or reason, and every rule's
 * seed tools are there as served or partly, naming the rule.
 */
import assert from "node:assert/strict";
import { RULES } from "../../core/rules/registry.ts";

const TEXT = Deno.readTextFileSync(new URL("../../docs/coverage.md", import.meta.url));

interface Row {
  n: number;
  slug: string;
  status: string;
  said: string;
}

const rows: Row[] = TEXT.split("\n").filter((line) => /^\| \d+ \|/.test(line)).map((line) => {
  const cells = line.slice(1, -1).split(" | ").map((c) => c.trim());
  return {
    n: Number(cells[0]),
    slug: cells[2]!.replace(/`/g, ""),
    status: cells[4]!,
    said: cells[5] ?? "",
  };
});

Deno.test("the coverage table has the 169 seed tools, once each, and its totals count its rows", () => {
  assert.equal(rows.length, 169);
  assert.deepEqual(rows.map((r) => r.n), Array.from({ length: 169 }, (_, i) => i + 1));
  assert.equal(new Set(rows.map((r) => r.slug)).size, 169);
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  const totals = /\*\*Totals: (\d+) served, (\d+) partly, (\d+) missing, 169 in all\.\*\*/
    .exec(TEXT);
  assert.ok(totals, "the totals line");
  assert.deepEqual(totals.slice(1).map(Number), [
    count("served"),
    count("partly"),
    count("missing"),
  ]);
  for (const row of rows) {
    assert.ok(["served", "partly", "missing"].includes(row.status), `${row.slug}: ${row.status}`);
    assert.ok(row.said.length > 3, `${row.slug}: say the operation or the reason`);
  }
});

Deno.test("every rule's seed tools are served or partly, naming the rule", () => {
  for (const { source } of RULES) {
    for (const slug of source.rule.seed) {
      const row = rows.find((r) => r.slug === slug);
      assert.ok(row, `${source.rule.name}: seed ${slug} is not in the table`);
      assert.ok(["served", "partly"].includes(row.status), `${slug}: ${row.status}`);
      assert.ok(row.said.includes(`\`${source.rule.name}\``), `${slug}: name ${source.rule.name}`);
    }
  }
});
