/**
 * `GET /api/v1/working-days/add`: the date a number of working days after (or before) a date.
 *
 * @module
 */
import * as z from "zod/mini";
import { HOLIDAY_DATA, HOLIDAY_TYPES } from "../calc/holidays.ts";
import {
  addWorkingDays,
  type AddWorkingDaysOptions,
  type AddWorkingDaysResult,
  type PoyaReading,
  WORK_CALENDARS,
  type WorkCalendar,
} from "../calc/working_days.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { flag, integer, isoDate, oneOf } from "../params.ts";
import { checkPoya, localizeSkipped, poyaParam } from "./working_days.ts";

export { addWorkingDays };
export type { AddWorkingDaysOptions, AddWorkingDaysResult };

/** Parameters of {@linkcode workingDaysAdd}. */
export interface WorkingDaysAddParams {
  from: string;
  days: number;
  calendar: WorkCalendar;
  saturday: boolean;
  /** How Poya days count in the mercantile calendar (default `holiday`). */
  poya?: PoyaReading | undefined;
  /** Language of the holiday names (default `en`). */
  lang?: Lang | undefined;
}

/** The longest count in one call, in working days (about four years). */
export const MAX_ADD_DAYS = 1000;

const params = z.object({
  from: isoDate({
    description: "Start date, YYYY-MM-DD; not itself counted",
    example: "2026-12-24",
  }),
  days: integer({
    min: -MAX_ADD_DAYS,
    max: MAX_ADD_DAYS,
    description: "Working days to add; negative counts back; 0 gives from itself",
    example: "30",
  }),
  calendar: z._default(
    oneOf(WORK_CALENDARS, {
      description:
        "Whose holidays are skipped: public, bank, mercantile (default) or government (public holidays plus government-office closures)",
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

const result: z.ZodMiniType<AddWorkingDaysResult> = z.object({
  from: z.string(),
  days: z.number().check(z.int()),
  calendar: z.enum(["public", "bank", "mercantile", "government"]),
  saturday: z.boolean().check(z.describe("Whether Saturdays counted as working days")),
  poya: z.enum(["holiday", "working"]).check(
    z.describe("How Poya days counted: holiday, or working (mercantile with poya=working only)"),
  ),
  date: z.string().check(
    z.describe("The date days working days after from (before it when days is negative)"),
  ),
  calendarDays: z.number().check(
    z.int(),
    z.describe("Calendar days from from to date (negative when counting back)"),
  ),
  weekendDays: z.number().check(z.int(), z.describe("Weekend days skipped")),
  holidayDays: z.number().check(z.int(), z.describe("Holiday days skipped (not on weekends)")),
  holidays: z.array(z.object({
    date: z.string(),
    name: z.string(),
    type: z.enum([...HOLIDAY_TYPES, "closure"]),
  })).check(z.describe("The holidays skipped")),
});

/** `GET /api/v1/working-days/add`: the date N working days after (or before) a date. */
export const workingDaysAdd: Operation<WorkingDaysAddParams, AddWorkingDaysResult> =
  defineOperation({
    name: "working-days-add",
    method: "GET",
    path: "/working-days/add",
    title: "Date after a number of working days",
    description:
      "The date that is a number of working days after a date (or before it, for a negative number), skipping Sundays, Saturdays (unless saturday=1) and the holidays of the chosen calendar (in the mercantile calendar Poya days too, unless poya=working); the start date is not counted.",
    tag: "Calendar",
    params,
    result,
    example: "/api/v1/working-days/add?from=2026-12-24&days=30",
    page: "working-days-add",
    provenance: { sourceUrl: HOLIDAY_DATA.sourceUrl, lastVerified: HOLIDAY_DATA.lastVerified },
    errors: { "404": "The start or the answer falls in a year that is not held" },
    run: (p) => {
      checkPoya(p);
      const answer = addWorkingDays(p);
      const lang = p.lang ?? "en";
      return lang === "en"
        ? answer
        : { ...answer, holidays: localizeSkipped(answer.holidays, lang) };
    },
  });
