/**
 * A rule's texts as entries of the message catalogue: its own keys under `rule.<name>.`, and the
 * keys every operation has that the pages, the docs and the tool catalogue read (`op.<name>.*`,
 * `tool.<name>.*`, `page.keywords.<name>`, `param.<name>.<input>`, `param.option.<input>.<value>`,
 * `field.<input>`),
 * made from them. The server registers these beside `data/messages/`, `deno task messages:split`
 * writes them into the areas the SDK loads, and the catalogue tests read them with the rest, so a
 * rule's texts live in one file of their own (`data/messages/rules/<name>.json`) and are checked
 * as the rest of the catalogue is.
 *
 * @module
 */
import type { Lang, TranslatedEntry } from "../i18n.ts";
import { operationParameters } from "../openapi.ts";
import type { RuleWithOperation } from "./make.ts";
import type { RuleSource, RuleText, RuleTexts } from "./model.ts";
import { ENGINE_TEXTS } from "./text.ts";

/** Catalogue entries in the shape of `data/messages/{en,si,ta}.json`'s `messages`. */
export interface CatalogueEntries {
  en: Record<string, string>;
  si: Record<string, TranslatedEntry>;
  ta: Record<string, TranslatedEntry>;
}

export type { RuleWithOperation };

function put(out: CatalogueEntries, key: string, text: RuleText): void {
  // The first entry of a key wins: the main catalogue's, then the first rule's (a test checks
  // that rules sharing a key agree).
  if (Object.hasOwn(out.en, key)) return;
  out.en[key] = text.en;
  out.si[key] = text.si;
  out.ta[key] = text.ta;
}

function raw(out: CatalogueEntries, texts: RuleTexts): void {
  for (const [key, text] of Object.entries(texts.messages)) {
    put(out, `rule.${texts.rule}.${key}`, text);
  }
}

/**
 * The catalogue entries of the rules: each text under `rule.<name>.`, the engine's under
 * `rule._engine.`, and the operation keys made from them.
 *
 * @param rules The rules with their operations.
 * @param taken Keys already in the catalogue, which are not made again.
 * @returns The entries, by language.
 */
export function ruleCatalogue(
  rules: readonly RuleWithOperation[],
  taken: ReadonlySet<string> = new Set(),
): CatalogueEntries {
  const out: CatalogueEntries = { en: {}, si: {}, ta: {} };
  for (const key of taken) out.en[key] = "";
  raw(out, ENGINE_TEXTS);
  for (const { source, op } of rules) {
    const { rule, texts } = source;
    const t = texts.messages;
    raw(out, texts);
    put(out, `op.${rule.name}.summary`, t.title!);
    put(out, `op.${rule.name}.description`, t.description!);
    put(out, `tool.${rule.name}.title`, t.title!);
    put(out, `tool.${rule.name}.description`, t.description!);
    put(out, `page.keywords.${rule.name}`, t.keywords!);
    for (const param of operationParameters(op)) {
      const hint = param.name === "lang"
        ? ENGINE_TEXTS.messages["param.lang"]!
        : t[`input.${param.name}.hint`]!;
      put(out, `param.${rule.name}.${param.name}`, { ...hint, en: param.description ?? hint.en });
    }
    for (const [name, spec] of Object.entries(rule.inputs)) {
      // The docs' forms name a parameter by `field.<name>` (shared by every operation).
      put(out, `field.${name}`, t[`input.${name}.label`]!);
      for (const value of spec.values ?? []) {
        put(out, `param.option.${name}.${value}`, { ...t[`option.${name}.${value}`]!, en: value });
      }
    }
  }
  for (const key of taken) {
    delete out.en[key];
    delete out.si[key];
    delete out.ta[key];
  }
  return out;
}

/** A rule's record in the tool catalogue (`core/ops/tools.ts`), in English. */
export interface RuleToolRecord {
  slug: string;
  title: string;
  description: string;
  category: string;
  keywords: string[];
  apiPath: string;
}

/**
 * A rule's record in the tool catalogue.
 *
 * @param source The rule and its texts.
 * @returns The record.
 */
export function toolRecord(source: RuleSource): RuleToolRecord {
  const { rule, texts } = source;
  return {
    slug: rule.name,
    title: texts.messages.title!.en,
    description: texts.messages.description!.en,
    category: rule.category,
    keywords: [...rule.keywords],
    apiPath: `/api/v1${rule.path}`,
  };
}

/**
 * Every text of the rules in one language, as `registerMessages()` takes them.
 *
 * @param entries The entries.
 * @param lang The language.
 * @returns Texts by key.
 */
export function textsIn(entries: CatalogueEntries, lang: Lang): Record<string, string> {
  return lang === "en"
    ? { ...entries.en }
    : Object.fromEntries(Object.entries(entries[lang]).map(([key, entry]) => [key, entry.text]));
}
