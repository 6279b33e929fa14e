import assert from "node:assert/strict";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import {
  gradeSixSchools,
  scholarship,
  type ScholarshipCutoff,
  scholarshipCutoff,
  type ScholarshipListing,
  type SchoolCutoff,
} from "../../core/ops/scholarship.ts";

const ctx = { today: "2026-06-15", baseUrl: "https://lanka.test" };
const cutoff = (params: Parameters<typeof scholarshipCutoff>[0]) =>
  scholarshipCutoff(params) as ScholarshipCutoff;

// The 2024 table transcribed by hand from ../shared/research/education.md, section 2.1
// (Ada Derana's reproduction of the Department of Examinations list, 2025-01-23).
// null: the DoE table shows '-'.
const TABLE_2024: [string, number | null, number][] = [
  ["Colombo", 143, 141],
  ["Gampaha", 143, 141],
  ["Kalutara", 143, 141],
  ["Kandy", 143, 141],
  ["Matale", 143, 141],
  ["Nuwara Eliya", 136, 139],
  ["Galle", 143, 141],
  ["Matara", 143, 141],
  ["Hambantota", 139, 139],
  ["Jaffna", null, 139],
  ["Kilinochchi", null, 139],
  ["Mannar", 130, 138],
  ["Vavuniya", 130, 139],
  ["Mullaitivu", 130, 138],
  ["Batticaloa", 130, 139],
  ["Ampara", 136, 139],
  ["Trincomalee", 135, 138],
  ["Kurunegala", 143, 141],
  ["Puttalam", 137, 138],
  ["Anuradhapura", 137, 138],
  ["Polonnaruwa", 137, 138],
  ["Badulla", 137, 139],
  ["Monaragala", 137, 138],
  ["Ratnapura", 139, 136],
  ["Kegalle", 143, 141],
];

Deno.test("the 2024 cut-offs match the research table entry by entry, both mediums", async (t) => {
  assert.equal(TABLE_2024.length, 25);
  for (const [district, sinhala, tamil] of TABLE_2024) {
    await t.step(district, () => {
      const s = cutoff({ year: 2024, district, medium: "Sinhala" });
      assert.equal(s.cutoff, sinhala);
      assert.equal(s.published, sinhala !== null);
      assert.equal(s.yearStatus, "complete");
      const ta = cutoff({ year: 2024, district, medium: "Tamil" });
      assert.equal(ta.cutoff, tamil);
      assert.equal(ta.published, true);
    });
  }
});

Deno.test("Jaffna and Kilinochchi have no 2024 Sinhala-medium figure, and say why", () => {
  for (const district of ["Jaffna", "Kilinochchi"]) {
    const r = cutoff({ year: 2024, district, medium: "Sinhala", mark: 190 });
    assert.equal(r.cutoff, null);
    assert.equal(r.published, false);
    assert.equal(r.qualifies, null);
    assert.match(r.message ?? "", /shows '-'.*no cut-off was published/);
  }
});

Deno.test("2025 is partial: only the nine Tamil-medium 134s are published", () => {
  // ../shared/research/education.md 2.1 and education-update.md 1.
  const nine = [
    "Colombo",
    "Gampaha",
    "Kalutara",
    "Kandy",
    "Matale",
    "Galle",
    "Matara",
    "Kurunegala",
    "Kegalle",
  ];
  const listing = scholarshipCutoff({ year: 2025 }) as ScholarshipListing;
  for (const row of listing.table!) {
    assert.equal(row.Sinhala, null, row.district);
    assert.equal(row.Tamil, nine.includes(row.district) ? 134 : null, row.district);
  }
  const unknown = cutoff({ year: 2025, district: "Colombo", medium: "Sinhala" });
  assert.deepEqual([unknown.cutoff, unknown.published, unknown.yearStatus], [
    null,
    false,
    "partial",
  ]);
  assert.match(unknown.message ?? "", /not available/);
});

Deno.test("2026 is not yet published: every figure is null with a message", () => {
  const r = cutoff({ year: 2026, district: "Kandy", medium: "Tamil", mark: 200 });
  assert.deepEqual([r.cutoff, r.published, r.qualifies, r.yearStatus], [
    null,
    false,
    null,
    "not-published",
  ]);
  assert.match(r.message ?? "", /2026/);
});

Deno.test("the default year is the latest with a figure for that district and medium", () => {
  assert.deepEqual(
    [
      cutoff({ district: "Colombo", medium: "Tamil" }).year,
      cutoff({ district: "Colombo", medium: "Tamil" }).cutoff,
    ],
    [2025, 134],
  );
  assert.deepEqual(
    [
      cutoff({ district: "Colombo", medium: "Sinhala" }).year,
      cutoff({ district: "Colombo", medium: "Sinhala" }).cutoff,
    ],
    [2024, 143],
  );
  const none = cutoff({ district: "Jaffna", medium: "Sinhala" });
  assert.deepEqual([none.year, none.cutoff], [2024, null]);
});

