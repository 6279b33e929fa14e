import * as z from "zod/mini";
import {
  AL_METHOD,
  AL_STREAMS,
  AL_SUBJECTS,
  type AlStream,
  type AlSubject,
  classifyStream,
  closeSubjects,
  findSubject,
  STATISTICS_NOTE,
  type StatisticsBasis,
} from "../al_subjects.ts";
import { ApiError } from "../errors.ts";
import { roundTo } from "../money.ts";
import { normalCdf } from "../normal.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, type ParamSchema, text } from "../params.ts";

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

/** Parameters of {@linkcode zScore}. */
export interface ZScoreParams {
  subjects?: string | undefined;
}

const PERCENTILE_METHOD =
  "Standard normal CDF of the final Z. Assumes Z is standard normal across all candidates; because Z is the mean of three correlated subject z values its spread is below 1, so this understates how rare a high Z is. An estimate, not a Department of Examinations figure.";

const MARK = decimal({ min: 0, max: 100, maxDecimals: 2, description: "mark" });
const MEAN = decimal({ min: 0, max: 100, maxDecimals: 4, description: "mean" });
const SD = decimal({ min: 0, max: 100, maxDecimals: 4, description: "sd" });

function invalid(message: string): ApiError {
  return ApiError.invalidParam("subjects", `Parameter "subjects" ${message}`);
}

function readNumber(schema: ParamSchema<number>, raw: string, what: string, term: string): number {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const reason = parsed.error.issues[0]?.message ?? "is invalid";
  throw invalid(`term ${JSON.stringify(term)}: ${what} ${reason}`);
}

/**
 * Reads the `subjects` parameter: exactly three comma-separated terms `subject:mark` or
 * `subject:mark:mean:sd`.
 *
 * @param raw The parameter value.
 * @returns The three terms.
 * @throws {ApiError} 400 naming `subjects` for the wrong number of terms, an unknown or repeated
 *   subject (with close matches), a mark outside 0-100 or an sd not above 0.
 */
export function parseTerms(raw: string): ZTerm[] {
  const parts = raw.split(",").map((t) => t.trim());
  if (parts.length !== 3 || parts.some((t) => t === "")) {
    throw invalid(
      `must be exactly three comma-separated terms subject:mark (or subject:mark:mean:sd): got ${
        parts.filter((t) => t !== "").length
      }`,
    );
  }
  const terms = parts.map((term): ZTerm => {
    const fields = term.split(":").map((f) => f.trim());
    if (fields.length !== 2 && fields.length !== 4) {
      throw invalid(
        `term ${JSON.stringify(term)} must be subject:mark or subject:mark:mean:sd`,
      );
    }
    const [id, mark, mean, sd] = fields as [string, string, string?, string?];
    const subject = findSubject(id);
    if (typeof subject === "string") throw invalid(`term ${JSON.stringify(term)}: ${subject}`);
    if (!subject) {
      const close = closeSubjects(id);
      throw invalid(
        `term ${JSON.stringify(term)}: unknown subject ${JSON.stringify(id.slice(0, 40))}: ${
          close.length
            ? `did you mean ${close.join(", ")}?`
            : "see GET /api/v1/z-score for the subject ids"
        }`,
      );
    }
    const parsed: ZTerm = { subject, mark: readNumber(MARK, mark, "mark", term) };
    if (mean !== undefined && sd !== undefined) {
      parsed.mean = readNumber(MEAN, mean, "mean", term);
      parsed.sd = readNumber(SD, sd, "sd", term);
      if (parsed.sd <= 0) throw invalid(`term ${JSON.stringify(term)}: sd must be greater than 0`);
    }
    return parsed;
  });
  const codes = terms.map((t) => t.subject.code);
  const repeated = terms.find((t, i) => codes.indexOf(t.subject.code) !== i);
  if (repeated) {
    throw invalid(`names subject ${JSON.stringify(repeated.subject.id)} more than once`);
  }
  return terms;
}

/**
 * Computes the A/L Z-score of three subjects: z = (mark - mean) / sd for each, the final Z is
 * their mean rounded to 4 decimals (subject z values are not rounded first), with the stream and
 * an estimated percentile Φ(Z).
 *
 * @param terms Three distinct subjects with marks, and optionally the caller's mean and sd.
 * @returns The calculation.
 *
 * @example Usage
 * ```ts
 * import { computeZScore, parseTerms } from "./z_score.ts";
 * const result = computeZScore(parseTerms("physics:75:35:20,chemistry:66:30:18,combined-maths:66:32:17"));
 * console.log(result.zScore); // 2
 * ```
 */
export function computeZScore(terms: readonly ZTerm[]): ZScoreCalculation {
  const subjects = terms.map((t): ZSubjectResult & { exact: number } => {
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

const basisSchema = z.object({
  kind: z.enum(["sourced", "approximation"]),
  year: z.nullable(z.int()),
  official: z.boolean(),
  source: z.nullable(z.string()),
  how: z.string(),
});

const subjectId = z.object({ id: z.string(), code: z.string(), name: z.string() });

const subjectSchema = z.extend(subjectId, {
  group: z.string(),
  legacy: z.boolean(),
  aliases: z.array(z.string()),
  mean: z.number(),
  sd: z.number(),
  basis: basisSchema,
});

const listingSchema = z.object({
  streams: z.array(z.object({
    id: z.string(),
    name: z.string(),
    rule: z.string(),
    confidence: z.string(),
    sources: z.array(z.string()),
    subjects: z.array(z.string()).check(
      z.describe("Subjects named by the rule (empty for Arts, Other)"),
    ),
  })),
  subjects: z.array(subjectSchema),
  method: z.object({ subjectZ: z.string(), finalZ: z.string(), sources: z.array(z.string()) }),
  statisticsNote: z.string(),
  usage: z.string(),
});

const calculationSchema = z.object({
  subjects: z.array(z.extend(subjectId, {
    mark: z.number(),
    mean: z.number(),
    sd: z.number(),
    statistics: z.enum(["given", "built-in"]),
    basis: z.nullable(basisSchema),
    z: z.number(),
  })),
  zScore: z.number().check(z.describe("Final Z, 4 decimals")),
  stream: z.object({
    id: z.string(),
    name: z.string(),
    permitted: z.boolean(),
    rule: z.string(),
    confidence: z.string(),
  }),
  percentile: z.object({
    value: z.number(),
    topPercent: z.number(),
    estimate: z.boolean(),
    method: z.string(),
  }),
  authoritative: z.boolean(),
  note: z.string(),
});

const result: z.ZodMiniType<ZScoreResult> = z.union([calculationSchema, listingSchema]);

const params = z.object({
  subjects: z.optional(text({
    maxLength: 200,
    description:
      "Three comma-separated terms subject:mark or subject:mark:mean:sd; omit to list subjects and streams",
    example: "physics:72,chemistry:68,combined-maths:80",
  })),
});

/** `GET /api/v1/z-score`: the A/L Z-score. */
export const zScore: Operation<ZScoreParams, ZScoreResult> = defineOperation({
  name: "z-score",
  method: "GET",
  path: "/z-score",
  title: "A/L Z-score calculator",
  description:
    "Estimates the G.C.E. (A/L) Z-score of three subjects with the stream and an all-island percentile; built-in statistics are approximate, give mean and sd per subject for an authoritative result. Without subjects, lists subject ids and streams.",
  tag: "Education",
  params,
  result,
  example: "/api/v1/z-score?subjects=physics:72,chemistry:68,combined-maths:80",
  page: "z-score",
  run: (p) => (p.subjects === undefined ? zScoreListing() : computeZScore(parseTerms(p.subjects))),
});
