import assert from "node:assert/strict";
import fc from "fast-check";
import { decodePlate, PLATE_PROVINCES } from "../../core/ops/plate.ts";
import { anyString } from "../_helpers/arbitraries.ts";

/** The nine province codes (../shared/research/plates.md section 2). */
const PROVINCES: [string, string][] = [
  ["WP", "Western"],
  ["CP", "Central"],
  ["SP", "Southern"],
  ["NP", "Northern"],
  ["EP", "Eastern"],
  ["NW", "North Western"],
  ["NC", "North Central"],
  ["UP", "Uva"],
  ["SG", "Sabaragamuwa"],
];

/**
 * Worked examples of plates.md section 8 and finance-nic-plate.md 6.4: input, normalised plate,
 * format, province, series, number, class code (null: none sourced), class verified, era from.
 */
const EXAMPLES: [
  string,
  string,
  string,
  string | null,
  string,
  string,
  string | null,
  boolean | null,
  number | null,
][] = [
  [
    "WP AAA-0001",
    "WP AAA-0001",
    "province-prefixed",
    "WP",
    "AAA",
    "0001",
    "motor_tricycle",
    true,
    2012,
  ],
  [
    "SP ABC-3429",
    "SP ABC-3429",
    "province-prefixed",
    "SP",
    "ABC",
    "3429",
    "motor_tricycle",
    true,
    2012,
  ],
  [
    "WP CAB-1234",
    "WP CAB-1234",
    "province-prefixed",
    "WP",
    "CAB",
    "1234",
    "motor_car",
    false,
    2012,
  ],
  ["CAB-1234", "CAB-1234", "national", null, "CAB", "1234", "motor_car", false, 2012],
  ["BFK-2345", "BFK-2345", "national", null, "BFK", "2345", "motor_cycle", false, 2012],
  ["WP GA-0001", "WP GA-0001", "province-prefixed", "WP", "GA", "0001", null, null, 2000],
  [
    "NW QA-1234",
    "NW QA-1234",
    "province-prefixed",
    "NW",
    "QA",
    "1234",
    "motor_tricycle",
    false,
    2000,
  ],
  ["WP KI-5678", "WP KI-5678", "province-prefixed", "WP", "KI", "5678", "motor_car", false, 2000],
  ["CP BC-1234", "CP BC-1234", "province-prefixed", "CP", "BC", "1234", null, null, 2011],
  ["KA-1234", "KA-1234", "national", null, "KA", "1234", "motor_car", false, 2000],
  ["1 ශ්‍රී 2581", "1 ශ්‍රී 2581", "sri", null, "1", "2581", "motor_car", true, 1956],
  ["1 SRI 2581", "1 ශ්‍රී 2581", "sri", null, "1", "2581", "motor_car", true, 1956],
  ["15 ශ්රී 1234", "15 ශ්‍රී 1234", "sri", null, "15", "1234", "motor_car", false, 1956],
  ["15-SRI-1234", "15 ශ්‍රී 1234", "sri", null, "15", "1234", "motor_car", false, 1956],
  ["13 ශ්‍රී 9999", "13 ශ්‍රී 9999", "sri", null, "13", "9999", "motor_car", false, 1956],
  ["1 SRI 1", "1 ශ්‍රී 1", "sri", null, "1", "1", "motor_car", true, 1956],
  ["22 SRI 1234", "22 ශ්‍රී 1234", "sri", null, "22", "1234", "heavy_vehicle", false, 1956],
  ["300-1234", "300-1234", "dash", null, "300", "1234", null, null, null],
  ["64-8681", "64-8681", "dash", null, "64", "8681", null, null, null],
  ["19-1234", "19-1234", "dash", null, "19", "1234", null, null, null],
  ["250-1234", "250-1234", "dash", null, "250", "1234", null, null, null],
  ["251-9572", "251-9572", "dash", null, "251", "9572", null, null, null],
  ["EY 2846", "EY-2846", "national", null, "EY", "2846", null, null, 2011],
];

Deno.test("decodePlate() reads the research examples of every format", async (t) => {
  for (const [input, plate, format, province, series, number, cls, verified, from] of EXAMPLES) {
    await t.step(input, () => {
      const r = decodePlate({ plate: input });
      assert.equal(r.valid, true, r.reason ?? "");
      assert.equal(r.reason, null);
      assert.equal(r.plate, plate);
      assert.equal(r.format, format);
      assert.equal(r.province?.code ?? null, province);
      assert.equal(r.series, series);
      assert.equal(r.number, number);
      assert.equal(r.vehicleClass?.code ?? null, cls);
      assert.equal(r.vehicleClass?.verified ?? null, verified);
      assert.equal(r.era?.from, from);
      assert.ok(r.era!.label.length > 0);
    });
  }
});

Deno.test("decodePlate() knows each of the nine province codes", async (t) => {
  assert.deepEqual(PLATE_PROVINCES.map((p) => [p.code, p.name]), PROVINCES);
  for (const [code, name] of PROVINCES) {
    await t.step(code, () => {
      for (const series of ["CAB", "GA"]) {
        const r = decodePlate({ plate: `${code}-${series}-1234` });
        assert.equal(r.format, "province-prefixed");
        assert.deepEqual(r.province, { code, name });
        assert.equal(r.plate, `${code} ${series}-1234`);
      }
    });
  }
});

