import * as z from "zod/mini";
import labour from "../../data/labour.json" with { type: "json" };
import {
  computeMaternity,
  type MaternityCount,
  type MaternityResult,
  type MaternityScheme,
} from "../calc/labour_maternity.ts";
import { HOLIDAY_TYPES } from "../calc/holidays.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { flag, isoDate, oneOf } from "../params.ts";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { basisShape, labourProvenance, localizeBasis } from "./_labour.ts";
import { localizeSkipped } from "./working_days.ts";

export { computeMaternity };
export type { MaternityResult };

const params = z.object({
  confinement: isoDate({ description: "The day of confinement", example: "2026-03-15" }),
  live: z._default(
    flag({
      description: "Whether the confinement results in a live birth (default 1)",
      example: "1",
    }),
    true,
  ),
  scheme: z._default(
    oneOf(["shop-office", "ordinance"] as const, {
      description:
        "shop-office (default): Shop and Office Employees Act; ordinance: Maternity Benefits Ordinance",
      example: "shop-office",
    }),
    "shop-office",
  ),
  count: z.optional(
    oneOf(["working", "calendar"] as const, {
      description:
        "working (default for shop-office): weekends, Poya days and the Act's public holidays left out, as the Employers' Federation of Ceylon reads the Act; calendar: every day counted (the Ordinance's weeks, and the other reading of the Act)",
      example: "working",
    }),
  ),
  saturday: z.optional(flag({
    description: "With count=working: 1 if Saturday is a working day (default 0)",
    example: "0",
  })),
  lang: langParam(),
});

/** Parameters of {@linkcode maternity}. */
export interface MaternityParams {
  confinement: string;
  live: boolean;
  scheme: MaternityScheme;
  /** `working` or `calendar` (default: working for shop-office, calendar for the Ordinance). */
  count?: MaternityCount | undefined;
  /** With working days: whether Saturday is a working day (default false). */
  saturday?: boolean | undefined;
  /** Language of the Act, the section and the notes (default `en`); figures never change. */
  lang?: Lang | undefined;
}

const range = z.object({ from: z.string(), to: z.string(), days: z.number() });
const counts = z.enum(["working", "calendar"]);

const result: z.ZodMiniType<MaternityResult> = z.object({
  scheme: z.enum(["shop-office", "ordinance"]),
  live: z.boolean(),
  confinement: z.string(),
  count: counts.check(z.describe("How the days are counted: working or calendar days")),
  saturday: z.boolean().check(z.describe("Whether Saturdays counted as working days")),
  days: z.number().check(z.describe("Days of leave (of benefit under the Ordinance), as counted")),
  calendarDays: z.number().check(z.describe("Calendar days from from to to, both included")),
  from: z.string().check(z.describe("First day")),
  to: z.string().check(z.describe("Last day")),
  before: range,
  after: range,
  holidays: z.array(z.object({
    date: z.string(),
    name: z.string(),
    type: z.enum([...HOLIDAY_TYPES, "closure"]),
  })).check(z.describe("The holidays on weekdays that working days left out")),
  otherReading: z.nullable(z.object({
    count: counts,
    from: z.string(),
    to: z.string(),
    days: z.number(),
  })).check(
    z.describe(
      "Shop and office: the leave counted the other way (null for the Ordinance, or when it reaches a year not held)",
    ),
  ),
  nursing: z.nullable(z.object({
    intervals: z.number(),
    inHours: z.number(),
    minutesWithCreche: z.number(),
    minutesWithoutCreche: z.number(),
    until: z.string().check(z.describe("The last day the child is under one year of age")),
  })).check(z.describe("Section 18I's nursing intervals (shop and office, live birth)")),
  ...basisShape,
});

/** `GET /api/v1/labour/maternity`: maternity leave for a confinement, with its dates. */
export const maternity: Operation<MaternityParams, MaternityResult> = defineOperation({
  name: "maternity",
  method: "GET",
  path: "/labour/maternity",
  title: "Maternity leave calculator",
  description:
    "The maternity leave for a confinement under the Shop and Office Employees Act as amended by Act No. 14 of 2018 (84 working days for a live birth, 42 otherwise, with the calendar-day reading beside them) or the Maternity Benefits Ordinance as amended by Act No. 15 of 2018 (12 or 6 weeks), with the dates and the nursing intervals.",
  tag: "Labour",
  params,
  result,
  example: "/api/v1/labour/maternity?confinement=2026-03-15",
  page: "maternity-leave",
  provenance: labourProvenance(labour.maternity["shop-office"].sourceUrl),
  errors: { "404": "Working days that reach a year whose holidays are not held" },
  run: (p) => {
    const lang = p.lang ?? "en";
    const answer = localizeBasis(computeMaternity(p), lang);
    return lang === "en" ? answer : { ...answer, holidays: localizeSkipped(answer.holidays, lang) };
  },
});
