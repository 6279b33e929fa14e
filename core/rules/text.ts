/**
 * The words of a rule's answers in English, Sinhala and Tamil: the rule's own texts
 * (`data/messages/rules/<rule>.json`), else the engine's (`data/messages/rules/_engine.json`),
 * with their placeholders filled from a step's values and from the inputs (a choice by its label
 * in the language). Pure: the texts come with the rule, so an answer needs no catalogue loaded.
 *
 * @module
 */
import ENGINE from "../../data/messages/rules/_engine.json" with { type: "json" };
import type { Lang } from "../i18n.ts";
import type { TextVar } from "./kinds/index.ts";
import type { InputSpec, RuleSource, RuleText, RuleTexts } from "./model.ts";
import { moneyText, numberText } from "./kinds/_kind.ts";

/** The engine's own texts: step sentences and the words every rule page shares. */
export const ENGINE_TEXTS: RuleTexts = ENGINE as RuleTexts;

/**
 * A text in a language: its entry's English, or its Sinhala or Tamil wording.
 *
 * @param entry The entry.
 * @param lang The language.
 * @returns The text.
 */
export function entryText(entry: RuleText, lang: Lang): string {
  return lang === "en" ? entry.en : entry[lang].text;
}

/** Writes a rule's texts in one language. */
export class RuleWords {
  readonly #source: RuleSource;
  readonly #lang: Lang;
  readonly #inputs: Readonly<Record<string, unknown>>;

  /**
   * Creates the writer.
   *
   * @param source The rule and its texts.
   * @param lang The language.
   * @param inputs The parsed inputs, which fill placeholders named after them.
   */
  constructor(source: RuleSource, lang: Lang, inputs: Readonly<Record<string, unknown>> = {}) {
    this.#source = source;
    this.#lang = lang;
    this.#inputs = inputs;
  }

  /**
   * Whether the rule or the engine has a text.
   *
   * @param key The key.
   * @returns Whether it exists.
   */
  has(key: string): boolean {
    return Object.hasOwn(this.#source.texts.messages, key) ||
      Object.hasOwn(ENGINE_TEXTS.messages, key);
  }

  /**
   * A text with its placeholders filled.
   *
   * @param key The key: the rule's own, else the engine's.
   * @param vars Values of placeholders; the inputs fill the others.
   * @returns The text (the key itself when neither has it).
   */
  text(key: string, vars: Readonly<Record<string, TextVar>> = {}): string {
    const entry = this.#source.texts.messages[key] ?? ENGINE_TEXTS.messages[key];
    if (!entry) return key;
    return entryText(entry, this.#lang).replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = vars[name];
      if (typeof value === "string") return value;
      if (value !== undefined) return this.text(value.key, vars);
      return this.input(name) ?? whole;
    });
  }

  /**
   * An input's value as the answer writes it: a choice by its label, money as `LKR 1,500.00`.
   *
   * @param name The input.
   * @returns The text, or undefined when there is no such input or it was not given.
   */
  input(name: string): string | undefined {
    const spec: InputSpec | undefined = this.#source.rule.inputs[name];
    const value = this.#inputs[name];
    if (spec === undefined || value === undefined) return undefined;
    switch (spec.type) {
      case "choice":
        return this.text(`option.${name}.${value}`);
      case "yes-no":
        return this.text(value ? "value.yes" : "value.no");
      case "money":
        return moneyText(Number(value));
      case "count":
      case "number":
        return numberText(Number(value));
      default:
        return String(value);
    }
  }
}
