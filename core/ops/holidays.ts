import * as z from "zod/mini";
import holidayData from "../../data/holidays.json" with { type: "json" };
import { ApiError } from "../errors.ts";
import { type AllDayEvent, renderCalendar } from "../ical.ts";
import { defineOperation, type Operation, type OperationContext } from "../operation.ts";
import { integer, oneOf } from "../params.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

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

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const holidaySchema: z.ZodMiniType<Holiday> = z.object({
  date: isoDay,
  name: z.string().check(z.describe("English name")),
  nameSinhala: z.string().check(z.describe("Sinhala name")),
  nameTamil: z.string().check(z.describe("Tamil name")),
  type: z.enum(HOLIDAY_TYPES).check(z.describe("Kind of day")),
  public: z.boolean().check(z.describe("Observed in the public calendar")),
  bank: z.boolean().check(z.describe("Observed in the bank calendar")),
  mercantile: z.boolean().check(z.describe("Observed in the mercantile calendar")),
  tentative: z.boolean().check(z.describe("True while the date is not yet gazetted")),
  gazette: z.string().check(z.describe("Gazette Extraordinary declaring it, e.g. 2438/22")),
  amendedBy: z.optional(z.string()).check(z.describe("Gazette that moved or amended it")),
  originalDate: z.optional(isoDay).check(z.describe("Date before the amendment")),
  note: z.optional(z.string()),
});

