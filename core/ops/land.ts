import * as z from "zod/mini";
import {
  convertLand,
  type ConvertLandOptions,
  type Deed,
  LAND_UNITS,
  type LandResult,
  type LandUnit,
  parseDeed,
  SQUARE_METRES,
  toDeed,
} from "../calc/land.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf, text } from "../params.ts";

export { convertLand, LAND_UNITS, parseDeed, SQUARE_METRES, toDeed };
export type { ConvertLandOptions, Deed, LandResult, LandUnit };

/** Parameters of {@linkcode land}. */
export interface LandParams {
  value?: number | undefined;
  from?: LandUnit | undefined;
  deed?: string | undefined;
}

const params = z.object({
  value: z.optional(decimal({
    min: 0,
    max: 1e12,
    maxDecimals: 6,
    description: "Amount to convert",
    example: "10",
  })),
  from: z.optional(oneOf(LAND_UNITS, { description: "Unit of value", ignoreCase: true })),
  deed: z.optional(
    text({
      maxLength: 40,
      description: "An extent in deed notation instead, e.g. 2A-1R-30P",
      example: "2A-1R-30P",
    }),
  ),
});

const deedSchema = z.object({
  acres: z.int(),
  roods: z.int(),
  perches: z.number(),
  text: z.string(),
});

const unitValues = z.object(
  Object.fromEntries(LAND_UNITS.map((unit) => [unit, z.number()])) as Record<
    LandUnit,
    z.ZodMiniNumber
  >,
);

const result: z.ZodMiniType<LandResult> = z.object({
  value: z.number(),
  from: z.enum(LAND_UNITS as [LandUnit, ...LandUnit[]]),
  squareMetres: z.number(),
  values: unitValues,
  deed: deedSchema,
});

function run(p: LandParams): LandResult {
  if (p.deed !== undefined) {
    if (p.value !== undefined || p.from !== undefined) {
      throw ApiError.invalidParam(
        "deed",
        'Parameter "deed" cannot be combined with "value" or "from": give one form',
      );
    }
    const perches = parseDeed(p.deed);
    if (perches === undefined) {
      throw ApiError.invalidParam(
        "deed",
        `Parameter "deed" must be deed notation such as 2A-1R-30P (roods 0-3, perches under 40): got ${
          JSON.stringify(p.deed)
        }`,
      );
    }
    return convertLand({ value: perches, from: "perch" });
  }
  const missing = [["value", p.value], ["from", p.from]].filter(([, v]) => v === undefined).map((
    [k],
  ) => k as string);
  if (missing.length) {
    throw ApiError.invalidParams(missing.map((param) => ({
      param,
      message: param === "value"
        ? 'Parameter "value" is required (or give "deed"): expected a number from 0'
        : `Parameter "from" is required (or give "deed"): expected one of ${LAND_UNITS.join(", ")}`,
    })));
  }
  return convertLand({ value: p.value!, from: p.from! });
}

/** `GET /api/v1/convert/land`: land units and deed notation. */
export const land: Operation<LandParams, LandResult> = defineOperation({
  name: "land",
  method: "GET",
  path: "/convert/land",
  title: "Land area converter",
  description:
    "Converts an extent between perches, roods, acres, cents, hectares, square metres, square feet and square yards, with acre-rood-perch deed notation.",
  tag: "Reference",
  params,
  result,
  example: "/api/v1/convert/land?value=10&from=perch",
  page: "land",
  run,
});
