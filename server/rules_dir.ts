/**
 * The rules of a server's own directory (`RULES_DIR`), served beside the rules held in
 * `data/rules/`: each `<name>.json` with its texts in `messages/<name>.json`, checked as the rules
 * held are, and refused at start-up (naming every problem) when one does not fit. A rule whose
 * formula is its own code (`custom`) cannot come from a directory.
 *
 * @module
 */
import { join } from "node:path";
import type { RuleWithOperation } from "../core/rules/catalogue.ts";
import { makeRule } from "../core/rules/make.ts";

/**
 * Reads and checks every rule of a directory, in name order.
 *
 * @param dir The directory.
 * @returns The rules with their operations.
 * @throws {Error} When the directory cannot be read, a rule has no texts, or does not fit.
 */
export function loadRulesDir(dir: string): RuleWithOperation[] {
  const names = [...Deno.readDirSync(dir)]
    .filter((entry) => entry.isFile && entry.name.endsWith(".json"))
    .map((entry) => entry.name.slice(0, -".json".length))
    .sort();
  return names.map((name) => {
    const file = join(dir, `${name}.json`);
    const rule = JSON.parse(Deno.readTextFileSync(file));
    if (rule?.formula?.kind === "custom") {
      throw new Error(
        `Cannot serve ${file}: a custom formula is code (core/rules/formulas/), not a file`,
      );
    }
    const textsFile = join(dir, "messages", `${name}.json`);
    let texts: unknown;
    try {
      texts = JSON.parse(Deno.readTextFileSync(textsFile));
    } catch (error) {
      throw new Error(`Cannot serve ${file}: its texts ${textsFile} cannot be read (${error})`);
    }
    const made = makeRule({ rule, texts }, file);
    if (made.source.rule.name !== name) {
      throw new Error(`Cannot serve ${file}: it names itself "${made.source.rule.name}"`);
    }
    return made;
  });
}
