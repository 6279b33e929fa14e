/**
 * The message catalogue: every sentence a person reads, in English, Sinhala and Tamil, from
 * `data/messages/{en,si,ta}.json`. Pure and zod-free, so calculators and pages can use it.
 *
 * The tables are registered on demand, by area (the keys one group of operations reads:
 * `calendar`, `nic`, `payroll`, ..., and `pages` for the server's pages), so a bundle loads only
 * the text its answers need: the server registers every catalogue at start-up
 * (`registerAllMessages()` in `i18n_all.ts`); the SDK runs an operation, and when an answer needs
 * an area that is not registered the core throws {@linkcode MessagesNotLoadedError} naming it,
 * the SDK loads that area (`loadMessages(lang, area)`, from `core/messages/<lang>/<area>.json`,
 * generated from the catalogues by `deno task messages:split`) and runs the operation again.
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

/**
 * An area of the catalogue: the keys one group of operations reads, loadable on its own (a file
 * per language and area, `core/messages/<lang>/<area>.json`, generated from
 * `data/messages/{en,si,ta}.json` by `deno task messages:split`). `pages` holds every key no
 * operation of the core reads: the server's pages, fields, parameter hints and errors.
 */
export type MessageArea =
  | "calendar"
  | "district"
  | "electricity"
  | "labour"
  | "nic"
  | "payroll"
  | "phone"
  | "plate"
  | "province"
  | "scholarship"
  | "tax"
  | "tool"
  | "zscore"
  | "pages";

/** Every area of the catalogue, `pages` last. */
export const MESSAGE_AREAS: readonly MessageArea[] = [
  "calendar",
  "district",
  "electricity",
  "labour",
  "nic",
  "payroll",
  "phone",
  "plate",
  "province",
  "scholarship",
  "tax",
  "tool",
  "zscore",
  "pages",
];

/**
 * Which area a key belongs to, by the start of the key: the first rule that matches wins, so the
 * few keys an operation reads from a section the pages own (a tool search's `page.keywords.`, the
 * payment types of `value.payment.`) come before their section. A key no rule names is a page's.
 */
const AREA_RULES: readonly (readonly [prefix: string, area: MessageArea])[] = [
  ["page.keywords.", "tool"],
  ["value.payment.", "tax"],
  ["value.activity.", "tax"],
  ["error.calendar.", "calendar"],
  ["calendar.", "calendar"],
  ["holidays.", "calendar"],
  ["district.", "district"],
  ["electricity.", "electricity"],
  ["labour.", "labour"],
  ["nic.", "nic"],
  ["payroll.", "payroll"],
  ["phone.", "phone"],
  ["plate.", "plate"],
  ["province.", "province"],
  ["scholarship.", "scholarship"],
  ["tax.", "tax"],
  ["tool.", "tool"],
  ["zscore.", "zscore"],
];

/**
 * The area of the catalogue a key belongs to.
 *
 * @param key A catalogue key.
 * @returns Its area (`pages` for a key no operation reads).
 *
 * @example Usage
 * ```ts
 * import { messageArea } from "./i18n.ts";
 * console.log(messageArea("holidays.note.observed")); // "calendar"
 * console.log(messageArea("page.home.title")); // "pages"
 * ```
 */
export function messageArea(key: string): MessageArea {
  for (const [prefix, area] of AREA_RULES) if (key.startsWith(prefix)) return area;
  return "pages";
}

/** The areas whose keys may start with `prefix` (a section `translate()` searches). */
function areasUnder(prefix: string): MessageArea[] {
  const areas = new Set<MessageArea>([messageArea(prefix)]);
  for (const [rule, area] of AREA_RULES) if (rule.startsWith(prefix)) areas.add(area);
  return [...areas];
}

/** Every registered text, by language: one lookup per `message()`, whatever is registered. */
const TABLES: Record<Lang, Readonly<Record<string, string>>> = { en: {}, si: {}, ta: {} };
/** The areas registered, by language. */
const LOADED: Record<Lang, Set<MessageArea>> = { en: new Set(), si: new Set(), ta: new Set() };
/** Whether every area of a language is registered (the server's case: no area check at all). */
const COMPLETE: Record<Lang, boolean> = { en: false, si: false, ta: false };
const TEMPLATES = new Map<string, Template[]>();

/**
 * Registers the English catalogue (the `messages` of `data/messages/en.json`), every area.
 *
 * @param entries Its entries.
 */
export function registerEnglish(entries: EnglishCatalogue): void {
  TABLES.en = entries;
  complete("en");
  TEMPLATES.clear();
}

/**
 * Registers the Sinhala or Tamil catalogue (the `messages` of `data/messages/si.json` or
 * `ta.json`), every area.
 *
 * @param lang The language.
 * @param entries Its entries.
 */
export function registerMessages(lang: Lang, entries: Record<string, TranslatedEntry>): void {
  TABLES[lang] = Object.fromEntries(
    Object.entries(entries).map(([key, entry]) => [key, entry.text]),
  );
  complete(lang);
}

function complete(lang: Lang): void {
  for (const area of MESSAGE_AREAS) LOADED[lang].add(area);
  COMPLETE[lang] = true;
}

