/**
 * The value of a dated parameter in force on a date, chosen by the inputs that key it: a date
 * before the first value is a 400 naming the date input, a period no source covers a 501 naming
 * the gap; an undated parameter's one value, whatever the date. Every value used is recorded with
 * its source, so that each step of an answer can name where its figure comes from.
 *
 * @module
 */
import { ApiError } from "../errors.ts";
import type {
  DatedParameter,
  DatedValue,
  RuleSource,
  Source,
  Undated,
  UndatedParameter,
  ValueTable,
} from "./model.ts";
import { isUndatedParameter } from "./schema.ts";

/** A source an answer used, as the answer lists it. */
export interface UsedSource {
  /** The parameter whose value it gave. */
  parameter: string;
  /** The first day the value was in force, or null for a value the same on any date. */
  from: string | null;
  /** The last day, or null while it is the last value held (or it is the same on any date). */
  to: string | null;
  /**
   * Null for a dated value (its period is `from`..`to`); for a value the same on any date, why:
   * `first-principles` or `definition`.
   */
  undated: Undated | null;
  /** What the figure was read from, as it names itself. */
  source: string;
  /** Where it can be read. */
  url: string;
  /** The gazette or notice number, or null. */
  gazette: string | null;
  /** When the figure was last checked. */
  lastVerified: string;
  /** How sure the source is. */
  confidence: Source["confidence"];
}

/** A value found, with the index of its source in the answer's list. */
export interface Found {
  value: unknown;
  /** Index into the answer's `sources`. */
  source: number;
  /** The first day in force, or null for a value the same on any date. */
  from: string | null;
}

/** The day before a `YYYY-MM-DD` date. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The key a choice or yes/no input gives a table: its value, or `yes`/`no`. */
function tableKey(value: unknown): string {
  return value === true ? "yes" : value === false ? "no" : String(value);
}

/**
 * Finds the values a rule's answer needs, recording each source once.
 */
export class Resolver {
  /** The sources used, in the order first used. */
  readonly sources: UsedSource[] = [];
  /** Keys of the notes the values used carry. */
  readonly notes: string[] = [];
  readonly #source: RuleSource;
  readonly #inputs: Readonly<Record<string, unknown>>;
  readonly #date: string;
  readonly #dateInput: string | undefined;

  /**
   * Creates a resolver for one answer.
   *
   * @param source The rule and its texts.
   * @param inputs The parsed inputs.
   * @param date The date whose values apply.
   * @param dateInput The input that gave the date (named in a 400), if any.
   */
  constructor(
    source: RuleSource,
    inputs: Readonly<Record<string, unknown>>,
    date: string,
    dateInput: string | undefined,
  ) {
    this.#source = source;
    this.#inputs = inputs;
    this.#date = date;
    this.#dateInput = dateInput;
  }

  /** The date whose values apply. */
  get date(): string {
    return this.#date;
  }

  /**
   * The value of a dated parameter in force on the answer's date, or of an undated one.
   *
   * @param name The parameter.
   * @returns The value and its source's index.
   * @throws {ApiError} 400 naming the date input before the first value; 501 for a period no
   *   source covers.
   */
  value(name: string): Found {
    const held = this.#source.rule.parameters[name]!;
    if (isUndatedParameter(held)) return this.#undated(name, held);
    const parameter = held as DatedParameter;
    const by = parameter.by ?? [];
    let node: ValueTable = parameter.values;
    const path: string[] = [];
    for (const key of by) {
      if (Array.isArray(node)) break;
      const choice = tableKey(this.#inputs[key]);
      path.push(choice);
      node = node[choice]!;
    }
    const series = node as DatedValue[];
    return this.#pick(name, series, path);
  }

  #pick(name: string, series: readonly DatedValue[], path: readonly string[]): Found {
    const date = this.#date;
    const rule = this.#source.rule.name;
    let index = series.length - 1;
    while (index >= 0 && series[index]!.from > date) index--;
    const what = path.length ? `${name} (${path.join(", ")})` : name;
    if (index === -1) {
      const first = series[0]!.from;
      const message =
        `The ${rule} rule holds no ${what} before ${first}, when the first value held came into force: got "${date}"`;
      throw this.#dateInput
        ? ApiError.invalidParam(this.#dateInput, message, { firstHeld: first })
        : new ApiError(501, "not_available", message, {
          extra: { notAvailable: `${rule} ${name} before ${first}` },
        });
    }
    const entry = series[index]!;
    const next = series[index + 1];
    const to = next ? dayBefore(next.from) : null;
    if (entry.unknown !== undefined) {
      const said = this.#source.texts.messages[entry.unknown]?.en ?? entry.unknown;
      const span = to ? `from ${entry.from} to ${to}` : `from ${entry.from}`;
      const message = `The ${rule} rule does not hold the ${what} in force ${span}: ${said}`;
      throw new ApiError(501, "not_available", message, {
        details: [{ param: this.#dateInput ?? path[0] ?? name, message }],
        extra: {
          notAvailable: `${rule} ${name} ${entry.from}`,
          gap: `rule.${rule}.${entry.unknown}`,
        },
      });
    }
    for (const note of entry.notes ?? []) {
      if (!this.notes.includes(note)) this.notes.push(note);
    }
    return { value: entry.value, source: this.#record(name, entry, to), from: entry.from };
  }

  #undated(name: string, parameter: UndatedParameter): Found {
    for (const note of parameter.notes ?? []) {
      if (!this.notes.includes(note)) this.notes.push(note);
    }
    let index = this.sources.findIndex((s) => s.parameter === name && s.undated !== null);
    if (index === -1) {
      index = this.sources.push(usedSource(name, null, null, parameter.source, parameter.undated)) -
        1;
    }
    return { value: parameter.value, source: index, from: null };
  }

  #record(parameter: string, entry: DatedValue, to: string | null): number {
    const found = this.sources.findIndex((s) =>
      s.parameter === parameter && s.from === entry.from && s.url === entry.source.url
    );
    if (found !== -1) return found;
    this.sources.push(usedSource(parameter, entry.from, to, entry.source));
    return this.sources.length - 1;
  }

  /**
   * Records a source that is not a dated value (an index series), once.
   *
   * @param parameter The parameter.
   * @param from The first period it covers.
   * @param to The last, or null.
   * @param source The source.
   * @returns Its index in the answer's list.
   */
  record(parameter: string, from: string, to: string | null, source: Source): number {
    const found = this.sources.findIndex((s) => s.parameter === parameter && s.from === from);
    if (found !== -1) return found;
    this.sources.push(usedSource(parameter, from, to, source));
    return this.sources.length - 1;
  }
}

function usedSource(
  parameter: string,
  from: string | null,
  to: string | null,
  source: Source,
  undated: Undated | null = null,
): UsedSource {
  return {
    parameter,
    from,
    to,
    undated,
    source: source.title,
    url: source.url,
    gazette: source.gazette ?? null,
    lastVerified: source.lastVerified,
    confidence: source.confidence,
  };
}
