import * as z from "zod/mini";
import { ApiError } from "../errors.ts";
import { roundTo } from "../money.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf, text } from "../params.ts";

/** Land units accepted by {@linkcode land}. */
export type LandUnit = "perch" | "rood" | "acre" | "cent" | "hectare" | "sqm" | "sqft" | "sqyd";

/** Units in the order results list them. */
export const LAND_UNITS: readonly LandUnit[] = [
  "perch",
  "rood",
  "acre",
  "cent",
  "hectare",
  "sqm",
  "sqft",
  "sqyd",
];

/**
 * Exact square metres in one of each unit, from the international foot (0.3048 m): a perch is
 * (16.5 ft)^2 = 25.29285264 m2, a rood 40 perches, an acre 160 perches, a cent 1/100 acre.
 */
export const SQUARE_METRES: Readonly<Record<LandUnit, number>> = {
  perch: 25.29285264,
  rood: 1011.7141056,
  acre: 4046.8564224,
  cent: 40.468564224,
  hectare: 10000,
  sqm: 1,
  sqft: 0.09290304,
  sqyd: 0.83612736,
};

/** Perches in one of each unit, for exact deed arithmetic where the unit is imperial. */
const PERCHES: Partial<Record<LandUnit, number>> = { perch: 1, rood: 40, acre: 160, cent: 1.6 };

/** An extent in acres, roods and perches as written on deeds. */
export interface Deed {
  acres: number;
  roods: number;
  perches: number;
  /** `<acres>A-<roods>R-<perches>P`, perches to one decimal. */
  text: string;
}

/** Parameters of {@linkcode land}. */
export interface LandParams {
  value?: number | undefined;
  from?: LandUnit | undefined;
  deed?: string | undefined;
}

/** Result of {@linkcode land} (spec 2.10). */
export interface LandResult {
  value: number;
  from: LandUnit;
  squareMetres: number;
  values: Record<LandUnit, number>;
  deed: Deed;
}

/** Reported figures keep 12 significant digits: exact factors survive, float noise does not. */
function tidy(x: number): number {
  return Number(x.toPrecision(12));
}

/**
 * Writes a number of perches as deed notation, rounding perches to one decimal and carrying
 * 40.0 perches into a rood and 4 roods into an acre.
 *
 * @param totalPerches Extent in perches (non-negative).
 * @returns Acres, roods, perches and the text form.
 *
 * @example Usage
 * ```ts
 * import { toDeed } from "./land.ts";
 * console.log(toDeed(390).text); // "2A-1R-30.0P"
 * console.log(toDeed(39.97).text); // "0A-1R-0.0P"
 * ```
 */
export function toDeed(totalPerches: number): Deed {
  const tenths = Math.round(roundTo(totalPerches, 6) * 10);
  const acres = Math.floor(tenths / 1600);
  const roods = Math.floor((tenths - acres * 1600) / 400);
  const perchTenths = tenths - acres * 1600 - roods * 400;
  const perches = perchTenths / 10;
  return { acres, roods, perches, text: `${acres}A-${roods}R-${perches.toFixed(1)}P` };
}

const DEED = /^\s*(\d{1,7})\s*A\s*[-\s]?\s*([0-3])\s*R\s*[-\s]?\s*(\d{1,2}(?:\.\d{1,4})?)\s*P\s*$/i;

/**
 * Reads deed notation such as `2A-1R-30P` or `0a 2r 15.5p` into perches.
 *
 * @param raw The text.
 * @returns Total perches, or undefined when the text is not deed notation (roods 0-3,
 *   perches under 40).
 */
export function parseDeed(raw: string): number | undefined {
  const match = DEED.exec(raw);
  if (!match) return undefined;
  const perches = Number(match[3]);
  if (perches >= 40) return undefined;
  return Number(match[1]) * 160 + Number(match[2]) * 40 + perches;
}

/**
 * Converts an extent to every unit and to deed notation.
 *
 * @param value The amount.
 * @param from Its unit.
 * @returns The conversion of spec 2.10.
 *
 * @example Usage
 * ```ts
 * import { convertLand } from "./land.ts";
 * console.log(convertLand(10, "perch").squareMetres); // 252.9285264
 * ```
 */
export function convertLand(value: number, from: LandUnit): LandResult {
  const squareMetres = value * SQUARE_METRES[from];
  const perUnit = PERCHES[from];
  const perches = perUnit !== undefined ? value * perUnit : squareMetres / SQUARE_METRES.perch;
  const values = Object.fromEntries(
    LAND_UNITS.map((
      unit,
    ) => [unit, tidy(unit === from ? value : squareMetres / SQUARE_METRES[unit])]),
  ) as Record<LandUnit, number>;
  return { value, from, squareMetres: tidy(squareMetres), values, deed: toDeed(perches) };
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
    return convertLand(perches, "perch");
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
  return convertLand(p.value!, p.from!);
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
