/**
 * Number plate decoding without schemas, so that importing {@linkcode decodePlate} alone bundles
 * without zod (the operation in `../ops/plate.ts` adds the schemas).
 *
 * @module
 */
import plateData from "../../data/plates.json" with { type: "json" };

/**
 * `province-prefixed` (`WP CAB-1234`, plates made 2000-2022), `national` (`CAB-1234`, no
 * province: plates made from 2023), `dash` (`19-1234`, late 1980s to 2000), `sri`
 * (`15 ශ්‍රී 1234`, 1956 to the late 1980s).
 */
export type PlateFormat = "province-prefixed" | "national" | "dash" | "sri";

/** How well a class row is sourced (`verified` is true for the first two). */
export type PlateConfidence = "official" | "2+ sources" | "single" | "unverified";

/** A province code on plates made from June 2000 to December 2022. */
export interface PlateProvince {
  code: string;
  name: string;
}

/** The vehicle class a letter block or numeric series was allocated to. */
export interface PlateVehicleClass {
  /** `motor_car`, `dual_purpose`, `motor_cycle`, `motor_tricycle`, `lorry`, `bus`, ... */
  code: string;
  label: string;
  /** True only when the allocation is official or backed by two or more sources. */
  verified: boolean;
  confidence: PlateConfidence;
  source: string;
}

/** Approximate years the registration number was issued in (null: not known). */
export interface PlateEra {
  from: number | null;
  to: number | null;
  label: string;
}

/** Result of {@linkcode decodePlate}. Decoded fields are null when `valid` is false. */
export interface PlateResult {
  plate: string;
  valid: boolean;
  reason: string | null;
  format: PlateFormat | null;
  province: PlateProvince | null;
  series: string | null;
  number: string | null;
  vehicleClass: PlateVehicleClass | null;
  era: PlateEra | null;
  notes: string[];
}

/** Options of {@linkcode decodePlate}. */
export interface DecodePlateOptions {
  /** The plate as typed: any case, spaces or hyphens between the parts, ශ්‍රී or `SRI`. */
  plate: string;
}

interface ClassRow {
  class: string | null;
  verified: boolean;
  confidence: string;
  source: string;
  note?: string;
  era?: PlateEra;
}

interface BlockRow extends ClassRow {
  from: string;
  to: string;
}

interface SeriesRow extends ClassRow {
  series: string;
}

/** The nine province codes. */
export const PLATE_PROVINCES: readonly PlateProvince[] = plateData.provinces.map((
  { code, name },
) => ({ code, name }));

const PROVINCES = new Map(PLATE_PROVINCES.map((p) => [p.code, p]));
const CLASS_LABELS: Readonly<Record<string, string>> = plateData.classes;
const BLOCKS = plateData.letterBlocks as readonly BlockRow[];
const SERIES = new Map((plateData.numericSeries as readonly SeriesRow[]).map((r) => [r.series, r]));
const ERAS = plateData.eras;
const CEYLON = new Set(plateData.ceylonSeries.letters);
const LAST_PROVINCE_YEAR = ERAS.provinceDropped.year - 1;

/** ශ්‍රී with or without the zero-width joiner, as plates and keyboards write it. */
const SINHALA_SRI = /\u0DC1\u0DCA\u200D?\u0DBB\u0DD3/g;
/** Spaces, hyphens, dashes, underscores, dots and zero-width characters between the parts. */
const SEPARATORS = /[\s\-_.\u2010-\u2015\u200B-\u200D\uFEFF]+/g;
/** ශ්‍රී, the separator of Sri series plates. */
const SRI_WORD = plateData.sriWord.text;
const EXPECTED =
  `a plate such as WP CAB-1234, CAB-1234, 19-1234 or 15 ${SRI_WORD} 1234 (15-SRI-1234)`;

function shown(raw: string): string {
  return raw.length > 64 ? `${raw.slice(0, 64)}…` : raw;
}

function invalid(plate: string, reason: string): PlateResult {
  return {
    plate: shown(plate),
    valid: false,
    reason,
    format: null,
    province: null,
    series: null,
    number: null,
    vehicleClass: null,
    era: null,
    notes: [],
  };
}

function vehicleClass(row: ClassRow | undefined): PlateVehicleClass | null {
  if (!row || row.class === null) return null;
  return {
    code: row.class,
    label: CLASS_LABELS[row.class] ?? row.class,
    verified: row.verified,
    confidence: row.confidence as PlateConfidence,
    source: row.source,
  };
}

function classNotes(row: ClassRow | undefined, what: string): string[] {
  if (!row) return [`No source gives the vehicle class of ${what}`];
  const notes = row.note ? [row.note] : [];
  if (row.class !== null && !row.verified) {
    const basis = row.confidence === "single"
      ? "one source only"
      : "commonly cited, no source found";
    notes.push(`The class of ${what} is not confirmed (${basis}): ${row.source}`);
  }
  return notes;
}

