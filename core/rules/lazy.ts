/**
 * Loading one rule on first use, for the SDK: the rule's file, its texts and the engine come as
 * chunks of their own, and the client's initial load does not grow with the rules held. An id that
 * is not a rule's is looked up in the whole registry (itself loaded on first use).
 *
 * @module
 */
import type { AnyOperation } from "../operation.ts";
import { RULE_LOADERS } from "./_lazy.ts";
import { makeRule } from "./make.ts";

const made = new Map<string, Promise<AnyOperation>>();

/**
 * The operation of an id: a rule's, made from its files on first use, or any other operation of
 * the registry.
 *
 * @param name The operation id.
 * @returns The operation, or undefined when there is none.
 */
export function findLazily(name: string): Promise<AnyOperation | undefined> {
  const load = Object.hasOwn(RULE_LOADERS, name) ? RULE_LOADERS[name] : undefined;
  if (!load) return import("../registry.ts").then((m) => m.findOperation(name));
  let found = made.get(name);
  if (!found) {
    found = load().then((module) => makeRule(module, name).op);
    made.set(name, found);
    found.catch(() => made.delete(name));
  }
  return found;
}
