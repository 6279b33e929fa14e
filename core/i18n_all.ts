/**
 * Registers every catalogue at once, from the sources translators edit
 * (`data/messages/{en,si,ta}.json`), for the server and tests; the SDK loads them by area on
 * demand (`loadMessages` in `i18n.ts`).
 *
 * @module
 */
import EN from "../data/messages/en.json" with { type: "json" };
import SI from "../data/messages/si.json" with { type: "json" };
import TA from "../data/messages/ta.json" with { type: "json" };
import { registerEnglish, registerMessages, type TranslatedEntry } from "./i18n.ts";

/** Registers the English, Sinhala and Tamil catalogues, every area. */
export function registerAllMessages(): void {
  registerEnglish(EN.messages);
  registerMessages("si", SI.messages as Record<string, TranslatedEntry>);
  registerMessages("ta", TA.messages as Record<string, TranslatedEntry>);
}