Deno.test("district by name or slug in any case; medium in any case", () => {
  const r = execute(scholarship, [["district", "NUWARA-ELIYA"], ["medium", "sinhala"], [
    "year",
    "2024",
  ]], ctx) as ScholarshipCutoff;
  assert.deepEqual([r.district.name, r.medium, r.cutoff], ["Nuwara Eliya", "Sinhala", 136]);
  const v = execute(scholarship, [["district", "moneragala"], ["medium", "TAMIL"], [
    "year",
    "2024",
  ]], ctx) as ScholarshipCutoff;
  assert.deepEqual([v.district.slug, v.cutoff], ["monaragala", 138]);
});

Deno.test("a mark qualifies exactly at the cut-off and not one below", () => {
  assert.equal(
    cutoff({ year: 2024, district: "Colombo", medium: "Sinhala", mark: 143 }).qualifies,
    true,
  );
  assert.equal(
    cutoff({ year: 2024, district: "Colombo", medium: "Sinhala", mark: 142 }).qualifies,
    false,
  );
  assert.equal(
    cutoff({ year: 2024, district: "Mannar", medium: "Sinhala", mark: 130 }).qualifies,
    true,
  );
});

Deno.test("for 2024 the 2025 school list is not in the data: earlier cut-offs are history only", () => {
  const r = cutoff({ year: 2024, district: "Colombo", medium: "Sinhala", mark: 184 });
  const schools = r.schools!;
  assert.equal(schools.intakeYear, 2025);
  assert.equal(schools.published, false);
  assert.deepEqual(schools.reached, []);
  assert.match(schools.message, /not available/);
  // Latest earlier figures (research section 3): Visakha 185 and Royal 184 for the 2024 intake.
  const visakha = schools.earlier.find((s) => s.school.startsWith("Visakha"))!;
  const royal = schools.earlier.find((s) => s.school.startsWith("Royal"))!;
  assert.deepEqual([visakha.cutoff, visakha.intakeYear, visakha.reached], [185, 2024, false]);
  assert.deepEqual([royal.cutoff, royal.intakeYear, royal.reached, royal.gender], [
    184,
    2024,
    true,
    "boys",
  ]);
  assert.ok(schools.earlier.every((s) => s.source.startsWith("http")));
});

Deno.test("gradeSixSchools() lists the schools of the intake whose cut-off the mark reaches", () => {
  const record = (
    school: string,
    cutoff: number,
    over: Partial<SchoolCutoff> = {},
  ): SchoolCutoff => ({
    school,
    district: "kandy",
    medium: "sinhala",
    mediumInferred: false,
    gender: "mixed",
    cutoff,
    intakeYear: 2026,
    examYear: 2025,
    source: "https://moe.gov.lk/x.pdf",
    sourceDate: null,
    ...over,
  });
  const list = [
    record("High", 181, { gender: "boys" }),
    record("Exact", 170, { gender: "girls" }),
    record("Low", 160),
    record("Tamil", 150, { medium: "tamil" }),
    record("Galle", 150, { district: "galle" }),
    record("Old", 150, { intakeYear: 2024 }),
  ];
  const r = gradeSixSchools({
    list: list,
    intakeYear: 2026,
    district: { slug: "kandy", name: "Kandy" },
    medium: "Sinhala",
    mark: 170,
  });
  assert.equal(r.published, true);
  assert.deepEqual(r.reached.map((s) => [s.school, s.cutoff, s.gender]), [
    ["Exact", 170, "girls"],
    ["Low", 160, "mixed"],
  ]);
  assert.deepEqual(r.earlier, []);
});

Deno.test("without district and medium: years, districts, mediums and coverage per year", () => {
  const r = execute(scholarship, [], ctx) as ScholarshipListing;
  assert.deepEqual(r.years, [2024, 2025, 2026]);
  assert.deepEqual(r.mediums, ["Sinhala", "Tamil"]);
  assert.equal(r.districts.length, 25);
  assert.equal(r.maxMark, 200);
  assert.equal(r.table, undefined);
  const coverage = Object.fromEntries(r.coverage.map((c) => [c.year, c]));
  assert.deepEqual([coverage[2024]!.status, coverage[2024]!.districtCutoffs], ["complete", {
    Sinhala: 23,
    Tamil: 25,
  }]);
  assert.deepEqual([coverage[2025]!.status, coverage[2025]!.districtCutoffs], ["partial", {
    Sinhala: 0,
    Tamil: 9,
  }]);
  assert.deepEqual([coverage[2026]!.status, coverage[2026]!.districtCutoffs], ["not-published", {
    Sinhala: 0,
    Tamil: 0,
  }]);
});

Deno.test("bad combinations are a 400 naming the parameter", () => {
  const cases: [Parameters<typeof scholarshipCutoff>[0], string, RegExp][] = [
    [{ district: "Colombo" }, "medium", /"medium" is required/],
    [{ medium: "Tamil" }, "district", /"district" is required/],
    [{ mark: 150 }, "district", /required with "mark"/],
    [{ district: "Atlantis", medium: "Tamil" }, "district", /Unknown district "Atlantis".*Colombo/],
  ];
  for (const [params, param, message] of cases) {
    assert.throws(() => scholarshipCutoff(params), (e) => {
      assert.ok(isApiError(e));
      assert.equal(e.status, 400);
      assert.equal(e.details?.[0]?.param, param);
      assert.match(e.message, message);
      return true;
    });
  }
});
