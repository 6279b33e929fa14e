/**
 * A/L Z-scores with the A/L subject list, and Grade 5 scholarship cut-offs with the Grade 6
 * schools (a subpath, so that the main entry does not ship these datasets). Import it as
 * `@lanka/api/education` (npm) or `jsr:@lanka/api/education`.
 *
 * @module
 */
export { normalCdf } from "./core/normal.ts";
export { AL_STREAMS, AL_SUBJECTS, classifyStream, findSubject } from "./core/al_subjects.ts";
export { computeZScore, parseTerms, zScore, zScoreListing } from "./core/ops/z_score.ts";
export {
  GRADE6_SCHOOLS,
  gradeSixSchools,
  MEDIUMS,
  scholarship,
  SCHOLARSHIP_YEARS,
  scholarshipCutoff,
} from "./core/ops/scholarship.ts";
