/**
 * A rule made an ordinary operation of the registry: its inputs become the parameters (with
 * `lang`), its formula kind computes, the dated values it used name their sources, and the
 * answer's words come from the rule's texts in the language asked for. The server, OpenAPI, the
 * SDK, MCP and the pages then treat it as any other operation.
 *
 * @module
 */
import * as z from "zod/mini";
import type { Lang } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import {
  defineOperation,
  type Operation,
  type OperationContext,
  type Provenance,
} from "../operation.ts";
import { decimal, flag, integer, isoDate, oneOf } from "../params.ts";
import type { RuleAnswerBase, RuleStep } from "./answers.ts";
import { Resolver } from "./dated.ts";
import { type FormulaKind, KINDS } from "./kinds/index.ts";
import type { DatedParameter, DatedValue, InputSpec, RuleSource, ValueTable } from "./model.ts";
import { period } from "./period.ts";
import { isDatedParameter, isIndexParameter, isUndatedParameter } from "./schema.ts";
import { RuleWords } from "./text.ts";

export type { RuleStep };

/**
 * The answer of a rule: its sentence, the fields of its formula kind (totals, bands, dates), the
 * date whose values applied, the inputs as read, the steps, the sources and the notes.
 */
export interface RuleAnswer extends RuleAnswerBase {
  /** The formula kind's fields. */
  [field: string]: unknown;
}

/** A rule operation's parameters: the inputs as parsed, and `lang`. */
export type RuleParams = Record<string, string | number | boolean | undefined> & {
  lang?: Lang | undefined;
};

const SOURCES = new WeakMap<object, RuleSource>();

/**
 * The rule behind an operation made by {@linkcode ruleOperation}, if it is one.
 *
 * @param op Any operation.
 * @returns Its rule and texts, or undefined.
 */
export function ruleSourceOf(op: object): RuleSource | undefined {
  return SOURCES.get(op);
}

function paramSchema(name: string, spec: InputSpec, source: RuleSource): z.ZodMiniType {
  const description = source.texts.messages[`input.${name}.hint`]!.en;
  const example = source.rule.example[name] ?? spec.example;
  const doc = { description, ...(example === undefined ? {} : { example }) };
  const min = spec.min ?? 0, max = spec.max ?? 0;
  let schema: z.ZodMiniType;
  switch (spec.type) {
    case "money":
      schema = decimal({ min, max, maxDecimals: 2, ...doc });
      break;
    case "number":
      schema = decimal({ min, max, maxDecimals: spec.decimals ?? 2, ...doc });
      break;
    case "count":
      schema = integer({ min, max, ...doc });
      break;
    case "date":
      schema = isoDate(doc);
      break;
    case "choice":
      schema = oneOf(spec.values!, doc);
      break;
    case "yes-no":
      schema = flag(doc);
      break;
    case "period":
      schema = period(doc);
      break;
  }
  if (spec.default !== undefined) {
    const value = spec.type === "yes-no" ? spec.default === "1" : spec.default;
    return z._default(schema, value as never);
  }
  return spec.required ? schema : z.optional(schema);
}

/** Every dated value of a table. */
function datedValues(table: ValueTable): DatedValue[] {
  return Array.isArray(table) ? table : Object.values(table).flatMap(datedValues);
}

/** The source of the newest value of the rule's first parameter. */
function newestSource(source: RuleSource): Provenance {
  const [first] = Object.values(source.rule.parameters);
  if (!first) throw new TypeError(`Rule "${source.rule.name}" has no parameters`);
  const sources = isIndexParameter(first)
    ? first.series.map((s) => s.source)
    : isUndatedParameter(first)
    ? [first.source]
    : datedValues((first as DatedParameter).values).sort((a, b) => a.from.localeCompare(b.from))
      .map((v) => v.source);
  const newest = sources.at(-1)!;
  const checked = sources.map((s) => s.lastVerified).sort().at(-1)!;
  return { sourceUrl: newest.url, lastVerified: checked };
}

const stepSchema = z.object({
  text: z.string(),
  amount: z.nullable(z.number()),
  source: z.nullable(z.int()).check(z.describe("Index into sources, or null for arithmetic")),
});
const sourceSchema = z.object({
  parameter: z.string().check(z.describe("The rule's parameter whose value it gave")),
  from: z.nullable(z.string()).check(
    z.describe("First day (or month) of the value used, or null: the same on any date"),
  ),
  to: z.nullable(z.string()).check(
    z.describe("Its last day, or null: the last value held, or the same on any date"),
  ),
  undated: z.nullable(z.enum(["first-principles", "definition"])).check(
    z.describe(
      "Null for a dated value (its period is from..to); for a value the same on any date, why: first-principles (arithmetic no law dates) or definition (a meaning with no effective date)",
    ),
  ),
  source: z.string().check(z.describe("What the figure was read from, as it names itself")),
  url: z.string(),
  gazette: z.nullable(z.string()),
  lastVerified: z.string(),
  confidence: z.enum(["high", "medium-high", "medium", "medium-low", "low"]),
});

