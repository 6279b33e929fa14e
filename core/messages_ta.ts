/**
 * The Tamil catalogue, as a module of its own so that bundles load it only when asked.
 *
 * @module
 */
import TA from "../data/messages/ta.json" with { type: "json" };
import type { TranslatedEntry } from "./i18n.ts";

/** The entries of `data/messages/ta.json`. */
export const TA_MESSAGES: Record<string, TranslatedEntry> = TA.messages as Record<
  string,
  TranslatedEntry
>;
