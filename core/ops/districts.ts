import { type Lang, maybeMessage, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import * as z from "zod/mini";
import data from "../../data/districts.json" with { type: "json" };
import { unknownChoice } from "../_choices.ts";
import {
  DISTRICTS,
  type DistrictsResult,
  findDistrict,
  findProvince,
  listDistricts,
  PROVINCES,
} from "../calc/districts.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { text } from "../params.ts";

export { DISTRICTS, findDistrict, findProvince, listDistricts, PROVINCES };
export type { District, ListDistrictsOptions, Province } from "../calc/districts.ts";
export type { DistrictsResult };

/** Parameters of {@linkcode districts}. */
export interface DistrictsParams {
  province?: string | undefined;
  /** Language of names, province, capital and tagline (default `en`); codes never change. */
  lang?: Lang | undefined;
}

/**
 * A districts answer in a language: `name` (the dataset's Sinhala or Tamil name), `province`,
 * `capital` (each capital is its district's namesake town), `tagline` and `notablePlaces` from
 * the catalogue. The province filter's echo stays in English, like the slug and codes.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeDistricts(result: DistrictsResult, lang: Lang): DistrictsResult {
  if (lang === "en") return result;
  return {
    ...result,
    districts: result.districts.map((d) => {
      const name = lang === "si" ? d.nameSinhala : d.nameTamil;
      return {
        ...d,
        name,
        province: maybeMessage(lang, `province.${d.province}`) ?? d.province,
        capital: d.capital === d.name ? name : d.capital,
        tagline: maybeMessage(lang, `district.tagline.${d.slug}`) ?? d.tagline,
        notablePlaces: d.notablePlaces.map((place) => translate(lang, place, "district.place.")),
      };
    }),
  };
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
    description:
      "Only the districts of this province: name with or without Province, ISO code (LK-1..LK-9), Sinhala or Tamil name; any case",
    example: "Western",
  })),
  lang: langParam(),
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
  run: (p) => {
    if (p.province === undefined) return localizeDistricts(listDistricts(), p.lang ?? "en");
    if (!findProvince(p.province)) {
      throw unknownChoice("province", "province", p.province, PROVINCES.map((x) => x.name));
    }
    return localizeDistricts(listDistricts({ province: p.province }), p.lang ?? "en");
  },
});