Deno.test("decodePlate() ignores case, spaces and hyphens", () => {
  for (
    const input of [
      "wp cab 1234",
      " wp-cab-1234 ",
      "WPCAB1234",
      "wp  CAB - 1234",
      "Wp\tCab–1234",
      "WP_CAB.1234",
    ]
  ) {
    assert.equal(decodePlate({ plate: input }).plate, "WP CAB-1234", input);
  }
  for (const input of ["15 sri 1234", "15-Sri-1234", "15SRI1234", "15 ශ්‍රී1234"]) {
    assert.equal(decodePlate({ plate: input }).plate, "15 ශ්‍රී 1234", input);
  }
  assert.equal(decodePlate({ plate: "19 1234" }).plate, "19-1234");
  assert.equal(decodePlate({ plate: "191234" }).plate, "19-1234");
});

Deno.test("decodePlate() bounds the era of province plates before 2023 and flags plates without", () => {
  const withProvince = decodePlate({ plate: "WP CAB-1234" });
  assert.deepEqual([withProvince.era?.from, withProvince.era?.to], [2012, 2022]);
  const national = decodePlate({ plate: "CAB-1234" });
  assert.deepEqual([national.era?.from, national.era?.to], [2012, null]);
  assert.ok(national.notes.some((n) => /on or after 1 January 2023/.test(n)));
  assert.deepEqual([
    decodePlate({ plate: "19-1234" }).era?.to,
    decodePlate({ plate: "1 SRI 1" }).era?.to,
  ], [2000, 1958]);
});

Deno.test("decodePlate() says why an unverified class is not confirmed", () => {
  const r = decodePlate({ plate: "WP KI-5678" });
  assert.equal(r.vehicleClass?.confidence, "unverified");
  assert.match(r.vehicleClass!.source, /Hilux/);
  assert.ok(r.notes.some((n) => /not confirmed/.test(n)));
  const none = decodePlate({ plate: "WP HA-1234" }); // H: claimed "hire cars", no source: no class
  assert.equal(none.vehicleClass, null);
  assert.ok(none.notes.some((n) => /No source gives the vehicle class/.test(n)));
});

Deno.test("decodePlate() rejects garbage with valid false and a reason", async (t) => {
  const cases: [string, RegExp][] = [
    ["", /empty value/],
    ["   ", /empty value/],
    ["hello", /Expected a plate/],
    ["<script>", /Expected a plate/],
    ["ABC-0000", /Number "0000" is not issued/],
    ["00-8681", /Series "00" is not issued/],
    ["05-1234", /Series "05"/],
    ["1-SRI-0", /Number "0" is not issued/],
    ["XY-GA-1234", /Unknown province code "XY"/],
    ["DP-GA-1234", /Unknown province code "DP"/],
    ["CAB-123", /Expected 4 digits/],
    ["CAB-12345", /Expected 4 digits/],
    ["A-1234", /Expected 2 or 3 series letters/],
    ["WPCABD-1234", /Expected 2 or 3 series letters/],
    ["1234", /got 4 digits/],
    ["12345678", /got 8 digits/],
    ["WP-1234-CAB", /Expected a plate/],
    ["1234 SRI 1", /Expected a plate/],
    ["WP CAB-1234 extra", /Expected a plate/],
  ];
  for (const [input, reason] of cases) {
    await t.step(JSON.stringify(input), () => {
      const r = decodePlate({ plate: input });
      assert.equal(r.valid, false);
      assert.match(r.reason!, reason);
      assert.deepEqual(
        [r.format, r.province, r.series, r.number, r.vehicleClass, r.era],
        [null, null, null, null, null, null],
      );
    });
  }
});

Deno.test("decodePlate() returns only plate fields: no owner information", () => {
  assert.deepEqual(Object.keys(decodePlate({ plate: "WP CAB-1234" })).sort(), [
    "era",
    "format",
    "notes",
    "number",
    "plate",
    "province",
    "reason",
    "series",
    "valid",
    "vehicleClass",
  ]);
});

Deno.test("decodePlate() never throws, and decoding its normalised plate changes nothing", () => {
  const plateLike = fc.tuple(
    fc.constantFrom("", "WP ", "sg-", "XY ", "np"),
    fc.stringMatching(/^[A-Za-z]{1,4}$/),
    fc.constantFrom("-", " ", "", " SRI ", "ශ්‍රී"),
    fc.stringMatching(/^\d{1,5}$/),
  ).map((parts) => parts.join(""));
  fc.assert(
    fc.property(fc.oneof(anyString(30), plateLike), (input) => {
      const r = decodePlate({ plate: input });
      assert.equal(r.valid, r.reason === null);
      if (r.valid) assert.deepEqual(decodePlate({ plate: r.plate }), r);
    }),
    { numRuns: 500 },
  );
});
