/**
 * Grade 5 scholarship cut-offs and Grade 6 schools without schemas, so that importing
 * {@linkcode scholarshipCutoff} alone bundles without zod (the operation in
 * `../ops/scholarship.ts` adds the schemas).
 *
 * @module
 */
import cutoffData from "../../data/scholarship_cutoffs.json" with { type: "json" };
import schoolData from "../../data/grade6_schools.json" with { type: "json" };
import { unknownChoice } from "../_choices.ts";
import { ApiError } from "../errors.ts";
import { DISTRICTS, findDistrict } from "./districts.ts";

/** Medium of the examination, as the API writes it. */
export type Medium = "Sinhala" | "Tamil";

/** Mediums in the order listed. */
export const MEDIUMS: readonly Medium[] = ["Sinhala", "Tamil"];

/** Exam years the endpoint accepts (spec 8). */
export const SCHOLARSHIP_YEARS: readonly number[] = cutoffData.years.map((y) => y.year);

/** How much of a year's district table is known. */
export type YearStatus = "complete" | "partial" | "not-published";

/** A Grade 6 admission cut-off of one school, for one medium and intake. */
export interface SchoolCutoff {
  school: string;
  /** District slug. */
  district: string;
  medium: "sinhala" | "tamil";
  /** True where the source did not state the medium. */
  mediumInferred: boolean;
  gender: "boys" | "girls" | "mixed";
  cutoff: number;
  /** Grade 6 year the cut-off applies to (exam year + 1); null when the source is undated. */
  intakeYear: number | null;
  examYear: number | null;
  source: string;
  sourceDate: string | null;
  note?: string | undefined;
}

/** The school list, as data. */
export const GRADE6_SCHOOLS: readonly SchoolCutoff[] = schoolData.schools.map((s) => ({
  ...s,
  medium: s.medium as SchoolCutoff["medium"],
  gender: s.gender as SchoolCutoff["gender"],
}));

/** Coverage of one exam year. */
export interface YearCoverage {
  year: number;
  status: YearStatus;
  examDate: string | null;
  resultsReleased: string | null;
  grade6IntakeYear: number;
  /** District cut-offs published in the data, per medium (of 25). */
  districtCutoffs: { Sinhala: number; Tamil: number };
  /** School cut-offs in the data for the Grade 6 intake that follows the exam. */
  schoolCutoffs: number;
  note: string;
  sources: { url: string; covers: string }[];
}

/** Result without district and medium. */
export interface ScholarshipListing {
  years: number[];
  defaultYear: number;
  mediums: Medium[];
  districts: { slug: string; name: string }[];
  coverage: YearCoverage[];
  maxMark: number;
  meaning: string;
  /** With `year`: that year's table, null for figures not published. */
  table?: { district: string; Sinhala: number | null; Tamil: number | null }[] | undefined;
}

/** A school whose cut-off a mark reaches, or a historical cut-off. */
export interface SchoolResult {
  school: string;
  gender: "boys" | "girls" | "mixed";
  cutoff: number;
  intakeYear: number;
  /** Whether the mark reaches this cut-off. */
  reached: boolean;
  mediumInferred: boolean;
  source: string;
}

/** Result for one district and medium. */
export interface ScholarshipCutoff {
  year: number;
  yearStatus: YearStatus;
  district: { slug: string; name: string };
  medium: Medium;
  cutoff: number | null;
  published: boolean;
  /** Why the cut-off is missing, or what the year's data covers. */
  message: string | null;
  sources: string[];
  mark?: number | undefined;
  /** Whether the mark reaches the cut-off; null when the cut-off is not published. */
  qualifies?: boolean | null | undefined;
  schools?: SchoolsAnswer | undefined;
}

/** Schools of the district for the intake after the exam. */
export interface SchoolsAnswer {
  intakeYear: number;
  /** Whether the data holds school cut-offs of this district and medium for that intake. */
  published: boolean;
  message: string;
  /** Schools of the district whose cut-off for the medium the mark reaches. */
  reached: SchoolResult[];
  /** When the intake is not published: each school's latest earlier cut-off, as history. */
  earlier: SchoolResult[];
}

/** Result of {@linkcode scholarshipCutoff}. */
export type ScholarshipResult = ScholarshipListing | ScholarshipCutoff;

/** Options of {@linkcode scholarshipCutoff} (and parameters of the `scholarship-cutoff` operation). */
export interface ScholarshipParams {
  year?: number | undefined;
  district?: string | undefined;
  medium?: Medium | undefined;
  mark?: number | undefined;
}

