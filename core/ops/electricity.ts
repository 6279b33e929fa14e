import * as z from "zod/mini";
import data from "../../data/electricity.json" with { type: "json" };
import {
  ELECTRICITY_CATEGORIES,
  ELECTRICITY_FIRST_DATE,
  type ElectricityBill,
  electricityBill,
  type ElectricityCategory,
  TIME_OF_USE,
  TIME_OF_USE_WINDOWS,
} from "../calc/electricity.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { integer, isoDate, oneOf } from "../params.ts";

export { ELECTRICITY_CATEGORIES, electricityBill };
export type { ElectricityBill, ElectricityCategory };
export type {
  ElectricityBillOptions,
  ElectricityBlock,
  ElectricityDecision,
  ElectricityWindow,
  TimeOfUseWindow,
} from "../calc/electricity.ts";

/** Parameters of {@linkcode electricity}. */
export interface ElectricityParams {
  /** kWh in the billing period (required but for D-TOU, where it is the windows' sum if given). */
  units?: number | undefined;
  /** D-TOU only: kWh in the peak window, 18:30-22:30. */
  peak?: number | undefined;
  /** D-TOU only: kWh in the day window, 05:30-18:30. */
  day?: number | undefined;
  /** D-TOU only: kWh in the off-peak window, 22:30-05:30. */
  offPeak?: number | undefined;
  /** Tariff category (default `D-1`, domestic). */
  category?: ElectricityCategory | undefined;
  /** The date whose decision applies (default today), usually the meter reading date. */
  date?: string | undefined;
  /** Days in the billing period (default 30). */
  days?: number | undefined;
  /** Language of the note (default `en`); figures, codes and the source never change. */
  lang?: Lang | undefined;
}

/**
 * An electricity bill in a language: the note from the catalogue (`electricity.note.`). Figures,
 * codes, dates and the source (a citation) never change.
 *
 * @param bill The bill in English.
 * @param lang The language.
 * @returns The bill in that language.
 */
export function localizeElectricityBill(bill: ElectricityBill, lang: Lang): ElectricityBill {
  if (lang === "en" || bill.note === null) return bill;
  return { ...bill, note: translate(lang, bill.note, "electricity.note.") };
}

const windowKwh = (window: string, hours: string, example: string) =>
  z.optional(integer({
    min: 0,
    max: 10_000_000,
    description:
      `D-TOU only: kWh used in the ${window} window (${hours}), a whole number; required for D-TOU`,
    example,
  }));

const params = z.object({
  units: z.optional(integer({
    min: 0,
    max: 10_000_000,
    description:
      "kWh used in the billing period (the meter's units), a whole number; required except for D-TOU",
    example: "69",
  })),
  category: z.optional(oneOf([...ELECTRICITY_CATEGORIES, TIME_OF_USE], {
    description:
      "Tariff category: D-1 domestic (default), R-1 religious and charitable, GP-1 general purpose, H-1 hotel, I-1 industrial (each for supplies up to 42 kVA), D-TOU domestic time of use (kWh by window: peak, day, offPeak)",
    example: "D-1",
  })),
  peak: windowKwh("peak", "18:30-22:30", "173"),
  day: windowKwh("day", "05:30-18:30", "540"),
  offPeak: windowKwh("off-peak", "22:30-05:30", "275"),
  date: z.optional(isoDate({
    description:
      `The date whose PUCSL decision applies, usually the meter reading date (default today); from ${ELECTRICITY_FIRST_DATE}`,
    example: "2026-08-13",
  })),
  days: z.optional(integer({
    min: 1,
    max: 366,
    description:
      "Days in the billing period (default 30): block limits become floor(limit x days / 30), the fixed charge is applied once",
    example: "30",
  })),
  lang: langParam(),
});

