import assert from "node:assert/strict";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import {
  DISTRICTS,
  districts,
  findDistrict,
  findProvince,
  listDistricts,
  PROVINCES,
} from "../../core/ops/districts.ts";

const CTX = { today: "2026-11-24", baseUrl: "http://localhost" };

// Transcribed by hand from ../shared/research/education.md section 4 (Ministry of Home Affairs;
// ISO 3166-2:LK): province (code) -> districts with their codes.
const EXPECTED: [string, string, [string, string][]][] = [
  ["Western", "LK-1", [["Colombo", "LK-11"], ["Gampaha", "LK-12"], ["Kalutara", "LK-13"]]],
  ["Central", "LK-2", [["Kandy", "LK-21"], ["Matale", "LK-22"], ["Nuwara Eliya", "LK-23"]]],
  ["Southern", "LK-3", [["Galle", "LK-31"], ["Matara", "LK-32"], ["Hambantota", "LK-33"]]],
  ["Northern", "LK-4", [
    ["Jaffna", "LK-41"],
    ["Kilinochchi", "LK-42"],
    ["Mannar", "LK-43"],
    ["Vavuniya", "LK-44"],
    ["Mullaitivu", "LK-45"],
  ]],
  ["Eastern", "LK-5", [["Batticaloa", "LK-51"], ["Ampara", "LK-52"], ["Trincomalee", "LK-53"]]],
  ["North Western", "LK-6", [["Kurunegala", "LK-61"], ["Puttalam", "LK-62"]]],
  ["North Central", "LK-7", [["Anuradhapura", "LK-71"], ["Polonnaruwa", "LK-72"]]],
  ["Uva", "LK-8", [["Badulla", "LK-81"], ["Monaragala", "LK-82"]]],
  ["Sabaragamuwa", "LK-9", [["Ratnapura", "LK-91"], ["Kegalle", "LK-92"]]],
];

Deno.test("listDistricts() returns all 25 districts in ISO order with count 25", () => {
  const all = listDistricts();
  assert.equal(all.count, 25);
  assert.equal(all.districts.length, 25);
  assert.equal(all.province, null);
  const expected = EXPECTED.flatMap(([, , ds]) => ds).sort((a, b) => a[1].localeCompare(b[1]));
  assert.deepEqual(all.districts.map((d) => [d.name, d.code]), expected);
});

Deno.test("the 9 provinces hold exactly their districts, with ISO codes", async (t) => {
  assert.deepEqual(PROVINCES.map((p) => [p.name, p.code]), EXPECTED.map(([n, c]) => [n, c]));
  for (const [province, code, districts] of EXPECTED) {
    await t.step(province, () => {
      const listed = listDistricts({ province });
      assert.equal(listed.province, province);
      assert.equal(listed.count, districts.length);
      assert.deepEqual(listed.districts.map((d) => d.name), districts.map(([n]) => n));
      for (const d of listed.districts) {
        assert.equal(d.province, province);
        assert.equal(d.provinceCode, code);
        assert.ok(d.code.startsWith(`${code}`), d.code);
      }
    });
  }
});

Deno.test("every district has a slug, a one-line tagline, 3-5 places and Sinhala and Tamil names", () => {
  const slugs = new Set<string>();
  for (const d of DISTRICTS) {
    assert.match(d.slug, /^[a-z]+(-[a-z]+)*$/);
    assert.equal(d.slug, d.name.toLowerCase().replace(/ /g, "-"));
    slugs.add(d.slug);
    assert.ok(d.tagline.length > 20 && d.tagline.length < 120 && !d.tagline.includes("\n"));
    assert.ok(d.notablePlaces.length >= 3 && d.notablePlaces.length <= 5, d.name);
    assert.match(d.nameSinhala, /^[\u0D80-\u0DFF\u200D ]+$/, d.name);
    assert.match(d.nameTamil, /^[\u0B80-\u0BFF ]+$/, d.name);
    assert.equal(d.capital, d.name);
  }
  assert.equal(slugs.size, 25);
});

Deno.test("findDistrict() accepts names, slugs, ISO codes and spelling variants in any case", () => {
  const cases: [string, string][] = [
    ["Nuwara Eliya", "nuwara-eliya"],
    ["NUWARA-ELIYA", "nuwara-eliya"],
    ["  nuwara   eliya ", "nuwara-eliya"],
    ["lk-23", "nuwara-eliya"],
    ["Moneragala", "monaragala"],
    ["Killinochchi", "kilinochchi"],
    ["Mullativu", "mullaitivu"],
    ["Rathnapura", "ratnapura"],
  ];
  for (const [raw, slug] of cases) assert.equal(findDistrict(raw)?.slug, slug, raw);
  assert.equal(findDistrict("Atlantis"), undefined);
  assert.equal(findProvince("north-western")?.name, "North Western");
  assert.equal(findProvince("LK-9")?.name, "Sabaragamuwa");
});

Deno.test("the districts operation refuses an unknown province with a 400 listing the nine", () => {
  assert.throws(() => listDistricts({ province: "Atlantis" }), RangeError);
  assert.throws(() => execute(districts, [["province", "Atlantis"]], CTX), (error) => {
    assert.ok(isApiError(error));
    assert.equal(error.status, 400);
    assert.equal(error.details?.[0]?.param, "province");
    for (const [name] of EXPECTED) assert.ok(error.message.includes(name), name);
    return true;
  });
});
