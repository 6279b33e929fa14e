/**
 * `tourist-vat-refund`: the Tourist VAT Refund Scheme (VAT Act No. 14 of 2002, s.58A; in force
 * from 11 September 2018): a tourist whose VAT liable purchases on one refund invoice (at most three
 * commercial invoices of one authorised retailer on one day) reach the minimum, exclusive of VAT,
 * is refunded the VAT charged on them. The VAT is the one given from the invoice, else the standard
 * rate in force on the day of purchase on the purchases. A custom formula because the answer is a
 * threshold and a VAT amount, and the rate is looked up only when the VAT is not given.
 *
 * @module
 */
import * as z from "zod/mini";
import {
  cents,
  type FormulaKind,
  type KindStep,
  moneyText,
  numberValue,
  pctOf,
  pctText,
  rupees,
} from "../kinds/_kind.ts";

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    purchases: z.number().check(z.describe("The purchases on one refund invoice, without VAT")),
    minimum: z.number().check(z.describe("The least purchases a refund needs, without VAT")),
    eligible: z.boolean().check(z.describe("Whether the purchases reach the minimum")),
    vatRatePct: z.nullable(z.number()).check(
      z.describe("The standard VAT rate used, or null when the VAT was given"),
    ),
    vat: z.number().check(z.describe("The VAT charged on the purchases")),
    refund: z.number().check(z.describe("The VAT refunded (0 under the minimum)")),
  }),
  compute({ inputs, resolver }) {
    const purchases = cents(Number(inputs.purchases));
    const minimumFound = resolver.value("minimum");
    const minimum = cents(
      numberValue((minimumFound.value as { amount?: unknown })?.amount, "minimum amount"),
    );
    const eligible = purchases >= minimum;
    const money = (value: number) => moneyText(rupees(value));
    const steps: KindStep[] = [{
      key: eligible ? "step.minimum_reached" : "step.minimum_short",
      vars: { purchases: money(purchases), minimum: money(minimum) },
      amount: null,
      source: minimumFound.source,
    }];
    let rate: number | null = null;
    let vat: number;
    if (inputs.vat !== undefined) {
      vat = cents(Number(inputs.vat));
      steps.push({ key: "step.vat_given", vars: {}, amount: rupees(vat), source: null });
    } else {
      const found = resolver.value("vat-rate");
      rate = numberValue((found.value as { ratePct?: unknown })?.ratePct, "vat-rate ratePct");
      vat = pctOf(purchases, rate);
      steps.push({
        key: "step.vat",
        vars: { rate: pctText(rate), purchases: money(purchases) },
        amount: rupees(vat),
        source: found.source,
      });
    }
    const refund = eligible ? vat : 0;
    steps.push({ key: "step.refund", vars: {}, amount: rupees(refund), source: null });
    return {
      fields: {
        purchases: rupees(purchases),
        minimum: rupees(minimum),
        eligible,
        vatRatePct: rate,
        vat: rupees(vat),
        refund: rupees(refund),
      },
      steps,
      answer: {
        key: eligible ? "answer" : "answer.under",
        vars: { purchases: money(purchases), minimum: money(minimum), refund: money(refund) },
      },
    };
  },
};
