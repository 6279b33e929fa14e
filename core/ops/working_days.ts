import * as z from "zod/mini";
import { type Holiday, HOLIDAY_DATA, HOLIDAY_TYPES } from "../calc/holidays.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { holidayName } from "./holidays.ts";
import {
  buildWorkingDayCounter,
  countWorkingDays,
  type CountWorkingDaysOptions,
  MAX_SPAN_DAYS,
  type PoyaReading,
  WORK_CALENDARS,
  type WorkCalendar,
  WORKING_DAYS,
  type WorkingDayCounter,
  type WorkingDayHoliday,
  type WorkingDaysResult,
} from "../calc/working_days.ts";
import { ApiError } from "../errors.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { flag, isoDate, oneOf } from "../params.ts";

export { buildWorkingDayCounter, countWorkingDays, MAX_SPAN_DAYS, WORK_CALENDARS, WORKING_DAYS };
export type {
  CountWorkingDaysOptions,
  PoyaReading,
  WorkCalendar,
  WorkingDayCounter,
  WorkingDayHoliday,
  WorkingDaysResult,
};

/** Parameters of {@linkcode workingDays}. */
export interface WorkingDaysParams {
  from: string;
  to: string;
  calendar: WorkCalendar;
  saturday: boolean;
  /** How Poya days count in the mercantile calendar (default `holiday`). */
  poya?: PoyaReading | undefined;
  /** Language of the holiday names (default `en`). */
  lang?: Lang | undefined;
}

/**
 * The `poya` parameter of the working-days operations: in the mercantile calendar, a Poya day is
 * a holiday (the Shop and Office Employees Act, s.7A) unless `poya=working` asks for the Central
 * Bank's mercantile list alone; the other calendars always hold Poya days as holidays.
 */
export const poyaParam: z.ZodMiniOptional<z.ZodMiniType<PoyaReading>> = z.optional(
  oneOf(["holiday", "working"] as const, {
    description:
      "Mercantile calendar only: holiday (default) leaves Poya days out, as the Shop and Office Employees Act gives shop and office workers a holiday on every Poya day (s.7A); working counts them, as the Central Bank's mercantile list alone does",
  }),
);

/**
 * Refuses `poya=working` outside the mercantile calendar, where Poya days are gazetted holidays.
 *
 * @param p The calendar and the Poya reading asked for.
 * @throws {ApiError} 400 naming `poya`.
 */
export function checkPoya(p: { calendar: WorkCalendar; poya?: PoyaReading | undefined }): void {
  if (p.poya === "working" && p.calendar !== "mercantile") {
    throw ApiError.invalidParam(
      "poya",
      `Parameter "poya" can be "working" only with calendar=mercantile: Poya days are ${p.calendar} holidays`,
    );
  }
}

type Names = Pick<Holiday, "name" | "nameSinhala" | "nameTamil">;
/** Every holiday and closure of the dataset by date and English name, for their other names. */
const NAMES: ReadonlyMap<string, Names> = new Map<string, Names>([
  ...HOLIDAY_DATA.holidays.map((h): [string, Names] => [`${h.date}|${h.name}`, h]),
  ...HOLIDAY_DATA.governmentClosures.map((c): [string, Names] => [`closure|${c.name}`, c]),
]);

/**
 * Holidays skipped by a working-days answer, with their names in a language (the dataset's names).
 *
 * @param list The holidays in English.
 * @param lang The language.
 * @returns The holidays in that language.
 */
export function localizeSkipped(
  list: readonly WorkingDayHoliday[],
  lang: Lang,
): WorkingDayHoliday[] {
  if (lang === "en") return list.slice();
  return list.map((h) => {
    const named = NAMES.get(h.type === "closure" ? `closure|${h.name}` : `${h.date}|${h.name}`);
    return named ? { ...h, name: holidayName(named, lang) } : h;
  });
}

/**
 * A working-days answer with the holiday names in a language (the dataset's names).
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeWorkingDays(result: WorkingDaysResult, lang: Lang): WorkingDaysResult {
  if (lang === "en") return result;
  return { ...result, holidays: localizeSkipped(result.holidays, lang) };
}

const params = z.object({
  from: isoDate({ description: "First day counted, YYYY-MM-DD", example: "2026-05-01" }),
  to: isoDate({ description: "Last day counted (inclusive), YYYY-MM-DD", example: "2026-06-30" }),
  calendar: z._default(
    oneOf(WORK_CALENDARS, {
      description:
        "Whose holidays are excluded: public, bank, mercantile (default) or government (public holidays plus government-office closures)",
    }),
    "mercantile",
  ),
  saturday: z._default(
    flag({ description: "1 counts Saturdays as working days; default 0" }),
    false,
  ),
  poya: poyaParam,
  lang: langParam(),
});

const result: z.ZodMiniType<WorkingDaysResult> = z.object({
  from: z.string(),
  to: z.string(),
  calendar: z.enum(["public", "bank", "mercantile", "government"]),
  saturday: z.boolean().check(z.describe("Whether Saturdays counted as working days")),
  poya: z.enum(["holiday", "working"]).check(
    z.describe("How Poya days counted: holiday, or working (mercantile with poya=working only)"),
  ),
  workingDays: z.number().check(z.int()),
  totalDays: z.number().check(z.int(), z.describe("Days from from to to inclusive")),
  weekendDays: z.number().check(z.int(), z.describe("Sundays, and Saturdays unless saturday=1")),
  holidayDays: z.number().check(
    z.int(),
    z.describe("Distinct holidays that fell on non-weekend days"),
  ),
  holidays: z.array(z.object({
    date: z.string(),
    name: z.string(),
    type: z.enum([...HOLIDAY_TYPES, "closure"]),
  })).check(z.describe("The holidays behind holidayDays")),
});

/** `GET /api/v1/working-days`: business days between two dates. */
export const workingDays: Operation<WorkingDaysParams, WorkingDaysResult> = defineOperation({
  name: "working-days",
  method: "GET",
  path: "/working-days",
  title: "Working days between two dates",
  description:
    "Counts business days from one date to another inclusive, excluding Sundays, Saturdays (unless saturday=1) and the holidays of the chosen calendar; in the mercantile calendar Poya days are holidays too (Shop and Office Employees Act, s.7A) unless poya=working.",
  tag: "Calendar",
  params,
  result,
  example: "/api/v1/working-days?from=2026-05-01&to=2026-06-30&calendar=mercantile",
  page: "working-days",
  provenance: { sourceUrl: HOLIDAY_DATA.sourceUrl, lastVerified: HOLIDAY_DATA.lastVerified },
  run: (p) => {
    checkPoya(p);
    return localizeWorkingDays(countWorkingDays(p), p.lang ?? "en");
  },
});
