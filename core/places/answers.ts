/**
 * The answers of the places operations, made from the records of the data files: names in three
 * languages, districts and provinces with their codes, and what is uncertain said in fields of
 * its own (which district is meant, whose translation a name is, where the sources disagree).
 *
 * @module
 */
import type { District, Province } from "../calc/districts.ts";
import {
  type ConflictRecord,
  districtOf,
  type DsdRecord,
  type LocalAuthorityRecord,
  own,
  type PostcodeRecord,
  PROVENANCE_PATTERNS,
} from "./_data.ts";

/** A name in English, Sinhala and Tamil; null where no source gives it. */
export interface Names {
  en: string;
  si: string | null;
  ta: string | null;
}

/** A district or province: its ISO 3166-2 code and its names. */
export interface Area {
  /** ISO 3166-2, for example `LK-11` (district) or `LK-1` (province). */
  code: string;
  name: Names;
}

/**
 * Whose Sinhala and Tamil names these are: `community` (madurapa's translations, checked by no
 * official list), `survey_department` (HDX COD-AB, the Survey Department's boundaries data),
 * `none` (no source gives them).
 */
export type Translation = "community" | "survey_department" | "none";

/** The district Sri Lanka Post files an office under. */
export interface PostalDistrict extends Area {
  /** `postal`: this is the postal district, which is not always the administrative one. */
  kind: "postal";
  /** Sri Lanka Post's own district code (`CO`, `KY`, `APR`), when the 2025 list gives one. */
  postCode: string | null;
}

/** The administrative district a place is in, where the data has evidence of it. */
export interface AdministrativeDistrict extends Area {
  kind: "administrative";
  /**
   * `coordinate`: madurapa files the place in this district and its coordinate falls inside the
   * district's boundary (the research's strict test); not an official statement.
   */
  basis: "coordinate";
}

/** A coordinate with its quality (every coordinate is approximate). */
export interface Coordinates {
  lat: number;
  lng: number;
  /**
   * `point`; `approximate_shared` (a centroid several rows share); `suspect_outside_postal_district`
   * (falls in another district, often a same-named village); `outside_polygons` (at sea or outside
   * every district).
   */
  quality: string;
}

/** Where two or more sources disagree about a code, and what the data keeps. */
export interface Disagreement {
  /**
   * `district_mismatch`, `postal_vs_admin_district`, `name_mismatch`,
   * `code_differs_between_sources` or `duplicate_row`.
   */
  kind: string;
  /** The code the disagreement was logged under. */
  code: string;
  /** What each source says (by source id or by what the value is). */
  values: Record<string, string>;
  /** What the data keeps, and why. */
  resolution: string;
  /** The sources that disagree. */
  sources: string;
}

/** One post office behind a postcode. */
export interface PostOffice {
  code: string;
  name: Names;
  /** Whose the Sinhala and Tamil names are (here `community` or `none`). */
  translation: Translation;
  /** Other spellings of the name in the sources. */
  variants: string[];
  /** The Colombo zone (`Colombo 6`), for codes 00100 to 01500. */
  zone: Names | null;
  /** A Colombo zone's area name (`Cinnamon Gardens`) where it differs from the office's. */
  area: Names | null;
  /** Places an older list names for this code beside the office. */
  localities: { name: Names; source: string }[];
  /** `post_office` (P) or `sub_post_office` (S) in the 2025 list; null when it does not say. */
  officeType: "post_office" | "sub_post_office" | null;
  postalDistrict: PostalDistrict;
  /** Null unless the data has evidence that the place lies in another district than its postal one. */
  administrativeDistrict: AdministrativeDistrict | null;
  /** The province of the postal district. */
  province: Area;
  coordinates: Coordinates | null;
  /**
   * `listed_2025` (in the 2025 Sri Lanka Post list), `older_lists_only` (only in the 2019 and
   * community lists), `single_source` (only in one list: unverified).
   */
  status: string;
  /** The sources that list the code; `madurapa(as 10209)` lists the office under an older code. */
  sources: string[];
  /** The source of each field (`name.en`, `name.si`, `officeType`, `postalDistrict`, `coordinates`). */
  provenance: Record<string, string>;
  /** Codes the older lists give this office. */
  olderCodes: string[];
  /** What cleaning changed in a source's row (`slwdc:leading_zeros_restored`, ...). */
  flags: string[];
}

/**
 * A name in three languages.
 *
 * @param en English.
 * @param si Sinhala, if any.
 * @param ta Tamil, if any.
 * @returns The names.
 */
export function names(en: string, si?: string, ta?: string): Names {
  return { en, si: si ?? null, ta: ta ?? null };
}

/** A district's names. */
export function districtNames(d: District): Names {
  return { en: d.name, si: d.nameSinhala, ta: d.nameTamil };
}

/** A province's names. */
export function provinceNames(p: Province): Names {
  return { en: p.name, si: p.nameSinhala, ta: p.nameTamil };
}

/** A district as an area. */
export function districtArea(code: string): { district: Area; province: Area } {
  const { district, province } = districtOf(code);
  return {
    district: { code: district.code, name: districtNames(district) },
    province: { code: province.code, name: provinceNames(province) },
  };
}

