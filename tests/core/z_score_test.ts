import assert from "node:assert/strict";
import fc from "fast-check";
import { AL_SUBJECTS, classifyStream, findSubject } from "../../core/al_subjects.ts";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { normalCdf } from "../../core/normal.ts";
import {
  computeZScore,
  parseTerms,
  zScore,
  type ZScoreCalculation,
  type ZScoreListing,
} from "../../core/ops/z_score.ts";

const ctx = { today: "2026-06-15", baseUrl: "https://lanka.test" };
const calc = (subjects: string) =>
  execute(zScore, [["subjects", subjects]], ctx) as ZScoreCalculation;

Deno.test("override form: calculory.com's Maths-stream statistics give Z = 2.0000 by hand", () => {
  // ../shared/research/al-subjects.json, set calculory_example: (35, 20), (30, 18), (32, 17).
  // Marks chosen two standard deviations above each mean: 35 + 2*20 = 75, 30 + 2*18 = 66,
  // 32 + 2*17 = 66, so each z is exactly 2 and Z = (2 + 2 + 2) / 3 = 2.
  const r = calc("combined-maths:75:35:20,physics:66:30:18,chemistry:66:32:17");
  assert.deepEqual(r.subjects.map((s) => s.z), [2, 2, 2]);
  assert.deepEqual(r.subjects.map((s) => s.statistics), ["given", "given", "given"]);
  assert.ok(r.subjects.every((s) => s.basis === null));
  assert.equal(r.zScore, 2);
  assert.equal(r.authoritative, true);
  assert.deepEqual([r.stream.id, r.stream.permitted], ["phys", true]);
  // Φ(2) = 0.97725 (standard normal table): 97.72% below, 2.28% at or above.
  assert.equal(r.percentile.value, 97.72);
  assert.equal(r.percentile.topPercent, 2.28);
  assert.equal(r.percentile.estimate, true);
});

Deno.test("built-in form: the 2011 science statistics give z of 2, 1 and 0 by hand", () => {
  // doe_2011_science: Physics 37.12/15.78, Combined Mathematics 33.17/23.47, Chemistry
  // 35.77/15.78. Marks mean + 2 sd = 68.68, mean + 1 sd = 56.64 and the mean 35.77 give z = 2, 1
  // and 0, so Z = 3 / 3 = 1 and Φ(1) = 0.84134 (84.13%).
  for (
    const subjects of [
      "physics:68.68,combined-maths:56.64,chemistry:35.77",
      "01:68.68,10:56.64,2:35.77",
    ]
  ) {
    const r = calc(subjects);
    assert.deepEqual(r.subjects.map((s) => [s.id, s.mean, s.sd, s.z]), [
      ["physics", 37.12, 15.78, 2],
      ["combined-maths", 33.17, 23.47, 1],
      ["chemistry", 35.77, 15.78, 0],
    ]);
    assert.equal(r.zScore, 1);
    assert.equal(r.percentile.value, 84.13);
    assert.equal(r.authoritative, false);
    assert.ok(r.subjects.every((s) => s.basis?.kind === "sourced" && s.basis.year === 2011));
    assert.ok(r.subjects.every((s) => s.basis?.official === false));
    assert.match(r.note, /estimates/);
  }
});

Deno.test("the final Z is the unrounded mean printed to 4 decimals (1/6 -> 0.1667)", () => {
  // z = (60-40)/20 = 1, (50-50)/10 = 0, (40-50)/20 = -0.5: Z = 0.5 / 3 = 0.16666...
  const r = calc("biology:40:50:20, chemistry:50:50:10 , physics:60:40:20");
  assert.deepEqual(r.subjects.map((s) => s.z), [-0.5, 0, 1]);
  assert.equal(r.zScore, 0.1667);
  assert.deepEqual([r.stream.id, r.stream.permitted], ["bio", true]);
  // Subject z values are not rounded before averaging: z = 0.00004, 0.00004 and 0.0004 give
  // Z = 0.00048 / 3 = 0.00016 -> 0.0002; rounding each z first would give 0.0004 / 3 -> 0.0001.
  const fine = calc("biology:50:49.9996:10,chemistry:50:49.9996:10,physics:50:49.996:10");
  assert.deepEqual(fine.subjects.map((s) => s.z), [0, 0, 0.0004]);
  assert.equal(fine.zScore, 0.0002);
});

Deno.test("a mix of given and built-in statistics is not authoritative", () => {
  const r = calc("physics:68.68,combined-maths:75:35:20,chemistry:35.77");
  assert.equal(r.authoritative, false);
  assert.deepEqual(r.subjects.map((s) => s.statistics), ["built-in", "given", "built-in"]);
  // (2 + 2 + 0) / 3 = 1.3333
  assert.equal(r.zScore, 1.3333);
});

Deno.test("normalCdf() matches standard normal table values", () => {
  const table: [number, number][] = [
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.96, 0.9750021048517795],
    [-2.5758293035489, 0.005],
    [3, 0.9986501019683699],
    [-6, 9.865876450377e-10],
  ];
  for (const [x, expected] of table) {
    assert.ok(Math.abs(normalCdf(x) - expected) < 1e-12, `${x}: ${normalCdf(x)}`);
  }
});