const decisionSchema = z.object({
  id: z.string().check(z.describe("The decision's start, YYYY-MM")),
  from: z.iso.date(),
  to: z.nullable(z.iso.date()).check(z.describe("null: the last decision held")),
  source: z.string().check(z.describe("What the figures were read from")),
  sourceUrl: z.string(),
  lastVerified: z.iso.date(),
  confidence: z.enum(["official", "secondary"]).check(z.describe(
    "official: read from the PUCSL table itself; secondary: from transcriptions that agree",
  )),
});

const result: z.ZodMiniType<ElectricityBill> = z.object({
  category: z.enum([...ELECTRICITY_CATEGORIES, TIME_OF_USE]),
  units: z.int(),
  days: z.int(),
  date: z.iso.date(),
  decision: decisionSchema,
  band: z.object({ firstUnit: z.int(), lastUnit: z.nullable(z.int()) }).check(z.describe(
    "The regime (domestic, religious) or band (GP-1, H-1, I-1) the units select, after proration",
  )),
  blocks: z.array(z.object({
    firstUnit: z.int(),
    lastUnit: z.nullable(z.int()).check(z.describe("null: the open top block")),
    units: z.int(),
    unitPrice: z.number().check(z.describe("LKR per kWh")),
    amount: z.number(),
  })).check(z.describe("The energy charge by block (empty for D-TOU)")),
  windows: z.optional(
    z.array(z.object({
      window: z.enum(TIME_OF_USE_WINDOWS),
      from: z.string().check(z.describe("HH:MM")),
      to: z.string().check(z.describe("HH:MM")),
      units: z.int(),
      unitPrice: z.number().check(z.describe("LKR per kWh")),
      amount: z.number(),
    })).check(z.describe("D-TOU only: the energy charge by window of the day")),
  ),
  energyCharge: z.number(),
  fixedCharge: z.number().check(z.describe("The fixed charge of the block the total lands in")),
  charge: z.number().check(z.describe("Energy plus fixed charge, before the levy")),
  sscl: z.number().check(z.describe(
    "Social Security Contribution Levy as the utilities add it: charge / 97.5 x 2.5, to the cent",
  )),
  total: z.number().check(z.describe("Charge plus SSCL")),
  currency: z.literal("LKR"),
  lastDecisionHeld: z.iso.date().check(
    z.describe("Effective date of the last PUCSL decision this API holds"),
  ),
  note: z.nullable(z.string()).check(z.describe(
    "Under the last decision held: that a later decision is not known; else null",
  )),
});

/** `GET /api/v1/electricity/bill`: a monthly electricity bill under the PUCSL tariff. */
export const electricity: Operation<ElectricityParams, ElectricityBill> = defineOperation({
  name: "electricity-bill",
  method: "GET",
  path: "/electricity/bill",
  title: "Electricity bill calculator",
  description:
    "The electricity bill for a month's units under the PUCSL tariff decision in force on a date (D-1, R-1, GP-1, H-1, I-1, and D-TOU by window of the day): energy charge by block or window, fixed charge, SSCL and total.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/electricity/bill?units=69&category=D-1&date=2026-08-13",
  page: "electricity-bill",
  provenance: {
    sourceUrl: data.decisions.at(-1)!.sourceUrl,
    lastVerified: data.lastVerified,
  },
  provenanceOf: (bill) => ({
    sourceUrl: bill.decision.sourceUrl,
    lastVerified: bill.decision.lastVerified,
  }),
  errors: {
    "501":
      "Not available: the decision in force on the date is held without this category's figures (D-TOU before June 2025, for example), or the fixed charge the units need",
  },
  run: (p, ctx) =>
    localizeElectricityBill(
      electricityBill({
        units: p.units,
        peak: p.peak,
        day: p.day,
        offPeak: p.offPeak,
        category: p.category ?? "D-1",
        date: p.date ?? ctx.today,
        ...(p.days === undefined ? {} : { days: p.days }),
      }),
      p.lang ?? "en",
    ),
});
