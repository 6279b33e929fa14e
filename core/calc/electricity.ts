/**
 * Electricity bills under the PUCSL end-user tariff decisions held in `data/electricity.json`:
 * the decision in force on a date, the regime or band the month's units select, the energy
 * charge by block, the fixed charge, and the SSCL gross-up the utilities add. Money is computed
 * in integer cents, so every figure is exact.
 *
 * @module
 */
import data from "../../data/electricity.json" with { type: "json" };
import { ApiError } from "../errors.ts";

/** The tariff categories billed on the month's total units (blocks or bands). */
export const ELECTRICITY_CATEGORIES = ["D-1", "R-1", "GP-1", "H-1", "I-1"] as const;

/** The optional domestic time-of-use tariff: billed on the kWh of each window of the day. */
export const TIME_OF_USE = "D-TOU";

/**
 * A tariff category: domestic, religious and charitable, general purpose, hotel, industrial, or
 * domestic time of use.
 */
export type ElectricityCategory = typeof ELECTRICITY_CATEGORIES[number] | typeof TIME_OF_USE;

/** The windows of the day a time-of-use meter counts, in the order a CEB bill prints them. */
export const TIME_OF_USE_WINDOWS = ["offPeak", "day", "peak"] as const;

/** A window of the time-of-use tariff. */
export type TimeOfUseWindow = typeof TIME_OF_USE_WINDOWS[number];

interface Block {
  upTo: number | null;
  rate: number;
  fixed: number | null;
}
interface Regime {
  upTo: number | null;
  blocks: Block[];
}
interface TimeOfUse {
  peak: number;
  day: number;
  offPeak: number;
  fixed: number;
  source: string;
}
interface Decision {
  id: string;
  from: string;
  to: string | null;
  title: string;
  source: string;
  sourceUrl: string;
  lastVerified: string;
  confidence: string;
  sameAs?: string;
  categories: Partial<Record<typeof ELECTRICITY_CATEGORIES[number], Regime[]>>;
  timeOfUse?: TimeOfUse;
}

const DECISIONS = data.decisions as Decision[];
const LAST = DECISIONS.at(-1)!;

/** The first date a bill can be computed for (the earliest decision held). */
export const ELECTRICITY_FIRST_DATE: string = DECISIONS[0]!.from;

/** One block of the energy charge. */
export interface ElectricityBlock {
  /** First unit of the block (1-based), after proration. */
  firstUnit: number;
  /** Last unit of the block; null for the open top block. */
  lastUnit: number | null;
  /** Units of this bill charged in the block. */
  units: number;
  /** LKR per kWh (unit). */
  unitPrice: number;
  /** Units times rate, LKR. */
  amount: number;
}

/** The energy charge of one window of the time-of-use tariff. */
export interface ElectricityWindow {
  /** The window: `offPeak` 22:30-05:30, `day` 05:30-18:30, `peak` 18:30-22:30. */
  window: TimeOfUseWindow;
  /** When it starts, `HH:MM`. */
  from: string;
  /** When it ends, `HH:MM`. */
  to: string;
  /** kWh used in the window. */
  units: number;
  /** LKR per kWh. */
  unitPrice: number;
  /** Units times rate, LKR. */
  amount: number;
}

/** The hours of each window (PUCSL: peak 18:30-22:30, day 05:30-18:30, off-peak 22:30-05:30). */
const WINDOW_HOURS: Readonly<Record<TimeOfUseWindow, readonly [string, string]>> = {
  offPeak: ["22:30", "05:30"],
  day: ["05:30", "18:30"],
  peak: ["18:30", "22:30"],
};

/** The PUCSL decision a bill was computed under. */
export interface ElectricityDecision {
  /** Short id, `YYYY-MM` of the decision's start. */
  id: string;
  /** First day in force. */
  from: string;
  /** Last day in force; null while it is the last decision held. */
  to: string | null;
  /** What the figures were read from. */
  source: string;
  /** The PUCSL decision (or the page listing it). */
  sourceUrl: string;
  /** When the figures were last checked. */
  lastVerified: string;
  /** official: read from the PUCSL table itself; secondary: from transcriptions of it. */
  confidence: "official" | "secondary";
}

/** An electricity bill. */
export interface ElectricityBill {
  /** The tariff category. */
  category: ElectricityCategory;
  /** kWh in the billing period. */
  units: number;
  /** Days in the billing period (the tables are for 30). */
  days: number;
  /** The date whose decision applies. */
  date: string;
  /** The decision in force on the date. */
  decision: ElectricityDecision;
  /** The regime or band the units select, as first and last unit (after proration). */
  band: { firstUnit: number; lastUnit: number | null };
  /** The energy charge by block (empty for D-TOU). */
  blocks: ElectricityBlock[];
  /** D-TOU only: the energy charge by window of the day, as the bill prints them. */
  windows?: ElectricityWindow[] | undefined;
  /** Sum of the blocks, LKR. */
  energyCharge: number;
  /** The fixed charge of the block the total lands in, once per bill, LKR. */
  fixedCharge: number;
  /** Energy plus fixed charge: the charge before the levy, LKR. */
  charge: number;
  /** Social Security Contribution Levy: charge / 97.5 x 2.5, to the cent, LKR. */
  sscl: number;
  /** What is payable: charge plus SSCL, LKR. */
  total: number;
  /** Currency of every amount. */
  currency: "LKR";
  /** The effective date of the last decision held. */
  lastDecisionHeld: string;
  /** What the answer cannot know, or null. */
  note: string | null;
}

