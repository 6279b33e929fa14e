/**
 * Every rule's golden cases (`tests/rules/cases/<rule>.json`), run by one runner: each case's
 * parameters, and either the fields the answer must have (compared as far as they are given) or
 * the status and parameter of its error. Each case names its source beside it: a source's own
 * worked figure, or first principles from the source's table; never the engine's output.
 */
import assert from "node:assert/strict";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { RULES } from "../../core/rules/registry.ts";

interface GoldenCase {
  name: string;
  params: Record<string, string>;
  /** Fields the answer has (objects compared by the keys given). */
  expect?: Record<string, unknown>;
  /** The error status instead. */
  status?: number;
  /** The parameter the error names. */
  param?: string;
  /** Where the figure comes from: a source's own example, or first principles from its table. */
  source: string;
}

const CTX = { today: "2026-06-15", baseUrl: "https://lanka.test" };
const DIR = new URL("./cases/", import.meta.url);

function cases(name: string): GoldenCase[] {
  return JSON.parse(Deno.readTextFileSync(new URL(`${name}.json`, DIR))).cases;
}

/** Whether `actual` has every key of `expected` with the same value, recursively. */
function partial(actual: unknown, expected: unknown, path: string): void {
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
    assert.ok(actual !== null && typeof actual === "object", `${path}: not an object`);
    for (const [key, value] of Object.entries(expected)) {
      partial((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    }
  } else {
    assert.deepEqual(actual, expected, path);
  }
}

Deno.test("every rule has golden cases, each naming its source, with answers and errors", () => {
  const files = [...Deno.readDirSync(DIR)].map((e) => e.name.replace(/\.json$/, "")).sort();
  assert.deepEqual(files, RULES.map((r) => r.source.rule.name).sort());
  for (const { source } of RULES) {
    const list = cases(source.rule.name);
    assert.ok(list.length >= 5, `${source.rule.name}: at least 5 cases`);
    assert.ok(list.some((c) => c.expect), `${source.rule.name}: a case with an answer`);
    assert.ok(list.some((c) => c.status), `${source.rule.name}: a case with an error`);
    for (const c of list) {
      assert.ok(c.source.length > 15, `${source.rule.name} "${c.name}": name its source`);
      assert.ok((c.expect === undefined) !== (c.status === undefined), c.name);
    }
  }
});

for (const { source, op } of RULES) {
  Deno.test(`${source.rule.name}: the golden cases from its sources`, async (t) => {
    for (const c of cases(source.rule.name)) {
      await t.step(c.name, () => {
        const entries = Object.entries(c.params);
        if (c.expect) {
          const answer = execute(op, entries, CTX);
          partial(answer, c.expect, source.rule.name);
          return;
        }
        try {
          execute(op, entries, CTX);
        } catch (error) {
          assert.ok(isApiError(error), String(error));
          assert.equal(error.status, c.status, error.message);
          if (c.param) assert.equal(error.details?.[0]?.param, c.param, error.message);
          return;
        }
        assert.fail(`${c.name}: answered, expected ${c.status}`);
      });
    }
  });
}