type YearRecord = (typeof cutoffData.years)[number];
type DistrictCutoffs = Record<string, { sinhala: number | null; tamil: number | null }>;

const key = (medium: Medium) => medium.toLowerCase() as "sinhala" | "tamil";

function figure(year: YearRecord, district: string, medium: Medium): number | null {
  return (year.cutoffs as DistrictCutoffs)[district]?.[key(medium)] ?? null;
}

function schoolsFor(intakeYear: number): SchoolCutoff[] {
  return GRADE6_SCHOOLS.filter((s) => s.intakeYear === intakeYear);
}

function coverage(year: YearRecord): YearCoverage {
  const count = (medium: Medium) =>
    DISTRICTS.filter((d) => figure(year, d.slug, medium) !== null).length;
  return {
    year: year.year,
    status: year.status as YearStatus,
    examDate: year.examDate,
    resultsReleased: year.resultsReleased,
    grade6IntakeYear: year.grade6IntakeYear,
    districtCutoffs: { Sinhala: count("Sinhala"), Tamil: count("Tamil") },
    schoolCutoffs: schoolsFor(year.grade6IntakeYear).length,
    note: year.note,
    sources: year.sources.map((s) => ({ ...s })),
  };
}

/** The latest year with any published figure. */
const LATEST_PUBLISHED: number = Math.max(
  ...cutoffData.years.filter((y) =>
    coverage(y).districtCutoffs.Sinhala + coverage(y).districtCutoffs.Tamil > 0
  )
    .map((y) => y.year),
);

/** The latest year whose table is complete: its notes say why a figure is missing. */
const LATEST_COMPLETE: number = Math.max(
  ...cutoffData.years.filter((y) => y.status === "complete").map((y) => y.year),
);

function yearRecord(year: number): YearRecord {
  return cutoffData.years.find((y) => y.year === year)!;
}

function toSchool(s: SchoolCutoff, mark: number): SchoolResult {
  return {
    school: s.school,
    gender: s.gender,
    cutoff: s.cutoff,
    intakeYear: s.intakeYear!,
    reached: mark >= s.cutoff,
    mediumInferred: s.mediumInferred,
    source: s.source,
  };
}

/** Options of {@linkcode gradeSixSchools}. */
export interface GradeSixSchoolsOptions {
  /** The school cut-offs (default {@linkcode GRADE6_SCHOOLS}). */
  list?: readonly SchoolCutoff[] | undefined;
  /** The Grade 6 intake year (exam year + 1). */
  intakeYear: number;
  /** The district's slug and name. */
  district: { slug: string; name: string };
  /** The medium. */
  medium: Medium;
  /** The candidate's mark. */
  mark: number;
}

/**
 * The national schools of a district whose Grade 6 cut-off for a medium a mark reaches, for the
 * intake after the exam; when that intake is not in the list, each school's latest earlier
 * cut-off as history instead (never as a prediction).
 *
 * @param options The intake year, district, medium and mark (and the list to search).
 * @returns Schools reached, or earlier cut-offs with whether the mark reaches them.
 */
export function gradeSixSchools(options: GradeSixSchoolsOptions): SchoolsAnswer {
  const { list = GRADE6_SCHOOLS, intakeYear, district, medium, mark } = options;
  const byCutoff = (a: SchoolResult, b: SchoolResult) =>
    b.cutoff - a.cutoff || a.school.localeCompare(b.school);
  const current = list
    .filter((s) =>
      s.intakeYear === intakeYear && s.district === district.slug && s.medium === key(medium)
    )
    .map((s) => toSchool(s, mark));
  if (current.length > 0) {
    return {
      intakeYear,
      published: true,
      message:
        `Schools of ${district.name} whose ${medium}-medium cut-off for the ${intakeYear} Grade 6 intake is at most ${mark}`,
      reached: current.filter((s) => s.reached).sort(byCutoff),
      earlier: [],
    };
  }
  const latest = new Map<string, SchoolCutoff>();
  for (const s of list) {
    if (
      s.district !== district.slug || s.medium !== key(medium) || s.intakeYear === null ||
      s.intakeYear >= intakeYear
    ) continue;
    const id = `${s.school}|${s.gender}`;
    const seen = latest.get(id);
    if (!seen || seen.intakeYear! < s.intakeYear) latest.set(id, s);
  }
  return {
    intakeYear,
    published: false,
    message:
      `No ${medium}-medium Grade 6 cut-offs of ${district.name} schools for the ${intakeYear} intake are in the data: the Ministry of Education list was not available. The field earlier lists each school's latest known cut-off, which moves every year; it is history, not a prediction`,
    reached: [],
    earlier: [...latest.values()].map((s) => toSchool(s, mark)).sort(byCutoff),
  };
}

