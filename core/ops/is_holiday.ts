/**
 * `GET /api/v1/holidays/{date}`: whether one date is a holiday, in which calendars, and whether it
 * falls on a weekend.
 *
 * @module
 */
import * as z from "zod/mini";
import { HOLIDAY_DATA, holidayOn, type HolidayOnDate } from "../calc/holidays.ts";
import { type Lang, message } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { isoDate } from "../params.ts";
import {
  holidayName,
  holidaySchema,
  localizeHolidayList,
  localizeHolidaySource,
} from "./holidays.ts";

export { holidayOn };
export type { HolidayOnDate };

/** Parameters of {@linkcode isHoliday}. */
export interface IsHolidayParams {
  /** The date, `YYYY-MM-DD`. */
  date: string;
  /** Language of the holiday names and the source (default `en`). */
  lang?: Lang | undefined;
}

const params = z.object({
  date: isoDate({
    description: "The date, YYYY-MM-DD (a year held: 2021 to 2027)",
    example: "2026-12-25",
  }),
  lang: langParam(),
});

const result: z.ZodMiniType<HolidayOnDate> = z.object({
  date: z.string(),
  weekday: z.string().check(z.describe("Day of the week, in the answer's language")),
  isHoliday: z.boolean().check(z.describe("A gazetted holiday of any calendar")),
  public: z.boolean().check(z.describe("A public holiday")),
  bank: z.boolean().check(
    z.describe("A gazetted bank holiday (weekends are not counted here; see isWeekend)"),
  ),
  mercantile: z.boolean().check(z.describe("A mercantile holiday")),
  government: z.boolean().check(
    z.describe("Government offices closed: a public holiday or a government-office closure"),
  ),
  closures: z.array(z.string()).check(
    z.describe("Names of the government-office closures on that date"),
  ),
  isWeekend: z.boolean().check(z.describe("Saturday or Sunday")),
  holidays: z.array(holidaySchema).check(z.describe("The holidays on that date")),
  source: z.string().check(z.describe("Publishing body and gazette of the year")),
  sourceUrl: z.string(),
  lastVerified: z.string().check(z.describe("When the year's list was last checked, YYYY-MM-DD")),
});

/**
 * An answer about one date with the holiday names and the source in a language.
 *
 * @param answer The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeHolidayOn(answer: HolidayOnDate, lang: Lang): HolidayOnDate {
  if (lang === "en") return answer;
  return {
    ...answer,
    weekday: message(lang, `calendar.weekday.${answer.weekday.toLowerCase()}`),
    closures: answer.closures.map((name) => {
      const closure = HOLIDAY_DATA.governmentClosures.find((c) => c.name === name);
      return closure ? holidayName(closure, lang) : name;
    }),
    holidays: localizeHolidayList(answer.holidays, lang),
    source: localizeHolidaySource(answer.source, lang),
  };
}

/** `GET /api/v1/holidays/{date}`: is this date a holiday, and in which calendars. */
export const isHoliday: Operation<IsHolidayParams, HolidayOnDate> = defineOperation({
  name: "is-holiday",
  method: "GET",
  path: "/holidays/{date}",
  title: "Is this date a holiday?",
  description:
    "Whether a date is a gazetted holiday and in which calendars (public, bank, mercantile), whether government offices are closed, whether it falls on a weekend, and the holidays on it. A year not yet gazetted is a 404 with known false.",
  tag: "Calendar",
  params,
  result,
  example: "/api/v1/holidays/2026-12-25",
  page: "is-holiday",
  provenance: { sourceUrl: HOLIDAY_DATA.sourceUrl, lastVerified: HOLIDAY_DATA.lastVerified },
  errors: { "404": "The year of the date is not held: before 2021, or not yet gazetted" },
  run: (p) => localizeHolidayOn(holidayOn(p.date), p.lang ?? "en"),
});
