/**
 * The message catalogue as the server registers it: `data/messages/{en,si,ta}.json` with every
 * rule's texts (`data/messages/rules/`, as `rule.<name>.*` and the operation keys made from them,
 * see `core/rules/catalogue.ts`). The catalogue tests read it from here, so that a rule's texts
 * are checked as the rest of the catalogue is (keys in three languages, scripts, placeholders,
 * the glossary).
 *
 * @module
 */
import EN_FILE from "../../data/messages/en.json" with { type: "json" };
import SI_FILE from "../../data/messages/si.json" with { type: "json" };
import TA_FILE from "../../data/messages/ta.json" with { type: "json" };
import type { TranslatedEntry } from "../../core/i18n.ts";
import { ruleCatalogue } from "../../core/rules/catalogue.ts";
import { RULES } from "../../core/rules/registry.ts";

/** A catalogue file: its provenance and its entries. */
interface Catalogue<T> {
  lang: string;
  source: string;
  last_verified: string;
  messages: Record<string, T>;
}

const rules = ruleCatalogue(RULES, new Set(Object.keys(EN_FILE.messages)));

/** The English catalogue with the rules' texts. */
export const EN: Catalogue<string> = {
  ...EN_FILE,
  messages: { ...EN_FILE.messages, ...rules.en },
};

/** The Sinhala catalogue with the rules' texts. */
export const SI: Catalogue<TranslatedEntry> = {
  ...SI_FILE,
  messages: { ...SI_FILE.messages as Record<string, TranslatedEntry>, ...rules.si },
};

/** The Tamil catalogue with the rules' texts. */
export const TA: Catalogue<TranslatedEntry> = {
  ...TA_FILE,
  messages: { ...TA_FILE.messages as Record<string, TranslatedEntry>, ...rules.ta },
};
