/**
 * Reading a Grade 6 school cut-off list from CSV (the operator's import of the Ministry of
 * Education list): a small RFC 4180 parser, a zod schema per row, and merging into the data file.
 * Pure: the command line wrapper is `import_schools.ts`.
 *
 * @module
 */
import { z } from "zod";
import { findDistrict } from "../core/ops/districts.ts";
import { isValidIsoDate } from "../core/params.ts";
import type { SchoolCutoff } from "../core/ops/scholarship.ts";

/** One CSV record with the line it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records: comma-separated, fields optionally in double quotes (`""` is a
 * quote inside), CRLF or LF line ends, a leading byte order mark ignored, blank lines skipped.
 *
 * @param text The file contents.
 * @returns The records with their starting line numbers.
 * @throws {SyntaxError} For a quote left open, naming the line it opened on.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 1;
  const src = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === "")) records.push({ line: start, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"' && field.trim() === "") {
      quoted = true;
      quoteLine = line;
      field = "";
    } else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else {
      field += ch;
    }
  }
  if (quoted) throw new SyntaxError(`Line ${quoteLine}: a quoted field is never closed`);
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}

/** Columns of the CSV; the first seven are required. */
export const CSV_COLUMNS: readonly string[] = [
  "school",
  "district",
  "medium",
  "gender",
  "cutoff",
  "intake_year",
  "source",
  "exam_year",
  "source_date",
  "medium_inferred",
  "note",
];
const REQUIRED = CSV_COLUMNS.slice(0, 7);

const whole = (name: string, min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be from ${min} to ${max}` });

const rowSchema = z.object({
  school: z.string().trim().min(1, { error: "school is empty" }).max(120, {
    error: "school is longer than 120 characters",
  }),
  district: z.string().trim().transform((raw, ctx) => {
    const found = findDistrict(raw);
    if (!found) {
      ctx.issues.push({
        code: "custom",
        input: raw,
        message: `district ${JSON.stringify(raw)} is not one of the 25 districts`,
      });
      return z.NEVER;
    }
    return found.slug;
  }),
  medium: z.string().trim().toLowerCase().pipe(
    z.enum(["sinhala", "tamil"], { error: 'medium must be "sinhala" or "tamil"' }),
  ),
  gender: z.string().trim().toLowerCase().pipe(
    z.enum(["boys", "girls", "mixed"], { error: 'gender must be "boys", "girls" or "mixed"' }),
  ),
  cutoff: whole("cutoff", 0, 200),
  intake_year: whole("intake_year", 2000, 2100),
  source: z.string().trim().refine((s) => /^https?:\/\/\S+$/.test(s), {
    error: "source must be an http(s) URL",
  }),
  exam_year: z.union([z.literal(""), whole("exam_year", 1999, 2099)]).optional(),
  source_date: z.string().trim().refine((s) => s === "" || isValidIsoDate(s), {
    error: "source_date must be a date written YYYY-MM-DD",
  }).optional(),
  medium_inferred: z.string().trim().toLowerCase().pipe(
    z.enum(["", "true", "false", "1", "0", "yes", "no"], {
      error: "medium_inferred must be true or false",
    }),
  ).optional(),
  note: z.string().trim().max(500, { error: "note is longer than 500 characters" }).optional(),
});

/** The outcome of reading a CSV: the records, or every problem with its line number. */
export type ReadResult =
  | { ok: true; schools: SchoolCutoff[] }
  | { ok: false; errors: string[] };

/**
 * Reads and validates a school list CSV. Nothing is accepted unless every row is valid.
 *
 * @param text The CSV text, with a header row naming the columns (any order; `school`,
 *   `district`, `medium`, `gender`, `cutoff`, `intake_year` and `source` are required).
 * @returns The school cut-offs, or the errors as `Line N: ...` messages.
 */
export function readSchoolsCsv(text: string): ReadResult {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, errors: ["Line 1: the file is empty: expected a header row"] };
  const columns = header.fields.map((f) => f.trim().toLowerCase());
  const errors: string[] = [];
  const unknown = columns.filter((c) => !CSV_COLUMNS.includes(c));
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (unknown.length) {
    errors.push(`Line 1: unknown column ${unknown.join(", ")}: expected ${CSV_COLUMNS.join(", ")}`);
  }
  if (missing.length) errors.push(`Line 1: missing column ${missing.join(", ")}`);
  if (new Set(columns).size !== columns.length) errors.push("Line 1: a column is named twice");
  if (errors.length) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: ["Line 2: no rows after the header"] };

  const schools: SchoolCutoff[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.fields.length !== columns.length) {
      errors.push(
        `Line ${row.line}: expected ${columns.length} fields, got ${row.fields.length}`,
      );
      continue;
    }
    const raw = Object.fromEntries(columns.map((c, i) => [c, row.fields[i]!]));
    const parsed = rowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(`Line ${row.line}: ${issue.message}`);
      continue;
    }
    const r = parsed.data;
    const id = `${r.school.toLowerCase()}|${r.medium}|${r.gender}|${r.intake_year}`;
    const first = seen.get(id);
    if (first !== undefined) {
      errors.push(
        `Line ${row.line}: repeats line ${first} (same school, medium, gender and intake_year)`,
      );
      continue;
    }
    seen.set(id, row.line);
    const examYear = r.exam_year === undefined || r.exam_year === ""
      ? r.intake_year - 1
      : r.exam_year;
    const school: SchoolCutoff = {
      school: r.school,
      district: r.district,
      medium: r.medium,
      mediumInferred: ["true", "1", "yes"].includes(r.medium_inferred ?? ""),
      gender: r.gender,
      cutoff: r.cutoff,
      intakeYear: r.intake_year,
      examYear,
      source: r.source,
      sourceDate: r.source_date ? r.source_date : null,
    };
    if (r.note) school.note = r.note;
    schools.push(school);
  }
  return errors.length ? { ok: false, errors } : { ok: true, schools };
}

/**
 * Merges imported school cut-offs into the existing list: the imported intake years replace
 * every existing record of those years; other years are kept (unless `replaceAll`).
 *
 * @param existing The current list.
 * @param imported The validated rows.
 * @param replaceAll Drop every existing record.
 * @returns The new list: kept records first, then the imported ones.
 */
export function mergeSchools(
  existing: readonly SchoolCutoff[],
  imported: readonly SchoolCutoff[],
  replaceAll = false,
): SchoolCutoff[] {
  const years = new Set(imported.map((s) => s.intakeYear));
  const kept = replaceAll ? [] : existing.filter((s) => !years.has(s.intakeYear));
  return [...kept, ...imported];
}
