/**
 * `bands`: rates by band on an amount. `marginal`: each band's rate on the part of the amount in
 * it (stamp duty: 3% of the first Rs 100,000, 4% of the rest); `whole`: the rate of the band the
 * amount reaches (or another input reaches, with `select`: days in arrears), on all of it. With `per` (a law's "for every Rs 100 or part thereof"), each
 * part is counted in whole steps of `per`, a part of a step counting as a step.
 *
 * @module
 */
import * as z from "zod/mini";
import type { BandsFormula } from "../model.ts";
import {
  cents,
  type FormulaKind,
  type KindStep,
  moneyText,
  numberText,
  pctOf,
  pctText,
  rupees,
  tiersOf,
} from "./_kind.ts";

/** The value of a `bands` parameter. */
export interface BandsValue {
  /** The step a part is counted in, LKR ("for every Rs 100 or part thereof"), if any. */
  per?: number;
  /** The bands, lowest first; the last has `upTo: null`. */
  bands: { upTo: number | null; ratePct: number }[];
}

/** One band of an answer. */
export interface BandResult {
  /** Where the band starts, LKR. */
  from: number;
  /** Where it ends, LKR, or null for the top band. */
  upTo: number | null;
  /** Its rate, percent. */
  ratePct: number;
  /** The part of the amount charged in it, LKR. */
  portion: number;
  /** The charge, LKR. */
  amount: number;
}

function bandsOf(value: unknown, name: string): BandsValue {
  const v = value as Partial<BandsValue> | undefined;
  const bands = tiersOf<BandsValue["bands"][number]>(v?.bands, name, ["ratePct"]);
  return v?.per === undefined ? { bands } : { per: v.per, bands };
}

/** The charge on a part in cents: by steps of `per` rupees when given, else on the cents. */
function charge(portion: number, ratePct: number, per: number | undefined): number {
  if (per === undefined) return pctOf(portion, ratePct);
  const step = cents(per);
  return pctOf(Math.ceil(portion / step) * step, ratePct);
}

/** The `bands` kind. */
export const bandsKind: FormulaKind = {
  fields: () => ({
    amount: z.number().check(z.describe("The amount the rates apply to")),
    bands: z.array(z.object({
      from: z.number(),
      upTo: z.nullable(z.number()),
      ratePct: z.number(),
      portion: z.number(),
      amount: z.number(),
    })).check(z.describe("Each band charged: its part of the amount, its rate and its charge")),
    total: z.number().check(z.describe("The sum of the bands' charges")),
  }),
  compute({ source, inputs, resolver }) {
    const formula = source.rule.formula as BandsFormula;
    const found = resolver.value(formula.bands);
    const { per, bands } = bandsOf(found.value, formula.bands);
    const amount = cents(Number(inputs[formula.amount]));
    // The figure that picks the band: the amount, or (whole bands) another input, in hundredths.
    const picker = formula.select === undefined ? amount : cents(Number(inputs[formula.select]));
    const rows: BandResult[] = [];
    const steps: KindStep[] = [];
    let total = 0;
    let lower = 0;
    for (const band of bands) {
      const upper = band.upTo === null ? Infinity : cents(band.upTo);
      const reached = amount > lower || lower === 0;
      if (formula.method === "whole") {
        if (picker <= upper) {
          total = charge(amount, band.ratePct, per);
          rows.push(row(lower, band, amount, total));
          const limit = formula.select === undefined ? moneyText : numberText;
          steps.push(
            step("step.band_whole", lower, band, amount, total, per, found.source, limit),
          );
          break;
        }
      } else if (reached) {
        const portion = Math.max(0, Math.min(amount, upper) - lower);
        const owed = charge(portion, band.ratePct, per);
        total += owed;
        rows.push(row(lower, band, portion, owed));
        steps.push(step("step.band", lower, band, portion, owed, per, found.source, moneyText));
      }
      lower = upper;
    }
    steps.push({ key: "step.total", vars: {}, amount: rupees(total), source: null });
    return {
      fields: { amount: rupees(amount), bands: rows, total: rupees(total) },
      steps,
      answer: { key: "answer", vars: { total: moneyText(rupees(total)) } },
    };
  },
};

function row(lower: number, band: BandsValue["bands"][number], portion: number, owed: number) {
  return {
    from: rupees(lower),
    upTo: band.upTo,
    ratePct: band.ratePct,
    portion: rupees(portion),
    amount: rupees(owed),
  };
}

function step(
  kind: "step.band" | "step.band_whole",
  lower: number,
  band: BandsValue["bands"][number],
  portion: number,
  owed: number,
  per: number | undefined,
  source: number,
  limit: (value: number) => string,
): KindStep {
  const open = band.upTo === null;
  return {
    key: `${kind}${open ? "_open" : ""}${per === undefined ? "" : "_per"}`,
    vars: {
      rate: pctText(band.ratePct),
      from: limit(rupees(lower)),
      to: open ? "" : limit(band.upTo!),
      portion: moneyText(rupees(portion)),
      per: per === undefined ? "" : moneyText(per),
      perRate: per === undefined ? "" : moneyText(rupees(pctOf(cents(per), band.ratePct))),
    },
    amount: rupees(owed),
    source,
  };
}
