/**
 * The English catalogue, as a module of its own so that bundles load it only when asked.
 *
 * @module
 */
import EN from "../data/messages/en.json" with { type: "json" };

/** The shape of `data/messages/en.json`'s entries (its keys are the catalogue's keys). */
export type EnglishMessages = typeof EN.messages;

/** The entries of `data/messages/en.json`. */
export const EN_MESSAGES: Readonly<Record<string, string>> = EN.messages;
