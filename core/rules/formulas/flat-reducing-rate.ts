/**
 * A flat (add-on) interest rate and the reducing-balance rate that costs the same, both ways, for
 * a loan repaid in equal monthly instalments. Flat: the interest is the rate on the whole amount
 * borrowed for the whole term, and the instalment is (amount + interest) / months. Reducing: the
 * interest of each month is the monthly rate on the balance still owed, so the instalment is the
 * annuity `emi` of `core/calc/loan.ts`. The equivalent reducing rate is the monthly rate at which
 * the flat instalment repays the amount (found by bisection on `emi`), written as the nominal
 * annual rate (12 x monthly) that lenders quote, with the effective annual rate (1 + i)^12 - 1.
 *
 * @module
 */
import * as z from "zod/mini";
import { emi } from "../../calc/loan.ts";
import { cents, type FormulaKind, moneyText, pctText, rupees } from "../kinds/_kind.ts";

/** A percent rounded half up to 2 decimals. */
function pct2(value: number): number {
  return Math.round(value * 100 + 1e-9) / 100;
}

/**
 * The annual reducing-balance rate (percent, nominal, monthly rests) at which `instalment` repays
 * `principal` in `months` equal payments: `emi` rises with the rate, so bisection between 0 and
 * 1200 x instalment / principal (the instalment is more than the first month's interest) finds it.
 */
function reducingRateFor(principal: number, months: number, instalment: number): number {
  if (instalment * months <= principal) return 0;
  let low = 0, high = (1200 * instalment) / principal;
  for (let step = 0; step < 200 && high - low > 1e-12; step++) {
    const mid = (low + high) / 2;
    if (emi({ principal, rate: mid, months }) < instalment) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    flatRate: z.number().check(z.describe("The flat (add-on) annual rate, percent, 2 decimals")),
    reducingRate: z.number().check(
      z.describe("The reducing-balance annual rate (12 x the monthly rate), percent, 2 decimals"),
    ),
    effectiveRate: z.number().check(
      z.describe("The effective annual rate (1 + monthly rate)^12 - 1, percent, 2 decimals"),
    ),
    instalment: z.number().check(z.describe("The monthly instalment under both rates, LKR")),
    totalInterest: z.number().check(z.describe("Instalments less the amount borrowed, LKR")),
    otherInstalment: z.number().check(
      z.describe(
        "The instalment if the rate given were quoted the other way (flat given: as a reducing rate), LKR",
      ),
    ),
  }),
  compute({ inputs, resolver }) {
    const method = resolver.value("method");
    const principal = Number(inputs.principal);
    const months = Number(inputs.months);
    const rate = Number(inputs.rate);
    const flatGiven = inputs.quoted !== "reducing";
    const flatInstalment = (flat: number) => principal * (1 + (flat * months) / 1200) / months;
    let flat: number, reducing: number, instalment: number, other: number;
    if (flatGiven) {
      flat = rate;
      instalment = flatInstalment(rate);
      reducing = reducingRateFor(principal, months, instalment);
      other = emi({ principal, rate, months });
    } else {
      reducing = rate;
      instalment = emi({ principal, rate, months });
      flat = ((instalment * months - principal) / principal) * (1200 / months);
      other = flatInstalment(rate);
    }
    const effective = (Math.pow(1 + reducing / 1200, 12) - 1) * 100;
    const instalmentCents = cents(instalment);
    const interestCents = cents(instalment * months - principal);
    const fields = {
      flatRate: pct2(flat),
      reducingRate: pct2(reducing),
      effectiveRate: pct2(effective),
      instalment: rupees(instalmentCents),
      totalInterest: rupees(interestCents),
      otherInstalment: rupees(cents(other)),
    };
    const vars = {
      flatRate: pctText(fields.flatRate),
      reducingRate: pctText(fields.reducingRate),
      effectiveRate: pctText(fields.effectiveRate),
      instalment: moneyText(fields.instalment),
      totalInterest: moneyText(fields.totalInterest),
      otherInstalment: moneyText(fields.otherInstalment),
      rateGiven: pctText(rate),
      principal: moneyText(principal),
    };
    return {
      fields,
      steps: flatGiven
        ? [
          { key: "step.flat-interest", vars, amount: fields.totalInterest, source: method.source },
          { key: "step.flat-instalment", vars, amount: fields.instalment, source: null },
          { key: "step.other-reducing", vars, amount: fields.otherInstalment, source: null },
          { key: "step.solve-reducing", vars, amount: null, source: null },
          { key: "step.effective", vars, amount: null, source: null },
        ]
        : [
          {
            key: "step.reducing-instalment",
            vars,
            amount: fields.instalment,
            source: method.source,
          },
          { key: "step.total-interest", vars, amount: fields.totalInterest, source: null },
          { key: "step.other-flat", vars, amount: fields.otherInstalment, source: null },
          { key: "step.effective", vars, amount: null, source: null },
          { key: "step.solve-flat", vars, amount: null, source: null },
        ],
      answer: { key: flatGiven ? "answer.flat" : "answer.reducing", vars },
    };
  },
};
