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
});

/** `GET /api/v1/scholarship-cutoff`: Grade 5 scholarship cut-offs and Grade 6 schools. */
export const scholarship: Operation<ScholarshipParams, ScholarshipResult> = defineOperation({
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
  run: scholarshipCutoff,
});
