/**
 * `GET /api/v1/tax/sscl`: the Social Security Contribution Levy on a period's turnover.
 *
 * @module
 */
import * as z from "zod/mini";
import ssclData from "../../data/sscl.json" with { type: "json" };
import {
  computeSscl,
  SSCL_ACTIVITIES,
  SSCL_ACTIVITY_IDS,
  type SsclActivity,
  type SsclOptions,
  type SsclResult,
  type SsclVersion,
} from "../calc/sscl.ts";
import { type Lang, maybeMessage, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, isoDate, oneOf } from "../params.ts";

export { computeSscl, SSCL_ACTIVITIES, SSCL_ACTIVITY_IDS };
export type { SsclActivity, SsclOptions, SsclResult, SsclVersion };

/** Parameters of {@linkcode sscl}. */
export interface SsclParams {
  /** Turnover of the period, LKR. */
  turnover: number;
  /** A day of the period (default today). */
  date?: string | undefined;
  /** The activity (default `service`). */
  activity: string;
  /** `quarter` (default) or `year`. */
  period: "quarter" | "year";
  /** Language of `activityName` and `notes` (default `en`). */
  lang?: Lang | undefined;
}

/**
 * An SSCL answer with its text for people in a language (the catalogue's entries); the Acts and
 * notices cited in `sources` stay as they are named.
 *
 * @param r The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeSscl(r: SsclResult, lang: Lang): SsclResult {
  if (lang === "en") return r;
  return {
    ...r,
    activityName: maybeMessage(lang, `value.activity.${r.activity}`) ?? r.activityName,
    notes: r.notes.map((n) => translate(lang, n, "tax.note.")),
  };
}

const params = z.object({
  turnover: decimal({
    min: 0,
    max: 1e15,
    maxDecimals: 2,
    description: "Turnover of the period, LKR",
    example: "40000000",
  }),
  date: z.optional(isoDate({
    description:
      "A day of the period: its rate and thresholds apply (from 2022-10-01); default today",
    example: "2025-06-30",
  })),
  activity: z._default(
    oneOf(SSCL_ACTIVITY_IDS, {
      description:
        "The activity, which sets the liable share of turnover: import (100%), manufacture (85%), service (100%, default), distributor (25%) or wholesale-retail (50%)",
    }),
    "service",
  ),
  period: z._default(
    oneOf(["quarter", "year"] as const, {
      description:
        "The turnover's period, for the registration threshold: quarter (default) or year",
    }),
    "quarter",
  ),
  lang: langParam(),
});

const result: z.ZodMiniType<SsclResult> = z.object({
  turnover: z.number(),
  date: z.string(),
  period: z.enum(["quarter", "year"]),
  activity: z.string(),
  activityName: z.string(),
  liableSharePct: z.number().check(z.describe("Percent of turnover the Act makes liable")),
  liableTurnover: z.number(),
  ratePct: z.number(),
  threshold: z.number().check(z.describe("Registration threshold for the period on the date")),
  quarterThreshold: z.number(),
  annualThreshold: z.number(),
  liable: z.boolean().check(z.describe("Whether turnover exceeds the threshold")),
  levy: z.number().check(z.describe("The levy, to the cent (0 when not liable)")),
  notes: z.array(z.string()).check(z.describe("What the answer does not decide")),
  sources: z.array(z.string()).check(
    z.describe("The Act or notice behind the rate and thresholds, then the source of the shares"),
  ),
  sourceUrl: z.string(),
  confidence: z.enum(["two-sources", "one-source"]).check(
    z.describe("How many sources give the thresholds"),
  ),
  lastVerified: z.string(),
  currency: z.literal("LKR"),
});

/** `GET /api/v1/tax/sscl`: the Social Security Contribution Levy. */
export const sscl: Operation<SsclParams, SsclResult> = defineOperation({
  name: "sscl",
  method: "GET",
  path: "/tax/sscl",
  title: "Social Security Contribution Levy",
  description:
    "The SSCL on a quarter's (or year's) turnover: 2.5% of the liable turnover, the activity's share the Act makes liable, once turnover passes the registration threshold in force on the date (SSCL Act No. 25 of 2022 and amendments).",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/tax/sscl?turnover=40000000&date=2025-06-30&activity=service",
  page: "sscl",
  provenance: { sourceUrl: ssclData.sourceUrl, lastVerified: ssclData.lastVerified },
  run: (p, ctx) =>
    localizeSscl(
      computeSscl({
        turnover: p.turnover,
        date: p.date ?? ctx.today,
        activity: p.activity,
        period: p.period,
      }),
      p.lang ?? "en",
    ),
});
