import * as z from "zod/mini";
import {
  type GovernmentClosure,
  type Holiday,
  HOLIDAY_DATA,
  HOLIDAY_TYPES,
  type HolidayCalendar,
  type HolidayDataset,
  type HolidaysResult,
  holidaysToIcs,
  type HolidayType,
  listHolidays,
  type ListHolidaysOptions,
  SUPPORTED_YEARS,
} from "../calc/holidays.ts";
import { defineOperation, type Operation, type OperationContext } from "../operation.ts";
import { integer, oneOf } from "../params.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

export { HOLIDAY_DATA, HOLIDAY_TYPES, holidaysToIcs, listHolidays, SUPPORTED_YEARS };
export type {
  GovernmentClosure,
  Holiday,
  HolidayCalendar,
  HolidayDataset,
  HolidaysResult,
  HolidayType,
  ListHolidaysOptions,
};

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

// The dataset is checked against its schema once, when the operation loads.
datasetSchema.parse(HOLIDAY_DATA);

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
    holidays: list.holidays.map((h) => ({
      ...h,
      name: holidayName(h, lang),
      ...(h.note === undefined ? {} : { note: translate(lang, h.note, "holidays.note.") }),
    })),
    source: translate(lang, list.source, "holidays.source"),
  };
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
  run: (p, ctx) =>
    localizeHolidays(listHolidays({ year: yearOf(p, ctx), type: p.type }), p.lang ?? "en"),
});