Deno.test("the percentile never decreases as Z grows (property)", () => {
  fc.assert(
    fc.property(
      fc.double({ min: -40, max: 40, noNaN: true }),
      fc.double({ min: -40, max: 40, noNaN: true }),
      (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        assert.ok(normalCdf(lo) <= normalCdf(hi), `${lo} ${hi}`);
        assert.ok(normalCdf(lo) >= 0 && normalCdf(hi) <= 1);
      },
    ),
    { numRuns: 2000 },
  );
  const mark = fc.integer({ min: 0, max: 10000 }).map((n) => n / 100);
  fc.assert(
    fc.property(fc.tuple(mark, mark, mark), fc.tuple(mark, mark, mark), (a, b) => {
      const lo = a.map((m, i) => Math.min(m, b[i]!));
      const hi = a.map((m, i) => Math.max(m, b[i]!));
      const terms = (marks: number[]) =>
        `physics:${marks[0]},chemistry:${marks[1]}:45:23,biology:${marks[2]}`;
      const low = calc(terms(lo));
      const high = calc(terms(hi));
      assert.ok(low.zScore <= high.zScore);
      assert.ok(low.percentile.value <= high.percentile.value);
    }),
    { numRuns: 200 },
  );
});

Deno.test("streams follow the UGC rules in the research notes", () => {
  const cases: [string[], string, boolean][] = [
    [["biology", "chemistry", "agricultural-science"], "bio", true],
    [["combined-maths", "physics", "ict"], "phys", true],
    [["business-studies", "accounting", "economics"], "com", true],
    [["engineering-technology", "science-for-technology", "ict"], "et", true],
    [["biosystems-technology", "science-for-technology", "geography"], "bst", true],
    [["engineering-technology", "science-for-technology", "physics"], "other", false],
    [["sinhala", "history", "geography"], "arts", true],
    [["buddhism", "buddhist-civilization", "history"], "other", false],
    [["sinhala", "tamil", "english"], "other", false],
    [["physics", "chemistry", "ict"], "other", false],
  ];
  for (const [ids, stream, permitted] of cases) {
    const codes = ids.map((id) => (findSubject(id) as { code: string }).code);
    const r = classifyStream(codes);
    assert.deepEqual([r.stream.id, r.permitted], [stream, permitted], ids.join(","));
  }
});

Deno.test("without subjects: the streams, subject ids and where each statistic comes from", () => {
  const r = execute(zScore, [], ctx) as ZScoreListing;
  assert.deepEqual(r.streams.map((s) => s.id), [
    "bio",
    "phys",
    "com",
    "arts",
    "et",
    "bst",
    "other",
  ]);
  assert.ok(r.subjects.some((s) => s.id === "physics" && s.code === "01"));
  assert.ok(r.subjects.some((s) => s.id === "combined-maths" && s.code === "10"));
  assert.ok(!r.subjects.some((s) => s.code === "12" || s.code === "13"), "CGT and GE excluded");
  for (const s of r.subjects) {
    assert.ok(s.sd > 0 && s.mean > 0 && s.mean < 100);
    assert.equal(s.basis.official, false);
    assert.ok(s.basis.how.length > 20);
    if (s.basis.kind === "sourced") assert.ok(s.basis.year !== null && s.basis.source !== null);
    else assert.equal(s.basis.year, null);
  }
  assert.equal(new Set(AL_SUBJECTS.map((s) => s.id)).size, AL_SUBJECTS.length);
});

Deno.test("bad subjects are a 400 naming subjects with what was expected", () => {
  const cases: [string, RegExp][] = [
    ["physics:50,chemistry:50", /exactly three .*got 2/],
    ["physics:50,chemistry:50,biology:50,ict:50", /exactly three .*got 4/],
    ["physics:50,,biology:50", /exactly three/],
    ["", /exactly three .*got 0/],
    ["physics:50,01:60,biology:50", /"physics" more than once/],
    ["phisics:50,chemistry:50,biology:50", /unknown subject "phisics": did you mean physics/],
    ["astrology:50,chemistry:50,biology:50", /unknown subject "astrology"/],
    ["13:50,chemistry:50,biology:50", /General English/],
    ["physics:101,chemistry:50,biology:50", /mark must be a number from 0 to 100/],
    ["physics:-1,chemistry:50,biology:50", /mark must be a number from 0 to 100/],
    ["physics:abc,chemistry:50,biology:50", /mark must be a number/],
    ["physics:50:40:0,chemistry:50,biology:50", /sd must be greater than 0/],
    ["physics:50:40:-3,chemistry:50,biology:50", /sd must be a number/],
    ["physics:50:40,chemistry:50,biology:50", /subject:mark or subject:mark:mean:sd/],
    ["physics,chemistry:50,biology:50", /subject:mark or subject:mark:mean:sd/],
  ];
  for (const [subjects, message] of cases) {
    assert.throws(() => parseTerms(subjects), (e) => {
      assert.ok(isApiError(e), subjects);
      assert.equal(e.status, 400);
      assert.equal(e.details?.[0]?.param, "subjects");
      assert.match(e.message, message, subjects);
      return true;
    });
  }
  assert.equal(
    computeZScore({ terms: parseTerms("physics:0,chemistry:100,biology:0") }).subjects.length,
    3,
  );
});