/** Inputs of {@linkcode electricityBill}. */
export interface ElectricityBillOptions {
  /** kWh in the billing period (a whole number); for D-TOU, their sum if given. */
  units?: number | undefined;
  /** D-TOU only: kWh in the peak window, 18:30-22:30. */
  peak?: number | undefined;
  /** D-TOU only: kWh in the day window, 05:30-18:30. */
  day?: number | undefined;
  /** D-TOU only: kWh in the off-peak window, 22:30-05:30. */
  offPeak?: number | undefined;
  /** The tariff category. */
  category: ElectricityCategory;
  /** The date (`YYYY-MM-DD`) whose decision applies, usually the meter reading date. */
  date: string;
  /** Days in the billing period (default 30). */
  days?: number;
}

function cents(lkr: number): number {
  return Math.round(lkr * 100);
}

function lkr(cents: number): number {
  return cents / 100;
}

function scaled(limit: number | null, days: number): number | null {
  return limit === null ? null : Math.floor((limit * days) / 30);
}

/**
 * The decision in force on a date, or undefined before the first one held.
 *
 * @param date `YYYY-MM-DD`.
 * @returns The decision.
 */
function decisionOn(date: string): Decision | undefined {
  return DECISIONS.find((d) => d.from <= date && (d.to === null || date <= d.to));
}

function describe(d: Decision): ElectricityDecision {
  return {
    id: d.id,
    from: d.from,
    to: d.to,
    source: d.source,
    sourceUrl: d.sourceUrl,
    lastVerified: d.lastVerified,
    confidence: d.confidence === "official" ? "official" : "secondary",
  };
}

/**
 * The Social Security Contribution Levy the utilities add to a bill: `charge / 97.5 x 2.5`, so that
 * the levy is 2.5% of the final bill, rounded half up to the cent (LECO's calculator; a printed
 * CEB bill: 55,293.00 carries 1,417.77).
 *
 * @param charge The charge before the levy, LKR (at most two decimals).
 * @returns The levy, LKR.
 *
 * @example Usage
 * ```ts
 * import { ssclGrossUp } from "./electricity.ts";
 * console.log(ssclGrossUp(55293)); // 1417.77
 * ```
 */
export function ssclGrossUp(charge: number): number {
  return lkr(ssclCents(cents(charge)));
}

function ssclCents(chargeCents: number): number {
  // charge x 25 / 975, rounded half up to the cent, in integers.
  return Math.floor((chargeCents * 25 * 2 + 975) / (975 * 2));
}

/** The note an answer carries when its date falls under the last decision held. */
export const LATEST_NOTE: string = data.latestCheck.note;

/**
 * The bill for a month's units under the PUCSL decision in force on a date.
 *
 * @param options Units, category, date and billing days.
 * @returns The bill.
 * @throws {ApiError} 400 naming `date` before the first decision held; 501 `not_available` when
 *   the decision's figures for the category (or for the fixed charge the units need) are not held.
 *
 * @example Usage
 * ```ts
 * import { electricityBill } from "./electricity.ts";
 * const bill = electricityBill({ units: 69, category: "D-1", date: "2026-06-01" });
 * console.log(bill.charge); // 1420
 * ```
 */
export function electricityBill(options: ElectricityBillOptions): ElectricityBill {
  const { category, date } = options;
  const units = unitsOf(options);
  const days = options.days ?? 30;
  const decision = decisionOn(date);
  if (!decision) {
    throw ApiError.invalidParam(
      "date",
      `No electricity tariff is held before ${ELECTRICITY_FIRST_DATE}: got "${date}"`,
    );
  }
  const held = decision.sameAs ? DECISIONS.find((d) => d.id === decision.sameAs)! : decision;
  if (category === TIME_OF_USE) {
    const tou = held.timeOfUse ?? notHeld(category, decision);
    return timeOfUseBill(options, units, days, decision, tou);
  }
  const regimes = held.categories[category] ?? notHeld(category, decision);
  const regimeIndex = regimes.findIndex((r) => {
    const limit = scaled(r.upTo, days);
    return limit === null || units <= limit;
  });
  const regime = regimes[regimeIndex]!;
  const previous = regimeIndex > 0 ? scaled(regimes[regimeIndex - 1]!.upTo, days)! : 0;
  const blocks: ElectricityBlock[] = [];
  let energyCents = 0;
  let lower = 0;
  let fixed: number | null = null;
  for (const block of regime.blocks) {
    const upper = scaled(block.upTo, days);
    const inBlock = Math.max(0, Math.min(units, upper ?? units) - lower);
    const amount = inBlock * cents(block.rate);
    const landsHere = units <= (upper ?? Infinity) && (units > lower || lower === 0);
    if (inBlock > 0 || lower === 0) {
      blocks.push({
        firstUnit: lower + 1,
        lastUnit: upper,
        units: inBlock,
        unitPrice: block.rate,
        amount: lkr(amount),
      });
      energyCents += amount;
    }
    if (landsHere) {
      fixed = block.fixed;
      break;
    }
    lower = upper ?? lower;
  }
  if (fixed === null) {
    const message =
      `The fixed charge of ${category} at ${units} kWh under the decision effective ${decision.from} is not held: no source read prints it`;
    throw new ApiError(501, "not_available", message, {
      details: [{ param: "units", message }],
      extra: { notAvailable: `${category} ${decision.id} fixed charge` },
    });
  }
  return closeBill(
    options,
    units,
    days,
    decision,
    {
      band: { firstUnit: previous === 0 ? 0 : previous + 1, lastUnit: scaled(regime.upTo, days) },
      blocks,
    },
    energyCents,
    cents(fixed),
  );
}