const datasetSchema: z.ZodMiniType<HolidayDataset> = z.object({
  source: z.string(),
  sourceUrl: z.string(),
  lastVerified: isoDay,
  years: z.array(z.number().check(z.int())).check(z.minLength(1)),
  holidays: z.array(holidaySchema),
  governmentClosures: z.array(z.object({
    id: z.string(),
    name: z.string(),
    nameSinhala: z.string(),
    nameTamil: z.string(),
    weekday: z.number().check(z.int(), z.minimum(0), z.maximum(6)),
    from: isoDay,
    to: z.nullable(isoDay),
    instrument: z.string(),
    status: z.string(),
    sources: z.array(z.string()),
  })),
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The holiday dataset, validated and frozen at module load. */
export const HOLIDAY_DATA: Readonly<HolidayDataset> = deepFreeze(datasetSchema.parse(holidayData));

/** Years with holiday data, ascending. */
export const SUPPORTED_YEARS: readonly number[] = HOLIDAY_DATA.years;

const BY_YEAR: ReadonlyMap<number, readonly Holiday[]> = new Map(
  SUPPORTED_YEARS.map((year) => [
    year,
    HOLIDAY_DATA.holidays.filter((h) => h.date.startsWith(`${year}-`)),
  ]),
);

/** Parameters of {@linkcode holidays}. */
export interface HolidaysParams {
  /** The year; defaults to the current year in Asia/Colombo. */
  year?: number | undefined;
  /** Only the holidays of this calendar; all holidays when absent. */
  type?: HolidayCalendar | undefined;
  /** `json` (the envelope) or `ics` (an iCalendar file). */
  format: "json" | "ics";
  /** Language of `name`, `note` and `source` (default `en`); `nameSinhala`/`nameTamil` stay. */
  lang?: Lang | undefined;
}

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

const params = z.object({
  year: z.optional(integer({
    min: 1000,
    max: 9999,
    description: `Year; supported ${SUPPORTED_YEARS.join(", ")}; default the current year`,
    example: "2026",
  })),
  type: z.optional(oneOf(["public", "bank", "mercantile"] as const, {
    description: "Only holidays of this calendar: public, bank or mercantile; default all",
  })),
  format: z._default(
    oneOf(["json", "ics"] as const, {
      description: "json (default) or ics: an iCalendar file (text/calendar) of the same selection",
    }),
    "json",
  ),
  lang: langParam(),
});

const result: z.ZodMiniType<HolidaysResult> = z.object({
  year: z.number().check(z.int()),
  type: z.enum(["public", "bank", "mercantile", "all"]).check(
    z.describe("Calendar filter applied"),
  ),
  count: z.number().check(z.int(), z.describe("Number of entries in holidays")),
  holidays: z.array(holidaySchema),
  source: z.string().check(z.describe("Publishing body and gazettes")),
  sourceUrl: z.string(),
  lastVerified: z.string().check(z.describe("When the list was last checked, YYYY-MM-DD")),
});

/**
 * Lists the gazetted holidays of a year, optionally only those of one calendar.
 *
 * @param year A year with data (see {@linkcode SUPPORTED_YEARS}).
 * @param type A calendar filter, or undefined for all holidays.
 * @returns The list with its source.
 * @throws {ApiError} 400 `invalid_param` naming `year` when the year has no data.
 *
 * @example Usage
 * ```ts
 * import { listHolidays } from "./holidays.ts";
 * console.log(listHolidays(2026, "mercantile").count); // 8
 * ```
 */
export function listHolidays(year: number, type?: HolidayCalendar): HolidaysResult {
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

/**
 * A holiday's (or closure's) name in a language: the dataset's Sinhala and Tamil names.
 *
 * @param h The holiday.
 * @param lang The language.
 * @returns The name.
 */
export function holidayName(
  h: Pick<Holiday, "name" | "nameSinhala" | "nameTamil">,
  lang: Lang,
): string {
  return lang === "si" ? h.nameSinhala : lang === "ta" ? h.nameTamil : h.name;
}

/**
 * A holiday list with `name`, `note` and `source` in a language (the Sinhala and Tamil names are
 * the dataset's; notes and the source from the message catalogue).
 *
 * @param list The list in English.
 * @param lang The language.
 * @returns The list in that language.
 */
export function localizeHolidays(list: HolidaysResult, lang: Lang): HolidaysResult {
  if (lang === "en") return list;
  return {
    ...list,
    holidays: list.holidays.map((h) => ({
      ...h,
      name: holidayName(h, lang),
      ...(h.note === undefined ? {} : { note: translate(lang, h.note, "holidays.note.") }),
    })),
    source: translate(lang, list.source, "holidays.source"),
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
 * import { holidaysToIcs, listHolidays } from "./holidays.ts";
 * const ics = holidaysToIcs(listHolidays(2026));
 * console.log(ics.split("BEGIN:VEVENT").length - 1); // 26
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

function yearOf(p: HolidaysParams, ctx: OperationContext): number {
  return p.year ?? Number(ctx.today.slice(0, 4));
}

/** `GET /api/v1/holidays`: gazetted public, bank and mercantile holidays of a year. */
export const holidays: Operation<HolidaysParams, HolidaysResult> = defineOperation({
  name: "holidays",
  method: "GET",
  path: "/holidays",
  title: "Public, bank and mercantile holidays",
  description:
    "Gazetted holidays of a year with Sinhala and Tamil names, their calendars and the gazette each comes from; format=ics gives an iCalendar file. Answers conditional GETs (ETag, If-None-Match).",
  tag: "Calendar",
  params,
  result,
  example: "/api/v1/holidays?year=2026&type=mercantile",
  page: "holidays",
  provenance: { sourceUrl: HOLIDAY_DATA.sourceUrl, lastVerified: HOLIDAY_DATA.lastVerified },
  conditional: true,
  formats: {
    ics: {
      contentType: "text/calendar; charset=utf-8",
      description: "An iCalendar file with one all-day VEVENT per holiday",
      render: (list) => holidaysToIcs(list),
      filename: (list) =>
        `sri-lanka-holidays-${list.year}${list.type === "all" ? "" : `-${list.type}`}.ics`,
    },
  },
  run: (p, ctx) => localizeHolidays(listHolidays(yearOf(p, ctx), p.type), p.lang ?? "en"),
});
