import * as z from "zod/mini";
import {
  type GovernmentClosure,
  type Holiday,
  HOLIDAY_DATA,
  HOLIDAY_TYPES,
  type HolidayCalendar,
  type HolidayDataset,
  holidayOn,
  type HolidayOnDate,
  type HolidaysResult,
  holidaysToIcs,
  type HolidayType,
  type HolidayYearSource,
  listHolidays,
  type ListHolidaysOptions,
  SUPPORTED_YEARS,
  unknownYearList,
} from "../calc/holidays.ts";
import { defineOperation, type Operation, type OperationContext } from "../operation.ts";
import { integer, oneOf } from "../params.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

export { HOLIDAY_DATA, HOLIDAY_TYPES, holidayOn, holidaysToIcs, listHolidays, SUPPORTED_YEARS };
export type {
  GovernmentClosure,
  Holiday,
  HolidayCalendar,
  HolidayDataset,
  HolidayOnDate,
  HolidaysResult,
  HolidayType,
  HolidayYearSource,
  ListHolidaysOptions,
};

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The schema of one holiday, shared with the `is-holiday` operation. */
export const holidaySchema: z.ZodMiniType<Holiday> = z.object({
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
  yearSources: z.record(
    z.string(),
    z.object({
      gazette: z.nullable(z.string()),
      issued: z.nullable(isoDay),
      source: z.string(),
      sourceUrl: z.string(),
      lastVerified: isoDay,
      checked: z.string(),
    }),
  ),
  nextGazette: z.object({ usually: z.string(), evidence: z.string() }),
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

// The dataset is checked against its schema once, when the operation loads, and every held year
// has its source.
datasetSchema.parse(HOLIDAY_DATA);
for (const year of SUPPORTED_YEARS) {
  if (!Object.hasOwn(HOLIDAY_DATA.yearSources, String(year))) {
    throw new TypeError(`Holiday data for year ${year} has no entry in yearSources`);
  }
}

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
    ...(list.notice === undefined
      ? {}
      : { notice: translate(lang, list.notice, "error.calendar.") }),
    holidays: localizeHolidayList(list.holidays, lang),
    source: localizeHolidaySource(list.source, lang),
  };
}

/**
 * Holidays with `name` and `note` in a language.
 *
 * @param list The holidays in English.
 * @param lang The language.
 * @returns The holidays in that language.
 */
export function localizeHolidayList(list: readonly Holiday[], lang: Lang): Holiday[] {
  if (lang === "en") return list.slice();
  return list.map((h) => ({
    ...h,
    name: holidayName(h, lang),
    ...(h.note === undefined ? {} : { note: translate(lang, h.note, "holidays.note.") }),
  }));
}

/**
 * A holiday list's source in a language (a year's source, from the `calendar.source.` templates,
 * or the dataset's).
 *
 * @param source The source in English.
 * @param lang The language.
 * @returns The source in that language.
 */
export function localizeHolidaySource(source: string, lang: Lang): string {
  if (lang === "en") return source;
  return source === HOLIDAY_DATA.source
    ? translate(lang, source, "holidays.source")
    : translate(lang, source, "calendar.source.");
}

const params = z.object({
  year: z.optional(integer({
    min: 1000,
    max: 9999,
    description: `Year; held ${SUPPORTED_YEARS[0]} to ${
      SUPPORTED_YEARS[SUPPORTED_YEARS.length - 1]
    } (a year not yet gazetted is a 404 with known false); default the current year (when it is not held, an empty list with known false and a notice)`,
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
  known: z.boolean().check(
    z.describe("False when no year was asked for and this year's holidays are not yet gazetted"),
  ),
  notice: z.optional(z.string()).check(z.describe("Why the list is empty when known is false")),
  count: z.number().check(z.int(), z.describe("Number of entries in holidays")),
  holidays: z.array(holidaySchema),
  source: z.string().check(z.describe("Publishing body and gazettes")),
  sourceUrl: z.string(),
  lastVerified: z.string().check(z.describe("When the list was last checked, YYYY-MM-DD")),
});

function listFor(p: HolidaysParams, ctx: OperationContext): HolidaysResult {
  if (p.year !== undefined) return listHolidays({ year: p.year, type: p.type });
  const year = Number(ctx.today.slice(0, 4));
  return SUPPORTED_YEARS.includes(year)
    ? listHolidays({ year, type: p.type })
    : unknownYearList(year, p.type);
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
  errors: { "404": "The year is not held: before 2021, or not yet gazetted (known: false)" },
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
  run: (p, ctx) => localizeHolidays(listFor(p, ctx), p.lang ?? "en"),
});
