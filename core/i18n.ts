/**
 * The message catalogue: every sentence a person reads, in English, Sinhala and Tamil, from
 * `data/messages/{en,si,ta}.json`. Pure and zod-free, so calculators and pages can use it.
 *
 * The tables are registered on demand, so a bundle that never answers in Sinhala or Tamil does not
 * carry the catalogue at all (English answers are written by the code and data themselves; the
 * English table is what Sinhala and Tamil translations are matched against): the server
 * registers all three at start-up (`registerAllMessages()` in `i18n_all.ts`), the SDK loads one
 * language, with English, on first use (`loadMessages`).
 *
 * @module
 */

/** A language of the answers: English (the default), Sinhala or Tamil. */
export type Lang = "en" | "si" | "ta";

/** The languages, English first. */
export const LANGS: readonly Lang[] = ["en", "si", "ta"];

/**
 * A key of the catalogue. Every key exists in all three languages (a test checks it); a key
 * missing from the catalogue comes back as itself, which the page tests look for.
 */
export type MessageKey = string;

/** The English catalogue (`data/messages/en.json`). */
export type EnglishCatalogue = Readonly<Record<string, string>>;

/** Values substituted for `{name}` placeholders. */
export type MessageVars = Readonly<Record<string, string | number>>;

/** One Sinhala or Tamil entry: the text and whether a source or the project wrote it. */
export interface TranslatedEntry {
  /** The wording. */
  text: string;
  /** `sourced`: the wording is a source's; `ours`: the project wrote it (awaiting review). */
  basis: "sourced" | "ours";
  /** Where a sourced wording comes from. */
  source?: string;
  /** Glossary terms (`data/glossary.json`) the wording uses. */
  terms?: string[];
}

const TABLES: Partial<Record<Lang, Readonly<Record<string, string>>>> = {};
const TEMPLATES = new Map<string, Template[]>();

/**
 * Registers the English catalogue (the `messages` of `data/messages/en.json`).
 *
 * @param entries Its entries.
 */
export function registerEnglish(entries: EnglishCatalogue): void {
  TABLES.en = entries;
  TEMPLATES.clear();
}

/**
 * Registers the Sinhala or Tamil catalogue (the `messages` of `data/messages/si.json` or
 * `ta.json`).
 *
 * @param lang The language.
 * @param entries Its entries.
 */
export function registerMessages(lang: Lang, entries: Record<string, TranslatedEntry>): void {
  TABLES[lang] = Object.fromEntries(
    Object.entries(entries).map(([key, entry]) => [key, entry.text]),
  );
}

/**
 * Tells whether a language's catalogue is registered.
 *
 * @param lang The language.
 * @returns Whether `message(lang, ...)` can answer in it.
 */
export function hasMessages(lang: Lang): boolean {
  return TABLES[lang] !== undefined;
}

/**
 * A language's catalogue was needed but is not loaded: the SDK loads it (`loadMessages`) and
 * runs the operation again, so that an operation whose answer needs no catalogue (the words of an
 * amount, from their own tables) never loads one.
 */
export class MessagesNotLoadedError extends TypeError {
  /** The language whose catalogue is missing. */
  readonly lang: Lang;

  /**
   * Creates the error.
   *
   * @param lang The language whose catalogue is missing.
   */
  constructor(lang: Lang) {
    super(
      `Cannot answer in "${lang}": its messages are not loaded (call loadMessages("${lang}") first)`,
    );
    this.name = "MessagesNotLoadedError";
    this.lang = lang;
  }
}

/**
 * Loads and registers a language's catalogue if it is not yet registered (a dynamic import, which
 * bundlers split into a chunk of its own).
 *
 * @param lang The language.
 * @returns When it is registered.
 */
export async function loadMessages(lang: Lang): Promise<void> {
  if (!TABLES.en) registerEnglish((await import("./messages_en.ts")).EN_MESSAGES);
  if (TABLES[lang]) return;
  if (lang === "si") registerMessages("si", (await import("./messages_si.ts")).SI_MESSAGES);
  if (lang === "ta") registerMessages("ta", (await import("./messages_ta.ts")).TA_MESSAGES);
}

function table(lang: Lang): Readonly<Record<string, string>> {
  const found = TABLES[lang];
  if (!found) throw new MessagesNotLoadedError(lang);
  return found;
}

/**
 * Tells whether a value is one of the languages.
 *
 * @param value Anything.
 * @returns Whether it is `en`, `si` or `ta`.
 */
