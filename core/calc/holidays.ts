/**
 * Gazetted holidays of a year and their iCalendar file, without schemas, so that importing
 * {@linkcode listHolidays} alone bundles without zod (the operation in `../ops/holidays.ts`
 * adds the schemas and checks the dataset against them).
 *
 * @module
 */
import holidayData from "../../data/holidays.json" with { type: "json" };
import { dayNumber, weekdayOf } from "../day_number.ts";
import { ApiError } from "../errors.ts";
import { type AllDayEvent, renderCalendar } from "../ical.ts";
import { deepFreeze } from "../freeze.ts";

/** Kind of day (the religious or civic category of a holiday). */
export type HolidayType =
  | "poya"
  | "buddhist"
  | "hindu"
  | "muslim"
  | "christian"
  | "national"
  | "cultural";

/** The three gazetted calendars a holiday can belong to. */
export type HolidayCalendar = "public" | "bank" | "mercantile";

/** One gazetted holiday. */
export interface Holiday {
  /** `YYYY-MM-DD`. */
  date: string;
  /** English name. */
  name: string;
  /** Sinhala name. */
  nameSinhala: string;
  /** Tamil name. */
  nameTamil: string;
  /** Kind of day. */
  type: HolidayType;
  /** Observed in the public calendar. */
  public: boolean;
  /** Observed in the bank calendar. */
  bank: boolean;
  /** Observed in the mercantile calendar (Shop and Office Employees Act). */
  mercantile: boolean;
  /** True while the date is not yet gazetted. */
  tentative: boolean;
  /** The Gazette Extraordinary that declares it, for example `2438/22`. */
  gazette: string;
  /** A later gazette that moved or amended it. */
  amendedBy?: string | undefined;
  /** The date it had before the amendment. */
  originalDate?: string | undefined;
  /** Anything a user should know about this entry. */
  note?: string | undefined;
}

/** A dated closure of government offices that is not a gazetted holiday. */
export interface GovernmentClosure {
  id: string;
  name: string;
  nameSinhala: string;
  nameTamil: string;
  /** The weekday closed every week, 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** First closed day, `YYYY-MM-DD`. */
  from: string;
  /** Last closed day, or null while in force "until further notice". */
  to: string | null;
  instrument: string;
  status: string;
  sources: string[];
}

/** Where one year's list comes from and how it was checked. */
export interface HolidayYearSource {
  /** The annual Gazette Extraordinary, or null when its number was not identified. */
  gazette: string | null;
  /** The date the gazette was issued, `YYYY-MM-DD`, or null. */
  issued: string | null;
  /** The publishing body and gazette (or the dataset the list was taken from). */
  source: string;
  sourceUrl: string;
  /** When the year's list was last checked, `YYYY-MM-DD`. */
  lastVerified: string;
  /** What the list was checked against. */
  checked: string;
}

/** The holiday dataset (`data/holidays.json`), validated at load. */
export interface HolidayDataset {
  source: string;
  sourceUrl: string;
  lastVerified: string;
  /** Years with complete data, ascending and contiguous. */
  years: number[];
  /** Per held year (as a string key): its gazette, source and check. */
  yearSources: Record<string, HolidayYearSource>;
  /** When the annual gazette is usually published, and the evidence for it. */
  nextGazette: { usually: string; evidence: string };
  holidays: Holiday[];
  governmentClosures: GovernmentClosure[];
}

/** Every kind of day, in the order the docs list them. */
export const HOLIDAY_TYPES: readonly HolidayType[] = [
  "poya",
  "buddhist",
  "hindu",
  "muslim",
  "christian",
  "national",
  "cultural",
];

/**
 * The holiday dataset, frozen at module load (the operation in `../ops/holidays.ts` checks it
 * against its schema).
 */
export const HOLIDAY_DATA: Readonly<HolidayDataset> = deepFreeze(holidayData as HolidayDataset);

/** Years with holiday data, ascending. */
export const SUPPORTED_YEARS: readonly number[] = HOLIDAY_DATA.years;

const BY_YEAR: ReadonlyMap<number, readonly Holiday[]> = new Map(
  SUPPORTED_YEARS.map((year) => [
    year,
    HOLIDAY_DATA.holidays.filter((h) => h.date.startsWith(`${year}-`)),
  ]),
);

