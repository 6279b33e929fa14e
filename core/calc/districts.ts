/**
 * Districts and provinces without schemas, so that importing {@linkcode listDistricts} alone
 * bundles without zod (the operation in `../ops/districts.ts` adds the schemas).
 *
 * @module
 */
import data from "../../data/districts.json" with { type: "json" };

/** One of the 9 provinces. */
export interface Province {
  slug: string;
  /** English name without "Province" (ISO 3166-2 writes "Western Province"). */
  name: string;
  /** Sinhala name, with පළාත (sources in `data/districts.json`). */
  nameSinhala: string;
  /** Tamil name, with மாகாணம் (sources in `data/districts.json`). */
  nameTamil: string;
  /** ISO 3166-2 code, `LK-1` to `LK-9`. */
  code: string;
  capital: string;
}

/** One of the 25 districts (spec 2.11 plus names, codes and capital). */
export interface District {
  slug: string;
  name: string;
  nameSinhala: string;
  nameTamil: string;
  /** ISO 3166-2 code, for example `LK-11`. */
  code: string;
  province: string;
  provinceCode: string;
  capital: string;
  /** One line written by this project. */
  tagline: string;
  notablePlaces: string[];
}

/** The 25 districts in Department of Examinations (and ISO numeric) order. */
export const DISTRICTS: readonly District[] = data.districts.map((d) => ({
  slug: d.slug,
  name: d.name,
  nameSinhala: d.nameSinhala,
  nameTamil: d.nameTamil,
  code: d.code,
  province: d.province,
  provinceCode: d.provinceCode,
  capital: d.capital,
  tagline: d.tagline,
  notablePlaces: [...d.notablePlaces],
}));

/** The 9 provinces in ISO order. */
export const PROVINCES: readonly Province[] = data.provinces.map((p) => ({
  slug: p.slug,
  name: p.name,
  nameSinhala: p.nameSinhala,
  nameTamil: p.nameTamil,
  code: p.code,
  capital: p.capital,
}));

/**
 * Lower case, without zero-width joiners (many sources drop the one in ශ්‍රී or ත්‍ර), with runs
 * of spaces, hyphens and underscores made one hyphen.
 */
function normalise(raw: string): string {
  return raw.trim().toLowerCase().replace(/[\u200c\u200d]/g, "").replace(/[\s_-]+/g, "-");
}

const DISTRICT_KEYS = new Map<string, District>();
for (const [i, d] of data.districts.entries()) {
  const district = DISTRICTS[i]!;
  for (
    const key of [
      d.slug,
      d.name,
      d.code,
      d.nameSinhala,
      d.nameTamil,
      ...d.aliases,
      ...("aliasesSinhala" in d ? d.aliasesSinhala : []),
      ...("aliasesTamil" in d ? d.aliasesTamil : []),
    ]
  ) {
    DISTRICT_KEYS.set(normalise(key), district);
  }
}

/** The word for "province" that may follow a name, in English, Sinhala (පළාත) and Tamil (மாகாணம்). */
const PROVINCE_WORD =
  /-(province|\u0DB4\u0DC5\u0DCF\u0DAD|\u0BAE\u0BBE\u0B95\u0BBE\u0BA3\u0BAE\u0BCD)$/;

const PROVINCE_KEYS = new Map<string, Province>();
for (const province of PROVINCES) {
  for (
    const key of [
      province.slug,
      province.name,
      province.code,
      province.nameSinhala,
      province.nameTamil,
    ]
  ) {
    PROVINCE_KEYS.set(normalise(key).replace(PROVINCE_WORD, ""), province);
  }
}

/**
 * Finds a district by slug, English name, ISO code, Sinhala or Tamil name or a common spelling
 * variant (such as ISO's `Kegalla`), ignoring case.
 *
 * @param raw What the caller wrote, for example `Nuwara Eliya`, `nuwara-eliya`, `LK-23` or
 *   `Moneragala`.
 * @returns The district, or undefined.
 *
 * @example Usage
 * ```ts
 * import { findDistrict } from "./districts.ts";
 * console.log(findDistrict("moneragala")?.slug); // "monaragala"
 * ```
 */
export function findDistrict(raw: string): District | undefined {
  return DISTRICT_KEYS.get(normalise(raw));
}

/**
 * Finds a province by slug, English name with or without "Province" (ISO 3166-2 writes
 * `Northern Province`), ISO code, or Sinhala or Tamil name with or without පළාත / மாகாணம்,
 * ignoring case.
 *
 * @param raw For example `North Western`, `north-western`, `Northern Province`, `LK-6`,
 *   `උතුරු පළාත` or `வட மாகாணம்`.
 * @returns The province, or undefined.
 *
 * @example Usage
 * ```ts
 * import { findProvince } from "./districts.ts";
 * console.log(findProvince("north western")?.code); // "LK-6"
 * ```
 */
export function findProvince(raw: string): Province | undefined {
  return PROVINCE_KEYS.get(normalise(raw).replace(PROVINCE_WORD, ""));
}

function copy(d: District): District {
  return { ...d, notablePlaces: [...d.notablePlaces] };
}

/** Options of {@linkcode listDistricts}. */
export interface ListDistrictsOptions {
  /** A province as {@linkcode findProvince} reads it; omit for all 25 districts. */
  province?: string | undefined;
}

/** Result of `GET /api/v1/districts` (spec 2.11). */
export interface DistrictsResult {
  count: number;
  /** The province filter applied, or null. */
  province: string | null;
  districts: District[];
}

/**
 * Lists the districts, optionally of one province.
 *
 * @param options The province (omit for all 25).
 * @returns The districts in ISO order.
 * @throws {RangeError} For an unknown province.
 *
 * @example Usage
 * ```ts
 * import { listDistricts } from "./districts.ts";
 * console.log(listDistricts({ province: "Uva" }).districts.map((d) => d.name)); // ["Badulla", "Monaragala"]
 * ```
 */
export function listDistricts(options: ListDistrictsOptions = {}): DistrictsResult {
  const { province } = options;
  if (province === undefined) {
    return { count: DISTRICTS.length, province: null, districts: DISTRICTS.map(copy) };
  }
  const found = findProvince(province);
  if (!found) {
    throw new RangeError(
      `Unknown province ${JSON.stringify(province.slice(0, 40))}: expected one of ${
        PROVINCES.map((p) => p.name).join(", ")
      }`,
    );
  }
  const list = DISTRICTS.filter((d) => d.province === found.name).map(copy);
  return { count: list.length, province: found.name, districts: list };
}
