/**
 * The Social Security Contribution Levy (SSCL) on a period's turnover, from `data/sscl.json`
 * (SSCL Act No. 25 of 2022 and amendments), without schemas.
 *
 * @module
 */
import ssclData from "../../data/sscl.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { ApiError } from "../errors.ts";
import { roundMoney } from "../money.ts";

/** An activity and the share of its turnover the Act makes liable. */
export interface SsclActivity {
  id: string;
  name: string;
  liableSharePct: number;
}

/** One dated version of the levy. */
export interface SsclVersion {
  from: string;
  to: string | null;
  ratePct: number;
  quarterThreshold: number;
  annualThreshold: number;
  basis: string;
  sourceUrl: string;
  /** `two-sources` or `one-source`; `confidenceDetail` says which. */
  confidence: string;
  confidenceDetail: string;
}

/** The activities, in the order the data lists them. */
export const SSCL_ACTIVITIES: readonly SsclActivity[] = ssclData.activities;

/** The activity ids. */
export const SSCL_ACTIVITY_IDS: readonly string[] = SSCL_ACTIVITIES.map((a) => a.id);

const VERSIONS: readonly SsclVersion[] = ssclData.versions as SsclVersion[];

/** The day the levy came into force. */
export const SSCL_FIRST_DATE = "2022-10-01";

/** Options of {@linkcode computeSscl}. */
export interface SsclOptions {
  /** Turnover of the period, LKR. */
  turnover: number;
  /** A day of the period (its thresholds and rate apply), `YYYY-MM-DD`. */
  date: string;
  /** The activity (default `service`, liable in full). */
  activity?: string | undefined;
  /** `quarter` (the levy's return period, default) or `year`. */
  period?: "quarter" | "year" | undefined;
}

/** Result of {@linkcode computeSscl}. */
export interface SsclResult {
  turnover: number;
  date: string;
  period: "quarter" | "year";
  activity: string;
  activityName: string;
  /** Percent of turnover that is liable for this activity. */
  liableSharePct: number;
  liableTurnover: number;
  ratePct: number;
  /** The registration threshold for the period in force on `date`. */
  threshold: number;
  quarterThreshold: number;
  annualThreshold: number;
  /** Whether turnover exceeds the threshold, so the levy is due. */
  liable: boolean;
  /** The levy, to the cent (0 when not liable). */
  levy: number;
  /** What the answer does not decide. */
  notes: string[];
  /** The Act or notice behind the rate and thresholds, then the source of the liable shares. */
  sources: string[];
  sourceUrl: string;
  /** How many sources give the thresholds: `two-sources` or `one-source`. */
  confidence: "two-sources" | "one-source";
  lastVerified: string;
  currency: "LKR";
}

/**
 * SSCL on a period's turnover: 2.5% of the liable turnover (the activity's share of turnover),
 * due once turnover exceeds the registration threshold in force on `date`.
 *
 * @param options Turnover, date, activity and period.
 * @returns The levy with the thresholds and the Act or notice behind them.
 * @throws {ApiError} 400 naming `activity` for an unknown activity, or `date` before the levy
 *   came into force (1 October 2022).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { computeSscl } from "./sscl.ts";
 * // 2.5% of a quarter's Rs 40 million of services (threshold Rs 15 million a quarter in 2025).
 * assert.equal(computeSscl({ turnover: 40_000_000, date: "2025-06-30" }).levy, 1_000_000);
 * ```
 */
export function computeSscl(options: SsclOptions): SsclResult {
  const { turnover, date } = options;
  const period = options.period ?? "quarter";
  const activityId = options.activity ?? "service";
  const activity = SSCL_ACTIVITIES.find((a) => a.id === activityId);
  if (!activity) {
    throw ApiError.invalidParam(
      "activity",
      `Parameter "activity" must be one of ${SSCL_ACTIVITY_IDS.join(", ")}: got "${activityId}"`,
    );
  }
  const version = inForce(VERSIONS, date);
  if (!version) {
    throw ApiError.invalidParam(
      "date",
      `The Social Security Contribution Levy applies from ${SSCL_FIRST_DATE} (SSCL Act No. 25 of 2022): got "${date}"`,
    );
  }
  const threshold = period === "quarter" ? version.quarterThreshold : version.annualThreshold;
  const liableTurnover = roundMoney((turnover * activity.liableSharePct) / 100);
  const liable = turnover > threshold;
  const levy = liable ? roundMoney((liableTurnover * version.ratePct) / 100) : 0;
  return {
    turnover,
    date,
    period,
    activity: activity.id,
    activityName: activity.name,
    liableSharePct: activity.liableSharePct,
    liableTurnover,
    ratePct: version.ratePct,
    threshold,
    quarterThreshold: version.quarterThreshold,
    annualThreshold: version.annualThreshold,
    liable,
    levy,
    notes: [
      "Exempt supplies (the Act's Second Schedule), financial services and the 2026 motor-vehicle changes are not modelled",
      "The threshold is tested on this turnover alone: a business with several activities is tested on its total turnover",
    ],
    sources: [version.basis, ssclData.activitiesBasis],
    sourceUrl: version.sourceUrl,
    confidence: version.confidence === "two-sources" ? "two-sources" : "one-source",
    lastVerified: ssclData.lastVerified,
    currency: "LKR",
  };
}