/**
 * The district cut-off of the Grade 5 scholarship examination for a year and medium and, with a
 * mark, whether it qualifies and which national schools of the district it reaches.
 *
 * A figure not in the data is `cutoff: null, published: false` with a message saying why; it is
 * never estimated.
 *
 * @param params `district` (name, slug or spelling variant) and `medium` together, or neither
 *   for the listing; `year` (default: the latest year with a published figure for that district
 *   and medium, else the latest complete year, whose notes say why the figure is missing);
 *   `mark` (0-200).
 * @returns The listing or the cut-off.
 * @throws {ApiError} 400 for an unknown district or a missing district/medium.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { scholarshipCutoff } from "./scholarship.ts";
 * const r = scholarshipCutoff({ year: 2024, district: "Colombo", medium: "Sinhala" });
 * assert.equal("cutoff" in r ? r.cutoff : null, 143); // Department of Examinations, 2024
 * ```
 */
export function scholarshipCutoff(params: ScholarshipParams): ScholarshipResult {
  const { year, district: rawDistrict, medium, mark } = params;
  if (rawDistrict === undefined && medium === undefined) {
    if (mark !== undefined) {
      throw ApiError.invalidParams([
        { param: "district", message: 'Parameter "district" is required with "mark"' },
        { param: "medium", message: 'Parameter "medium" is required with "mark"' },
      ]);
    }
    return listing(year);
  }
  if (rawDistrict === undefined || medium === undefined) {
    const missing = rawDistrict === undefined ? "district" : "medium";
    throw ApiError.invalidParam(
      missing,
      `Parameter "${missing}" is required with "${
        missing === "district" ? "medium" : "district"
      }": ${
        missing === "district"
          ? "expected one of the 25 districts, e.g. Colombo"
          : 'expected "Sinhala" or "Tamil"'
      }`,
    );
  }
  const found = findDistrict(rawDistrict);
  if (!found) {
    throw unknownChoice(
      "district",
      "district",
      rawDistrict,
      DISTRICTS.map((d) => d.name),
    );
  }
  const district = { slug: found.slug, name: found.name };
  const chosen = year ??
    [...SCHOLARSHIP_YEARS].reverse().find((y) =>
      figure(yearRecord(y), district.slug, medium) !== null
    ) ??
    LATEST_COMPLETE;
  const record = yearRecord(chosen);
  const cutoff = figure(record, district.slug, medium);
  const why = (record.missing as Record<string, Record<string, string>>)[district.slug]
    ?.[key(medium)];
  const answer: ScholarshipCutoff = {
    year: chosen,
    yearStatus: record.status as YearStatus,
    district,
    medium,
    cutoff,
    published: cutoff !== null,
    message: cutoff !== null ? null : why ??
      `No ${medium}-medium cut-off for ${district.name} in ${chosen} is in the data: ${record.note}`,
    sources: record.sources.map((s) => s.url),
  };
  if (mark !== undefined) {
    answer.mark = mark;
    answer.qualifies = cutoff === null ? null : mark >= cutoff;
    answer.schools = gradeSixSchools({
      intakeYear: record.grade6IntakeYear,
      district,
      medium,
      mark,
    });
  }
  return answer;
}

function listing(year: number | undefined): ScholarshipListing {
  const result: ScholarshipListing = {
    years: [...SCHOLARSHIP_YEARS],
    defaultYear: LATEST_PUBLISHED,
    mediums: [...MEDIUMS],
    districts: DISTRICTS.map((d) => ({ slug: d.slug, name: d.name })),
    coverage: cutoffData.years.map(coverage),
    maxMark: cutoffData.maxMark,
    meaning: cutoffData.meaning,
  };
  if (year !== undefined) {
    const record = yearRecord(year);
    result.table = DISTRICTS.map((d) => ({
      district: d.name,
      Sinhala: figure(record, d.slug, "Sinhala"),
      Tamil: figure(record, d.slug, "Tamil"),
    }));
  }
  return result;
}