/** The field names of the data's provenance, as the answer names them. */
const PROVENANCE_FIELDS: Readonly<Record<string, string>> = {
  name: "name.en",
  nameSi: "name.si",
  nameTa: "name.ta",
  office: "officeType",
  district: "postalDistrict",
  coords: "coordinates",
};

/**
 * The provenance of a record (a pattern id, or the pattern `source: field field; source: field`),
 * by field.
 *
 * @param written The record's provenance.
 * @returns Source by field of the answer.
 */
export function provenanceOf(written: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (own(PROVENANCE_PATTERNS, written) ?? written).split("; ")) {
    const [source, fields] = part.split(": ");
    for (const field of fields?.split(" ") ?? []) {
      out[PROVENANCE_FIELDS[field] ?? field] = source!;
    }
  }
  return out;
}

/**
 * The Colombo zone of a code, named as its district is (`Colombo 6`, with the district's
 * Sinhala and Tamil names).
 */
function zoneNames(zone: number, districtCode: string): Names {
  const { district } = districtOf(districtCode);
  return {
    en: `${district.name} ${zone}`,
    si: `${district.nameSinhala} ${zone}`,
    ta: `${district.nameTamil} ${zone}`,
  };
}

/**
 * The answer for one postcode record.
 *
 * @param r The record.
 * @returns The post office.
 */
export function postOffice(r: PostcodeRecord): PostOffice {
  const { district, province } = districtArea(r.district);
  const hint = r.adminDistrictHint ? districtArea(r.adminDistrictHint).district : null;
  return {
    code: r.code,
    name: names(r.name, r.nameSi, r.nameTa),
    translation: r.nameSi || r.nameTa || r.areaSi || r.areaTa ? "community" : "none",
    variants: r.variants ?? [],
    zone: r.zone === undefined ? null : zoneNames(r.zone, r.district),
    area: r.area === undefined ? null : names(r.area, r.areaSi, r.areaTa),
    localities: (r.localities ?? []).map((l) => ({
      name: names(l.name, l.nameSi, l.nameTa),
      source: l.source,
    })),
    officeType: r.office === "P" ? "post_office" : r.office === "S" ? "sub_post_office" : null,
    postalDistrict: { ...district, kind: "postal", postCode: r.postalDistrictCode ?? null },
    administrativeDistrict: hint ? { ...hint, kind: "administrative", basis: "coordinate" } : null,
    province,
    coordinates: r.lat === undefined || r.lng === undefined
      ? null
      : { lat: r.lat, lng: r.lng, quality: r.coordQuality ?? "point" },
    status: r.status ?? "listed_2025",
    sources: [...r.sources],
    provenance: provenanceOf(r.provenance),
    olderCodes: r.olderCodes ?? [],
    flags: r.flags ?? [],
  };
}

/** A logged value as text. */
function text(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * A logged conflict as the answer says it: what each source has.
 *
 * @param c The conflict.
 * @returns The disagreement.
 */
export function disagreement(c: ConflictRecord): Disagreement {
  const values: Record<string, string> = {};
  if (Array.isArray(c.detail)) {
    // Duplicate rows: each row's name and coordinate.
    c.detail.forEach((row: { name?: string; lat?: number; lng?: number }, i) => {
      values[`row ${i + 1}`] = `${row.name ?? ""} (${row.lat}, ${row.lng})`;
    });
  } else if (c.detail && typeof c.detail === "object") {
    for (const [key, value] of Object.entries(c.detail)) values[key] = text(value);
  }
  return { kind: c.kind, code: c.code, values, resolution: c.resolution, sources: c.sources };
}

/** A DS division or a local authority, as listed. */
export interface DivisionSummary {
  /** `ds_division` or `local_authority`. */
  kind: "ds_division" | "local_authority";
  /** `LK-1103` (DS division, the DCS code) or `LA-11-001` (local authority). */
  id: string;
  name: Names;
  translation: Translation;
  /** Local authorities: `MC` (Municipal Council), `UC` (Urban Council), `PS` (Pradeshiya Sabha). */
  type: "MC" | "UC" | "PS" | null;
  /** The administrative district. */
  district: Area & { kind: "administrative" };
  province: Area;
}

/**
 * A DS division as listed.
 *
 * @param d The record.
 * @returns The summary.
 */
export function dsdSummary(d: DsdRecord): DivisionSummary {
  const { district, province } = districtArea(d.district);
  return {
    kind: "ds_division",
    id: d.id,
    name: names(d.name, d.nameSi, d.nameTa),
    translation: "survey_department",
    type: null,
    district: { ...district, kind: "administrative" },
    province,
  };
}

/**
 * A local authority as listed.
 *
 * @param l The record.
 * @returns The summary.
 */
export function localAuthoritySummary(l: LocalAuthorityRecord): DivisionSummary {
  const { district, province } = districtArea(l.district);
  return {
    kind: "local_authority",
    id: l.id,
    name: names(l.name),
    translation: "none",
    type: l.type as "MC" | "UC" | "PS",
    district: { ...district, kind: "administrative" },
    province,
  };
}
