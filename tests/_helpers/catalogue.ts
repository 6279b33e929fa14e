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
import { ruleCatalogue } from "../../core/rules/catalogue.ts";
import { RULES } from "../../core/rules/registry.ts";

/** A Sinhala or Tamil entry, as the catalogue files hold it. */
interface Entry {
  text: string;
  basis: string;
  source?: string;
  terms?: string[];
}

/** A catalogue file as imported (its keys known), its entries open to the rules' keys. */
type Catalogue<File extends { messages: object }, T> = Omit<File, "messages"> & {
  messages: File["messages"] & Record<string, T>;
};

const rules = ruleCatalogue(RULES, new Set(Object.keys(EN_FILE.messages)));

/** The English catalogue with the rules' texts. */
export const EN: Catalogue<typeof EN_FILE, string> = {
  ...EN_FILE,
  messages: { ...EN_FILE.messages, ...rules.en },
};

/** The Sinhala catalogue with the rules' texts. */
export const SI: Catalogue<typeof SI_FILE, Entry> = {
  ...SI_FILE,
  messages: { ...SI_FILE.messages, ...rules.si },
};

/** The Tamil catalogue with the rules' texts. */
export const TA: Catalogue<typeof TA_FILE, Entry> = {
  ...TA_FILE,
  messages: { ...TA_FILE.messages, ...rules.ta },
};
