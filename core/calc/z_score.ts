/**
 * The A/L Z-score arithmetic without schemas, so that importing {@linkcode computeZScore} alone
 * bundles without zod (the operation in `../ops/z_score.ts` adds the schemas and reads the
 * `subjects` text).
 *
 * @module
 */
import {
  AL_METHOD,
  AL_STREAMS,
  AL_SUBJECTS,
  type AlStream,
  type AlSubject,
  classifyStream,
  STATISTICS_NOTE,
  type StatisticsBasis,
} from "../al_subjects.ts";
import { roundTo } from "../money.ts";
import { normalCdf } from "../normal.ts";

/** One term of the `subjects` parameter, parsed. */
export interface ZTerm {
  subject: AlSubject;
  mark: number;
  /** Mean and standard deviation given by the caller, overriding the built-in ones. */
  mean?: number | undefined;
  sd?: number | undefined;
}

/** One subject of a Z-score result. */
export interface ZSubjectResult {
  id: string;
  code: string;
  name: string;
  mark: number;
  mean: number;
  sd: number;
  /** `given`: the caller's mean and sd; `built-in`: this service's estimate. */
  statistics: "given" | "built-in";
  /** Where built-in statistics come from (null when given). */
  basis: StatisticsBasis | null;
  /** (mark - mean) / sd, 4 decimals. */
  z: number;
}

/** The stream a combination belongs to. */
export interface StreamResult {
  id: string;
  name: string;
  /** Whether the three subjects form a combination the UGC accepts for this stream. */
  permitted: boolean;
  rule: string;
  confidence: string;
}

/** The estimated all-island percentile. */
export interface PercentileEstimate {
  /** Percent of candidates below this Z, 2 decimals. */
  value: number;
  /** Percent of candidates at or above this Z, 2 decimals. */
  topPercent: number;
  /** Always true: this is not a Department of Examinations figure. */
  estimate: boolean;
  method: string;
}

/** Result of a Z-score calculation. */
export interface ZScoreCalculation {
  subjects: ZSubjectResult[];
  /** Mean of the three subject z values, 4 decimals. */
  zScore: number;
  stream: StreamResult;
  percentile: PercentileEstimate;
  /** True only when every term gave its own mean and sd. */
  authoritative: boolean;
  note: string;
}

/** A subject as listed without `subjects`. */
export type ZSubjectListing = AlSubject;

/** Result without `subjects`: what can be asked. */
export interface ZScoreListing {
  streams: (AlStream & { subjects: string[] })[];
  subjects: ZSubjectListing[];
  method: { subjectZ: string; finalZ: string; sources: string[] };
  statisticsNote: string;
  usage: string;
}

/** Result of {@linkcode zScore}: a listing without `subjects`, else a calculation. */
export type ZScoreResult = ZScoreListing | ZScoreCalculation;

const PERCENTILE_METHOD =
  "Standard normal CDF of the final Z. Assumes Z is standard normal across all candidates; because Z is the mean of three correlated subject z values its spread is below 1, so this understates how rare a high Z is. An estimate, not a Department of Examinations figure.";

/** Options of {@linkcode computeZScore}. */
export interface ComputeZScoreOptions {
  /** Three distinct subjects (from `findSubject`) with marks from 0 to 100. */
  terms: readonly ZTerm[];
}

/**
 * Computes the A/L Z-score of three subjects: z = (mark - mean) / sd for each, the final Z is
 * their mean rounded to 4 decimals (subject z values are not rounded first), with the stream and
 * an estimated percentile Φ(Z).
 *
 * @param options Three distinct subjects with marks, and optionally the caller's mean and sd.
 * @returns The calculation.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AlSubject, findSubject } from "../al_subjects.ts";
 * import { computeZScore } from "./z_score.ts";
 * const subject = (id: string) => findSubject(id) as AlSubject;
 * // (75-35)/20 = 2, (66-30)/18 = 2, (66-32)/17 = 2: the final Z is their mean, 2.
 * const result = computeZScore({
 *   terms: [
 *     { subject: subject("physics"), mark: 75, mean: 35, sd: 20 },
 *     { subject: subject("chemistry"), mark: 66, mean: 30, sd: 18 },
 *     { subject: subject("combined-maths"), mark: 66, mean: 32, sd: 17 },
 *   ],
 * });
 * assert.equal(result.zScore, 2);
 * ```
 */
export function computeZScore(options: ComputeZScoreOptions): ZScoreCalculation {
  const subjects = options.terms.map((t): ZSubjectResult & { exact: number } => {
    const given = t.mean !== undefined && t.sd !== undefined;
    const mean = given ? t.mean! : t.subject.mean;
    const sd = given ? t.sd! : t.subject.sd;
    const exact = (t.mark - mean) / sd;
    return {
      id: t.subject.id,
      code: t.subject.code,
      name: t.subject.name,
      mark: t.mark,
      mean,
      sd,
      statistics: given ? "given" : "built-in",
      basis: given ? null : t.subject.basis,
      z: roundTo(exact, 4),
      exact,
    };
  });
  const finalZ = subjects.reduce((sum, s) => sum + s.exact, 0) / subjects.length;
  const { stream, permitted } = classifyStream(subjects.map((s) => s.code));
  const authoritative = subjects.every((s) => s.statistics === "given");
  const cdf = normalCdf(finalZ);
  return {
    subjects: subjects.map(({ exact: _, ...rest }) => rest),
    zScore: roundTo(finalZ, 4),
    stream: {
      id: stream.id,
      name: stream.name,
      permitted,
      rule: stream.rule,
      confidence: stream.confidence,
    },
    percentile: {
      value: roundTo(cdf * 100, 2),
      topPercent: roundTo((1 - cdf) * 100, 2),
      estimate: true,
      method: PERCENTILE_METHOD,
    },
    authoritative,
    note: authoritative
      ? "Computed from the mean and sd you gave for every subject."
      : "At least one subject uses built-in statistics, which are estimates, not official figures: give subject:mark:mean:sd for every subject for an authoritative result.",
  };
}

/**
 * Lists the subject ids, streams and built-in statistics.
 *
 * @returns The listing.
 */
export function zScoreListing(): ZScoreListing {
  const ids = (codes: string[]) => codes.map((c) => AL_SUBJECTS.find((s) => s.code === c)!.id);
  const members: Record<string, string[]> = {
    bio: ids(["09", "02", "01", "08"]),
    phys: ids(["10", "01", "02", "20"]),
    com: ids(["32", "33", "21", "31", "20"]),
    et: ids(["65", "67"]),
    bst: ids(["66", "67"]),
  };
  return {
    streams: AL_STREAMS.map((s) => ({ ...s, subjects: members[s.id] ?? [] })),
    subjects: AL_SUBJECTS.map((s) => ({ ...s })),
    method: AL_METHOD,
    statisticsNote: STATISTICS_NOTE,
    usage:
      "subjects=id:mark,id:mark,id:mark with three distinct subjects (id or Department of Examinations code); write id:mark:mean:sd to use your own statistics",
  };
}
