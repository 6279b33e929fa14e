import * as z from "zod/mini";
import data from "../../data/districts.json" with { type: "json" };
import { unknownChoice } from "../_choices.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { text } from "../params.ts";

/** One of the 9 provinces. */
export interface Province {
  slug: string;
  name: string;
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
export const PROVINCES: readonly Province[] = data.provinces.map((p) => ({ ...p }));

/** Lower case, with runs of spaces, hyphens and underscores made one hyphen. */
function normalise(raw: string): string {
  return raw.trim().toLowerCase().replace(/[\s_-]+/g, "-");
}

const DISTRICT_KEYS = new Map<string, District>();
for (const [i, d] of data.districts.entries()) {
  const district = DISTRICTS[i]!;
  for (const key of [d.slug, d.name, d.code, ...d.aliases]) {
    DISTRICT_KEYS.set(normalise(key), district);
  }
}

/**
 * Finds a district by slug, English name, ISO code or a common spelling variant, ignoring case.
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
 * Finds a province by slug, name or ISO code, ignoring case.
 *
 * @param raw For example `North Western`, `north-western` or `LK-6`.
 * @returns The province, or undefined.
 *
 * @example Usage
 * ```ts
 * import { findProvince } from "./districts.ts";
 * console.log(findProvince("north western")?.code); // "LK-6"
 * ```
 */
export function findProvince(raw: string): Province | undefined {
  const key = normalise(raw);
  return PROVINCES.find((p) => [p.slug, normalise(p.name), normalise(p.code)].includes(key));
}

function copy(d: District): District {
  return { ...d, notablePlaces: [...d.notablePlaces] };
}

/** Parameters of {@linkcode districts}. */
export interface DistrictsParams {
  province?: string | undefined;
}

/** Result of {@linkcode districts} (spec 2.11). */
export interface DistrictsResult {
  count: number;
  /** The province filter applied, or null. */
  province: string | null;
  districts: District[];
}

/**
 * Lists the districts, optionally of one province.
 *
 * @param province A province name, slug or ISO code; omit for all 25.
 * @returns The districts in ISO order.
 * @throws {ApiError} 400 for an unknown province, listing the nine.
 *
 * @example Usage
 * ```ts
 * import { listDistricts } from "./districts.ts";
 * console.log(listDistricts("Uva").districts.map((d) => d.name)); // ["Badulla", "Monaragala"]
 * ```
 */
export function listDistricts(province?: string): DistrictsResult {
  if (province === undefined) {
    return { count: DISTRICTS.length, province: null, districts: DISTRICTS.map(copy) };
  }
  const found = findProvince(province);
  if (!found) throw unknownChoice("province", "province", province, PROVINCES.map((p) => p.name));
  const list = DISTRICTS.filter((d) => d.province === found.name).map(copy);
  return { count: list.length, province: found.name, districts: list };
}

const districtSchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameSinhala: z.string(),
  nameTamil: z.string(),
  code: z.string().check(z.describe("ISO 3166-2 code, e.g. LK-11")),
  province: z.string(),
  provinceCode: z.string().check(z.describe("ISO 3166-2 code of the province, e.g. LK-1")),
  capital: z.string(),
  tagline: z.string(),
  notablePlaces: z.array(z.string()),
});

const result: z.ZodMiniType<DistrictsResult> = z.object({
  count: z.int(),
  province: z.nullable(z.string()),
  districts: z.array(districtSchema),
});

const params = z.object({
  province: z.optional(text({
    maxLength: 40,
    description: "Only the districts of this province (name, slug or ISO code, e.g. Western)",
    example: "Western",
  })),
});

/** `GET /api/v1/districts`: the 25 districts. */
export const districts: Operation<DistrictsParams, DistrictsResult> = defineOperation({
  name: "districts",
  method: "GET",
  path: "/districts",
  title: "Districts",
  description:
    "The 25 districts of Sri Lanka with province, ISO 3166-2 codes, Sinhala and Tamil names, a tagline and notable places; optionally those of one province.",
  tag: "Reference",
  params,
  result,
  example: "/api/v1/districts",
  page: "districts",
  provenance: { sourceUrl: data.sourceUrl, lastVerified: data.lastVerified },
  run: (p) => listDistricts(p.province),
});