function decodeNumeric(
  raw: string,
  format: "dash" | "sri",
  series: string,
  number: string,
): PlateResult {
  if (series.startsWith("0")) {
    return invalid(
      raw,
      `Series "${series}" is not issued: numeric series run from 1 without a leading 0`,
    );
  }
  if (/^0+$/.test(number)) {
    return invalid(raw, `Number "${number}" is not issued: numbers start at 1`);
  }
  const row = SERIES.get(series);
  const base = format === "sri" ? ERAS.sri : ERAS.dash;
  return {
    plate: format === "sri" ? `${series} ${SRI_WORD} ${number}` : `${series}-${number}`,
    valid: true,
    reason: null,
    format,
    province: null,
    series,
    number,
    vehicleClass: vehicleClass(row),
    era: row?.era ?? { from: base.from, to: base.to, label: base.label },
    notes: [
      ...classNotes(row, `series ${series}`),
      `Sri and dash plates are one numbering system: the leading number is a series for a vehicle category, and the separator changed from ${SRI_WORD} to a dash in the late 1980s`,
    ],
  };
}

function decodeLetters(raw: string, letters: string, number: string): PlateResult {
  if (letters.length < 2 || letters.length > 5) {
    return invalid(
      raw,
      `Expected 2 or 3 series letters, optionally after a 2-letter province code: got "${letters}"`,
    );
  }
  const withProvince = letters.length >= 4;
  const series = withProvince ? letters.slice(2) : letters;
  const province = withProvince ? PROVINCES.get(letters.slice(0, 2)) : undefined;
  if (withProvince && !province) {
    const codes = PLATE_PROVINCES.map((p) => p.code).join(", ");
    return invalid(raw, `Unknown province code "${letters.slice(0, 2)}": expected one of ${codes}`);
  }
  if (number.length !== 4) {
    return invalid(raw, `Expected 4 digits after the letters "${letters}": got ${number.length}`);
  }
  if (number === "0000") return invalid(raw, `Number "0000" is not issued: numbers run from 0001`);
  const row = BLOCKS.find((b) =>
    b.from.length === series.length && b.from <= series && series <= b.to
  );
  const base = series.length === 2 ? ERAS.twoLetter : ERAS.threeLetter;
  const era: PlateEra = row?.era ?? { from: base.from, to: base.to, label: base.label };
  const notes = classNotes(row, `the ${series} block`);
  if (province) {
    notes.push(
      `The province letters show the plate was made before ${ERAS.provinceDropped.year}, in the owner's province at the time`,
    );
  } else {
    notes.push(
      `No province letters: the plate was made on or after 1 January ${ERAS.provinceDropped.year} (a new registration, or a re-plating on transfer of ownership); the vehicle may be older`,
    );
  }
  if (series.length === 2 && CEYLON.has(series)) {
    notes.push(
      `${series} was also a series of the Ceylon era (${plateData.ceylonSeries.label}): an old vehicle may carry it`,
    );
  }
  return {
    plate: province ? `${province.code} ${series}-${number}` : `${series}-${number}`,
    valid: true,
    reason: null,
    format: province ? "province-prefixed" : "national",
    province: province ?? null,
    series,
    number,
    vehicleClass: vehicleClass(row),
    era: province
      ? {
        from: era.from,
        to: Math.min(era.to ?? LAST_PROVINCE_YEAR, LAST_PROVINCE_YEAR),
        label: era.label,
      }
      : era,
    notes,
  };
}

/**
 * Decodes a Sri Lankan vehicle number plate into its format, province, series, running number,
 * vehicle class (flagged `verified: false` where no reliable source gives it) and approximate
 * issue era. Spaces, hyphens and case do not matter; the Sinhala ශ්‍රී may be written `SRI`.
 * Anything that is not a plate is answered with `valid: false` and a `reason`, never thrown.
 * No owner information exists here: this is string parsing only.
 *
 * @param options The plate as typed, e.g. `WP CAB-1234`, `wp-cab-1234`, `19-1234`, `15 SRI 1234`.
 * @returns The decoded plate.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePlate } from "./plate.ts";
 * const result = decodePlate({ plate: "wp-aaa-0001" });
 * assert.equal(result.plate, "WP AAA-0001");
 * assert.equal(result.province?.name, "Western");
 * assert.equal(result.vehicleClass?.code, "motor_tricycle");
 * ```
 */
export function decodePlate(options: DecodePlateOptions): PlateResult {
  const raw = options.plate.trim();
  const compact = raw.replace(SINHALA_SRI, "SRI").toUpperCase().replace(SEPARATORS, "");
  if (compact === "") return invalid(raw, `Expected ${EXPECTED}: got an empty value`);
  const sri = /^(\d{1,3})SRI(\d{1,4})$/.exec(compact);
  if (sri) return decodeNumeric(raw, "sri", sri[1]!, sri[2]!);
  if (/^\d+$/.test(compact)) {
    if (compact.length < 5 || compact.length > 7) {
      return invalid(
        raw,
        `Expected a numeric series of 1 to 3 digits and a 4-digit number: got ${compact.length} digits`,
      );
    }
    return decodeNumeric(raw, "dash", compact.slice(0, -4), compact.slice(-4));
  }
  const lettered = /^([A-Z]+)(\d+)$/.exec(compact);
  if (lettered) return decodeLetters(raw, lettered[1]!, lettered[2]!);
  return invalid(raw, `Expected ${EXPECTED}: got ${JSON.stringify(shown(raw))}`);
}
