/**
 * `GET /api/v1/holidays/long-weekends`: the runs of three or more days off in a year (weekends
 * and the gazetted holidays of a calendar), from the holiday data `/holidays` serves. An
 * operation beside `/holidays`, not a rule: it holds no figure of its own (docs/rules.md).
 *
 * @module
 */
import * as z from "zod/mini";
import {
  type LongWeekend,
  longWeekends,
  type LongWeekendsOptions,
  type LongWeekendsResult,
} from "../calc/long_weekends.ts";
import { HOLIDAY_DATA, HOLIDAY_TYPES, SUPPORTED_YEARS } from "../calc/holidays.ts";
import { type PoyaReading, WORK_CALENDARS, type WorkCalendar } from "../calc/working_days.ts";
import { type Lang, message } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { integer, oneOf } from "../params.ts";
import { localizeHolidaySource } from "./holidays.ts";
import { checkPoya, localizeSkipped, poyaParam } from "./working_days.ts";

export { longWeekends };
export type { LongWeekend, LongWeekendsOptions, LongWeekendsResult };

/** Parameters of {@linkcode longWeekendsOp}. */
export interface LongWeekendsParams {
  /** The year; defaults to the current year in Asia/Colombo. */
  year?: number | undefined;
  /** Whose holidays count as days off (default `public`). */
  calendar: WorkCalendar;
  /** How Poya days count in the mercantile calendar (default `holiday`). */
  poya?: PoyaReading | undefined;
  /** The shortest run to list, in days (default 3). */
  minDays?: number | undefined;
  /** Language of the holiday names, weekdays and the source (default `en`). */
  lang?: Lang | undefined;
}

const first = SUPPORTED_YEARS[0]!;
const last = SUPPORTED_YEARS[SUPPORTED_YEARS.length - 1]!;

const params = z.object({
  year: z.optional(integer({
    min: 1000,
    max: 9999,
    description:
      `Year; held ${first} to ${last} (another year is a 404 with known false); default the current year`,
    example: "2026",
  })),
  calendar: z._default(
    oneOf(WORK_CALENDARS, {
      description:
        "Whose holidays count as days off besides Saturdays and Sundays, as /working-days counts them: public (default), bank, mercantile (Poya days off too, unless poya=working) or government (public holidays plus government-office closures)",
      example: "public",
    }),
    "public",
  ),
  poya: poyaParam,
  minDays: z.optional(integer({
    min: 3,
    max: 10,
    description: "The shortest run of days off to list (default 3)",
    example: "3",
  })),
  lang: langParam(),
});

const result: z.ZodMiniType<LongWeekendsResult> = z.object({
  year: z.int(),
  calendar: z.enum(["public", "bank", "mercantile", "government"]),
  poya: z.enum(["holiday", "working"]).check(
    z.describe("How Poya days counted: holiday, or working (mercantile with poya=working only)"),
  ),
  minDays: z.int(),
  count: z.int().check(z.describe("Number of runs")),
  runs: z.array(z.object({
    from: z.iso.date().check(z.describe("First day off")),
    to: z.iso.date().check(z.describe("Last day off")),
    days: z.int().check(z.describe("Days off in a row")),
    fromWeekday: z.string().check(z.describe("Weekday of the first day, in the answer's language")),
    toWeekday: z.string().check(z.describe("Weekday of the last day, in the answer's language")),
    holidays: z.array(z.object({
      date: z.iso.date(),
      name: z.string().check(z.describe("In the answer's language")),
      type: z.enum([...HOLIDAY_TYPES, "closure"]).check(
        z.describe("Kind of holiday, or closure (a government-office closure)"),
      ),
    })).check(z.describe("The holidays (and closures) that make the run longer than a weekend")),
  })).check(z.describe("Runs of days off (weekends and the calendar's holidays), in date order")),
  source: z.string().check(z.describe("Publishing body and gazette of the year's holidays")),
  sourceUrl: z.string(),
  lastVerified: z.string(),
});

/**
 * Long weekends in a language: holiday names, weekdays and the source.
 *
 * @param answer The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeLongWeekends(answer: LongWeekendsResult, lang: Lang): LongWeekendsResult {
  if (lang === "en") return answer;
  const weekday = (name: string) => message(lang, `calendar.weekday.${name.toLowerCase()}`);
  return {
    ...answer,
    runs: answer.runs.map((r) => ({
      ...r,
      fromWeekday: weekday(r.fromWeekday),
      toWeekday: weekday(r.toWeekday),
      holidays: localizeSkipped(r.holidays, lang),
    })),
    source: localizeHolidaySource(answer.source, lang),
  };
}

/** `GET /api/v1/holidays/long-weekends`: runs of three or more days off in a year. */
export const longWeekendsOp: Operation<LongWeekendsParams, LongWeekendsResult> = defineOperation({
  name: "long-weekends",
  method: "GET",
  path: "/holidays/long-weekends",
  title: "Long weekends",
  description:
    "The runs of three or more days off in a year: Saturdays, Sundays and the holidays of the calendar chosen, as /working-days counts them (public, bank, mercantile with Poya days, or government), each with the holidays that lengthen it.",
  tag: "Calendar",
  params,
  result,
  example: "/api/v1/holidays/long-weekends?year=2026&calendar=public",
  page: "long-weekends",
  provenance: { sourceUrl: HOLIDAY_DATA.sourceUrl, lastVerified: HOLIDAY_DATA.lastVerified },
  provenanceOf: (answer) => ({ sourceUrl: answer.sourceUrl, lastVerified: answer.lastVerified }),
  errors: { "404": "The year is not held: before 2021, or not yet gazetted (known: false)" },
  run: (p, ctx) => {
    const calendar = p.calendar;
    checkPoya({ calendar, poya: p.poya });
    return localizeLongWeekends(
      longWeekends({
        year: p.year ?? Number(ctx.today.slice(0, 4)),
        calendar,
        poya: p.poya,
        minDays: p.minDays,
      }),
      p.lang ?? "en",
    );
  },
});
