/**
 * What the labour operations share: the schema of the parts every answer carries (the Act, the
 * section, the notes, the employer's choices, what is unknown, the source), their Sinhala and
 * Tamil from the catalogue (`labour.act.`, `labour.section.`, `labour.text.`), and the
 * provenance of the data file.
 *
 * @module
 */
import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import type { LabourBasis } from "../calc/labour_common.ts";
import { type Lang, translate } from "../i18n.ts";
import type { Provenance } from "../operation.ts";

type Text = z.ZodMiniString<string>;

/** The schema fields of {@linkcode LabourBasis}, to spread into a result schema. */
export const basisShape: {
  act: Text;
  section: Text;
  notes: z.ZodMiniArray<Text>;
  employerChoice: z.ZodMiniArray<Text>;
  unknown: z.ZodMiniArray<Text>;
  source: Text;
} = {
  act: z.string().check(z.describe("The Act or Ordinance applied")),
  section: z.string().check(z.describe("The section, schedule or gazette applied")),
  notes: z.array(z.string()).check(z.describe("The rule and how it was applied")),
  employerChoice: z.array(z.string()).check(
    z.describe("Where the law leaves a choice to the employer (empty when none)"),
  ),
  unknown: z.array(z.string()).check(
    z.describe("What no source held says; the answer does not guess it"),
  ),
  source: z.string().check(z.describe("Where the rule was read (a citation)")),
};

/**
 * The parts of a labour answer in a language: the Act, the section and every sentence, from the
 * catalogue; figures, dates and codes never change, and the source stays as cited.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeBasis<T extends LabourBasis>(result: T, lang: Lang): T {
  if (lang === "en") return result;
  const text = (s: string) => translate(lang, s, "labour.text.");
  return {
    ...result,
    act: translate(lang, result.act, "labour.act."),
    section: translate(lang, result.section, "labour.section."),
    notes: result.notes.map(text),
    employerChoice: result.employerChoice.map(text),
    unknown: result.unknown.map(text),
  };
}

/**
 * The provenance of a part of `data/labour.json`.
 *
 * @param sourceUrl The part's address.
 * @returns The provenance, dated by the data file.
 */
export function labourProvenance(sourceUrl: string): Provenance {
  return { sourceUrl, lastVerified: labour.lastVerified };
}
