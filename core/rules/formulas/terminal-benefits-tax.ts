/**
 * `terminal-benefits-tax`: the income tax on an employee's terminal benefits under the Inland
 * Revenue Act No. 24 of 2017, First Schedule paragraph 1(2)(b) and 1(3): the year's total of a
 * commuted pension, a retiring gratuity, compensation for loss of office under a uniform scheme
 * and an ETF payment at or after retirement, taxed apart from other income through its own
 * marginal bands; and an EPF (or approved provident fund) payment at retirement, exempt under the
 * Third Schedule, paragraph (d)(ii). A custom formula because the listed benefits are added
 * before the bands and the EPF payment is looked up only when one is given.
 *
 * @module
 */
import * as z from "zod/mini";
import { bandsKind, type BandsValue } from "../kinds/bands.ts";
import {
  cents,
  type FormulaKind,
  type KindStep,
  moneyText,
  pctOf,
  pctText,
  rupees,
  tiersOf,
} from "../kinds/_kind.ts";

/** The benefits taxed together, in the order the First Schedule lists them (1(3)(a)-(d)). */
const LISTED = ["pensionCommutation", "gratuity", "compensation", "etf"] as const;

/** A money input in cents (0 when not given). */
function amount(inputs: Readonly<Record<string, unknown>>, name: string): number {
  return inputs[name] === undefined ? 0 : cents(Number(inputs[name]));
}

const money = (value: number) => moneyText(rupees(value));

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: (source) => ({
    terminalBenefits: z.number().check(
      z.describe("The year's commuted pension, gratuity, uniform-scheme compensation and ETF"),
    ),
    // The bands as the `bands` kind writes them.
    bands: bandsKind.fields(source).bands!,
    tax: z.number().check(z.describe("The tax on the terminal benefits")),
    epf: z.number().check(z.describe("The EPF or approved provident fund payment given")),
    epfExempt: z.number().check(z.describe("The part of it exempt (all of it at retirement)")),
  }),
  compute({ inputs, resolver }) {
    const steps: KindStep[] = [];
    let benefits = 0;
    for (const name of LISTED) {
      const value = amount(inputs, name);
      benefits += value;
      if (value > 0) {
        steps.push({ key: `step.${name}`, vars: {}, amount: rupees(value), source: null });
      }
    }
    steps.push({ key: "step.benefits", vars: {}, amount: rupees(benefits), source: null });

    const found = resolver.value("bands");
    const bands = tiersOf<BandsValue["bands"][number]>(
      (found.value as BandsValue)?.bands,
      "bands",
      ["ratePct"],
    );
    const rows = [];
    let tax = 0;
    let lower = 0;
    for (const band of bands) {
      if (benefits <= lower && lower > 0) break;
      const upper = band.upTo === null ? Infinity : cents(band.upTo);
      const portion = Math.max(0, Math.min(benefits, upper) - lower);
      const owed = pctOf(portion, band.ratePct);
      tax += owed;
      rows.push({
        from: rupees(lower),
        upTo: band.upTo,
        ratePct: band.ratePct,
        portion: rupees(portion),
        amount: rupees(owed),
      });
      const open = band.upTo === null;
      steps.push({
        key: open ? "step.band_open" : "step.band",
        vars: {
          rate: pctText(band.ratePct),
          from: money(lower),
          to: open ? "" : moneyText(band.upTo!),
          portion: money(portion),
        },
        amount: rupees(owed),
        source: found.source,
      });
      lower = upper;
    }
    steps.push({ key: "step.tax", vars: {}, amount: rupees(tax), source: null });

    // The EPF payment: looked up only when one is given (a payment at another time is a 501).
    const epf = amount(inputs, "epf");
    if (epf > 0) {
      const exemption = resolver.value("epf");
      steps.push({ key: "step.epf", vars: {}, amount: rupees(epf), source: exemption.source });
    }
    const vars = { benefits: money(benefits), tax: money(tax), epf: money(epf) };
    return {
      fields: {
        terminalBenefits: rupees(benefits),
        bands: rows,
        tax: rupees(tax),
        epf: rupees(epf),
        epfExempt: rupees(epf),
      },
      steps,
      answer: { key: epf > 0 ? "answer.epf" : "answer", vars },
    };
  },
};
