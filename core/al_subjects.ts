/**
 * G.C.E. (A/L) subjects, their built-in statistics, and the University Grants Commission streams
 * a combination of three subjects belongs to.
 *
 * @module
 */
import data from "../data/al_subjects.json" with { type: "json" };

/** Where a subject's built-in mean and standard deviation come from. */
export interface StatisticsBasis {
  /** `sourced`: a figure tied to a year and a source; `approximation`: not an official figure. */
  kind: "sourced" | "approximation";
  /** The exam year of a sourced figure, else null. */
  year: number | null;
  /** Always false: no official Department of Examinations figure is built in. */
  official: boolean;
  /** Where the figure was found, when it has a source. */
  source: string | null;
  /** How the figure was obtained or made. */
  how: string;
}

/** An A/L subject that counts towards the Z-score. */
export interface AlSubject {
  /** Short slug, for example `combined-maths`. */
  id: string;
  /** Department of Examinations subject code, two digits, for example `10`. */
  code: string;
  name: string;
  group: string;
  /** An older syllabus subject no longer examined. */
  legacy: boolean;
  /** Other accepted spellings of the id. */
  aliases: string[];
  /** Built-in island-wide mean of raw marks. */
  mean: number;
  /** Built-in island-wide standard deviation of raw marks. */
  sd: number;
  basis: StatisticsBasis;
}

/** A UGC subject stream. */
export interface AlStream {
  id: string;
  name: string;
  rule: string;
  /** How sure the research is of the rule: high, medium, low-medium or low. */
  confidence: string;
  sources: string[];
}

/** Every subject that counts towards the Z-score, in code order. */
export const AL_SUBJECTS: readonly AlSubject[] = data.subjects.map((s) => ({
  ...s,
  aliases: [...s.aliases],
  basis: { ...s.basis, kind: s.basis.kind as StatisticsBasis["kind"] },
}));

/** The seven streams, `other` last. */
export const AL_STREAMS: readonly AlStream[] = data.streams.map((s) => ({
  ...s,
  sources: [...s.sources],
}));

const BY_CODE = new Map(AL_SUBJECTS.map((s) => [s.code, s]));
const BY_KEY = new Map<string, AlSubject>();
for (const s of AL_SUBJECTS) {
  for (const key of [s.id, ...s.aliases]) BY_KEY.set(key, s);
}

/** Codes of the Common General Test and General English, which do not count. */
const NOT_COUNTED: Record<string, string> = {
  "12": "Common General Test",
  "13": "General English",
};

/**
 * Finds a subject by slug, alias or Department of Examinations code (`1`, `01` and so on).
 *
 * @param raw The id as written; case and surrounding spaces are ignored, spaces and underscores
 *   count as hyphens.
 * @returns The subject; a string explaining why when the code is the Common General Test or
 *   General English; undefined when nothing matches.
 */
