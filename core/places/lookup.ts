/**
 * The places answers: a postcode's offices (an old code answered with its new one), a search of
 * the places by name, and the DS divisions and local authorities. Pure; errors are
 * {@linkcode ApiError}s naming the parameter.
 *
 * @module
 */
import { ApiError } from "../errors.ts";
import { unknownChoice } from "../_choices.ts";
import { DISTRICTS, findDistrict } from "../calc/districts.ts";
import {
  ALIASES,
  conflictsOf,
  DSD_CODE_ALIASES,
  DSD_CODE_CONFLICTS,
  type DsdRecord,
  DSDS,
  LOCAL_AUTHORITIES,
  LOCAL_AUTHORITY_TYPES,
  type LocalAuthorityRecord,
  own,
  type PostcodeRecord,
  postcodeRecord,
  POSTCODES,
} from "./_data.ts";
import {
  type Area,
  type Disagreement,
  disagreement,
  districtArea,
  type DivisionSummary,
  dsdSummary,
  localAuthoritySummary,
  type Names,
  names,
  type PostOffice,
  postOffice,
  type Translation,
} from "./answers.ts";
import { fold } from "./normalize.ts";
import { type MatchHow, type NameField, type PlaceKind, searchPlaces } from "./search.ts";

/** A code the 2025 list changed: the old code asked for and the new one answered. */
export interface CodeChange {
  /** The code asked for, as the older lists (slwdc 2019, madurapa) give it. */
  from: string;
  /** The code the 2025 Sri Lanka Post list gives the same office. */
  to: string;
  /**
   * Always true: that the 2025 code replaced the older one is inferred from the lists (the
   * changes bring the first digit into line with the province); no notice of the change was
   * found, and mail may still carry the old code.
   */
  inferred: true;
}

/** Result of `GET /api/v1/postcodes/{code}`. */
export interface PostcodeResult {
  /** The code as asked for. */
  query: string;
  /** The current code: the one asked for, or the one an old code changed to. */
  code: string;
  /** Whether the code asked for is an old one that the 2025 list changed. */
  changed: boolean;
  change: CodeChange | null;
  /** The office or offices behind the code. */
  offices: PostOffice[];
  /**
   * Places the older lists filed under the code asked for that the 2025 list gives another code
   * (the code itself kept its office).
   */
  formerlyHere: { place: string; code: string; sources: string }[];
  /** Where the sources disagree about the code or its office; never decided silently. */
  disagreements: Disagreement[];
}

/** What a postcode must look like. */
const CODE = /^\d{5}$/;

/**
 * The office or offices behind a postcode; an old code answers with the code it changed to.
 *
 * @param raw The code as given (surrounding spaces ignored).
 * @returns The answer.
 * @throws {ApiError} 400 when it is not 5 digits, 404 when no source lists it.
 *
 * @example Usage
 * ```ts
 * import { lookupPostcode } from "./lookup.ts";
 * const kotmale = lookupPostcode("20560");
 * console.log(kotmale.code, kotmale.changed, kotmale.offices[0]?.name.en); // "22560" true "Kotmale"
 * ```
 */
export function lookupPostcode(raw: string): PostcodeResult {
  const query = raw.trim();
  if (!CODE.test(query)) {
    const shown = JSON.stringify(query.slice(0, 40));
    const zeros = /^\d{1,4}$/.test(query)
      ? ` (a code kept as a number loses its leading zeros: write ${query.padStart(5, "0")})`
      : "";
    throw ApiError.invalidParam(
      "code",
      `Parameter "code" must be a postcode of exactly 5 digits, for example 00100 or 20000: got ${shown}${zeros}`,
    );
  }
  const now = own(ALIASES, query);
  const record = postcodeRecord(now ?? query);
  if (!record) {
    throw ApiError.notFound(
      `Postcode ${query} is not in the data: no source lists it (the 2025 Sri Lanka Post list, the 2019 slwdc list and madurapa's list hold ${POSTCODES.length} codes and ${
        Object.keys(ALIASES).length
      } old codes)`,
    );
  }
  const logged = [...conflictsOf(record.code)];
  if (now) { for (const c of conflictsOf(query)) if (!logged.includes(c)) logged.push(c); }
  // Each place once, with every pair of sources that logged it.
  const moved = new Map<string, { place: string; code: string; sources: string }>();
  for (const c of conflictsOf(query)) {
    const detail = c.detail as
      & { place?: string; code_in_g9p999?: string }
      & Record<string, unknown>;
    if (
      c.kind !== "code_differs_between_sources" || c.code !== query ||
      detail.old_code_still_used_for_another_office !== true || !detail.code_in_g9p999
    ) continue;
    const key = `${detail.place} ${detail.code_in_g9p999}`;
    const found = moved.get(key);
    if (found) found.sources += `; ${c.sources}`;
    else {moved.set(key, {
        place: String(detail.place),
        code: detail.code_in_g9p999,
        sources: c.sources,
      });}
  }
  const formerlyHere = [...moved.values()];
  return {
    query,
    code: record.code,
    changed: now !== undefined,
    change: now ? { from: query, to: now, inferred: true } : null,
    offices: [postOffice(record)],
    formerlyHere,
    disagreements: logged.map(disagreement),
  };
}