/**
 * Registers one area of a language's catalogue (its texts, as `core/messages/<lang>/<area>.json`
 * holds them). An area already registered is left as it is.
 *
 * @param lang The language.
 * @param area The area.
 * @param texts Its texts by key.
 */
function registerMessageArea(
  lang: Lang,
  area: MessageArea,
  texts: Readonly<Record<string, string>>,
): void {
  if (LOADED[lang].has(area)) return;
  TABLES[lang] = { ...TABLES[lang], ...texts };
  LOADED[lang].add(area);
  COMPLETE[lang] = LOADED[lang].size === MESSAGE_AREAS.length;
}

/**
 * Forgets every registered table, as in a fresh process (for tests of loading on demand).
 */
export function unregisterMessages(): void {
  for (const lang of LANGS) {
    TABLES[lang] = {};
    LOADED[lang].clear();
    COMPLETE[lang] = false;
  }
  TEMPLATES.clear();
}

/**
 * Tells whether a language's catalogue, or one area of it, is registered.
 *
 * @param lang The language.
 * @param area The area; without it, whether every area is.
 * @returns Whether `message(lang, ...)` can answer from it.
 */
export function hasMessages(lang: Lang, area?: MessageArea): boolean {
  return area === undefined ? COMPLETE[lang] : LOADED[lang].has(area);
}

/**
 * An area of a language's catalogue was needed but is not loaded: the SDK loads it
 * (`loadMessages(lang, area)`) and runs the operation again, so that an operation loads only the
 * areas its answer reads (the words of an amount, from their own tables, none).
 */
export class MessagesNotLoadedError extends TypeError {
  /** The language whose messages are missing. */
  readonly lang: Lang;
  /** The area of the catalogue that is missing. */
  readonly area: MessageArea;

  /**
   * Creates the error.
   *
   * @param lang The language whose messages are missing.
   * @param area The area of the catalogue that is missing.
   */
  constructor(lang: Lang, area: MessageArea) {
    super(
      `Cannot answer in "${lang}": its "${area}" messages are not loaded (call loadMessages("${lang}", "${area}") first)`,
    );
    this.name = "MessagesNotLoadedError";
    this.lang = lang;
    this.area = area;
  }
}

/**
 * Loads and registers an area of a language's catalogue, with the same area in English (which
 * `translate()` matches and `message()` falls back to), or with no area every area; what is
 * registered already is not loaded again. Each file is a dynamic import, which bundlers split
 * into a chunk of its own.
 *
 * @param lang The language.
 * @param area The area; without it, every area.
 * @returns When it is registered.
 */
export async function loadMessages(lang: Lang, area?: MessageArea): Promise<void> {
  const areas = area === undefined ? MESSAGE_AREAS : [area];
  const langs: Lang[] = lang === "en" ? ["en"] : ["en", lang];
  // The table of files is a chunk of its own too: an app that never loads an area never loads it.
  const { MESSAGE_FILES } = await import("./_message_files.ts");
  await Promise.all(
    langs.flatMap((l) =>
      areas.filter((a) => !LOADED[l].has(a)).map(async (a) => {
        const file = await MESSAGE_FILES[l][a]();
        registerMessageArea(l, a, file.default.messages);
      })
    ),
  );
}

/**
 * The text of a key the registered table of its language lacks (the server's only cost past one
 * lookup, which `message()` makes itself): the English one, or undefined when the catalogue has
 * none; throws when the key's area is not registered.
 */
function missing(lang: Lang, key: string): string | undefined {
  if (!COMPLETE[lang]) {
    const area = messageArea(key);
    if (!LOADED[lang].has(area)) throw new MessagesNotLoadedError(lang, area);
  }
  return lang === "en" ? undefined : TABLES.en[key];
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
  const text = TABLES[lang][key] ?? missing(lang, key) ?? key;
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
  const text = TABLES[lang][key] ?? missing(lang, key);
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

/**
 * The English templates under `prefix`; when an area they may be in is not registered, throws
 * for it in `lang` (whose loading brings the English with it: one round for `translate()`).
 */
function templates(prefix: string, lang: Lang): Template[] {
  let found = TEMPLATES.get(prefix);
  if (!found) {
    if (!COMPLETE.en) {
      const missing = areasUnder(prefix).find((area) => !LOADED.en.has(area));
      if (missing) {
        throw new MessagesNotLoadedError(LOADED[lang].has(missing) ? "en" : lang, missing);
      }
    }
    found = Object.entries(TABLES.en)
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
  const match = matchTemplate(text, prefix, lang);
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
  return matchTemplate(text, prefix, "en");
}

function matchTemplate(
  text: string,
  prefix: string,
  lang: Lang,
): { key: string; vars: Record<string, string> } | undefined {
  for (const template of templates(prefix, lang)) {
    const match = template.pattern.exec(text);
    if (match) {
      const vars: Record<string, string> = {};
      template.names.forEach((name, i) => vars[name] = match[i + 1]!);
      return { key: template.key, vars };
    }
  }
  return undefined;
}
