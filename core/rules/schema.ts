/**
 * The zod schemas of rule files and their texts, and the checks that cross the two (every input a
 * formula names exists and has the right type, every table covers every choice, every text a rule
 * needs is there in three languages). A rule is checked when it is loaded; `tests/rules/` checks
 * every file under `data/rules/` the same way.
 *
 * @module
 */
import * as z from "zod/mini";
import type {
  DatedParameter,
  DatedValue,
  Formula,
  IndexParameter,
  InputSpec,
  Parameter,
  RuleFile,
  RuleSource,
  RuleTexts,
  UndatedParameter,
  ValueTable,
} from "./model.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const IDENT = /^[a-z][A-Za-z0-9]*$/;

const isoDate = z.string().check(z.regex(DATE, "must be a date written YYYY-MM-DD"));
const source = z.object({
  title: z.string().check(z.minLength(3)),
  url: z.string().check(z.regex(/^https?:\/\/\S+$/, "must be a web address")),
  gazette: z.optional(z.string()),
  lastVerified: isoDate,
  confidence: z.enum(["high", "medium-high", "medium", "medium-low", "low"]),
  also: z.optional(z.array(z.string())),
});
const datedValue = z.object({
  from: isoDate,
  value: z.optional(z.unknown()),
  unknown: z.optional(z.string()),
  source,
  notes: z.optional(z.array(z.string())),
});
const table: z.ZodMiniType<ValueTable> = z.lazy(() =>
  z.union([z.array(datedValue), z.record(z.string(), table)])
) as unknown as z.ZodMiniType<ValueTable>;
const datedParameter = z.strictObject({
  by: z.optional(z.array(z.string())),
  values: table,
});
const indexParameter = z.strictObject({
  series: z.array(z.object({
    id: z.string(),
    base: z.string(),
    months: z.record(z.string().check(z.regex(/^\d{4}-\d{2}$/)), z.number()),
    source,
  })).check(z.minLength(1)),
  links: z.optional(z.array(z.object({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/)) }))),
});
const undatedParameter = z.strictObject({
  undated: z.enum(["first-principles", "definition"]),
  value: z.unknown(),
  source,
  notes: z.optional(z.array(z.string())),
});
const input = z.strictObject({
  type: z.enum(["money", "count", "number", "date", "choice", "yes-no", "period"]),
  required: z.optional(z.boolean()),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  decimals: z.optional(z.int().check(z.minimum(0), z.maximum(6))),
  values: z.optional(z.array(z.string().check(z.regex(NAME))).check(z.minLength(1))),
  default: z.optional(z.string()),
  role: z.optional(z.literal("in-force")),
  shown: z.optional(z.boolean()),
  example: z.optional(z.string().check(z.minLength(1))),
});
const levy = z.strictObject({ param: z.string(), method: z.enum(["gross-up", "on-top"]) });
const formula = z.union([
  z.strictObject({
    kind: z.literal("fee"),
    lines: z.array(z.strictObject({
      id: z.string(),
      fee: z.string(),
      times: z.optional(z.string()),
      when: z.optional(z.string()),
    })).check(z.minLength(1)),
    levy: z.optional(levy),
  }),
  z.strictObject({
    kind: z.literal("bands"),
    amount: z.string(),
    bands: z.string(),
    method: z.enum(["marginal", "whole"]),
    select: z.optional(z.string()),
  }),
  z.strictObject({
    kind: z.literal("block-tariff"),
    units: z.string(),
    tariff: z.string(),
    levy: z.optional(levy),
  }),
  z.strictObject({ kind: z.literal("threshold"), amount: z.string(), threshold: z.string() }),
  z.strictObject({
    kind: z.literal("date-rule"),
    rule: z.literal("age-band"),
    born: z.string(),
    on: z.string(),
    bands: z.string(),
  }),
  z.strictObject({
    kind: z.literal("date-rule"),
    rule: z.literal("first-year"),
    born: z.string(),
    age: z.string(),
    on: z.string(),
  }),
  z.strictObject({
    kind: z.literal("date-rule"),
    rule: z.literal("due-dates"),
    year: z.string(),
    dates: z.string(),
  }),
  z.strictObject({
    kind: z.literal("index-ratio"),
    amount: z.string(),
    from: z.string(),
    to: z.string(),
    index: z.string(),
  }),
  z.strictObject({ kind: z.literal("custom") }),
]);

