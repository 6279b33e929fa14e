/**
 * Every operation's parameter and result types are exported from `@lanka/api` (`mod.ts`), so an
 * app can name what a method takes and gives (`PayslipResult`, ...): each type `OperationMap`
 * (`sdk/operations.ts`) names for an operation, and each `...Params` or `...Result` type the
 * operation's own module exports. Read from the sources, so a new operation is checked with no
 * edit here.
 */
import assert from "node:assert/strict";
import { operations } from "../../core/registry.ts";
import { LOADERS } from "../../sdk/_operations.ts";
import { RULE_LOADERS } from "../../core/rules/_lazy.ts";
import { isPublicOperation } from "../../server/mcp/tools.ts";

const ROOT = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, ROOT));

/** The names `mod.ts` exports (values and types). */
async function modExports(): Promise<Set<string>> {
  const source = await read("mod.ts");
  const names = new Set<string>();
  for (const match of source.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/** Each entry of `OperationMap`: the operation id and the type names it mentions. */
async function operationMap(): Promise<Map<string, string[]>> {
  const source = await read("sdk/operations.ts");
  const body = source.slice(source.search(/export interface OperationMap\b[^{]*\{/));
  const end = body.indexOf("\n}\n");
  const entries = new Map<string, string[]>();
  const pattern = /^ {2}("?[\w-]+"?): (OperationTypes<[\s\S]*?>);$/gm;
  for (const match of body.slice(0, end).matchAll(pattern)) {
    const names = [...match[2]!.matchAll(/\b[A-Z]\w*\b/g)].map((m) => m[0]);
    const known = new Set(["OperationTypes", "Input", "Partial", "Omit", "Uint8Array", "Meta"]);
    entries.set(match[1]!.replaceAll('"', ""), names.filter((name) => !known.has(name)));
  }
  return entries;
}

const PUBLIC = operations.filter(isPublicOperation).map((op) => op.name);
/** The rules of data/rules/: typed by the generated `RuleTypes` (OperationMap extends it). */
const RULES = new Set(Object.keys(RULE_LOADERS));

Deno.test("OperationMap types every public operation of the registry", async () => {
  const map = await operationMap();
  assert.deepEqual(PUBLIC.filter((name) => !map.has(name) && !RULES.has(name)), []);
  // Each rule is a key of the generated RuleTypes, which mod.ts exports.
  const ruleTypes = await read("core/rules/_types.ts");
  for (const name of RULES) assert.ok(ruleTypes.includes(`  "${name}": {`), name);
  assert.ok((await modExports()).has("RuleTypes"));
});

Deno.test("@lanka/api exports every type OperationMap names for an operation", async () => {
  const exported = await modExports();
  const missing: string[] = [];
  for (const [name, types] of await operationMap()) {
    for (const type of types) if (!exported.has(type)) missing.push(`${name}: ${type}`);
  }
  assert.deepEqual(missing, [], "add them to mod.ts (export type { ... })");
});

Deno.test("@lanka/api exports each ...Params and ...Result type of every operation's module", async () => {
  const exported = await modExports();
  const missing: string[] = [];
  for (const name of PUBLIC) {
    if (RULES.has(name)) continue; // a rule has no module: its types are RuleTypes'
    // The module a loader imports, as its source names it.
    const file = /import\("\.\.\/(core\/[\w/]+\.ts)"\)/.exec(String(LOADERS[name]))?.[1];
    assert.ok(file, `${name}: its loader names its module`);
    const source = await read(file);
    for (const match of source.matchAll(/export (?:interface|type) (\w+(?:Params|Result))\b/g)) {
      if (!exported.has(match[1]!)) missing.push(`${name}: ${match[1]} (${file})`);
    }
    for (const match of source.matchAll(/export type \{([^}]*)\}/g)) {
      for (const part of match[1]!.split(",")) {
        const type = part.trim().split(/\s+as\s+/).pop()!.trim();
        if (/(Params|Result)$/.test(type) && !exported.has(type)) {
          missing.push(`${name}: ${type} (${file})`);
        }
      }
    }
  }
  assert.deepEqual(missing, [], "add them to mod.ts (export type { ... })");
});
