/**
 * Registers every catalogue at once, for the server and tests (the SDK loads them on demand).
 *
 * @module
 */
import { registerEnglish, registerMessages } from "./i18n.ts";
import { EN_MESSAGES } from "./messages_en.ts";
import { SI_MESSAGES } from "./messages_si.ts";
import { TA_MESSAGES } from "./messages_ta.ts";

/** Registers the English, Sinhala and Tamil catalogues. */
export function registerAllMessages(): void {
  registerEnglish(EN_MESSAGES);
  registerMessages("si", SI_MESSAGES);
  registerMessages("ta", TA_MESSAGES);
}