export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "si" || value === "ta";
}

/**
 * A message in a language, with `{name}` placeholders filled in. A key missing in Sinhala or
 * Tamil falls back to English (the catalogue test keeps that from happening).
 *
 * @param lang The language.
 * @param key The catalogue key.
 * @param vars Values of the placeholders.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { loadMessages, message } from "./i18n.ts";
 * await loadMessages("si");
 * console.log(message("si", "lang.name")); // "සිංහල"
 * ```
 */
export function message(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const text = table(lang)[key] ?? TABLES.en?.[key] ?? key;
  return vars ? fill(text, vars) : text;
}

/**
 * A message for a key built at run time (for example from a code in the data), or undefined
 * when the catalogue has no such key.
 *
 * @param lang The language.
 * @param key The key.
 * @param vars Values of the placeholders.
 * @returns The text, or undefined.
 */
export function maybeMessage(lang: Lang, key: string, vars?: MessageVars): string | undefined {
  const text = table(lang)[key] ?? TABLES.en?.[key];
  if (text === undefined) return undefined;
  return vars ? fill(text, vars) : text;
}

function fill(text: string, vars: MessageVars): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * The language an `Accept-Language` header prefers among `en`, `si` and `ta` (RFC 9110 12.5.4:
 * highest `q` wins, ties in header order; `si-LK` counts as `si`; `q=0` excludes), or undefined
 * when it names none of them.
 *
 * @param header The header value.
 * @returns The language, or undefined.
 *
 * @example Usage
 * ```ts
 * import { negotiateLang } from "./i18n.ts";
 * console.log(negotiateLang("ta-LK,ta;q=0.9,en;q=0.8")); // "ta"
 * ```
 */
export function negotiateLang(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  let best: Lang | undefined;
  let bestQ = 0;
  for (const part of header.slice(0, 512).split(",")) {
    const [range = "", ...attributes] = part.split(";");
    const primary = range.trim().toLowerCase().split("-")[0];
    if (!isLang(primary)) continue;
    let q = 1;
    for (const attribute of attributes) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(attribute);
      if (match) q = Number(match[1]);
    }
    if (q > bestQ) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}

interface Template {
  key: string;
  literal: number;
  pattern: RegExp;
  names: string[];
}

function templates(prefix: string): Template[] {
  let found = TEMPLATES.get(prefix);
  if (!found) {
    found = Object.entries(table("en"))
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, text]) => {
        const names: string[] = [];
        const source = text.split(/(\{\w+\})/).map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          return "([\\s\\S]*?)";
        }).join("");
        const literal = text.replace(/\{\w+\}/g, "").length;
        return { key, pattern: new RegExp(`^${source}$`), names, literal };
      })
      // The most specific first: more literal text, then fewer placeholders.
      .sort((a, b) => b.literal - a.literal || a.names.length - b.names.length);
    TEMPLATES.set(prefix, found);
  }
  return found;
}

/**
 * Translates an English sentence that code or data wrote from a catalogue template: finds the
 * entry under `prefix` whose English text matches (placeholders match any text), and writes
 * that entry in `lang` with the same values. English, and text no template matches, come back
 * unchanged (tests check that every sentence an operation writes has its template).
 *
 * @param lang The language.
 * @param text The English sentence.
 * @param prefix The catalogue section to search, for example `nic.reason.`.
 * @returns The sentence in `lang`.
 *
 * @example Usage
 * ```ts
 * import { loadMessages, translate } from "./i18n.ts";
 * await loadMessages("ta");
 * console.log(translate("ta", "English", "lang.")); // "தமிழ்"
 * ```
 */
export function translate(lang: Lang, text: string, prefix: string): string {
  if (lang === "en") return text;
  const match = findTemplate(text, prefix);
  return match ? message(lang, match.key as MessageKey, match.vars) : text;
}

/**
 * The catalogue template under `prefix` whose English text matches a sentence, with the values
 * of its placeholders, or undefined.
 *
 * @param text The English sentence.
 * @param prefix The catalogue section.
 * @returns The key and values.
 */
export function findTemplate(
  text: string,
  prefix: string,
): { key: string; vars: Record<string, string> } | undefined {
  for (const template of templates(prefix)) {
    const match = template.pattern.exec(text);
    if (match) {
      const vars: Record<string, string> = {};
      template.names.forEach((name, i) => vars[name] = match[i + 1]!);
      return { key: template.key, vars };
    }
  }
  return undefined;
}
