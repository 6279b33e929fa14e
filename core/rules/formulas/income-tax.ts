/**
 * `income-tax`: the year's income tax of a resident individual, as the return of income works it
 * out (Inland Revenue Act No. 24 of 2017, ss.2-4, 52, the First and Fifth Schedules):
 *
 * 1. assessable income: employment, business, rent, interest, other, and foreign-currency income
 *    remitted through a bank (exempt before 1 April 2025);
 * 2. less the reliefs (personal; 25% of rent; solar panels, capped) and the qualifying payments
 *    (given; a donation to an approved charity capped at Rs 75,000 or a third of the taxable
 *    income) is the taxable income, the deductions taken from local income first;
 * 3. the marginal bands on the local part, then the foreign-currency part on top of it through
 *    the same bands at no more than the cap (15% from 1 April 2025, First Schedule para 1(6));
 * 4. less the foreign tax credit (at most the tax on the foreign part), APIT, withholding tax
 *    and instalments: the balance to pay, or the refund.
 *
 * Money is counted in integer cents; each band's charge is rounded half up to the cent.
 *
 * @module
 */
import * as z from "zod/mini";
import type { FormulaKind, KindStep } from "../kinds/index.ts";
import type { BandsValue } from "../kinds/bands.ts";
import { cents, moneyText, numberValue, pctOf, pctText, rupees, tiersOf } from "../kinds/_kind.ts";

/** The value of the `foreign-income` parameter: exempt, or taxed at no more than a rate. */
type ForeignIncome = { exempt: true } | { maxRatePct: number };

/** The incomes, in the order the return lists them; `foreign` is kept apart. */
const INCOMES = ["employment", "business", "rent", "interest", "other"] as const;

/** The year of assessment (1 April to 31 March) a day falls in: `2025/26`. */
function yearOfAssessment(date: string): string {
  const start = Number(date.slice(0, 4)) - (date.slice(5) < "04-01" ? 1 : 0);
  return `${start}/${String(start + 1).slice(2)}`;
}

/** A money input in cents (0 when not given). */
function amount(inputs: Readonly<Record<string, unknown>>, name: string): number {
  return inputs[name] === undefined ? 0 : cents(Number(inputs[name]));
}

const money = (value: number) => moneyText(rupees(value));

/** A band of a `bands` value. */
type Band = BandsValue["bands"][number];

/**
 * The parts of the slice of income from `from` to `to` (cents) that fall in each band, lowest
 * first: the band, where it starts (cents) and the part in it.
 */
