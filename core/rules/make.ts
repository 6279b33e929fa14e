/**
 * A rule module (a rule file, its texts and its own formula, if any) checked and made an
 * operation.
 *
 * @module
 */
import type { AnyOperation } from "../operation.ts";
import type { FormulaKind } from "./kinds/index.ts";
import type { RuleSource } from "./model.ts";
import { ruleOperation } from "./operation.ts";
import { readRuleSource } from "./schema.ts";

/** A rule with the operation made of it. */
export interface RuleWithOperation {
  source: RuleSource;
  op: AnyOperation;
}

/** A rule as modules hold it: its JSON, its texts' JSON and its own formula, if any. */
export interface RuleModule {
  rule: unknown;
  texts: unknown;
  formula?: FormulaKind;
}

/**
 * Checks a rule module and makes its operation.
 *
 * @param module The rule, its texts and its formula.
 * @param name Where it comes from, for errors.
 * @returns The rule and its operation.
 * @throws {RuleFileError} When the rule does not fit the format.
 */
export function makeRule(module: RuleModule, name: string): RuleWithOperation {
  const source = readRuleSource(module.rule, module.texts, name);
  return { source, op: ruleOperation(source, module.formula) };
}
