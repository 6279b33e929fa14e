/**
 * `GET /api/v1/education/al-combination`: the University Grants Commission stream of three
 * G.C.E. (A/L) subjects, with no marks: whether the combination fits a stream's rule, and how
 * sure the rule is. The rules are those `/z-score` applies (`core/al_subjects.ts`,
 * `data/al_subjects.json`); the Biological Science rule is the only one held with high confidence,
 * and every other answer says its rule was not verified against the Commission's handbook. An
 * operation, not a rule: it holds no dated figure (docs/rules.md).
 *
 * @module
 */
import * as z from "zod/mini";
import { AL_STREAMS, classifyStream, closeSubjects, findSubject } from "../al_subjects.ts";
import { ApiError } from "../errors.ts";
import { type Lang, maybeMessage, message, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { text } from "../params.ts";

/** Parameters of {@linkcode alCombination}. */
export interface AlCombinationParams {
  /** Three distinct subjects, comma-separated: ids or Department of Examinations codes. */
  subjects: string;
  /** Language of the subject and stream names and the note (default `en`). */
  lang?: Lang | undefined;
}

/** The answer of {@linkcode alCombination}. */
export interface AlCombinationResult {
  subjects: { id: string; code: string; name: string }[];
  stream: { id: string; name: string; permitted: boolean; rule: string; confidence: string };
  /** True only when the stream's rule is held with high confidence (Biological Science). */
  verified: boolean;
  note: string;
  sources: string[];
}

function invalid(message: string): ApiError {
  return ApiError.invalidParam("subjects", `Parameter "subjects" ${message}`);
}

/**
 * The stream of three subjects, in a language.
 *
 * @param raw Three comma-separated subject ids or codes.
 * @param lang The language of the names and the note.
 * @returns The answer.
 * @throws {ApiError} 400 naming `subjects` for the wrong number, an unknown or a repeated subject.
 */
export function checkCombination(raw: string, lang: Lang = "en"): AlCombinationResult {
  const parts = raw.split(",").map((t) => t.trim());
  if (parts.length !== 3 || parts.some((t) => t === "")) {
    throw invalid(
      `must be exactly three comma-separated subjects: got ${parts.filter((t) => t).length}`,
    );
  }
  const subjects = parts.map((id) => {
    const subject = findSubject(id);
    if (typeof subject === "string") throw invalid(`${JSON.stringify(id)}: ${subject}`);
    if (!subject) {
      const close = closeSubjects(id);
      throw invalid(
        `names an unknown subject ${JSON.stringify(id.slice(0, 40))}: ${
          close.length ? `did you mean ${close.join(", ")}?` : "see GET /api/v1/z-score for the ids"
        }`,
      );
    }
    return subject;
  });
  const codes = subjects.map((s) => s.code);
  const repeated = subjects.find((s, i) => codes.indexOf(s.code) !== i);
  if (repeated) throw invalid(`names subject ${JSON.stringify(repeated.id)} more than once`);
  const { stream, permitted } = classifyStream(codes);
  const verified = stream.confidence === "high";
  const name = (kind: string, id: string, english: string) =>
    maybeMessage(lang, `zscore.${kind}.${id}`) ?? english;
  const streamName = name("stream", stream.id, stream.name);
  const note = !permitted
    ? message(lang, "zscore.combination.other")
    : verified
    ? message(lang, "zscore.combination.verified", { stream: streamName })
    : message(lang, "zscore.combination.unverified", { stream: streamName });
  return {
    subjects: subjects.map((s) => ({
      id: s.id,
      code: s.code,
      name: name("subject", s.id, s.name),
    })),
    stream: {
      id: stream.id,
      name: streamName,
      permitted,
      rule: translate(lang, stream.rule, "zscore.text."),
      confidence: stream.confidence,
    },
    verified,
    note,
    sources: [...(AL_STREAMS.find((s) => s.id === stream.id)?.sources ?? [])],
  };
}

const params = z.object({
  subjects: text({
    maxLength: 200,
    description:
      "Three distinct A/L subjects, comma-separated: the ids the Z-score tool lists, or Department of Examinations codes",
    example: "biology,chemistry,physics",
  }),
  lang: langParam(),
});

const result: z.ZodMiniType<AlCombinationResult> = z.object({
  subjects: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  stream: z.object({
    id: z.string().check(z.describe("bio, phys, com, arts, et, bst, or other when none fits")),
    name: z.string(),
    permitted: z.boolean().check(z.describe("Whether the three fit the stream's rule")),
    rule: z.string(),
    confidence: z.string().check(z.describe("How sure the research is of the rule")),
  }),
  verified: z.boolean().check(z.describe(
    "True only for a rule held with high confidence; the others were not checked against the UGC handbook",
  )),
  note: z.string(),
  sources: z.array(z.string()).check(z.describe("Where the stream's rule was read")),
});

/** `GET /api/v1/education/al-combination`: the stream of three A/L subjects, without marks. */
export const alCombination: Operation<AlCombinationParams, AlCombinationResult> = defineOperation(
  {
    name: "al-combination",
    method: "GET",
    path: "/education/al-combination",
    title: "A/L subject combination check",
    description:
      "The University Grants Commission stream three G.C.E. (A/L) subjects belong to, without marks: whether they fit a stream's rule (Biological Science, Physical Science, Commerce, Arts, Engineering or Biosystems Technology) or are 'Other', with how sure each rule is; only the Biological Science rule is held with high confidence.",
    tag: "Education",
    params,
    result,
    example: "/api/v1/education/al-combination?subjects=biology,chemistry,physics",
    page: "al-combination",
    run: (p) => checkCombination(p.subjects, p.lang ?? "en"),
  },
);
