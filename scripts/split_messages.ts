/**
 * `deno task messages:split`: writes `core/messages/<lang>/<area>.json`, the catalogue of each
 * language cut by area (`messageArea()` of `core/i18n.ts`), from the sources translators edit,
 * `data/messages/{en,si,ta}.json` and each rule's texts (`data/messages/rules/`, through the rules
 * held: `core/rules/`). Each file keeps only the texts (the basis, sources and
 * glossary terms of an entry stay in the source), so the SDK loads just the words an answer
 * needs. Run it after editing a catalogue; `tests/core/message_areas_test.ts` fails while the
 * files are out of date.
 *
 * @module
 */
import { type Lang, LANGS, MESSAGE_AREAS, type MessageArea, messageArea } from "../core/i18n.ts";
import { ruleCatalogue } from "../core/rules/catalogue.ts";
import { RULES } from "../core/rules/registry.ts";

const ROOT = new URL("../", import.meta.url);

/** The folder of the generated files. */
export const AREA_DIR: URL = new URL("core/messages/", ROOT);

/** A catalogue file as translators edit it: English texts, or Sinhala and Tamil entries. */
interface SourceCatalogue {
  messages: Record<string, string | { text: string }>;
}

/**
 * The generated files, by path under `core/messages/` (`si/calendar.json`), with their text,
 * formatted as `deno fmt` formats JSON.
 *
 * @returns Every file of every language and area, empty areas included.
 */
export async function areaFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const english: SourceCatalogue = JSON.parse(
    await Deno.readTextFile(new URL("data/messages/en.json", ROOT)),
  );
  // The rules' texts (data/messages/rules/) with the keys made from them, after the catalogue's.
  const rules = ruleCatalogue(RULES, new Set(Object.keys(english.messages)));
  for (const lang of LANGS) {
    const source: SourceCatalogue = JSON.parse(
      await Deno.readTextFile(new URL(`data/messages/${lang}.json`, ROOT)),
    );
    Object.assign(source.messages, rules[lang]);
    const byArea = new Map<MessageArea, Record<string, string>>(
      MESSAGE_AREAS.map((area) => [area, {}]),
    );
    for (const [key, entry] of Object.entries(source.messages)) {
      byArea.get(messageArea(key))![key] = typeof entry === "string" ? entry : entry.text;
    }
    for (const [area, messages] of byArea) {
      const file = {
        note: note(lang, area),
        messages,
      };
      files.set(`${lang}/${area}.json`, JSON.stringify(file, null, 2) + "\n");
    }
  }
  return files;
}

function note(lang: Lang, area: MessageArea): string {
  return `Generated from data/messages/${lang}.json by deno task messages:split (the keys of area "${area}", texts only): edit that file, then run the task`;
}

/** Writes the files, and removes any file of an area that no longer exists. */
export async function writeAreaFiles(): Promise<void> {
  const files = await areaFiles();
  for (const lang of LANGS) {
    const dir = new URL(`${lang}/`, AREA_DIR);
    await Deno.mkdir(dir, { recursive: true });
    for await (const entry of Deno.readDir(dir)) {
      if (!files.has(`${lang}/${entry.name}`)) await Deno.remove(new URL(entry.name, dir));
    }
  }
  for (const [path, text] of files) {
    const url = new URL(path, AREA_DIR);
    const old = await Deno.readTextFile(url).catch(() => undefined);
    if (old !== text) await Deno.writeTextFile(url, text);
  }
}

if (import.meta.main) await writeAreaFiles();
