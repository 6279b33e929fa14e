import * as z from "zod/mini";
import { closeSubjects, findSubject } from "../al_subjects.ts";
import {
  computeZScore,
  type ComputeZScoreOptions,
  type PercentileEstimate,
  type StreamResult,
  type ZScoreCalculation,
  type ZScoreListing,
  zScoreListing,
  type ZScoreResult,
  type ZSubjectListing,
  type ZSubjectResult,
  type ZTerm,
} from "../calc/z_score.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, type ParamSchema, text } from "../params.ts";
import { type Lang, maybeMessage, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

export { computeZScore, zScoreListing };
export type {
  ComputeZScoreOptions,
  PercentileEstimate,
  StreamResult,
  ZScoreCalculation,
  ZScoreListing,
  ZScoreResult,
  ZSubjectListing,
  ZSubjectResult,
  ZTerm,
};

/** Parameters of {@linkcode zScore}. */
export interface ZScoreParams {
  subjects?: string | undefined;
  /** Language of the subject and stream names (default `en`); ids and codes never change. */
  lang?: Lang | undefined;
}

function named<T extends { id: string; name: string }>(item: T, kind: string, lang: Lang): T {
  return { ...item, name: maybeMessage(lang, `zscore.${kind}.${item.id}`) ?? item.name };
}

/** A rule, note or explanation in a language, from its catalogue template (`zscore.text.`). */
function explain(lang: Lang, english: string): string {
  return translate(lang, english, "zscore.text.");
}

function basis<T extends { how: string } | null>(value: T, lang: Lang): T {
  return value && { ...value, how: explain(lang, value.how) };
}

/**
 * A Z-score answer in a language (the catalogue's): subject and stream names, stream rules,
 * notes, the method and the usage. Ids, codes, figures and the sources (citations) never change.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeZScore(result: ZScoreResult, lang: Lang): ZScoreResult {
  if (lang === "en") return result;
  if ("zScore" in result) {
    return {
      ...result,
      subjects: result.subjects.map((s) => ({
        ...named(s, "subject", lang),
        basis: basis(s.basis, lang),
      })),
      stream: { ...named(result.stream, "stream", lang), rule: explain(lang, result.stream.rule) },
      percentile: { ...result.percentile, method: explain(lang, result.percentile.method) },
      note: explain(lang, result.note),
    };
  }
  return {
    ...result,
    streams: result.streams.map((s) => ({
      ...named(s, "stream", lang),
      rule: explain(lang, s.rule),
    })),
    subjects: result.subjects.map((s) => ({
      ...named(s, "subject", lang),
      basis: basis(s.basis, lang),
    })),
    method: {
      ...result.method,
      subjectZ: explain(lang, result.method.subjectZ),
      finalZ: explain(lang, result.method.finalZ),
    },
    statisticsNote: explain(lang, result.statisticsNote),
    usage: explain(lang, result.usage),
  };
}

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
  lang: langParam(),
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
  run: (p) =>
    localizeZScore(
      p.subjects === undefined ? zScoreListing() : computeZScore({ terms: parseTerms(p.subjects) }),
      p.lang ?? "en",
    ),
});
