/**
 * The English catalogue, as a module of its own so that bundles load it only when asked.
 *
 * @module
 */
import EN from "../data/messages/en.json" with { type: "json" };

/** The entries of `data/messages/en.json`. */
export const EN_MESSAGES: Readonly<Record<string, string>> = EN.messages;