/**
 * A district parameter as an ISO code.
 *
 * @param raw A district as people write it (name in any of the three languages, ISO code).
 * @returns The ISO code.
 * @throws {ApiError} 400 for an unknown district, listing the districts.
 */
export function districtParam(raw: string): string {
  const found = findDistrict(raw);
  if (!found) throw unknownChoice("district", "district", raw, DISTRICTS.map((d) => d.name));
  return found.code;
}

/** One place found by {@linkcode findPlaces}. */
export interface PlaceMatch {
  kind: PlaceKind;
  /** The postcode (post offices, localities), the DS division's code or the local authority's id. */
  id: string;
  name: Names;
  translation: Translation;
  /** The postcode of a post office, or of the office serving a locality. */
  postcode: string | null;
  /** A post office's type, or that of the office serving a locality. */
  officeType: "post_office" | "sub_post_office" | null;
  /** A locality: the office whose code it has. */
  servedBy: Names | null;
  /**
   * Post offices and localities: the postal district (`kind: "postal"`); DS divisions and local
   * authorities: the administrative district.
   */
  district: Area & { kind: "postal" | "administrative" };
  /** A post office's or locality's administrative district, where the data knows it differs. */
  administrativeDistrict: Area | null;
  province: Area;
  /** Post offices and localities: the list status of the code; null for divisions. */
  status: string | null;
  /** The name that matched and how. */
  matched: { written: string; lang: "en" | "si" | "ta"; field: NameField; how: MatchHow };
  /** Higher is better: 100 an exact name or code, 90 the start of a name, down to 20. */
  score: number;
  /** The API answer with everything about the place. */
  url: string;
}

/** Result of `GET /api/v1/places`. */
export interface PlacesResult {
  /** The query as given. */
  query: string;
  /** The district filter as an ISO code, or null. */
  district: string | null;
  kind: PlaceKind | null;
  limit: number;
  /** How many places are listed (at most `limit`). */
  count: number;
  places: PlaceMatch[];
}

/** Parameters of {@linkcode findPlaces}. */
export interface FindPlacesParams {
  q: string;
  district?: string | undefined;
  kind?: PlaceKind | undefined;
  limit?: number | undefined;
}

function matchOf(
  kind: PlaceKind,
  record: PostcodeRecord | DsdRecord | LocalAuthorityRecord,
  locality: number,
  baseUrl: string,
): Omit<PlaceMatch, "matched" | "score"> {
  if (kind === "post_office" || kind === "locality") {
    const office = postOffice(record as PostcodeRecord);
    const r = record as PostcodeRecord;
    const local = kind === "post_office"
      ? undefined
      : locality < 0
      ? names(r.area!, r.areaSi, r.areaTa)
      : office.localities[locality]!.name;
    return {
      kind,
      id: office.code,
      name: local ?? office.name,
      translation: local ? (local.si || local.ta ? "community" : "none") : office.translation,
      postcode: office.code,
      officeType: office.officeType,
      servedBy: local ? office.name : null,
      district: {
        code: office.postalDistrict.code,
        name: office.postalDistrict.name,
        kind: "postal",
      },
      administrativeDistrict: office.administrativeDistrict
        ? { code: office.administrativeDistrict.code, name: office.administrativeDistrict.name }
        : null,
      province: office.province,
      status: office.status,
      url: `${baseUrl}/api/v1/postcodes/${office.code}`,
    };
  }
  const summary = kind === "ds_division"
    ? dsdSummary(record as DsdRecord)
    : localAuthoritySummary(record as LocalAuthorityRecord);
  return {
    kind,
    id: summary.id,
    name: summary.name,
    translation: summary.translation,
    postcode: null,
    officeType: null,
    servedBy: null,
    district: summary.district,
    administrativeDistrict: null,
    province: summary.province,
    status: null,
    url: `${baseUrl}/api/v1/divisions/${summary.id}`,
  };
}