export function findSubject(raw: string): AlSubject | string | undefined {
  const key = raw.trim().toLowerCase().replace(/[\s_]+/g, "-");
  if (/^\d{1,2}$/.test(key)) {
    const code = key.padStart(2, "0");
    const excluded = NOT_COUNTED[code];
    if (excluded) {
      return `code ${code} is the ${excluded}, which does not count towards the Z-score`;
    }
    return BY_CODE.get(code);
  }
  return BY_KEY.get(key);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Subject ids close to an unknown one: those that contain it or that it contains, or within a
 * small edit distance, nearest first.
 *
 * @param raw The unknown id.
 * @param max Most suggestions to return.
 * @returns Subject ids.
 */
export function closeSubjects(raw: string, max = 5): string[] {
  const key = raw.trim().toLowerCase().replace(/[\s_]+/g, "-");
  if (key === "") return [];
  const scored = AL_SUBJECTS.map((s) => {
    const distances = [s.id, ...s.aliases].map((k) =>
      k.includes(key) || key.includes(k) ? 0 : editDistance(key, k)
    );
    return { id: s.id, distance: Math.min(...distances) };
  }).filter((x) => x.distance <= Math.max(3, Math.ceil(key.length / 2)));
  return scored.sort((a, b) => a.distance - b.distance).slice(0, max).map((x) => x.id);
}

const ARTS_GROUPS = new Set([
  "language",
  "social science",
  "religion",
  "civilization",
  "aesthetic",
]);
const SAME_FAITH: [string, string][] = [["41", "45"], ["42", "46"], ["44", "47"], ["43", "49"]];
const NOT_TECHNOLOGY_THIRD = new Set(["01", "02", "09", "10", "11", "65", "66", "67"]);

function isArts(codes: readonly string[]): boolean {
  const subjects = codes.map((c) => BY_CODE.get(c)!);
  if (!subjects.every((s) => !s.legacy && ARTS_GROUPS.has(s.group))) return false;
  const count = (group: string) => subjects.filter((s) => s.group === group).length;
  if (count("language") > 2 || count("aesthetic") > 2) return false;
  return !SAME_FAITH.some(([a, b]) => codes.includes(a) && codes.includes(b));
}

function twoPlusOne(
  codes: readonly string[],
  pair: [string, string],
  third: (c: string) => boolean,
) {
  const rest = codes.filter((c) => !pair.includes(c));
  return rest.length === 1 && third(rest[0]!);
}

/**
 * The UGC stream of three distinct subject codes, and whether the combination is a permitted
 * one. Combinations that fit no stream are `other` (a Z-score is still issued, but only courses
 * open to any stream accept it).
 *
 * Rules (from the research notes; the Arts, Commerce and Technology baskets are not fully
 * verified against the UGC handbook, see each stream's `confidence`):
 * - Biological Science: Biology + Chemistry + (Physics or Agricultural Science).
 * - Physical Science: Combined Mathematics + Physics + (Chemistry or ICT).
 * - Commerce: Business Studies + Accounting + (Economics, Business Statistics or ICT).
 * - Engineering / Biosystems Technology: Engineering (or Bio Systems) Technology + Science for
 *   Technology + any current subject except Physics, Chemistry, Biology, Combined or Higher
 *   Mathematics and the other technology subjects.
 * - Arts: three current language, social science, religion, civilization or aesthetic subjects,
 *   at most two languages, at most two aesthetic subjects, and not a religion together with the
 *   civilization of the same faith.
 *
 * @param codes Three distinct subject codes.
 * @returns The stream and whether the combination is permitted.
 *
 * @example Usage
 * ```ts
 * import { classifyStream } from "./al_subjects.ts";
 * console.log(classifyStream(["10", "01", "02"]).stream.id); // "phys"
 * ```
 */
export function classifyStream(codes: readonly string[]): { stream: AlStream; permitted: boolean } {
  const stream = (id: string) => AL_STREAMS.find((s) => s.id === id)!;
  const current = (c: string) => BY_CODE.get(c)?.legacy === false;
  const checks: [string, () => boolean][] = [
    ["bio", () => twoPlusOne(codes, ["09", "02"], (c) => ["01", "08"].includes(c))],
    ["phys", () => twoPlusOne(codes, ["10", "01"], (c) => ["02", "20"].includes(c))],
    ["com", () => twoPlusOne(codes, ["32", "33"], (c) => ["21", "31", "20"].includes(c))],
    [
      "et",
      () => twoPlusOne(codes, ["65", "67"], (c) => current(c) && !NOT_TECHNOLOGY_THIRD.has(c)),
    ],
    [
      "bst",
      () => twoPlusOne(codes, ["66", "67"], (c) => current(c) && !NOT_TECHNOLOGY_THIRD.has(c)),
    ],
    ["arts", () => isArts(codes)],
  ];
  for (const [id, check] of checks) {
    if (check()) return { stream: stream(id), permitted: true };
  }
  return { stream: stream("other"), permitted: false };
}

/** How the Z-score is computed, and the note on built-in statistics. */
export const AL_METHOD: { subjectZ: string; finalZ: string; sources: string[] } = {
  ...data.method,
  sources: [...data.method.sources],
};

/** Why built-in statistics are estimates. */
export const STATISTICS_NOTE: string = data.statisticsNote;
