/**
 * Registers every catalogue at once, for the server and tests (the SDK loads them on demand).
 *
 * @module
 */
import { registerMessages } from "./i18n.ts";
import { SI_MESSAGES } from "./messages_si.ts";
import { TA_MESSAGES } from "./messages_ta.ts";

/** Registers the Sinhala and Tamil catalogues. */
export function registerAllMessages(): void {
  registerMessages("si", SI_MESSAGES);
  registerMessages("ta", TA_MESSAGES);
}
