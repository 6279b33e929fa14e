/**
 * The places data as the code reads it: the records of `data/places.json` (postcodes) and
 * `data/divisions.json` (DS divisions and local authorities), typed, with the lookups built once
 * on first use. The files are imported here and nowhere else, so that a bundle of the SDK ships
 * them in the chunk of the places operations only.
 *
 * @module
 */
import placesFile from "../../data/places.json" with { type: "json" };
import divisionsFile from "../../data/divisions.json" with { type: "json" };
import { type District, DISTRICTS, type Province, PROVINCES } from "../calc/districts.ts";

/** A source id of the data files (`g9p999`, `madurapa`, `slwdc`, `hdx_cod_ab`, `dcs_gnd_list`). */
export type SourceId = string;

/** One postcode record of `data/places.json` (field notes in the file). */
export interface PostcodeRecord {
  code: string;
  name: string;
  nameSi?: string;
  nameTa?: string;
  variants?: string[];
  localities?: { name: string; nameSi?: string; nameTa?: string; source: SourceId }[];
  zone?: number;
  area?: string;
  areaSi?: string;
  areaTa?: string;
  /** P post office, S sub post office (the Post Code Directory's flags). */
  office?: "P" | "S";
  postalDistrictCode?: string;
  /** ISO 3166-2 code of the postal district. */
  district: string;
  adminDistrictHint?: string;
  lat?: number;
  lng?: number;
  /** Absent: `point`. */
  coordQuality?: string;
  /** Absent: `listed_2025`. */
  status?: string;
  sources: SourceId[];
  /** An id of the file's provenance patterns (`p1`), each `source: field field; source: field`. */
  provenance: string;
  olderCodes?: string[];
  flags?: string[];
}

/** One conflict between the sources, as logged while cleaning. */
export interface ConflictRecord {
  code: string;
  kind: string;
  detail: unknown;
  resolution: string;
  sources: string;
}

/** One DS division of `data/divisions.json`. */
export interface DsdRecord {
  id: string;
  name: string;
  nameSi: string;
  nameTa: string;
  district: string;
  areaSqKm: number;
  centre: number[];
  gndCount: number;
}

/** One local authority of `data/divisions.json`. */
export interface LocalAuthorityRecord {
  id: string;
  name: string;
  variants?: string[];
  type: string;
  district: string;
  /** Its DS divisions; `name` only where the census list spells one otherwise than HDX. */
  dsds: { id: string; name?: string; gnds: number }[];
  gndCount: number;
  lgCodes: string[];
  flags?: string[];
}

interface PlacesFile {
  lastVerified: string;
  provenancePatterns: Record<string, string>;
  sources: Record<SourceId, { repo: string; url: string; licence: string }>;
  aliases: Record<string, string>;
  postcodes: PostcodeRecord[];
  conflicts: ConflictRecord[];
}

interface DsdConflict {
  name: string;
  hdx: string;
  dcs_gnd_list: string;
  note?: string;
}

interface DivisionsFile {
  lastVerified: string;
  dsdCodeConflicts: DsdConflict[];
  dsdCodeAliases: Record<string, string>;
  dsds: DsdRecord[];
  localAuthorities: LocalAuthorityRecord[];
}

const PLACES = placesFile as unknown as PlacesFile;
const DIVISIONS = divisionsFile as unknown as DivisionsFile;

/** The postcode records, in code order. */
export const POSTCODES: readonly PostcodeRecord[] = PLACES.postcodes;
/** Old code -> the code the 2025 list gives the same office. */
export const ALIASES: Readonly<Record<string, string>> = PLACES.aliases;
/** Every conflict between the sources. */
export const CONFLICTS: readonly ConflictRecord[] = PLACES.conflicts;
/** The DS divisions. */
export const DSDS: readonly DsdRecord[] = DIVISIONS.dsds;
/** The local authorities. */
export const LOCAL_AUTHORITIES: readonly LocalAuthorityRecord[] = DIVISIONS.localAuthorities;
/** DCS-list code -> the HDX code of the same DS division, where the two differ. */
export const DSD_CODE_ALIASES: Readonly<Record<string, string>> = DIVISIONS.dsdCodeAliases;
/** The DS divisions whose code differs between HDX and the DCS list (and Kalmunai North). */
export const DSD_CODE_CONFLICTS: readonly DsdConflict[] = DIVISIONS.dsdCodeConflicts;
/** Provenance pattern id -> `source: field field; source: field`. */
export const PROVENANCE_PATTERNS: Readonly<Record<string, string>> = PLACES.provenancePatterns;
/** When the postcode data was last checked against its sources. */
export const PLACES_VERIFIED: string = PLACES.lastVerified;
/** When the divisions data was last checked against its sources. */
export const DIVISIONS_VERIFIED: string = DIVISIONS.lastVerified;

/** Local authority types as the census list writes them out. */
export const LOCAL_AUTHORITY_TYPES: Readonly<Record<string, string>> = {
  MC: "Municipal Council",
  UC: "Urban Council",
  PS: "Pradeshiya Sabha",
};

/** Has an own property, without the prototype's (`"constructor"` is no postcode). */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

let byCode: Map<string, PostcodeRecord> | undefined;

/**
 * The record of a current code.
 *
 * @param code Five digits.
 * @returns The record, or undefined.
 */
export function postcodeRecord(code: string): PostcodeRecord | undefined {
  byCode ??= new Map(POSTCODES.map((p) => [p.code, p]));
  return byCode.get(code);
}

let conflictsByCode: Map<string, ConflictRecord[]> | undefined;

/**
 * The conflicts logged under a code, and those of a place the older lists filed under another
 * code that the 2025 list gives this one.
 *
 * @param code Five digits.
 * @returns The conflicts (shared: do not change them).
 */
export function conflictsOf(code: string): readonly ConflictRecord[] {
  if (!conflictsByCode) {
    conflictsByCode = new Map();
    const add = (key: string, c: ConflictRecord) => {
      const list = conflictsByCode!.get(key) ?? [];
      if (!list.includes(c)) list.push(c);
      conflictsByCode!.set(key, list);
    };
    for (const c of CONFLICTS) {
      add(c.code, c);
      const now = (c.detail as { code_in_g9p999?: string } | null)?.code_in_g9p999;
      if (c.kind === "code_differs_between_sources" && now) add(now, c);
    }
  }
  return conflictsByCode.get(code) ?? [];
}

const districtByCode = new Map<string, District>(DISTRICTS.map((d) => [d.code, d]));
const provinceByName = new Map<string, Province>(PROVINCES.map((p) => [p.name, p]));

/**
 * A district by ISO 3166-2 code, and its province.
 *
 * @param code For example `LK-11`.
 * @returns The district and its province.
 * @throws {RangeError} For a code the districts do not have (the data files are checked
 *   against them when imported).
 */
export function districtOf(code: string): { district: District; province: Province } {
  const district = districtByCode.get(code);
  const province = district ? provinceByName.get(district.province) : undefined;
  if (!district || !province) throw new RangeError(`Unknown district code "${code}"`);
  return { district, province };
}