/** Result of {@linkcode holidays} (spec 2.4). */
export interface HolidaysResult {
  year: number;
  /** The calendar filter applied, or `all`. */
  type: HolidayCalendar | "all";
  /**
   * Whether the year's holidays are known (gazetted and held). False only when no year was asked
   * for and the current year is not held: then `holidays` is empty and `notice` says why.
   */
  known: boolean;
  /** Why the list is empty when `known` is false. */
  notice?: string | undefined;
  count: number;
  holidays: Holiday[];
  /** The publishing body and gazette of the year. */
  source: string;
  sourceUrl: string;
  lastVerified: string;
}

/** Options of {@linkcode listHolidays}. */
export interface ListHolidaysOptions {
  /** A year with data (see {@linkcode SUPPORTED_YEARS}). */
  year: number;
  /** Only the holidays of this calendar (default: all holidays). */
  type?: HolidayCalendar | undefined;
}

/** First and last years held. */
const FIRST_YEAR = SUPPORTED_YEARS[0]!;
const LAST_YEAR = SUPPORTED_YEARS[SUPPORTED_YEARS.length - 1]!;

/**
 * Why a year has no list: before the data, or not yet gazetted (with when the gazette usually
 * comes out).
 *
 * @param year The year.
 * @returns The sentence.
 */
export function unknownYearMessage(year: number): string {
  const held = `${FIRST_YEAR} to ${LAST_YEAR}`;
  if (year < FIRST_YEAR) return `Holidays for ${year} are not held: the years held are ${held}`;
  return `Holidays for ${year} are unknown until gazetted: the Public and Bank Holidays gazette for a year is usually published ${HOLIDAY_DATA.nextGazette.usually}; the years held are ${held}`;
}

/**
 * The 404 for a year with no list.
 *
 * @param param The parameter that named the year (`year`, `date`, `from`).
 * @param year The year.
 * @returns The error, with `known: false` and the years held.
 */
export function unknownYearError(param: string, year: number): ApiError {
  const message = unknownYearMessage(year);
  return new ApiError(404, "not_found", message, {
    details: [{ param, message }],
    extra: {
      known: false,
      supportedYears: [...SUPPORTED_YEARS],
      gazetteUsuallyPublished: HOLIDAY_DATA.nextGazette.usually,
    },
  });
}

/**
 * The source of one held year's list.
 *
 * @param year A held year.
 * @returns Its source, or undefined when the year is not held.
 */
export function yearSource(year: number): HolidayYearSource | undefined {
  return Object.hasOwn(HOLIDAY_DATA.yearSources, String(year))
    ? HOLIDAY_DATA.yearSources[String(year)]
    : undefined;
}

/**
 * Lists the gazetted holidays of a year, optionally only those of one calendar.
 *
 * @param options The year (with data, see {@linkcode SUPPORTED_YEARS}) and optionally a calendar.
 * @returns The list with its source.
 * @throws {ApiError} 404 `not_found` naming `year` when the year is not held (before the data, or
 *   not yet gazetted), with `known: false`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { listHolidays } from "./holidays.ts";
 * // Gazette Extraordinary 2438/22: 8 mercantile holidays in 2026.
 * assert.equal(listHolidays({ year: 2026, type: "mercantile" }).count, 8);
 * ```
 */
export function listHolidays(options: ListHolidaysOptions): HolidaysResult {
  const { year, type } = options;
  const all = BY_YEAR.get(year);
  const source = yearSource(year);
  if (!all || !source) throw unknownYearError("year", year);
  const list = type ? all.filter((h) => h[type]) : all.slice();
  return {
    year,
    type: type ?? "all",
    known: true,
    count: list.length,
    holidays: list,
    source: source.source,
    sourceUrl: source.sourceUrl,
    lastVerified: source.lastVerified,
  };
}

/**
 * The answer for a year that is not held when no year was asked for (the current year before its
 * gazette is held): an empty list with `known: false` and a notice, so that "this year's
 * holidays" keeps answering on 1 January.
 *
 * @param year The year.
 * @param type The calendar filter.
 * @returns The empty list.
 */
export function unknownYearList(year: number, type?: HolidayCalendar): HolidaysResult {
  return {
    year,
    type: type ?? "all",
    known: false,
    notice: unknownYearMessage(year),
    count: 0,
    holidays: [],
    source: HOLIDAY_DATA.source,
    sourceUrl: HOLIDAY_DATA.sourceUrl,
    lastVerified: HOLIDAY_DATA.lastVerified,
  };
}