/**
 * Searches post offices, localities, DS divisions and local authorities by name (any script,
 * any case, the start of a name, another spelling, a typing error) or by postcode.
 *
 * @param params `q`; optionally `district` (as people write it), `kind`, `limit` (default 10).
 * @param baseUrl The server's base URL, for each place's `url`.
 * @returns The places, best first.
 * @throws {ApiError} 400 for a query without a letter or digit, or an unknown district.
 *
 * @example Usage
 * ```ts
 * import { findPlaces } from "./lookup.ts";
 * const found = findPlaces({ q: "Mullativu", limit: 1 }, "https://x.test");
 * console.log(found.places[0]?.postcode); // "42000"
 * ```
 */
export function findPlaces(params: FindPlacesParams, baseUrl: string): PlacesResult {
  if (!fold(params.q)) {
    throw ApiError.invalidParam(
      "q",
      `Parameter "q" must contain a letter or a digit: got ${
        JSON.stringify(params.q.slice(0, 40))
      }`,
    );
  }
  const district = params.district === undefined ? undefined : districtParam(params.district);
  const limit = params.limit ?? 10;
  const hits = searchPlaces(params.q, { district, kind: params.kind, limit });
  const places = hits.map((hit): PlaceMatch => ({
    ...matchOf(hit.place.kind, hit.place.record, hit.place.locality, baseUrl),
    matched: { written: hit.text, lang: hit.lang, field: hit.field, how: hit.how },
    score: hit.score,
  }));
  return {
    query: params.q,
    district: district ?? null,
    kind: params.kind ?? null,
    limit,
    count: places.length,
    places,
  };
}

/** Kinds of division. */
export type DivisionKind = "ds_division" | "local_authority";

/** Parameters of {@linkcode listDivisions}. */
export interface ListDivisionsParams {
  kind?: DivisionKind | undefined;
  district?: string | undefined;
  limit: number;
  offset: number;
}

/** Result of `GET /api/v1/divisions`. */
export interface DivisionsResult {
  /** Divisions matching the filters. */
  total: number;
  limit: number;
  offset: number;
  kind: DivisionKind | null;
  /** The district filter as an ISO code, or null. */
  district: string | null;
  /** DS divisions first, then local authorities, each in district order as the sources list them. */
  divisions: DivisionSummary[];
}

/**
 * Lists DS divisions and local authorities, optionally of one kind and one district.
 *
 * @param params Filters and the page.
 * @returns The page.
 * @throws {ApiError} 400 for an unknown district.
 */
export function listDivisions(params: ListDivisionsParams): DivisionsResult {
  const district = params.district === undefined ? undefined : districtParam(params.district);
  const all = [
    ...(params.kind === "local_authority" ? [] : DSDS.map(dsdSummary)),
    ...(params.kind === "ds_division" ? [] : LOCAL_AUTHORITIES.map(localAuthoritySummary)),
  ].filter((d) => district === undefined || d.district.code === district);
  return {
    total: all.length,
    limit: params.limit,
    offset: params.offset,
    kind: params.kind ?? null,
    district: district ?? null,
    divisions: all.slice(params.offset, params.offset + params.limit),
  };
}

/** Result of `GET /api/v1/divisions/{id}`: a DS division or a local authority in full. */
export interface Division extends DivisionSummary {
  /** The id as asked for (a DS division's code in the census list may differ: see `codeConflict`). */
  query: string;
  /** Local authorities: the type written out (`Municipal Council`). */
  typeName: string | null;
  /** Other spellings of a local authority's name in the census list. */
  variants: string[];
  /** DS divisions: area in square kilometres (HDX boundaries). */
  areaSqKm: number | null;
  /** DS divisions: the centre of the boundary. */
  centre: { lat: number; lng: number } | null;
  /** Grama Niladhari divisions the census list files under it. */
  gndCount: number;
  /** A DS division's local authorities (those with GN divisions in it). */
  localAuthorities: { id: string; name: Names }[];
  /** A local authority's DS divisions, with how many of its GN divisions lie in each. */
  dsDivisions: { id: string; name: Names; gnds: number }[];
  /** A local authority's codes in the census list (unreliable for Batticaloa: see the docs). */
  lgCodes: string[];
  /** Notes from deriving the local authorities (combined labels, spans across districts). */
  flags: string[];
  /** Where HDX and the census list give a DS division different codes. */
  codeConflict: { hdx: string; dcs: string; note: string | null } | null;
  sources: string[];
  /** The source of each field. */
  provenance: Record<string, string>;
}

let dsdById: Map<string, DsdRecord> | undefined;
let laById: Map<string, LocalAuthorityRecord> | undefined;

function dsdOf(id: string): DsdRecord | undefined {
  dsdById ??= new Map(DSDS.map((d) => [d.id, d]));
  return dsdById.get(own(DSD_CODE_ALIASES, id) ?? id);
}

