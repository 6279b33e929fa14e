/**
 * Every operation the client can call loads on first use from one table (`LOADERS` of
 * `sdk/_operations.ts`): each public operation of the registry has its line, and each line loads
 * the operation of its id. An operation without a line would still be reached, through the whole
 * registry (every operation and dataset at once), which is what this test keeps from happening.
 */
import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import { LOADERS } from "../../sdk/_operations.ts";
import { RULE_LOADERS } from "../../core/rules/_lazy.ts";
import { isPublicOperation } from "../../server/mcp/tools.ts";

Deno.test("every public operation of the registry has a line in the client's table of loaders", () => {
  const missing = operations.filter((op) =>
    // A rule of data/rules/ loads through the rules' own table (written by `deno task rules:build`).
    isPublicOperation(op) && !Object.hasOwn(LOADERS, op.name) &&
    !Object.hasOwn(RULE_LOADERS, op.name)
  )
    .map((op) => op.name);
  assert.deepEqual(
    missing,
    [],
    'add `"<id>": () => import("../core/ops/<file>.ts").then((m) => m.<op>)` to LOADERS',
  );
});

Deno.test("each loader loads the operation of its id, the very definition the registry holds", async () => {
  for (const [name, load] of Object.entries(LOADERS)) {
    const op = await load();
    assert.equal(op.name, name);
    assert.ok(operations.includes(op), `${name}: not the registry's definition`);
  }
});
