/**
 * A/L Z-scores with the A/L subject list, and Grade 5 scholarship cut-offs with the Grade 6
 * schools (a subpath, so that the main entry does not ship these datasets). Import it as
 * `@lanka/api/education` (npm) or `jsr:@lanka/api/education`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { scholarshipCutoff } from "./education.ts";
 * const cut = scholarshipCutoff({ year: 2024, district: "Colombo", medium: "Sinhala" });
 * assert.equal("cutoff" in cut ? cut.cutoff : null, 143); // Department of Examinations, 2024
 * ```
 *
 * @module
 */
export { normalCdf } from "../core/normal.ts";
export { AL_STREAMS, AL_SUBJECTS, classifyStream, findSubject } from "../core/al_subjects.ts";
export { computeZScore, zScoreListing } from "../core/calc/z_score.ts";
export type { ComputeZScoreOptions } from "../core/calc/z_score.ts";
export { parseTerms, zScore } from "../core/ops/z_score.ts";
export {
  GRADE6_SCHOOLS,
  gradeSixSchools,
  MEDIUMS,
  SCHOLARSHIP_YEARS,
  scholarshipCutoff,
} from "../core/calc/scholarship.ts";
export type { GradeSixSchoolsOptions } from "../core/calc/scholarship.ts";
export { scholarship } from "../core/ops/scholarship.ts";
