import * as z from "zod/mini";
import plateData from "../../data/plates.json" with { type: "json" };
import {
  decodePlate,
  type DecodePlateOptions,
  PLATE_PROVINCES,
  type PlateConfidence,
  type PlateEra,
  type PlateFormat,
  type PlateProvince,
  type PlateResult,
  type PlateVehicleClass,
} from "../calc/plate.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { anyString } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { localizePlate } from "./_plate_text.ts";

export { decodePlate, PLATE_PROVINCES };
export type {
  DecodePlateOptions,
  PlateConfidence,
  PlateEra,
  PlateFormat,
  PlateProvince,
  PlateResult,
  PlateVehicleClass,
};

/** Parameters of {@linkcode plate}. */
export interface PlateParams {
  plate: string;
  /** Language of the text for people (default `en`); codes never change. */
  lang?: Lang | undefined;
}

const params = z.object({
  plate: anyString("a number plate").register(z.globalRegistry, {
    description:
      "The plate, with hyphens (or spaces) between the parts: <province>-<letters>-<digits>, <letters>-<digits>, <series>-<digits> or <series>-SRI-<digits>. Anything else is answered with valid false and a reason",
    examples: ["WP-CAB-1234", "CAB-1234", "19-1234", "15-SRI-1234"],
  }),
  lang: langParam(),
});

const result: z.ZodMiniType<PlateResult> = z.object({
  plate: z.string().check(z.describe(
    "The plate as written on it (WP CAB-1234, CAB-1234, 19-1234, 15 ශ්‍රී 1234); the trimmed input, cut at 64 characters, when not valid",
  )),
  valid: z.boolean().check(z.describe("Whether the text has the form of a Sri Lankan plate")),
  reason: z.nullable(z.string()).check(z.describe("Why the text is not a plate; null when valid")),
  format: z.nullable(z.enum(["province-prefixed", "national", "dash", "sri"])).check(z.describe(
    "province-prefixed: plates made June 2000 to 2022; national: letters without province, plates made from 2023; dash: numeric series, late 1980s to June 2000; sri: numeric series with ශ්‍රී, 1956 to the late 1980s",
  )),
  province: z.nullable(z.object({
    code: z.string().check(z.describe("WP, CP, SP, NP, EP, NW, NC, UP or SG")),
    name: z.string().check(z.describe("Province name, e.g. Western")),
  })).check(z.describe("The owner's province when the plate was made; null without a prefix")),
  series: z.nullable(z.string()).check(z.describe(
    "The letter block (CAB, GA) or the numeric series (19, 250)",
  )),
  number: z.nullable(z.string()).check(z.describe("The running number, as written (0001-9999)")),
  vehicleClass: z.nullable(z.object({
    code: z.string().check(z.describe(
      "motor_car, dual_purpose, motor_cycle, motor_tricycle, lorry, bus, land_vehicle or heavy_vehicle",
    )),
    label: z.string().check(z.describe("The class for people")),
    verified: z.boolean().check(z.describe(
      "True only when the allocation is official or has two or more independent sources",
    )),
    confidence: z.enum(["official", "2+ sources", "single", "unverified"]).check(z.describe(
      "How the allocation is sourced",
    )),
    source: z.string().check(z.describe("Where the allocation comes from")),
  })).check(z.describe("The class the series was allocated to; null when no source gives one")),
  era: z.nullable(z.object({
    from: z.nullable(z.int()).check(
      z.describe("First year the number can have been issued, if known"),
    ),
    to: z.nullable(z.int()).check(
      z.describe("Last year, if known (null: still issued or unknown)"),
    ),
    label: z.string().check(z.describe("The era in words")),
  })).check(z.describe("Approximate years the registration number was issued in")),
  notes: z.array(z.string()).check(z.describe("Caveats about this reading")),
});

/** `GET /api/v1/plate/{plate}`: decodes a vehicle number plate. */
export const plate: Operation<PlateParams, PlateResult> = defineOperation({
  name: "plate",
  method: "GET",
  path: "/plate/{plate}",
  title: "Vehicle number plate decoder",
  description:
    "Decodes a Sri Lankan number plate into format, province, series, number, vehicle class (flagged when unverified) and approximate issue era. String parsing only: no owner information.",
  tag: "Identity",
  params,
  result,
  example: "/api/v1/plate/WP-CAB-1234",
  page: "plate",
  provenance: { sourceUrl: plateData.sourceUrl, lastVerified: plateData.lastVerified },
  run: (p) => localizePlate(decodePlate({ plate: p.plate }), p.lang ?? "en"),
});
