/**
 * The Sinhala catalogue, as a module of its own so that bundles load it only when asked.
 *
 * @module
 */
import SI from "../data/messages/si.json" with { type: "json" };
import type { TranslatedEntry } from "./i18n.ts";

/** The entries of `data/messages/si.json`. */
export const SI_MESSAGES: Record<string, TranslatedEntry> = SI.messages as Record<
  string,
  TranslatedEntry
>;
