/**
 * The rules held (`data/rules/*.json`, listed in the generated `_bundled.ts`), each checked and
 * made an operation once: what `core/registry.ts` adds to the registry.
 *
 * @module
 */
import type { AnyOperation } from "../operation.ts";
import { BUNDLED } from "./_bundled.ts";
import { makeRule, type RuleWithOperation } from "./make.ts";

/** The rules held, in name order, with their operations. */
export const RULES: readonly RuleWithOperation[] = BUNDLED.map(([name, module]) =>
  makeRule(module, name)
);

/** The operations of the rules held, in name order. */
export const ruleOperations: readonly AnyOperation[] = RULES.map((r) => r.op);
