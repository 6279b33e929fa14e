/**
 * Registers every catalogue at once, from the sources translators edit
 * (`data/messages/{en,si,ta}.json`, and each rule's texts in `data/messages/rules/`), for the
 * server and tests; the SDK loads them by area on demand (`loadMessages` in `i18n.ts`).
 *
 * @module
 */
import EN from "../data/messages/en.json" with { type: "json" };
import SI from "../data/messages/si.json" with { type: "json" };
import TA from "../data/messages/ta.json" with { type: "json" };
import { registerEnglish, registerMessages, type TranslatedEntry } from "./i18n.ts";
import { type CatalogueEntries, ruleCatalogue, type RuleWithOperation } from "./rules/catalogue.ts";
import { RULES } from "./rules/registry.ts";

let held: CatalogueEntries | undefined;

function ruleTexts(rules: readonly RuleWithOperation[]): CatalogueEntries {
  return ruleCatalogue(rules, new Set(Object.keys(EN.messages)));
}

/**
 * Registers the English, Sinhala and Tamil catalogues, every area, with the texts of the rules
 * held and of any more rules given (the server's own, from `RULES_DIR`).
 *
 * @param more Rules beyond those held, whose texts are registered too.
 */
export function registerAllMessages(more: readonly RuleWithOperation[] = []): void {
  const rules = more.length ? ruleTexts([...RULES, ...more]) : (held ??= ruleTexts(RULES));
  registerEnglish({ ...EN.messages, ...rules.en });
  registerMessages("si", { ...SI.messages as Record<string, TranslatedEntry>, ...rules.si });
  registerMessages("ta", { ...TA.messages as Record<string, TranslatedEntry>, ...rules.ta });
}