function dsdNames(id: string, fallback: string): Names {
  const d = dsdOf(id);
  return d ? names(d.name, d.nameSi, d.nameTa) : names(fallback);
}

/**
 * A local authority's DS divisions, one entry each: the census list may file its GN divisions
 * under one division with two LG codes, and names a division by a code HDX writes otherwise.
 */
function mergedDsds(l: LocalAuthorityRecord): { id: string; name: Names; gnds: number }[] {
  const out = new Map<string, { id: string; name: Names; gnds: number }>();
  for (const x of l.dsds) {
    const id = dsdOf(x.id)?.id ?? x.id;
    const found = out.get(id);
    if (found) found.gnds += x.gnds;
    else out.set(id, { id, name: dsdNames(x.id, x.name ?? x.id), gnds: x.gnds });
  }
  return [...out.values()];
}

const DIVISION_ID = /^(LK-\d{4}|LA-\d{2}-\d{3})$/;

/**
 * A DS division (`LK-1103`, the Department of Census and Statistics code) or a local authority
 * (`LA-11-001`) in full.
 *
 * @param raw The id (case ignored).
 * @returns The division.
 * @throws {ApiError} 400 for an id of neither shape, 404 for one the data does not have.
 *
 * @example Usage
 * ```ts
 * import { divisionById } from "./lookup.ts";
 * console.log(divisionById("LK-1103").name.en); // "Colombo"
 * ```
 */
export function divisionById(raw: string): Division {
  const id = raw.trim().toUpperCase();
  if (!DIVISION_ID.test(id)) {
    throw ApiError.invalidParam(
      "id",
      `Parameter "id" must be a DS division code such as LK-1103 (LK- and 4 digits) or a local authority id such as LA-11-001: got ${
        JSON.stringify(raw.trim().slice(0, 40))
      }`,
    );
  }
  const empty = {
    query: id,
    typeName: null,
    variants: [],
    areaSqKm: null,
    centre: null,
    localAuthorities: [],
    dsDivisions: [],
    lgCodes: [],
    flags: [],
    codeConflict: null,
  };
  if (id.startsWith("LK-")) {
    const d = dsdOf(id);
    if (!d) throw ApiError.notFound(`No DS division ${id} in the data (${DSDS.length} divisions)`);
    const conflict = DSD_CODE_CONFLICTS.find((c) => c.hdx.startsWith(d.id));
    const dcs = conflict ? /^LK-\d{4}/.exec(conflict.dcs_gnd_list)?.[0] : undefined;
    return {
      ...dsdSummary(d),
      ...empty,
      areaSqKm: d.areaSqKm,
      centre: { lat: d.centre[0]!, lng: d.centre[1]! },
      gndCount: d.gndCount,
      localAuthorities: LOCAL_AUTHORITIES
        .filter((l) => l.dsds.some((x) => (own(DSD_CODE_ALIASES, x.id) ?? x.id) === d.id))
        .map((l) => ({ id: l.id, name: names(l.name) })),
      codeConflict: conflict
        ? { hdx: d.id, dcs: dcs ?? conflict.dcs_gnd_list, note: conflict.note ?? null }
        : null,
      sources: ["hdx_cod_ab", "dcs_gnd_list"],
      provenance: {
        "name.en": "hdx_cod_ab",
        "name.si": "hdx_cod_ab",
        "name.ta": "hdx_cod_ab",
        district: "hdx_cod_ab",
        areaSqKm: "hdx_cod_ab",
        centre: "hdx_cod_ab",
        gndCount: "dcs_gnd_list",
        localAuthorities: "dcs_gnd_list",
      },
    };
  }
  laById ??= new Map(LOCAL_AUTHORITIES.map((l) => [l.id, l]));
  const l = laById.get(id);
  if (!l) {
    throw ApiError.notFound(
      `No local authority ${id} in the data (${LOCAL_AUTHORITIES.length} local authorities)`,
    );
  }
  return {
    ...localAuthoritySummary(l),
    ...empty,
    typeName: own(LOCAL_AUTHORITY_TYPES, l.type) ?? null,
    variants: l.variants ?? [],
    gndCount: l.gndCount,
    dsDivisions: mergedDsds(l),
    lgCodes: [...l.lgCodes],
    flags: l.flags ?? [],
    sources: ["dcs_gnd_list"],
    provenance: {
      "name.en": "dcs_gnd_list",
      type: "dcs_gnd_list",
      district: "dcs_gnd_list",
      dsDivisions: "dcs_gnd_list",
      gndCount: "dcs_gnd_list",
      lgCodes: "dcs_gnd_list",
    },
  };
}

export type { Area, Disagreement, DivisionSummary, Names, PostOffice, Translation };
export { districtArea };
