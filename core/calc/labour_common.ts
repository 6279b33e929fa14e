/**
 * What the labour-law calculators share: the parts of an answer that say which law applies and
 * how sure it is (`act`, `section`, `notes`, `employerChoice`, `unknown`, `source`).
 *
 * Every sentence the calculators write is an English entry of the message catalogue under
 * `labour.text.` (placeholders filled), so the operations can give it in Sinhala and Tamil.
 *
 * @module
 */

/** The parts every labour answer carries beside its figures. */
export interface LabourBasis {
  /** The Act (or Ordinance) applied, by its English short title. */
  act: string;
  /** The section, schedule or gazette applied. */
  section: string;
  /** What the rule is and how it was applied. */
  notes: string[];
  /** Where the law leaves a choice to the employer (empty when it leaves none). */
  employerChoice: string[];
  /** What no source held says: the answer does not guess it. */
  unknown: string[];
  /** Where the rule was read (a citation, kept as cited). */
  source: string;
}