/** Whether a date is a holiday, in which calendars, and the holidays on it. */
export interface HolidayOnDate {
  date: string;
  /** Day of the week (in English here; the operation writes it in the answer's language). */
  weekday: string;
  /** Whether it is a holiday of any of the three calendars. */
  isHoliday: boolean;
  /** A public holiday. */
  public: boolean;
  /** A bank holiday (gazetted holidays; Saturdays and Sundays are not counted here). */
  bank: boolean;
  /** A mercantile holiday. */
  mercantile: boolean;
  /**
   * Government offices closed: a public holiday, or a government-office closure (special
   * government holidays, the 2022 fuel Fridays, the 2026 fuel-saving Wednesdays).
   */
  government: boolean;
  /** The names of the government-office closures on that date (none when it is a holiday). */
  closures: string[];
  /** Saturday or Sunday. */
  isWeekend: boolean;
  /** The holidays on that date (two can share a day). */
  holidays: Holiday[];
  /** The publishing body and gazette of the year. */
  source: string;
  sourceUrl: string;
  lastVerified: string;
}

const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/**
 * Tells whether a date is a gazetted holiday, in which calendars, and whether it is a weekend.
 *
 * @param date A valid `YYYY-MM-DD` date.
 * @returns The answer with the holidays on that date.
 * @throws {ApiError} 404 `not_found` naming `date` when its year is not held.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { holidayOn } from "./holidays.ts";
 * // Gazette 2438/22: Christmas, Friday 25 December 2026, is a public, bank and mercantile holiday.
 * assert.equal(holidayOn("2026-12-25").mercantile, true);
 * ```
 */
export function holidayOn(date: string): HolidayOnDate {
  const year = Number(date.slice(0, 4));
  const all = BY_YEAR.get(year);
  const source = yearSource(year);
  if (!all || !source) throw unknownYearError("date", year);
  const holidays = all.filter((h) => h.date === date);
  const weekday = weekdayOf(dayNumber(date));
  const on = (c: HolidayCalendar) => holidays.some((h) => h[c]);
  const closures = on("public") ? [] : HOLIDAY_DATA.governmentClosures
    .filter((c) => c.weekday === weekday && c.from <= date && (c.to === null || date <= c.to))
    .map((c) => c.name);
  return {
    date,
    weekday: WEEKDAY_NAMES[weekday]!,
    isHoliday: holidays.length > 0,
    public: on("public"),
    bank: on("bank"),
    mercantile: on("mercantile"),
    government: on("public") || closures.length > 0,
    closures,
    isWeekend: weekday === 0 || weekday === 6,
    holidays,
    source: source.source,
    sourceUrl: source.sourceUrl,
    lastVerified: source.lastVerified,
  };
}

function calendars(h: Holiday): string {
  const names = (["public", "bank", "mercantile"] as const).filter((c) => h[c]);
  return `${names.join(", ")} holiday`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * Renders a holiday list as an iCalendar file with one all-day `VEVENT` per holiday; the
 * description carries the calendars, the Sinhala and Tamil names and the gazette.
 *
 * @param list A result of {@linkcode listHolidays}.
 * @returns The `text/calendar` body.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { holidaysToIcs, listHolidays } from "./holidays.ts";
 * const ics = holidaysToIcs(listHolidays({ year: 2026 }));
 * assert.equal(ics.split("BEGIN:VEVENT").length - 1, 26); // one event per holiday of 2026
 * ```
 */
export function holidaysToIcs(list: HolidaysResult): string {
  const events: AllDayEvent[] = list.holidays.map((h) => ({
    uid: `${h.date}-${slug(h.name)}@lanka-api`,
    date: h.date,
    summary: h.name,
    description: [
      `Sri Lanka ${calendars(h)}${h.tentative ? " (tentative)" : ""}.`,
      `Sinhala: ${h.nameSinhala}`,
      `Tamil: ${h.nameTamil}`,
      `${/^\d+\/\d+$/.test(h.gazette) ? "Gazette Extraordinary " : ""}${h.gazette}${
        h.amendedBy ? `, amended by ${h.amendedBy}` : ""
      }.`,
    ].join("\n"),
    categories: [h.type],
  }));
  const filter = list.type === "all" ? "" : ` (${list.type})`;
  return renderCalendar(events, {
    name: `Sri Lanka holidays ${list.year}${filter}`,
    stamp: list.lastVerified,
  });
}
