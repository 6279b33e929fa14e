/**
 * The shape of a rule file (`data/rules/<tool>.json`) and of its texts
 * (`data/messages/rules/<tool>.json`): what `docs/rules.md` describes, as types. The zod schemas
 * that check a file against these types are in `schema.ts`.
 *
 * @module
 */
import type { TranslatedEntry } from "../i18n.ts";

/** How an input is asked and read (`docs/rules.md`, "Inputs"). */
export type InputType = "money" | "count" | "number" | "date" | "choice" | "yes-no" | "period";

/** One input of a rule: an API parameter, a form field, an SDK argument. */
export interface InputSpec {
  /** How it is read. */
  type: InputType;
  /** Whether a request must give it (default: false when it has a default or is a date in force). */
  required?: boolean;
  /** Lowest accepted value (money, count, number). */
  min?: number;
  /** Highest accepted value (money, count, number). */
  max?: number;
  /** Decimals kept for `number` (more are rounded half away from zero). */
  decimals?: number;
  /** The values of a `choice`, as they appear in a URL. */
  values?: string[];
  /** The value taken when the input is left out (a choice's value, `1`/`0` for yes/no). */
  default?: string;
  /**
   * `in-force`: the date whose dated values apply (default today); at most one input has it, and
   * only a rule with dated values.
   */
  role?: "in-force";
  /** Whether the page asks it with the required inputs though it is optional (not "More options"). */
  shown?: boolean;
  /** The reference's example of this input where the rule's `example` leaves it out. */
  example?: string;
}

/** How sure the source is: the research's scale, from an official text read to one report. */
export type Confidence = "high" | "medium-high" | "medium" | "medium-low" | "low";

/** Where one dated value comes from. */
export interface Source {
  /** What the figure was read from, named as it names itself (an Act, a gazette, a page). */
  title: string;
  /** Where it can be read. */
  url: string;
  /** The gazette or notice number, when there is one. */
  gazette?: string;
  /** When the figure was last checked against the source, `YYYY-MM-DD`. */
  lastVerified: string;
  /** How sure the source is. */
  confidence: Confidence;
  /** Other sources that give the same figure. */
  also?: string[];
}

/** A value in force from a date until the next one's date (or for good, when it is the last). */
export interface DatedValue {
  /** First day in force, `YYYY-MM-DD`. */
  from: string;
  /** The figure, in the shape the formula kind reads (absent for an unknown period). */
  value?: unknown;
  /**
   * For a period no source covers: the key of the rule's text saying what is missing. A request
   * that needs it is answered 501, naming the gap.
   */
  unknown?: string;
  /** The source of the value (or of the knowledge that it is missing). */
  source: Source;
  /** Keys of the rule's notes shown with every answer that uses this value. */
  notes?: string[];
}

/**
 * A table of dated values: a dated series, or a record keyed by the values of the parameter's
 * next `by` input whose entries are tables again. A series reached before every `by` input is
 * used applies to all values of the rest.
 */
export type ValueTable = DatedValue[] | { [choice: string]: ValueTable };

/** A dated parameter: a figure in force by date, possibly chosen by inputs. */
export interface DatedParameter {
  /** Choice or yes/no inputs that pick the value, outermost first. */
  by?: string[];
  /** The values. */
  values: ValueTable;
}

/** One index series of an `index-ratio` parameter. */
export interface IndexSeries {
  /** Short id, for example `2021`. */
  id: string;
  /** The index reference period, for example `2021=100`. */
  base: string;
  /** The index by month, `YYYY-MM`. */
  months: Record<string, number>;
  /** Where the series comes from. */
  source: Source;
}

/** The index of an `index-ratio` rule: its series, oldest first, and where they are linked. */
export interface IndexParameter {
  /** The series, oldest first. */
  series: IndexSeries[];
  /** The first month of each newer series from which it is used instead of the older one. */
  links?: { month: string }[];
}

/**
 * Why a figure is the same on any date: `first-principles` (arithmetic that no law dates, such as
 * an annuity's instalment) or `definition` (what a term means, with no effective date).
 */
export type Undated = "first-principles" | "definition";

/**
 * A parameter that is the same on any date: one value, still with its source (the definition of
 * what is computed, or where it is set out), and no `from`. A rule whose parameters are all
 * undated takes no date in force.
 */
export interface UndatedParameter {
  /** Why it holds on any date. */
  undated: Undated;
  /** The figure, in the shape the formula reads. */
  value: unknown;
  /** Where what is computed is defined. */
  source: Source;
  /** Keys of the rule's notes shown with every answer that uses this value. */
  notes?: string[];
}

/** A parameter of a rule. */
export type Parameter = DatedParameter | IndexParameter | UndatedParameter;

/** A levy added to a total: the rule's parameter with `{ ratePct }`, grossed up or on top. */
export interface Levy {
  /** The parameter holding `{ "ratePct": number }`. */
  param: string;
  /** `gross-up`: the levy is the rate of the final bill (total x r / (100 - r)); `on-top`: of the total. */
  method: "gross-up" | "on-top";
}

