import * as z from "zod/mini";
import cutoffData from "../../data/scholarship_cutoffs.json" with { type: "json" };
import {
  GRADE6_SCHOOLS,
  gradeSixSchools,
  type GradeSixSchoolsOptions,
  type Medium,
  MEDIUMS,
  SCHOLARSHIP_YEARS,
  type ScholarshipCutoff,
  scholarshipCutoff,
  type ScholarshipListing,
  type ScholarshipParams,
  type ScholarshipResult,
  type SchoolCutoff,
  type SchoolResult,
  type SchoolsAnswer,
  type YearCoverage,
  type YearStatus,
} from "../calc/scholarship.ts";
import { DISTRICTS } from "../calc/districts.ts";
import { findTemplate, type Lang, maybeMessage, message, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { integer, oneOf, text } from "../params.ts";

export { GRADE6_SCHOOLS, gradeSixSchools, MEDIUMS, SCHOLARSHIP_YEARS, scholarshipCutoff };
export type {
  GradeSixSchoolsOptions,
  Medium,
  ScholarshipCutoff,
  ScholarshipListing,
  ScholarshipParams,
  ScholarshipResult,
  SchoolCutoff,
  SchoolResult,
  SchoolsAnswer,
  YearCoverage,
  YearStatus,
};

/** Parameters of {@linkcode scholarship}: those of the calculation, and the language. */
export interface ScholarshipOpParams extends ScholarshipParams {
  /** Language of the notes, messages and district names (default `en`); codes never change. */
  lang?: Lang | undefined;
}

function districtName(lang: Lang, english: string): string {
  const found = DISTRICTS.find((d) => d.name === english);
  if (!found) return english;
  return lang === "si" ? found.nameSinhala : found.nameTamil;
}

function sentence(lang: Lang, english: string): string {
  const found = findTemplate(english, "scholarship.message.");
  if (!found) return english;
  const vars = { ...found.vars };
  if (vars.district !== undefined) vars.district = districtName(lang, vars.district);
  if (vars.medium !== undefined) {
    vars.medium = maybeMessage(lang, `scholarship.medium.${vars.medium}`) ?? vars.medium;
  }
  if (vars.note !== undefined) vars.note = translate(lang, vars.note, "scholarship.note.");
  return message(lang, found.key, vars);
}

/**
 * A scholarship answer in a language (the catalogue's): the year notes, what each source covers,
 * the meaning of a cut-off, the messages and the districts' names (the dataset's Sinhala and Tamil
 * names). Years, figures, the medium's value, school names and addresses never change.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language (English: the same object).
 */
export function localizeScholarship(result: ScholarshipResult, lang: Lang): ScholarshipResult {
  if (lang === "en") return result;
  if ("coverage" in result) {
    const localized: ScholarshipListing = {
      ...result,
      districts: result.districts.map((d) => ({ ...d, name: districtName(lang, d.name) })),
      coverage: result.coverage.map((c) => ({
        ...c,
        note: translate(lang, c.note, "scholarship.note."),
        sources: c.sources.map((s) => ({
          ...s,
          covers: translate(lang, s.covers, "scholarship.covers."),
        })),
      })),
      meaning: translate(lang, result.meaning, "scholarship.meaning"),
    };
    if (result.table) {
      localized.table = result.table.map((r) => ({
        ...r,
        district: districtName(lang, r.district),
      }));
    }
    return localized;
  }
  return {
    ...result,
    district: { ...result.district, name: districtName(lang, result.district.name) },
    message: result.message === null ? null : sentence(lang, result.message),
    ...(result.schools
      ? { schools: { ...result.schools, message: sentence(lang, result.schools.message) } }
      : {}),
  };
}

const coverageSchema = z.object({
  year: z.int(),
  status: z.enum(["complete", "partial", "not-published"]),
  examDate: z.nullable(z.string()),
  resultsReleased: z.nullable(z.string()),
  grade6IntakeYear: z.int(),
  districtCutoffs: z.object({ Sinhala: z.int(), Tamil: z.int() }),
  schoolCutoffs: z.int(),
  note: z.string(),
  sources: z.array(z.object({ url: z.string(), covers: z.string() })),
});

const listingSchema = z.object({
  years: z.array(z.int()),
  defaultYear: z.int(),
  mediums: z.array(z.enum(["Sinhala", "Tamil"])),
  districts: z.array(z.object({ slug: z.string(), name: z.string() })),
  coverage: z.array(coverageSchema),
  maxMark: z.int(),
  meaning: z.string(),
  table: z.optional(z.array(z.object({
    district: z.string(),
    Sinhala: z.nullable(z.int()),
    Tamil: z.nullable(z.int()),
  }))),
});

const schoolSchema = z.object({
  school: z.string(),
  gender: z.enum(["boys", "girls", "mixed"]),
  cutoff: z.int(),
  intakeYear: z.int(),
  reached: z.boolean(),
  mediumInferred: z.boolean(),
  source: z.string(),
});

const cutoffSchema = z.object({
  year: z.int(),
  yearStatus: z.enum(["complete", "partial", "not-published"]),
  district: z.object({ slug: z.string(), name: z.string() }),
  medium: z.enum(["Sinhala", "Tamil"]),
  cutoff: z.nullable(z.int()),
  published: z.boolean(),
  message: z.nullable(z.string()),
  sources: z.array(z.string()),
  mark: z.optional(z.int()),
  qualifies: z.optional(z.nullable(z.boolean())),
  schools: z.optional(z.object({
    intakeYear: z.int(),
    published: z.boolean(),
    message: z.string(),
    reached: z.array(schoolSchema),
    earlier: z.array(schoolSchema),
  })),
});

const result: z.ZodMiniType<ScholarshipResult> = z.union([cutoffSchema, listingSchema]);

const params = z.object({
  year: z.optional(integer({
    min: SCHOLARSHIP_YEARS[0]!,
    max: SCHOLARSHIP_YEARS[SCHOLARSHIP_YEARS.length - 1]!,
    description:
      "Exam year, 2024 to 2026 (default: the latest year with a published figure for the district and medium)",
    example: "2024",
  })),
  district: z.optional(text({
    maxLength: 40,
    description: "District name or slug, case ignored (required with medium)",
    example: "Colombo",
  })),
  medium: z.optional(oneOf(MEDIUMS, {
    description: "Sinhala or Tamil, case ignored (required with district)",
    ignoreCase: true,
  })),
  mark: z.optional(
    integer({ min: 0, max: 200, description: "The candidate's total mark, 0 to 200" }),
  ),
  lang: langParam(),
});

/** `GET /api/v1/scholarship-cutoff`: Grade 5 scholarship cut-offs and Grade 6 schools. */
export const scholarship: Operation<ScholarshipOpParams, ScholarshipResult> = defineOperation({
  name: "scholarship-cutoff",
  method: "GET",
  path: "/scholarship-cutoff",
  title: "Grade 5 scholarship cut-off",
  description:
    "District cut-off marks of the Grade 5 scholarship examination by year and medium and, with a mark, whether it qualifies and which national schools of the district it reaches. Without parameters, lists years, districts, mediums and data coverage.",
  tag: "Education",
  params,
  result,
  example: "/api/v1/scholarship-cutoff?year=2024&district=Colombo&medium=Sinhala&mark=150",
  page: "scholarship-cutoff",
  provenance: { sourceUrl: cutoffData.sourceUrl, lastVerified: cutoffData.lastVerified },
  run: ({ lang, ...params }) => localizeScholarship(scholarshipCutoff(params), lang ?? "en"),
});
