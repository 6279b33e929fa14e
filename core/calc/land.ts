/**
 * Land unit conversion and deed notation without schemas, so that importing
 * {@linkcode convertLand} alone bundles without zod (the operation in `../ops/land.ts` adds the
 * schemas).
 *
 * @module
 */
import { roundTo } from "../money.ts";

/** Land units {@linkcode convertLand} knows. */
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

/** Result of {@linkcode convertLand} (spec 2.10). */
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
 * import assert from "node:assert/strict";
 * import { toDeed } from "./land.ts";
 * assert.equal(toDeed(390).text, "2A-1R-30.0P"); // 2 x 160 + 1 x 40 + 30 perches
 * assert.equal(toDeed(39.97).text, "0A-1R-0.0P"); // 40.0 perches carry into a rood
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

/** Options of {@linkcode convertLand}. */
export interface ConvertLandOptions {
  /** The extent: a finite number from 0. */
  value: number;
  /** Its unit (default `perch`, the unit of Sri Lankan land sales). */
  from?: LandUnit | undefined;
}

/**
 * Converts an extent to every unit and to deed notation.
 *
 * @param options The extent and its unit.
 * @returns The conversion of spec 2.10.
 * @throws {RangeError} If `value` is negative or not finite.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { convertLand } from "./land.ts";
 * // A perch is (16.5 ft)^2 = 25.29285264 m2 exactly, from the international foot.
 * assert.equal(convertLand({ value: 10, from: "perch" }).squareMetres, 252.9285264);
 * assert.equal(convertLand({ value: 1, from: "acre" }).deed.text, "1A-0R-0.0P");
 * ```
 */
export function convertLand(options: ConvertLandOptions): LandResult {
  const { value, from = "perch" } = options;
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new RangeError(`Cannot convert land extent ${value}: expected a finite number from 0`);
  }
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