/** The schema of a rule file (its shape; {@linkcode checkRule} checks how its parts fit). */
export const ruleFileSchema: z.ZodMiniType<RuleFile> = z.strictObject({
  $schema: z.optional(z.string()),
  name: z.string().check(z.regex(NAME, "must be lower case words joined by hyphens")),
  path: z.string().check(z.regex(/^(\/[a-z0-9-]+)+$/, "must be a path like /fees/nic")),
  tag: z.enum(["Identity", "Finance", "Payroll", "Labour", "Reference", "Calendar", "Education"]),
  category: z.string(),
  keywords: z.array(z.string()).check(z.minLength(1)),
  seed: z.array(z.string()),
  example: z.record(z.string(), z.string()),
  currency: z.nullable(z.literal("LKR")),
  inputs: z.record(z.string().check(z.regex(IDENT)), input),
  parameters: z.record(
    z.string().check(z.regex(NAME)),
    z.union([datedParameter, indexParameter, undatedParameter]),
  ),
  formula,
  notes: z.optional(z.array(z.string())),
}) as unknown as z.ZodMiniType<RuleFile>;

const translated = z.object({
  text: z.string().check(z.minLength(1)),
  basis: z.enum(["sourced", "ours"]),
  source: z.optional(z.string()),
  terms: z.optional(z.array(z.string())),
});

/** The schema of a rule's texts file. */
export const ruleTextsSchema: z.ZodMiniType<RuleTexts> = z.strictObject({
  $schema: z.optional(z.string()),
  rule: z.string(),
  messages: z.record(
    z.string(),
    z.strictObject({
      en: z.string().check(z.minLength(1)),
      si: translated,
      ta: translated,
    }),
  ),
}) as unknown as z.ZodMiniType<RuleTexts>;

/** A rule file or its texts that do not fit: every problem, each with where it is. */
export class RuleFileError extends TypeError {
  /** The problems, each `path: what is wrong`. */
  readonly problems: readonly string[];

  /**
   * Creates the error.
   *
   * @param file The file (or rule) the problems are in.
   * @param problems Each problem.
   */
  constructor(file: string, problems: readonly string[]) {
    super(`Rule ${JSON.stringify(file)} does not fit the rule format: ${problems.join("; ")}`);
    this.name = "RuleFileError";
    this.problems = problems;
  }
}

function issues(error: z.core.$ZodError, prefix: string): string[] {
  return error.issues.map((issue) => `${[prefix, ...issue.path].join(".")}: ${issue.message}`);
}

/**
 * Reads a rule and its texts (parsed JSON), checks both against the format and each other, and
 * returns them typed.
 *
 * @param rule The rule file's content.
 * @param texts The texts file's content.
 * @param name Where they come from, for messages.
 * @returns The rule source.
 * @throws {RuleFileError} Listing every problem.
 */
export function readRuleSource(rule: unknown, texts: unknown, name = "rule"): RuleSource {
  const parsedRule = z.safeParse(ruleFileSchema, rule);
  const parsedTexts = z.safeParse(ruleTextsSchema, texts);
  const problems = [
    ...(parsedRule.success ? [] : issues(parsedRule.error, "rule")),
    ...(parsedTexts.success ? [] : issues(parsedTexts.error, "texts")),
  ];
  if (!parsedRule.success || !parsedTexts.success) throw new RuleFileError(name, problems);
  const source = { rule: parsedRule.data, texts: parsedTexts.data };
  const more = checkRule(source);
  if (more.length) throw new RuleFileError(parsedRule.data.name, more);
  return source;
}

/** Whether a parameter is an index (series) rather than dated values. */
export function isIndexParameter(parameter: Parameter): parameter is IndexParameter {
  return "series" in parameter;
}

/**
 * Whether a parameter is the same on any date (one value, no `from`).
 *
 * @param parameter The parameter.
 * @returns Whether it is undated.
 */
export function isUndatedParameter(parameter: Parameter): parameter is UndatedParameter {
  return "undated" in parameter;
}

/**
 * Whether a parameter is a dated one (values by date), neither an index nor undated.
 *
 * @param parameter The parameter.
 * @returns Whether it is dated.
 */
export function isDatedParameter(parameter: Parameter): parameter is DatedParameter {
  return !isIndexParameter(parameter) && !isUndatedParameter(parameter);
}

/**
 * What does not fit between a rule's parts and its texts (empty: it fits).
 *
 * @param source The rule and its texts, each already of the right shape.
 * @returns The problems.
 */