/** One fee of a `fee` formula. */
export interface FeeLine {
  /** The text of the line (`line.<id>` in the rule's texts). */
  id: string;
  /** The parameter giving the fee, LKR. */
  fee: string;
  /** A count or number input the fee is multiplied by (units, litres, copies, days). */
  times?: string;
  /** A yes/no input: the line counts only when it is yes. */
  when?: string;
}

/** A fee looked up by choices, times a quantity. */
export interface FeeFormula {
  kind: "fee";
  lines: FeeLine[];
  levy?: Levy;
}

/** Banded or marginal rates on an amount. */
export interface BandsFormula {
  kind: "bands";
  /** The money input the rates apply to. */
  amount: string;
  /** The parameter holding `{ per?, bands: [{ upTo, ratePct }] }`. */
  bands: string;
  /** `marginal`: each band's rate on the part in it; `whole`: the band reached, on all of it. */
  method: "marginal" | "whole";
  /**
   * For `whole`: another number input that picks the band (days in arrears pick the EPF
   * surcharge's rate, charged on the contributions); default the amount itself.
   */
  select?: string;
}

/** A block tariff with the fixed charge of the block the total lands in. */
export interface BlockTariffFormula {
  kind: "block-tariff";
  /** The count input of units used. */
  units: string;
  /** The parameter holding `{ blocks: [{ upTo, rate, fixed }] }`. */
  tariff: string;
  levy?: Levy;
}

/** An amount compared with a threshold. */
export interface ThresholdFormula {
  kind: "threshold";
  /** The money input compared. */
  amount: string;
  /** The parameter holding `{ amount, test }`. */
  threshold: string;
}

/** The age reached on a reference date selects a band, which gives an age to reach. */
export interface AgeBandFormula {
  kind: "date-rule";
  rule: "age-band";
  /** The date input: the date of birth. */
  born: string;
  /** The parameter holding the reference date, or `{ between: [earliest, latest] }`. */
  on: string;
  /** The parameter holding `[{ below, age } | { below, unknown }]`, youngest first. */
  bands: string;
}

/** The first year in which a person has completed an age by a day of that year. */
export interface FirstYearFormula {
  kind: "date-rule";
  rule: "first-year";
  /** The date input: the date of birth. */
  born: string;
  /** The parameter holding the age in whole years. */
  age: string;
  /** The parameter holding the day of the year, `MM-DD`. */
  on: string;
}

/** The dates a period's payments fall due (the quarterly instalments of income tax). */
export interface DueDatesFormula {
  kind: "date-rule";
  rule: "due-dates";
  /** The count input of the year the period starts in. */
  year: string;
  /** The parameter holding `[{ id, month, day, years }]`: each date, `years` after the start year. */
  dates: string;
}

/** What a sum of one period is worth in another, by the ratio of an index. */
export interface IndexRatioFormula {
  kind: "index-ratio";
  /** The money input. */
  amount: string;
  /** The period input the sum is of. */
  from: string;
  /** The period input it is wanted in. */
  to: string;
  /** The index parameter. */
  index: string;
}

/** The formula of a rule: one of the kinds, or the rule's own (`core/rules/formulas/<rule>.ts`). */
export type Formula =
  | FeeFormula
  | BandsFormula
  | BlockTariffFormula
  | ThresholdFormula
  | AgeBandFormula
  | FirstYearFormula
  | DueDatesFormula
  | IndexRatioFormula
  | { kind: "custom" };

/** The OpenAPI tags a rule may use (each has its `page.docs.tag.*` text). */
export type RuleTag =
  | "Identity"
  | "Finance"
  | "Payroll"
  | "Labour"
  | "Reference"
  | "Calendar"
  | "Education";

/** A rule file, `data/rules/<name>.json`. */
export interface RuleFile {
  /** The operation's name, its page slug and its texts' prefix: lower case words and hyphens. */
  name: string;
  /** Its path under `/api/v1`. */
  path: string;
  /** The OpenAPI tag. */
  tag: RuleTag;
  /** The tool catalogue's category (`tool.category.<category>` names it). */
  category: string;
  /** English words people search the catalogue by. */
  keywords: string[];
  /** Slugs of the seed catalogue's tools this rule serves (`docs/coverage.md`). */
  seed: string[];
  /** The example request's parameters, as in a URL. */
  example: Record<string, string>;
  /** `LKR` when the answer is money, else null. */
  currency: "LKR" | null;
  /** The inputs, in the order forms show them. */
  inputs: Record<string, InputSpec>;
  /** The figures: dated, index series or the same on any date. */
  parameters: Record<string, Parameter>;
  /** The formula. */
  formula: Formula;
  /** Keys of the rule's notes shown with every answer. */
  notes?: string[];
}

/** One text of a rule in three languages. */
export interface RuleText {
  en: string;
  si: TranslatedEntry;
  ta: TranslatedEntry;
}

/** A rule's texts, `data/messages/rules/<name>.json` (or the engine's, `_engine.json`). */
export interface RuleTexts {
  /** The rule's name (`_engine` for the engine's own texts). */
  rule: string;
  /** The texts by key, relative to the rule. */
  messages: Record<string, RuleText>;
}

/** A rule with its texts: what the engine makes an operation of. */
export interface RuleSource {
  rule: RuleFile;
  texts: RuleTexts;
}
