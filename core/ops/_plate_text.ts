/**
 * A plate answer's text for people in Sinhala or Tamil: the reason, notes, era, class label and
 * source, and the province name, from the message catalogue. Codes stay as they are.
 *
 * @module
 */
import {
  findTemplate,
  type Lang,
  maybeMessage,
  message,
  type MessageKey,
  translate,
} from "../i18n.ts";
import type { PlateResult } from "../calc/plate.ts";

function note(lang: Lang, text: string): string {
  const found = findTemplate(text, "plate.note.");
  if (!found) return text;
  const vars = { ...found.vars };
  if (vars.source !== undefined) vars.source = translate(lang, vars.source, "plate.source.");
  return message(lang, found.key as MessageKey, vars);
}

/**
 * A plate answer with its text for people in a language.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language (English: the same object).
 */
export function localizePlate(result: PlateResult, lang: Lang): PlateResult {
  if (lang === "en") return result;
  const { province, vehicleClass, era } = result;
  return {
    ...result,
    reason: result.reason === null ? null : translate(lang, result.reason, "plate.reason."),
    province: province && {
      ...province,
      name: maybeMessage(lang, `province.${province.name}`) ?? province.name,
    },
    vehicleClass: vehicleClass && {
      ...vehicleClass,
      label: maybeMessage(lang, `plate.class.${vehicleClass.code}`) ?? vehicleClass.label,
      source: translate(lang, vehicleClass.source, "plate.source."),
    },
    era: era && { ...era, label: translate(lang, era.label, "plate.era.") },
    notes: result.notes.map((text) => note(lang, text)),
  };
}