export function checkRule(source: RuleSource): string[] {
  const { rule, texts } = source;
  const problems: string[] = [];
  const text = (key: string, where: string) => {
    if (!Object.hasOwn(texts.messages, key)) problems.push(`${where}: no text "${key}"`);
  };
  if (texts.rule !== rule.name) {
    problems.push(`texts.rule: "${texts.rule}" is not the rule's name "${rule.name}"`);
  }
  for (const key of ["title", "description", "keywords"]) text(key, "texts");
  const inForce = Object.entries(rule.inputs).filter(([, spec]) => spec.role === "in-force");
  if (inForce.length > 1) problems.push("inputs: more than one has role in-force");
  for (const [name, spec] of Object.entries(rule.inputs)) {
    problems.push(...checkInput(name, spec));
    text(`input.${name}.label`, `inputs.${name}`);
    text(`input.${name}.hint`, `inputs.${name}`);
    for (const value of spec.values ?? []) text(`option.${name}.${value}`, `inputs.${name}`);
  }
  if (Object.hasOwn(rule.inputs, "lang")) problems.push("inputs.lang: lang is every rule's own");
  for (const [name, value] of Object.entries(rule.example)) {
    if (!Object.hasOwn(rule.inputs, name)) problems.push(`example.${name}: no such input`);
    else if (value === "") problems.push(`example.${name}: empty`);
  }
  for (const [name, spec] of Object.entries(rule.inputs)) {
    if (spec.required && !Object.hasOwn(rule.example, name)) {
      problems.push(`example: the required input ${name} is missing`);
    }
  }
  for (const [name, parameter] of Object.entries(rule.parameters)) {
    if (isIndexParameter(parameter)) continue;
    if (isUndatedParameter(parameter)) {
      problems.push(...checkUndated(source, name, parameter));
      continue;
    }
    problems.push(...checkTable(rule, source, name, parameter));
  }
  for (const key of rule.notes ?? []) text(`note.${key}`, "notes");
  problems.push(...checkFormula(rule, rule.formula, text));
  return problems;
}

function checkInput(name: string, spec: InputSpec): string[] {
  const where = `inputs.${name}`;
  const problems: string[] = [];
  const numeric = spec.type === "money" || spec.type === "count" || spec.type === "number";
  if (numeric && (spec.min === undefined || spec.max === undefined || spec.min > spec.max)) {
    problems.push(`${where}: a ${spec.type} needs min and max, min not above max`);
  }
  if (!numeric && (spec.min !== undefined || spec.max !== undefined)) {
    problems.push(`${where}: min and max are for money, count and number`);
  }
  if (spec.type === "choice" && !spec.values) problems.push(`${where}: a choice needs values`);
  if (spec.type !== "choice" && spec.values) problems.push(`${where}: values are for a choice`);
  if (spec.default !== undefined) {
    const ok = spec.type === "choice"
      ? spec.values?.includes(spec.default)
      : spec.type === "yes-no"
      ? spec.default === "1" || spec.default === "0"
      : false;
    if (!ok) problems.push(`${where}: default "${spec.default}" is not one of its values`);
  }
  if (spec.role === "in-force" && spec.type !== "date") {
    problems.push(`${where}: only a date can be the date in force`);
  }
  if (spec.role === "in-force" && spec.required) {
    problems.push(`${where}: the date in force is optional (it defaults to today)`);
  }
  return problems;
}

/** The values an input can take when it keys a table. */
function keysOf(spec: InputSpec | undefined): string[] | undefined {
  if (spec?.type === "choice") return spec.values;
  if (spec?.type === "yes-no") return ["yes", "no"];
  return undefined;
}

function checkTable(
  rule: RuleFile,
  source: RuleSource,
  name: string,
  parameter: DatedParameter,
): string[] {
  const problems: string[] = [];
  const by = parameter.by ?? [];
  for (const key of by) {
    if (!keysOf(rule.inputs[key])) {
      problems.push(`parameters.${name}.by: "${key}" is not a choice or yes/no input`);
    }
  }
  const walk = (node: ValueTable, depth: number, where: string) => {
    if (Array.isArray(node)) return checkSeries(source, node, where, problems);
    const key = by[depth];
    const values = keysOf(rule.inputs[key ?? ""]);
    if (!key || !values) {
      problems.push(`${where}: a record where a dated series was expected`);
      return;
    }
    for (const value of values) {
      if (!Object.hasOwn(node, value)) problems.push(`${where}: no entry for ${key} "${value}"`);
    }
    for (const [choice, inner] of Object.entries(node)) {
      if (!values.includes(choice)) problems.push(`${where}.${choice}: not a value of ${key}`);
      else walk(inner, depth + 1, `${where}.${choice}`);
    }
  };
  walk(parameter.values, 0, `parameters.${name}.values`);
  return problems;
}

function checkSeries(
  source: RuleSource,
  series: readonly DatedValue[],
  where: string,
  problems: string[],
): void {
  if (series.length === 0) problems.push(`${where}: an empty series`);
  series.forEach((entry, i) => {
    const at = `${where}.${i}`;
    if ((entry.value === undefined) === (entry.unknown === undefined)) {
      problems.push(`${at}: give either value or unknown`);
    }
    if (entry.unknown !== undefined && !Object.hasOwn(source.texts.messages, entry.unknown)) {
      problems.push(`${at}.unknown: no text "${entry.unknown}"`);
    }
    for (const note of entry.notes ?? []) {
      if (!Object.hasOwn(source.texts.messages, `note.${note}`)) {
        problems.push(`${at}.notes: no text "note.${note}"`);
      }
    }
    const before = series[i - 1];
    if (before && before.from >= entry.from) problems.push(`${at}.from: not after the one before`);
  });
}

