/**
 * `tax-residency`: whether an individual is resident in Sri Lanka for a year of assessment under
 * section 69 of the Inland Revenue Act No. 24 of 2017. Any one of its limbs makes a resident:
 * residing here (69(1)(a)), presence of the threshold's days or more in a twelve-month period that
 * starts or ends in the year (69(1)(b)), a Government employee or official posted abroad
 * (69(1)(c)), employment on a Sri Lanka ship (69(1)(d)). From 1 April 2025 two exclusions come
 * first (69(1A) and (2A), Act No. 11 of 2026): an Investor Category Residence Visa, and leaving
 * to work abroad under a contract of a year or more with an unassociated employer.
 *
 * The days are given (`count=days`), or counted from up to five stays (`count=stays`, arrival and
 * departure dates; the input not chosen is not read): the most
 * days of presence in any twelve-month period that starts or ends in the year of assessment, with
 * presence in the year itself. Neither the Act nor the IRD's guides read say how a day of arrival
 * or departure counts, so the caller chooses (`partDay`): both count, only whole days count, or
 * the day of arrival counts and the day of departure does not.
 *
 * @module
 */
import * as z from "zod/mini";
import { epochDay, parseIsoText } from "../../_calendar.ts";
import { ApiError } from "../../errors.ts";
import type { FormulaKind, KindStep } from "../kinds/index.ts";
import { numberValue } from "../kinds/_kind.ts";

/** The stays a request may give: `arrived1`/`left1` to `arrived5`/`left5`. */
export const STAYS = 5;

/** How a day of arrival or departure counts: the caller's choice (the Act is silent). */
type PartDay = "both" | "whole" | "arrival";