/** The 501 for a category a decision is held without. */
function notHeld(category: ElectricityCategory, decision: Decision): never {
  const message =
    `The ${category} tariff of the decision effective ${decision.from} is not held: no source read prints it`;
  throw new ApiError(501, "not_available", message, {
    details: [{ param: "category", message }],
    extra: { notAvailable: `${category} ${decision.id}` },
  });
}

/**
 * The units of a bill: `units` for the block categories; for D-TOU the sum of the three windows,
 * each required (`units`, if given too, must equal it).
 */
function unitsOf(options: ElectricityBillOptions): number {
  const { category } = options;
  const given = TIME_OF_USE_WINDOWS.filter((w) => options[w] !== undefined);
  if (category !== TIME_OF_USE) {
    if (given.length > 0) {
      const param = given[0]!;
      throw ApiError.invalidParam(
        param,
        `Parameter "${param}" is for category D-TOU only: give units for ${category}`,
      );
    }
    if (options.units === undefined) {
      throw ApiError.invalidParam(
        "units",
        'Parameter "units" is required: expected a whole number from 0 to 10000000',
      );
    }
    return options.units;
  }
  const missing = (["peak", "day", "offPeak"] as const).find((w) => options[w] === undefined);
  if (missing) {
    throw ApiError.invalidParam(
      missing,
      `Parameter "${missing}" is required for category D-TOU: the kWh of each window (peak, day and offPeak)`,
    );
  }
  const sum = options.peak! + options.day! + options.offPeak!;
  if (options.units !== undefined && options.units !== sum) {
    throw ApiError.invalidParam(
      "units",
      `Parameter "units" must be peak + day + offPeak (${sum}) for category D-TOU, or left out: got ${options.units}`,
    );
  }
  return sum;
}

/**
 * A D-TOU bill: each window's kWh at its rate, the monthly fixed charge once, then the levy. The
 * windows have no block limits, so the billing period's length changes nothing.
 */
function timeOfUseBill(
  options: ElectricityBillOptions,
  units: number,
  days: number,
  decision: Decision,
  tou: TimeOfUse,
): ElectricityBill {
  let energyCents = 0;
  const windows = TIME_OF_USE_WINDOWS.map((window): ElectricityWindow => {
    const kWh = options[window]!;
    const amount = kWh * cents(tou[window]);
    energyCents += amount;
    const [from, to] = WINDOW_HOURS[window];
    return { window, from, to, units: kWh, unitPrice: tou[window], amount: lkr(amount) };
  });
  return closeBill(
    options,
    units,
    days,
    decision,
    {
      band: { firstUnit: 0, lastUnit: null },
      blocks: [],
      windows,
    },
    energyCents,
    cents(tou.fixed),
  );
}

/** The bill's common part: the charge, the levy on it, the total and the decision used. */
function closeBill(
  options: ElectricityBillOptions,
  units: number,
  days: number,
  decision: Decision,
  energy: Pick<ElectricityBill, "band" | "blocks" | "windows">,
  energyCents: number,
  fixedCents: number,
): ElectricityBill {
  const chargeCents = energyCents + fixedCents;
  const levyCents = ssclCents(chargeCents);
  const last = decision.id === LAST.id;
  return {
    category: options.category,
    units,
    days,
    date: options.date,
    decision: describe(decision),
    band: energy.band,
    blocks: energy.blocks,
    ...(energy.windows ? { windows: energy.windows } : {}),
    energyCharge: lkr(energyCents),
    fixedCharge: lkr(fixedCents),
    charge: lkr(chargeCents),
    sscl: lkr(levyCents),
    total: lkr(chargeCents + levyCents),
    currency: "LKR",
    lastDecisionHeld: LAST.from,
    note: last ? LATEST_NOTE : null,
  };
}