function checkUndated(source: RuleSource, name: string, parameter: UndatedParameter): string[] {
  const problems: string[] = [];
  if (parameter.value === undefined) {
    problems.push(`parameters.${name}: an undated value is needed`);
  }
  for (const note of parameter.notes ?? []) {
    if (!Object.hasOwn(source.texts.messages, `note.${note}`)) {
      problems.push(`parameters.${name}.notes: no text "note.${note}"`);
    }
  }
  return problems;
}

/** Every dated value of a table. */
function allValues(table: ValueTable): DatedValue[] {
  return Array.isArray(table) ? table : Object.values(table).flatMap(allValues);
}

function checkFormula(
  rule: RuleFile,
  formula: Formula,
  text: (key: string, where: string) => void,
): string[] {
  const problems: string[] = [];
  const input = (name: string | undefined, types: string[], where: string) => {
    if (name === undefined) return;
    const type = rule.inputs[name]?.type;
    if (!type || !types.includes(type)) {
      problems.push(`formula.${where}: "${name}" is not an input of type ${types.join(" or ")}`);
    }
  };
  // A parameter with values: dated, or the same on any date (not an index).
  const dated = (name: string, where: string) => {
    const parameter = rule.parameters[name];
    if (!parameter || isIndexParameter(parameter)) {
      problems.push(`formula.${where}: "${name}" is not a dated or undated parameter`);
    }
  };
  switch (formula.kind) {
    case "fee":
      formula.lines.forEach((line, i) => {
        dated(line.fee, `lines.${i}.fee`);
        input(line.times, ["count", "number"], `lines.${i}.times`);
        input(line.when, ["yes-no"], `lines.${i}.when`);
        text(`line.${line.id}`, `formula.lines.${i}`);
      });
      if (formula.levy) {
        dated(formula.levy.param, "levy.param");
        text(`levy.${formula.levy.param}`, "formula.levy");
      }
      text("answer", "formula");
      break;
    case "bands":
      input(formula.amount, ["money"], "amount");
      input(formula.select, ["money", "count", "number"], "select");
      if (formula.select !== undefined && formula.method !== "whole") {
        problems.push("formula.select: only a whole-band formula picks its band by another input");
      }
      dated(formula.bands, "bands");
      text("answer", "formula");
      break;
    case "block-tariff":
      input(formula.units, ["count"], "units");
      dated(formula.tariff, "tariff");
      if (formula.levy) {
        dated(formula.levy.param, "levy.param");
        text(`levy.${formula.levy.param}`, "formula.levy");
      }
      text("answer", "formula");
      break;
    case "threshold":
      input(formula.amount, ["money"], "amount");
      dated(formula.threshold, "threshold");
      text("answer.over", "formula");
      text("answer.under", "formula");
      break;
    case "date-rule":
      if (formula.rule === "due-dates") {
        input(formula.year, ["count"], "year");
        dated(formula.dates, "dates");
        const parameter = rule.parameters[formula.dates];
        if (parameter && !isIndexParameter(parameter)) {
          const entries = isUndatedParameter(parameter) ? [parameter] : allValues(parameter.values);
          for (const entry of entries) {
            for (const date of (entry.value ?? []) as { id?: string }[]) {
              text(`date.${date.id}`, `parameters.${formula.dates}`);
            }
          }
        }
      } else {
        input(formula.born, ["date"], "born");
        dated(formula.on, "on");
        dated(formula.rule === "age-band" ? formula.bands : formula.age, "rule");
      }
      text("answer", "formula");
      break;
    case "index-ratio": {
      input(formula.amount, ["money"], "amount");
      input(formula.from, ["period"], "from");
      input(formula.to, ["period"], "to");
      const index = rule.parameters[formula.index];
      if (!index || !isIndexParameter(index)) {
        problems.push(`formula.index: "${formula.index}" is not an index parameter`);
      } else if ((index.links ?? []).length !== index.series.length - 1) {
        problems.push(`parameters.${formula.index}: one link month between each two series`);
      }
      text(`index.${formula.index}`, "formula.index");
      text("answer", "formula");
      break;
    }
    case "custom":
      break;
  }
  const inForce = Object.entries(rule.inputs).find(([, spec]) => spec.role === "in-force")?.[0];
  const datedParameters = Object.values(rule.parameters).some(isDatedParameter);
  if (!inForce && datedParameters && formula.kind !== "date-rule") {
    problems.push("inputs: a rule with dated values needs a date input with role in-force");
  }
  if (inForce && !datedParameters) {
    problems.push(
      `inputs.${inForce}: no parameter is dated, so no date is in force: drop its role in-force`,
    );
  }
  return problems;
}
