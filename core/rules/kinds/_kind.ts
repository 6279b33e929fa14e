/**
 * What every formula kind is given and gives back: the inputs and the resolver of dated values
 * in, the answer's own fields, its steps and the text of its answer out. Money is counted in
 * integer cents inside a kind and written in rupees in what it gives back.
 *
 * @module
 */
import type * as z from "zod/mini";
import type { Resolver } from "../dated.ts";
import type { RuleSource } from "../model.ts";

/** A value of a text's placeholder: written out already, or another text of the rule. */
export type TextVar = string | { key: string };

/** One step of how an answer was worked out. */
export interface KindStep {
  /** The text's key (the rule's own, else the engine's). */
  key: string;
  /** Its placeholders (the inputs fill the rest). */
  vars: Readonly<Record<string, TextVar>>;
  /** The step's amount (LKR for money rules), or null. */
  amount: number | null;
  /** Index of the source of its figure in the answer's `sources`, or null (arithmetic). */
  source: number | null;
}

/** What a kind computes. */
export interface KindResult {
  /** The answer's own fields (totals, bands, dates), in the order they are listed. */
  fields: Record<string, unknown>;
  /** The steps. */
  steps: KindStep[];
  /** The answer sentence: its key and placeholders. */
  answer: { key: string; vars: Readonly<Record<string, TextVar>> };
}

/** What a kind computes from. */
export interface KindInput {
  /** The rule and its texts. */
  source: RuleSource;
  /** The parsed inputs. */
  inputs: Readonly<Record<string, unknown>>;
  /** Finds dated values in force on the answer's date. */
  resolver: Resolver;
}

/** A formula kind: its fields' schema (for OpenAPI and MCP) and its computation. */
export interface FormulaKind {
  /** The schema of the fields it adds to the answer. */
  fields(source: RuleSource): Record<string, z.ZodMiniType>;
  /** Computes an answer. */
  compute(input: KindInput): KindResult;
}

/** Digits grouped in threes: the same in every runtime (no `Intl`, whose data differs). */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Rupees to integer cents, exactly for any amount written with at most two decimals. A tiny negative
 * remainder of floating point (instalments times months less the principal at 0%) is 0, never -0:
 * JSON writes -0 as 0, so a local answer would differ from the server's.
 *
 * @param lkr The amount.
 * @returns Cents.
 */
export function cents(lkr: number): number {
  return Math.round(lkr * 100) || 0;
}

/**
 * Integer cents to rupees.
 *
 * @param value Cents.
 * @returns Rupees.
 */
export function rupees(value: number): number {
  return value / 100;
}

/**
 * An amount as the answers write it in every language and runtime: `LKR 1,500.00`.
 *
 * @param lkr The amount.
 * @returns The text.
 */
export function moneyText(lkr: number): string {
  const [whole, cents] = Math.abs(lkr).toFixed(2).split(".") as [string, string];
  return `${lkr < 0 ? "-" : ""}LKR ${grouped(whole)}.${cents}`;
}

/**
 * A number with digit groups: `1,200`, `0.784722`.
 *
 * @param value The number.
 * @returns The text.
 */
export function numberText(value: number): string {
  const [whole, fraction] = String(Math.abs(value)).split(".") as [string, string | undefined];
  const sign = value < 0 ? "-" : "";
  return `${sign}${grouped(whole)}${fraction ? `.${fraction.slice(0, 6)}` : ""}`;
}

/**
 * A percentage: `2.5%`.
 *
 * @param pct The percent.
 * @returns The text.
 */
export function pctText(pct: number): string {
  return `${numberText(pct)}%`;
}

/**
 * Cents x percent / 100, rounded half up to the cent (the percent may have up to 4 decimals;
 * the amount is not negative).
 *
 * @param base Cents.
 * @param pct The percent.
 * @returns Cents.
 */
export function pctOf(base: number, pct: number): number {
  // The percent scaled to an integer (4 decimals) and big integers: exact for any amount.
  const scaled = BigInt(Math.round(pct * 10_000));
  return Number((BigInt(base) * scaled + 500_000n) / 1_000_000n);
}

/**
 * A value read from a rule's data that must be a number.
 *
 * @param value The value.
 * @param where What it is, for the error.
 * @returns The number.
 * @throws {TypeError} When it is not a finite number.
 */
export function numberValue(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new TypeError(`Cannot compute: ${where} is not a number in the rule's data`);
  }
  return value;
}

/**
 * The tiers of a banded value (bands, blocks), lowest first, the last open (`upTo: null`), each
 * with its named numbers checked.
 *
 * @param list The tiers read from the value.
 * @param where The parameter's name, for the error.
 * @param numbers The numeric fields every tier has.
 * @returns The tiers.
 * @throws {TypeError} When they are empty, not open at the top, or a number is missing.
 */
export function tiersOf<T extends { upTo: number | null }>(
  list: unknown,
  where: string,
  numbers: readonly (keyof T & string)[],
): T[] {
  const tiers = list as T[];
  if (!Array.isArray(tiers) || tiers.length === 0 || tiers.at(-1)!.upTo !== null) {
    throw new TypeError(`Cannot compute: ${where} needs tiers ending with upTo null`);
  }
  for (const tier of tiers) {
    for (const field of numbers) numberValue(tier[field], `${where} ${field}`);
  }
  return tiers;
}
