/**
 * The answers of the formula kinds, as types: what `client.call("<rule>", ...)` resolves with
 * (the generated `_types.ts` names one per rule).
 *
 * @module
 */
import type { UsedSource } from "./dated.ts";
import type { FeeLineResult } from "./kinds/fee.ts";
import type { BandResult } from "./kinds/bands.ts";
import type { BlockResult } from "./kinds/block_tariff.ts";

export type { BandResult, BlockResult, FeeLineResult, UsedSource };

/** One step of how an answer was worked out. */
export interface RuleStep {
  /** What was done, in the language asked for. */
  text: string;
  /** Its amount, or null. */
  amount: number | null;
  /** Index into `sources` of where its figure comes from, or null (arithmetic). */
  source: number | null;
}

/** What every rule's answer has. */
export interface RuleAnswerBase {
  /** The answer in one sentence, in the language asked for. */
  answer: string;
  /** The date whose dated values applied (null when the rule has none). */
  date: string | null;
  /** The inputs as read (without `lang`). */
  inputs: Record<string, string | number | boolean>;
  /** How it was worked out, step by step. */
  steps: RuleStep[];
  /** The sources of the figures used, each with the period of the value used. */
  sources: UsedSource[];
  /** What the answer does not decide, in the language asked for. */
  notes: string[];
  /** `LKR` for money answers, else null. */
  currency: "LKR" | null;
}

/** The answer of a `fee` rule. */
export interface FeeAnswer extends RuleAnswerBase {
  lines: FeeLineResult[];
  levy: number | null;
  total: number;
}

/** The answer of a `bands` rule. */
export interface BandsAnswer extends RuleAnswerBase {
  amount: number;
  bands: BandResult[];
  total: number;
}

/** The answer of a `block-tariff` rule. */
export interface BlockTariffAnswer extends RuleAnswerBase {
  units: number;
  blocks: BlockResult[];
  usageCharge: number;
  fixedCharge: number;
  levy: number | null;
  total: number;
}

/** The answer of a `threshold` rule. */
export interface ThresholdAnswer extends RuleAnswerBase {
  amount: number;
  threshold: number;
  test: "exceeds" | "at-least" | "conflict";
  over: boolean;
  difference: number;
}

/** The answer of a `date-rule` rule of type `age-band`. */
export interface AgeBandAnswer extends RuleAnswerBase {
  born: string;
  referenceDate: string;
  ageOnReferenceDate: number;
  age: number;
  reachedOn: string;
}

/** The answer of a `date-rule` rule of type `first-year`. */
export interface FirstYearAnswer extends RuleAnswerBase {
  born: string;
  age: number;
  reachedOn: string;
  year: number;
  cutOff: string;
}

/** The answer of a `date-rule` rule of type `due-dates`. */
export interface DueDatesAnswer extends RuleAnswerBase {
  year: number;
  dates: { id: string; date: string }[];
}

/** The answer of an `index-ratio` rule. */
export interface IndexRatioAnswer extends RuleAnswerBase {
  amount: number;
  from: string;
  to: string;
  multiplier: number;
  worth: number;
  index: { from: number; fromBase: string; to: number; toBase: string };
}