/** Days since the epoch to `YYYY-MM-DD`. */
function dayText(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The last day of the twelve-month period starting on `start` (a year on, less a day). */
function yearEnd(start: string): number {
  const d = parseIsoText(start);
  const leap = d.month === 2 && d.day === 29;
  return epochDay({ year: d.year + 1, month: leap ? 3 : d.month, day: leap ? 1 : d.day }) - 1;
}

/** The days counted, from the stays given (each a pair, departure not before arrival). */
function stayDays(inputs: Readonly<Record<string, unknown>>): Set<number> | null {
  const days = new Set<number>();
  let given = false;
  for (let i = 1; i <= STAYS; i++) {
    const arrived = inputs[`arrived${i}`] as string | undefined;
    const left = inputs[`left${i}`] as string | undefined;
    if (arrived === undefined && left === undefined) continue;
    if (arrived === undefined || left === undefined) {
      const missing = arrived === undefined ? `arrived${i}` : `left${i}`;
      throw ApiError.invalidParam(
        missing,
        `A stay needs both its day of arrival and its day of departure: give ${missing}`,
      );
    }
    if (left < arrived) {
      throw ApiError.invalidParam(
        `left${i}`,
        `The day of departure (${left}) is before the day of arrival (${arrived})`,
      );
    }
    if (!given && inputs.partDay === undefined) {
      throw ApiError.invalidParam(
        "partDay",
        "The Act does not say how a day of arrival or departure counts: choose partDay (both, whole or arrival)",
      );
    }
    given = true;
    const rule = inputs.partDay as PartDay;
    const first = epochDay(parseIsoText(arrived)) + (rule === "whole" ? 1 : 0);
    const last = epochDay(parseIsoText(left)) - (rule === "both" ? 0 : 1);
    for (let day = first; day <= last; day++) days.add(day);
  }
  return given ? days : null;
}

/** The year of assessment (1 April to 31 March) a day is in: its first and last days. */
function yearOfAssessment(date: string): [number, number] {
  const year = Number(date.slice(0, 4)) - (date.slice(5) < "04-01" ? 1 : 0);
  return [
    epochDay({ year, month: 4, day: 1 }),
    epochDay({ year: year + 1, month: 4, day: 1 }) - 1,
  ];
}

/**
 * The most days present in a twelve-month period that starts or ends in the year, the first such
 * period, and the days present in the year itself.
 */
function counted(days: Set<number>, date: string) {
  const [first, last] = yearOfAssessment(date);
  // Every period that ends in the year starts at most 366 days before its first day.
  const base = first - 366;
  const span = last + 366 - base + 1;
  const upTo = new Int32Array(span + 1); // upTo[i]: the days present before base + i
  for (let i = 0; i < span; i++) upTo[i + 1] = upTo[i]! + (days.has(base + i) ? 1 : 0);
  const between = (from: number, to: number) => upTo[to - base + 1]! - upTo[from - base]!;
  let best = { days: -1, from: 0, to: 0 };
  for (let start = base; start <= last; start++) {
    const end = yearEnd(dayText(start));
    if (end < first) continue;
    const n = between(start, end);
    if (n > best.days) best = { days: n, from: start, to: end };
  }
  return { ...best, inYear: between(first, last) };
}

/** Which limb decided the answer. */
type Test =
  | "investor-visa"
  | "foreign-contract"
  | "resides"
  | "days"
  | "government"
  | "ship"
  | "none";

/** The value of the `exclusions` parameter: which exclusions are law on the date. */
interface Exclusions {
  investorVisa: boolean;
  foreignContract: boolean;
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    resident: z.boolean().check(z.describe("Whether the individual is resident for the year")),
    test: z.enum([
      "investor-visa",
      "foreign-contract",
      "resides",
      "days",
      "government",
      "ship",
      "none",
    ])
      .check(z.describe(
        "What decided it: an exclusion (investor-visa, foreign-contract), a limb of s.69(1) (resides, days, government, ship), or none",
      )),
    days: z.int().check(z.describe(
      "The days of presence: given, or the most counted in a twelve-month period that starts or ends in the year",
    )),
    period: z.nullable(z.object({ from: z.iso.date(), to: z.iso.date() })).check(z.describe(
      "The twelve-month period with the most days, when counted from stays; else null",
    )),
    daysInYear: z.nullable(z.int()).check(z.describe(
      "The days present in the year of assessment itself, when counted from stays; else null",
    )),
    threshold: z.int().check(z.describe("The days of presence that make an individual resident")),
  }),
  compute({ inputs, resolver }) {
    const presence = resolver.value("presence");
    const threshold = numberValue((presence.value as { days?: unknown })?.days, "presence days");
    const stays = inputs.count === "stays" ? stayDays(inputs) : null;
    if (inputs.count === "stays" && stays === null) {
      throw ApiError.invalidParam(
        "arrived1",
        "count=stays counts the days from the stays: give at least arrived1 and left1",
      );
    }
    if (stays === null && inputs.days === undefined) {
      throw ApiError.invalidParam(
        "days",
        "Give the days present (days), or count=stays with the days of arrival and departure (arrived1, left1, ...)",
      );
    }
    const count = stays && counted(stays, resolver.date);
    const days = count ? count.days : Number(inputs.days);
    const vars = {
      days: String(days),
      threshold: String(threshold),
      ...(count && {
        from: dayText(count.from),
        to: dayText(count.to),
        inYear: String(count.inYear),
        partDay: { key: `option.partDay.${inputs.partDay}` },
      }),
    };
    // s.69(1)(b) also asks for presence in the year itself.
    const byDays = days >= threshold && (count === null || count.inYear > 0);
    const steps: KindStep[] = [
      { key: "step.threshold", vars, amount: null, source: presence.source },
      ...(count ? [{ key: "step.counted", vars, amount: null, source: null }] : []),
      {
        key: byDays ? "step.days_over" : days >= threshold ? "step.days_absent" : "step.days_under",
        vars,
        amount: null,
        source: null,
      },
    ];
    let test: Test | undefined;
    if (inputs.investorVisa || inputs.foreignContract) {
      const found = resolver.value("exclusions");
      const law = found.value as Exclusions;
      for (
        const [input, key, name] of [
          ["investorVisa", "step.investor_visa", "investor-visa"],
          ["foreignContract", "step.foreign_contract", "foreign-contract"],
        ] as const
      ) {
        if (!inputs[input]) continue;
        steps.push({
          key: law[input] ? key : `${key}_before`,
          vars,
          amount: null,
          source: found.source,
        });
        if (law[input]) test ??= name;
      }
    }
    if (test === undefined) {
      const limbs: [boolean, Test][] = [
        [inputs.resides === true, "resides"],
        [byDays, "days"],
        [inputs.government === true, "government"],
        [inputs.ship === true, "ship"],
      ];
      test = limbs.find(([met]) => met)?.[1] ?? "none";
      if (test !== "days" && test !== "none") {
        steps.push({ key: `step.${test}`, vars, amount: null, source: presence.source });
      }
    }
    const resident = ["resides", "days", "government", "ship"].includes(test);
    return {
      fields: {
        resident,
        test,
        days,
        threshold,
        period: count ? { from: dayText(count.from), to: dayText(count.to) } : null,
        daysInYear: count ? count.inYear : null,
      },
      steps,
      answer: {
        key: resident ? "answer.resident" : "answer.not_resident",
        vars: {
          ...vars,
          reason: {
            key: test === "none" && days >= threshold ? "reason.absent" : `reason.${test}`,
          },
        },
      },
    };
  },
};
