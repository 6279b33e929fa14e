import assert from "node:assert/strict";
import { mergeSchools, parseCsv, readSchoolsCsv } from "../../scripts/schools_csv.ts";
import type { SchoolCutoff } from "../../core/ops/scholarship.ts";

const fixture = (name: string) =>
  Deno.readTextFile(new URL(`../fixtures/${name}`, import.meta.url));

Deno.test("parseCsv() reads quoted fields with commas, doubled quotes and line breaks", () => {
  const records = parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n');
  assert.deepEqual(records, [
    { line: 1, fields: ["a", "b"] },
    { line: 2, fields: ["x, y", 'say "hi"'] },
    { line: 4, fields: ["two\nlines", "z"] },
  ]);
});

Deno.test("parseCsv() names the line of a quote that is never closed", () => {
  assert.throws(() => parseCsv('a,b\n"open,x\n'), /Line 2: a quoted field is never closed/);
});

Deno.test("readSchoolsCsv() accepts the good fixture and normalises every field", async () => {
  const result = readSchoolsCsv(await fixture("schools_good.csv"));
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.schools.length, 3);
  assert.deepEqual(result.schools[0], {
    school: "Royal College, Colombo 07",
    district: "colombo",
    medium: "sinhala",
    mediumInferred: false,
    gender: "boys",
    cutoff: 180,
    intakeYear: 2026,
    examYear: 2025,
    source: "https://moe.gov.lk/example-2026.pdf",
    sourceDate: "2026-02-01",
  });
  assert.equal(result.schools[1]!.gender, "girls");
  assert.equal(result.schools[1]!.note, "Quoted note, with a comma");
  assert.equal(result.schools[2]!.district, "jaffna");
  assert.equal(result.schools[2]!.medium, "tamil");
});

Deno.test("readSchoolsCsv() rejects every bad row of the bad fixture with its line number", async () => {
  const result = readSchoolsCsv(await fixture("schools_bad.csv"));
  assert.equal(result.ok, false);
  const errors = result.ok ? [] : result.errors;
  const expected: [number, RegExp][] = [
    [3, /school is empty/],
    [4, /district "Atlantis" is not one of the 25 districts/],
    [5, /medium must be "sinhala" or "tamil"/],
    [6, /cutoff must be from 0 to 200/],
    [7, /source must be an http\(s\) URL/],
    [8, /expected 7 fields, got 5/],
    [9, /repeats line 2/],
  ];
  for (const [line, message] of expected) {
    assert.ok(
      errors.some((e) => e.startsWith(`Line ${line}: `) && message.test(e)),
      `line ${line} ${message}: ${JSON.stringify(errors)}`,
    );
  }
  assert.equal(errors.length, expected.length, JSON.stringify(errors));
});

Deno.test("readSchoolsCsv() rejects a header with a missing or unknown column", () => {
  const result = readSchoolsCsv(
    "school,district,medium,gender,cutoff,colour\nx,Kandy,tamil,boys,1,red\n",
  );
  assert.equal(result.ok, false);
  const errors = result.ok ? [] : result.errors;
  assert.match(errors.join("\n"), /Line 1: unknown column colour/);
  assert.match(errors.join("\n"), /Line 1: missing column intake_year, source/);
});

Deno.test("mergeSchools() replaces only the imported intake years unless told to replace all", () => {
  const record = (school: string, intakeYear: number | null): SchoolCutoff => ({
    school,
    district: "kandy",
    medium: "sinhala",
    mediumInferred: false,
    gender: "mixed",
    cutoff: 170,
    intakeYear,
    examYear: intakeYear === null ? null : intakeYear - 1,
    source: "https://example.test",
    sourceDate: null,
  });
  const existing = [record("A", 2023), record("B", 2026), record("C", null)];
  const imported = [record("D", 2026)];
  assert.deepEqual(mergeSchools(existing, imported).map((s) => s.school), ["A", "C", "D"]);
  assert.deepEqual(mergeSchools(existing, imported, true).map((s) => s.school), ["D"]);
});

Deno.test("the import command writes a valid CSV and refuses a bad one without writing", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/schools.json`;
    const script = new URL("../../scripts/import_schools.ts", import.meta.url).pathname;
    const run = (file: string) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-read", `--allow-write=${dir}`, script, file, "--out", out],
        stdout: "piped",
        stderr: "piped",
      }).output();
    const good = await run(new URL("../fixtures/schools_good.csv", import.meta.url).pathname);
    assert.equal(good.code, 0, new TextDecoder().decode(good.stderr));
    const written = JSON.parse(await Deno.readTextFile(out));
    const imported = written.schools.filter((s: SchoolCutoff) => s.intakeYear === 2026);
    assert.equal(imported.length, 3);
    assert.ok(written.schools.length > 3, "earlier intakes are kept");
    await Deno.remove(out);
    const bad = await run(new URL("../fixtures/schools_bad.csv", import.meta.url).pathname);
    assert.equal(bad.code, 1);
    assert.match(new TextDecoder().decode(bad.stderr), /Line 4: district "Atlantis"/);
    await assert.rejects(Deno.stat(out));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