/**
 * Makes an operation of a rule.
 *
 * @param source The rule and its texts (checked by `readRuleSource`).
 * @param custom The rule's own formula, for a rule of kind `custom`.
 * @returns The operation.
 */
export function ruleOperation(
  source: RuleSource,
  custom?: FormulaKind,
): Operation<RuleParams, RuleAnswer> {
  const { rule, texts } = source;
  const kind = rule.formula.kind === "custom" ? custom : KINDS[rule.formula.kind];
  if (!kind) throw new TypeError(`Rule "${rule.name}" is custom and its formula is not given`);
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [name, spec] of Object.entries(rule.inputs)) {
    shape[name] = paramSchema(name, spec, source);
  }
  shape.lang = langParam();
  const inForce = Object.entries(rule.inputs).find(([, spec]) => spec.role === "in-force")?.[0];
  const dated = Object.values(rule.parameters).some(isDatedParameter);
  const result = z.object({
    answer: z.string().check(z.describe("The answer in one sentence, in the language asked for")),
    ...kind.fields(source),
    date: z.nullable(z.iso.date()).check(
      z.describe("The date whose dated values applied, or null: the rule has no dated value"),
    ),
    inputs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).check(
      z.describe("The inputs as read"),
    ),
    steps: z.array(stepSchema).check(z.describe("How the answer was worked out")),
    sources: z.array(sourceSchema).check(z.describe("The sources of the figures used")),
    notes: z.array(z.string()).check(z.describe("What the answer does not decide")),
    currency: z.nullable(z.literal("LKR")),
  }) as unknown as z.ZodMiniType<RuleAnswer>;
  const query = new URLSearchParams(rule.example).toString();
  // Replaced below by the source of the example's answer, when it has one.
  let main = newestSource(source);
  const op = defineOperation({
    name: rule.name,
    method: "GET",
    path: rule.path,
    title: texts.messages.title!.en,
    description: texts.messages.description!.en,
    tag: rule.tag,
    params: z.object(shape) as unknown as z.ZodMiniObject<
      Record<string, z.ZodMiniType<RuleParams[string], string>>
    >,
    result,
    example: `/api/v1${rule.path}${query ? `?${query}` : ""}`,
    page: rule.name,
    provenance: main,
    provenanceOf: (answer: RuleAnswer): Provenance => {
      const used = answer.sources[0];
      return used ? { sourceUrl: used.url, lastVerified: used.lastVerified } : main;
    },
    errors: {
      "501":
        "Not available: a period (or a case) that no source read covers; the message names the gap",
    },
    run: (params: RuleParams, ctx: OperationContext): RuleAnswer => {
      const { lang, ...rest } = params;
      const inputs: Record<string, string | number | boolean> = {};
      for (const [name, value] of Object.entries(rest)) {
        if (value !== undefined) inputs[name] = value;
      }
      const date = (inForce ? inputs[inForce] as string | undefined : undefined) ?? ctx.today;
      const resolver = new Resolver(source, inputs, date, inForce);
      const computed = kind.compute({ source, inputs, resolver });
      const words = new RuleWords(source, lang ?? "en", inputs);
      const notes = [...(rule.notes ?? []), ...resolver.notes];
      return {
        answer: words.text(computed.answer.key, computed.answer.vars),
        ...computed.fields,
        date: dated ? date : null,
        inputs,
        steps: computed.steps.map((step) => ({
          text: words.text(step.key, step.vars),
          amount: step.amount,
          source: step.source,
        })),
        sources: resolver.sources,
        notes: notes.map((note) => words.text(`note.${note}`)),
        currency: rule.currency,
      };
    },
  }) as Operation<RuleParams, RuleAnswer>;
  op.provenance = main = exampleProvenance(op, source) ?? main;
  SOURCES.set(op, source);
  return op;
}

/**
 * The source of the figures of the rule's example: what the docs, MCP and the page name as the
 * tool's source (the answer's own date decides, for a rule whose example gives none, after every
 * value held came into force).
 */
function exampleProvenance(
  op: Operation<RuleParams, RuleAnswer>,
  source: RuleSource,
): Provenance | undefined {
  const froms = Object.values(source.rule.parameters).flatMap((p) =>
    isDatedParameter(p) ? datedValues(p.values).map((v) => v.from) : []
  );
  const today = froms.sort().at(-1) ?? "2000-01-01";
  try {
    const params = z.parse(op.params, source.rule.example) as RuleParams;
    const used = op.run!(params, { today, baseUrl: "" }).sources[0];
    return used && { sourceUrl: used.url, lastVerified: used.lastVerified };
  } catch {
    return undefined;
  }
}
