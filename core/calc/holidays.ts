/**
 * Gazetted holidays of a year and their iCalendar file, without schemas, so that importing
 * {@linkcode listHolidays} alone bundles without zod (the operation in `../ops/holidays.ts`
 * adds the schemas and checks the dataset against them).
 *
 * @module
 */
import holidayData from "../../data/holidays.json" with { type: "json" };
import { ApiError } from "../errors.ts";
import { type AllDayEvent, renderCalendar } from "../ical.ts";

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

/** The holiday dataset (`data/holidays.json`), validated at load. */
export interface HolidayDataset {
  source: string;
  sourceUrl: string;
  lastVerified: string;
  /** Years with complete data, ascending and contiguous. */
  years: number[];
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

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

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
  count: number;
  holidays: Holiday[];
  /** The publishing body and gazettes. */
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

/**
 * Lists the gazetted holidays of a year, optionally only those of one calendar.
 *
 * @param options The year (with data, see {@linkcode SUPPORTED_YEARS}) and optionally a calendar.
 * @returns The list with its source.
 * @throws {ApiError} 400 `invalid_param` naming `year` when the year has no data.
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
  if (!all) {
    const supported = SUPPORTED_YEARS.join(", ");
    const message = `No holiday data for year ${year}: supported years are ${supported}`;
    throw new ApiError(400, "invalid_param", message, {
      details: [{ param: "year", message }],
      extra: { supportedYears: [...SUPPORTED_YEARS] },
    });
  }
  const list = type ? all.filter((h) => h[type]) : all.slice();
  return {
    year,
    type: type ?? "all",
    count: list.length,
    holidays: list,
    source: HOLIDAY_DATA.source,
    sourceUrl: HOLIDAY_DATA.sourceUrl,
    lastVerified: HOLIDAY_DATA.lastVerified,
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
      `Gazette Extraordinary ${h.gazette}${h.amendedBy ? `, amended by ${h.amendedBy}` : ""}.`,
    ].join("\n"),
    categories: [h.type],
  }));
  const filter = list.type === "all" ? "" : ` (${list.type})`;
  return renderCalendar(events, {
    name: `Sri Lanka holidays ${list.year}${filter}`,
    stamp: list.lastVerified,
  });
}
