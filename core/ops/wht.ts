/**
 * `GET /api/v1/tax/wht`: withholding tax on a payment by type and date.
 *
 * @module
 */
import * as z from "zod/mini";
import whtData from "../../data/wht_payments.json" with { type: "json" };
import {
  computeWht,
  WHT_PAYMENT_IDS,
  WHT_PAYMENTS,
  type WhtOptions,
  type WhtPaymentType,
  type WhtResult,
  type WhtVersion,
} from "../calc/wht.ts";
import { type Lang, maybeMessage, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, isoDate, oneOf } from "../params.ts";

export { computeWht, WHT_PAYMENT_IDS, WHT_PAYMENTS };
export type { WhtOptions, WhtPaymentType, WhtResult, WhtVersion };

/** Parameters of {@linkcode wht}. */
export interface WhtParams {
  /** Payment type id. */
  payment: string;
  /** The gross payment, LKR. */
  amount: number;
  /** The date paid (default today). */
  date?: string | undefined;
  /** Paid to the same payee earlier in the same calendar month (default 0). */
  paidThisMonth?: number | undefined;
  /** Language of `name`, `reason`, `covers` and `notes` (default `en`). */
  lang?: Lang | undefined;
}

/**
 * A WHT answer with its text for people in a language (the catalogue's `tax.*` entries); the
 * circular cited in `source` stays as it is named.
 *
 * @param r The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeWht(r: WhtResult, lang: Lang): WhtResult {
  if (lang === "en") return r;
  return {
    ...r,
    name: maybeMessage(lang, `value.payment.${r.payment}`) ?? r.name,
    reason: translate(lang, r.reason, "tax.wht.reason."),
    covers: r.covers === null ? null : translate(lang, r.covers, "tax.wht.covers."),
    notes: r.notes.map((n) => translate(lang, n, "tax.note.")),
  };
}

const params = z.object({
  payment: oneOf(WHT_PAYMENT_IDS, {
    description:
      "Payment type: service-fee (to a resident individual), interest, rent (to a resident), dividend, winnings, royalty, charge-premium, rent-non-resident, service-fee-non-resident, transport-non-resident or gem-auction",
    example: "service-fee",
  }),
  amount: decimal({
    min: 0,
    max: 1e13,
    maxDecimals: 2,
    description: "The gross payment, LKR",
    example: "150000",
  }),
  date: z.optional(isoDate({
    description: "The date paid (rates are held from 2023-01-01); default today",
    example: "2026-01-15",
  })),
  paidThisMonth: z.optional(decimal({
    min: 0,
    max: 1e13,
    maxDecimals: 2,
    description:
      "Paid to the same payee earlier in the same calendar month, LKR, for the Rs 100,000 monthly threshold of service fees and rent; default 0",
    example: "0",
  })),
  lang: langParam(),
});

const nullableNumber = z.nullable(z.number());

const result: z.ZodMiniType<WhtResult> = z.object({
  payment: z.string(),
  name: z.string(),
  date: z.string(),
  amount: z.number(),
  ratePct: z.number().check(z.describe("Percent in force on the date")),
  withheld: z.boolean().check(z.describe("Whether tax is withheld from this payment")),
  reason: z.string().check(z.describe("Why tax is or is not withheld")),
  wht: z.number().check(z.describe("Tax withheld, to the cent")),
  net: z.number().check(z.describe("What the payee receives")),
  monthlyThreshold: nullableNumber.check(z.describe("The month's threshold, or null")),
  monthTotal: nullableNumber.check(
    z.describe("The month's payments to the payee including this one, where a threshold applies"),
  ),
  exemptUpTo: nullableNumber.check(z.describe("Payments up to this are exempt, or null")),
  covers: z.nullable(z.string()).check(z.describe("What the payment type covers, where listed")),
  notes: z.array(z.string()).check(z.describe("What the answer does not decide")),
  source: z.string().check(z.describe("The circular or Act behind the rate")),
  sourceUrl: z.string(),
  confidence: z.enum(["two-sources", "one-source"]).check(
    z.describe("How many sources give the rate"),
  ),
  lastVerified: z.string(),
  currency: z.literal("LKR"),
});

/** `GET /api/v1/tax/wht`: withholding tax on a payment. */
export const wht: Operation<WhtParams, WhtResult> = defineOperation({
  name: "wht",
  method: "GET",
  path: "/tax/wht",
  title: "Withholding tax on a payment",
  description:
    "Withholding tax (advance income tax) on a payment by type and date, with the IRD circular behind each rate: service fees and rent to residents only once the month's payments to the payee pass Rs 100,000, then on the whole payment; interest 5% before 1 April 2025, 10% from then. Dates before 2023 answer 501 not_available.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/tax/wht?payment=service-fee&amount=150000&date=2026-01-15",
  page: "wht",
  provenance: { sourceUrl: whtData.sourceUrl, lastVerified: whtData.lastVerified },
  errors: { "501": "No rate is held for the date (before 1 January 2023)" },
  run: (p, ctx) =>
    localizeWht(
      computeWht({
        payment: p.payment,
        amount: p.amount,
        date: p.date ?? ctx.today,
        paidThisMonth: p.paidThisMonth,
      }),
      p.lang ?? "en",
    ),
});
