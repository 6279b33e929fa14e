/**
 * `block-tariff`: units charged block by block, each block's units at its own rate, plus the
 * fixed charge of the block the total lands in (once a bill), then an optional levy (the NWSDB's
 * domestic water tariff; an electricity bill's SSCL).
 *
 * @module
 */
import * as z from "zod/mini";
import type { BlockTariffFormula } from "../model.ts";
import { closeTotal } from "./_levy.ts";
import {
  cents,
  type FormulaKind,
  type KindStep,
  moneyText,
  numberText,
  rupees,
  tiersOf,
} from "./_kind.ts";

/** The value of a `block-tariff` parameter: blocks lowest first, the last with `upTo: null`. */
export interface TariffValue {
  blocks: { upTo: number | null; rate: number; fixed: number }[];
}

/** One block of a bill. */
export interface BlockResult {
  /** First unit of the block. */
  firstUnit: number;
  /** Last unit, or null for the open top block. */
  lastUnit: number | null;
  /** Units of the bill in it. */
  units: number;
  /** LKR a unit. */
  rate: number;
  /** Units times rate, LKR. */
  amount: number;
}

function tariffOf(value: unknown, name: string): TariffValue {
  const v = value as Partial<TariffValue> | undefined;
  return { blocks: tiersOf<TariffValue["blocks"][number]>(v?.blocks, name, ["rate", "fixed"]) };
}

/** The `block-tariff` kind. */
export const blockTariffKind: FormulaKind = {
  fields: () => ({
    units: z.int().check(z.describe("Units used")),
    blocks: z.array(z.object({
      firstUnit: z.int(),
      lastUnit: z.nullable(z.int()),
      units: z.int(),
      rate: z.number(),
      amount: z.number(),
    })).check(z.describe("The usage charge block by block")),
    usageCharge: z.number().check(z.describe("The sum of the blocks")),
    fixedCharge: z.number().check(z.describe("The fixed charge of the block the total lands in")),
    levy: z.nullable(z.number()).check(z.describe("The levy on the bill, or null")),
    total: z.number().check(z.describe("What is payable")),
  }),
  compute({ source, inputs, resolver }) {
    const formula = source.rule.formula as BlockTariffFormula;
    const found = resolver.value(formula.tariff);
    const { blocks } = tariffOf(found.value, formula.tariff);
    const units = Number(inputs[formula.units]);
    const rows: BlockResult[] = [];
    const steps: KindStep[] = [];
    let usage = 0;
    let lower = 0;
    let fixed = 0;
    let band = { first: 0, last: null as number | null };
    for (const block of blocks) {
      const upper = block.upTo ?? Infinity;
      const inBlock = Math.max(0, Math.min(units, upper) - lower);
      if (inBlock > 0 || lower === 0) {
        const amount = inBlock * cents(block.rate);
        usage += amount;
        const row = {
          firstUnit: lower + 1,
          lastUnit: block.upTo,
          units: inBlock,
          rate: block.rate,
          amount: rupees(amount),
        };
        rows.push(row);
        steps.push({
          key: block.upTo === null ? "step.block_open" : "step.block",
          vars: {
            first: numberText(row.firstUnit),
            last: block.upTo === null ? "" : numberText(block.upTo),
            units: numberText(inBlock),
            rate: moneyText(block.rate),
          },
          amount: rupees(amount),
          source: found.source,
        });
      }
      if (units <= upper) {
        fixed = cents(block.fixed);
        band = { first: lower === 0 ? 0 : lower + 1, last: block.upTo };
        break;
      }
      lower = upper;
    }
    steps.push({
      key: band.last === null ? "step.fixed_open" : "step.fixed",
      vars: {
        first: numberText(band.first),
        last: band.last === null ? "" : numberText(band.last),
      },
      amount: rupees(fixed),
      source: found.source,
    });
    const bill = closeTotal(formula.levy, usage + fixed, resolver, steps);
    return {
      fields: {
        units,
        blocks: rows,
        usageCharge: rupees(usage),
        fixedCharge: rupees(fixed),
        ...bill,
      },
      steps,
      answer: {
        key: "answer",
        vars: { total: moneyText(bill.total), units: numberText(units) },
      },
    };
  },
};
