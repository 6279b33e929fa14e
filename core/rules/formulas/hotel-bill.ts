/**
 * A hotel bill's charges stacked on each other: the customary service charge on the room or meal,
 * VAT on the supply including the service charge, and the Tourism Development Levy the hotel pays
 * out of that turnover (excluding the service charge and VAT; it is not a line of the guest's
 * bill). How a hotel shows the SSCL to a guest is not known: asking for it is a 501 naming the gap.
 * Custom because each percentage is taken on a different base.
 *
 * @module
 */
import * as z from "zod/mini";
import { ApiError } from "../../errors.ts";
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

/** One charge of the bill. */
interface Line {
  id: "service" | "vat";
  ratePct: number;
  base: number;
  amount: number;
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    amount: z.number().check(z.describe("The room, food and other charges before service and tax")),
    lines: z.array(z.object({
      id: z.enum(["service", "vat"]),
      ratePct: z.number(),
      base: z.number(),
      amount: z.number(),
    })).check(z.describe("The service charge and VAT, each with the base it is taken on")),
    total: z.number().check(z.describe("What the guest pays")),
    tdl: z.number().check(z.describe(
      "The Tourism Development Levy the hotel pays on this sale (not on the guest's bill)",
    )),
  }),
  compute({ source, inputs, resolver }) {
    const amount = cents(Number(inputs.amount));
    const steps: KindStep[] = [];
    const lines: Line[] = [];
    let total = amount;
    const rate = (name: string) => {
      const found = resolver.value(name);
      const ratePct = numberValue((found.value as { ratePct?: unknown })?.ratePct, name);
      return { ratePct, source: found.source };
    };
    if (inputs.sscl === true) {
      const levy = rate("sscl");
      const said = source.texts.messages["gap.sscl"]!.en;
      const message = `The SSCL of ${pctText(levy.ratePct)} on a hotel bill: ${said}`;
      throw new ApiError(501, "not_available", message, {
        details: [{ param: "sscl", message }],
        extra: { notAvailable: "hotel-bill sscl", gap: "rule.hotel-bill.gap.sscl" },
      });
    }
    const add = (id: Line["id"], name: string, base: number) => {
      const { ratePct, source } = rate(name);
      const owed = pctOf(base, ratePct);
      lines.push({ id, ratePct, base: rupees(base), amount: rupees(owed) });
      steps.push({
        key: `step.${id}`,
        vars: { rate: pctText(ratePct), base: moneyText(rupees(base)) },
        amount: rupees(owed),
        source,
      });
      total += owed;
    };
    if (inputs.serviceCharge === true) add("service", "service-charge", amount);
    if (inputs.vat === true) add("vat", "vat", total);
    steps.push({ key: "step.total", vars: {}, amount: rupees(total), source: null });
    const tdl = rate("tdl");
    const levy = pctOf(amount, tdl.ratePct);
    steps.push({
      key: "step.tdl",
      vars: { rate: pctText(tdl.ratePct), base: moneyText(rupees(amount)) },
      amount: rupees(levy),
      source: tdl.source,
    });
    return {
      fields: { amount: rupees(amount), lines, total: rupees(total), tdl: rupees(levy) },
      steps,
      answer: { key: "answer", vars: { total: moneyText(rupees(total)) } },
    };
  },
};