function bandParts(bands: readonly Band[], from: number, to: number) {
  const parts: { band: Band; lower: number; portion: number }[] = [];
  let lower = 0;
  for (const band of bands) {
    const upper = band.upTo === null ? Infinity : cents(band.upTo);
    const portion = Math.min(to, upper) - Math.max(from, lower);
    if (portion > 0) parts.push({ band, lower, portion });
    lower = upper;
  }
  return parts;
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    yearOfAssessment: z.string().check(z.describe("The year of assessment, for example 2025/26")),
    assessableIncome: z.number().check(z.describe("The income counted for the year")),
    exemptIncome: z.number().check(
      z.describe("Foreign-currency income left out as exempt (before 1 April 2025)"),
    ),
    personalRelief: z.number(),
    rentRelief: z.number(),
    solarRelief: z.number(),
    qualifyingPayments: z.number().check(
      z.describe("The qualifying payments deducted, the charity donation as capped"),
    ),
    taxableIncome: z.number(),
    foreignTaxableIncome: z.number().check(
      z.describe("The part of the taxable income from foreign-currency income"),
    ),
    bands: z.array(z.object({
      from: z.number(),
      upTo: z.nullable(z.number()),
      ratePct: z.number().check(
        z.describe("The rate charged (capped for foreign-currency income)"),
      ),
      portion: z.number(),
      amount: z.number(),
      foreign: z.boolean().check(z.describe("Whether the portion is foreign-currency income")),
    })).check(
      z.describe("Each band charged: the part of the taxable income in it, its rate and tax"),
    ),
    tax: z.number().check(z.describe("The income tax for the year, before credits")),
    foreignTaxCredit: z.number(),
    credits: z.number().check(z.describe("APIT, withholding tax and instalments already paid")),
    balance: z.number().check(
      z.describe("Tax less the credits: to pay if positive, a refund if negative"),
    ),
  }),
  compute({ inputs, resolver }) {
    const steps: KindStep[] = [];
    const step = (key: string, cents: number | null, source: number | null, vars = {}) =>
      steps.push({ key, vars, amount: cents === null ? null : rupees(cents), source });
    const bandsFound = resolver.value("bands");
    const bands = tiersOf<Band>((bandsFound.value as BandsValue)?.bands, "bands", ["ratePct"]);
    const year = yearOfAssessment(resolver.date);
    step("step.year", null, null, { year });

    // 1. Assessable income.
    let local = 0;
    for (const name of INCOMES) {
      const value = amount(inputs, name);
      local += value;
      if (value > 0) step(`step.${name}`, value, null);
    }
    let foreign = amount(inputs, "foreign");
    let exempt = 0;
    let cap: number | null = null;
    let foreignSource: number | null = null;
    if (foreign > 0 || amount(inputs, "foreignTax") > 0) {
      const found = resolver.value("foreign-income");
      foreignSource = found.source;
      const rule = found.value as ForeignIncome;
      if ("exempt" in rule) {
        exempt = foreign;
        foreign = 0;
        if (exempt > 0) step("step.foreign_exempt", exempt, found.source);
      } else {
        cap = numberValue(rule.maxRatePct, "foreign-income maxRatePct");
        if (foreign > 0) step("step.foreign", foreign, found.source);
      }
    }
    const assessable = local + foreign;
    step("step.assessable", assessable, null);

    // 2. Reliefs and qualifying payments.
    const reliefFound = resolver.value("personal-relief");
    const personal = Math.min(cents(numberValue(reliefFound.value, "personal-relief")), assessable);
    step("step.personal_relief", personal, reliefFound.source);
    let rentRelief = 0;
    if (amount(inputs, "rent") > 0) {
      const found = resolver.value("rent-relief");
      const pct = numberValue((found.value as { ratePct?: unknown })?.ratePct, "rent-relief");
      rentRelief = pctOf(amount(inputs, "rent"), pct);
      step("step.rent_relief", rentRelief, found.source, { rate: pctText(pct) });
    }
    let solar = 0;
    if (amount(inputs, "solar") > 0) {
      const found = resolver.value("solar-relief");
      const most = cents(numberValue((found.value as { cap?: unknown })?.cap, "solar-relief"));
      solar = Math.min(amount(inputs, "solar"), most);
      step("step.solar_relief", solar, found.source, { cap: money(most) });
    }
    const payments = amount(inputs, "qualifyingPayments");
    if (payments > 0) step("step.qualifying_payments", payments, null);
    const beforeCharity = Math.max(0, assessable - personal - rentRelief - solar - payments);
    let charity = 0;
    if (amount(inputs, "charity") > 0) {
      const found = resolver.value("charity-cap");
      const most = cents(numberValue((found.value as { amount?: unknown })?.amount, "charity-cap"));
      // At most a third of the taxable income after the donation: a quarter of it before.
      charity = Math.min(amount(inputs, "charity"), most, Math.floor(beforeCharity / 4));
      step("step.charity", charity, found.source, { cap: money(most) });
    }
    const taxable = beforeCharity - charity;
    const localTaxable = Math.min(taxable, Math.max(0, local - (assessable - taxable)));
    const foreignTaxable = taxable - localTaxable;
    step("step.taxable", taxable, null);
    if (foreign > 0) {
      step("step.split", null, null, {
        local: money(localTaxable),
        foreign: money(foreignTaxable),
      });
    }

    // 3. The bands: local income from the bottom, foreign-currency income on top of it.
    const rows = [];
    let tax = 0;
    let foreignTax = 0;
    for (
      const [from, to, isForeign] of [[0, localTaxable, false], [
        localTaxable,
        taxable,
        true,
      ]] as const
    ) {
      for (const part of bandParts(bands, from, to)) {
        const rate = isForeign ? Math.min(part.band.ratePct, cap!) : part.band.ratePct;
        const owed = pctOf(part.portion, rate);
        tax += owed;
        if (isForeign) foreignTax += owed;
        rows.push({
          from: rupees(part.lower),
          upTo: part.band.upTo,
          ratePct: rate,
          portion: rupees(part.portion),
          amount: rupees(owed),
          foreign: isForeign,
        });
        const open = part.band.upTo === null;
        const key = `${isForeign ? "step.band_foreign" : "step.band"}${open ? "_open" : ""}`;
        step(key, owed, isForeign ? foreignSource : bandsFound.source, {
          rate: pctText(rate),
          bandRate: pctText(part.band.ratePct),
          from: money(Math.max(part.lower, from)),
          to: open ? "" : money(Math.min(cents(part.band.upTo!), to)),
          portion: money(part.portion),
        });
      }
    }
    step("step.tax", tax, null);

    // 4. Credits.
    const foreignTaxCredit = Math.min(amount(inputs, "foreignTax"), foreignTax);
    if (amount(inputs, "foreignTax") > 0) {
      step("step.foreign_tax_credit", foreignTaxCredit, null, {
        paid: money(amount(inputs, "foreignTax")),
      });
    }
    let credits = 0;
    for (const name of ["apit", "wht", "instalments"]) {
      const value = amount(inputs, name);
      credits += value;
      if (value > 0) step(`step.${name}`, value, null);
    }
    const balance = tax - foreignTaxCredit - credits;
    step(balance >= 0 ? "step.balance" : "step.refund", Math.abs(balance), null);
    const vars = {
      year,
      tax: money(tax),
      credits: money(foreignTaxCredit + credits),
      balance: money(Math.abs(balance)),
    };
    return {
      fields: {
        yearOfAssessment: year,
        assessableIncome: rupees(assessable),
        exemptIncome: rupees(exempt),
        personalRelief: rupees(personal),
        rentRelief: rupees(rentRelief),
        solarRelief: rupees(solar),
        qualifyingPayments: rupees(payments + charity),
        taxableIncome: rupees(taxable),
        foreignTaxableIncome: rupees(foreignTaxable),
        bands: rows,
        tax: rupees(tax),
        foreignTaxCredit: rupees(foreignTaxCredit),
        credits: rupees(credits),
        balance: rupees(balance),
      },
      steps,
      answer: {
        key: balance > 0 ? "answer.payable" : balance < 0 ? "answer.refund" : "answer.settled",
        vars,
      },
    };
  },
};
