/**
 * Withholding tax (WHT) and advance income tax (AIT) on a payment, by payment type and the date
 * paid, from `data/wht_payments.json` (IRD circulars), without schemas.
 *
 * @module
 */
import whtData from "../../data/wht_payments.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { ApiError } from "../errors.ts";
import { roundMoney } from "../money.ts";

/** One dated rate of a payment type. */
export interface WhtVersion {
  from: string;
  to: string | null;
  ratePct: number;
  /** WHT applies only when the month's payments to the payee exceed this, then on the whole payment. */
  monthlyThreshold?: number;
  /** Payments at or below this are exempt. */
  exemptUpTo?: number;
  /** What the payment type covers in this version. */
  covers?: string;
  basis: string;
  sourceUrl: string;
  /** `two-sources` or `one-source`; `confidenceDetail` says which. */
  confidence: string;
  confidenceDetail: string;
}

/** A payment type with its dated rates. */
export interface WhtPaymentType {
  id: string;
  name: string;
  note?: string;
  versions: WhtVersion[];
}

/** The payment types, in the order the data lists them. */
export const WHT_PAYMENTS: readonly WhtPaymentType[] = whtData.payments as WhtPaymentType[];

/** The ids of the payment types. */
export const WHT_PAYMENT_IDS: readonly string[] = WHT_PAYMENTS.map((p) => p.id);

/** Options of {@linkcode computeWht}. */
export interface WhtOptions {
  /** Payment type id (see {@linkcode WHT_PAYMENT_IDS}). */
  payment: string;
  /** The gross payment, LKR. */
  amount: number;
  /** The date paid, `YYYY-MM-DD`. */
  date: string;
  /** What was already paid to the same payee earlier in the same calendar month (default 0). */
  paidThisMonth?: number | undefined;
}

/** Result of {@linkcode computeWht}. */
export interface WhtResult {
  payment: string;
  name: string;
  date: string;
  amount: number;
  /** Percent in force on `date`. */
  ratePct: number;
  /** Whether tax is withheld from this payment. */
  withheld: boolean;
  /** Why tax is or is not withheld. */
  reason: string;
  /** The tax withheld, to the cent. */
  wht: number;
  /** What the payee receives. */
  net: number;
  /** The month's threshold for this payment type, or null. */
  monthlyThreshold: number | null;
  /** The month's payments to the payee including this one, when a threshold applies. */
  monthTotal: number | null;
  /** The exemption limit, or null. */
  exemptUpTo: number | null;
  /** What the payment type covers, where the source lists it. */
  covers: string | null;
  /** What the answer does not decide. */
  notes: string[];
  /** The circular or Act behind the rate (a citation). */
  source: string;
  sourceUrl: string;
  /** How many sources give the rate: `two-sources` or `one-source`. */
  confidence: "two-sources" | "one-source";
  lastVerified: string;
  currency: "LKR";
}

/** The first date a rate is held for. */
export const WHT_FIRST_DATE = "2023-01-01";

/**
 * WHT on one payment: the rate in force on the date for the payment type; for service fees and
 * rent to residents, only once the month's payments to the payee exceed the threshold, and then
 * on the whole payment.
 *
 * @param options Payment type, amount, date and what was paid earlier that month.
 * @returns The tax withheld and the net payment, with the circular.
 * @throws {ApiError} 400 naming `payment` for an unknown type; 501 `not_available` naming `date`
 *   before 1 January 2023 (no rate held).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { computeWht } from "./wht.ts";
 * // IRD circular SEC/2022/E/03: 5% on a service fee once the month passes Rs 100,000.
 * assert.equal(computeWht({ payment: "service-fee", amount: 150_000, date: "2026-01-15" }).wht, 7_500);
 * ```
 */
export function computeWht(options: WhtOptions): WhtResult {
  const { payment, amount, date } = options;
  const paidBefore = options.paidThisMonth ?? 0;
  const type = WHT_PAYMENTS.find((p) => p.id === payment);
  if (!type) {
    throw ApiError.invalidParam(
      "payment",
      `Parameter "payment" must be one of ${WHT_PAYMENT_IDS.join(", ")}: got "${payment}"`,
    );
  }
  const version = inForce(type.versions, date);
  if (!version) {
    const message =
      `No withholding tax rate is held for payments before ${WHT_FIRST_DATE}: got "${date}"`;
    throw new ApiError(501, "not_available", message, {
      details: [{ param: "date", message }],
      extra: { notAvailable: `wht-before-${WHT_FIRST_DATE}` },
    });
  }
  const threshold = version.monthlyThreshold ?? null;
  const exempt = version.exemptUpTo ?? null;
  const monthTotal = threshold === null ? null : roundMoney(paidBefore + amount);
  let withheld = true;
  let reason = `Withheld at ${version.ratePct}% on the whole payment`;
  if (threshold !== null && monthTotal! <= threshold) {
    withheld = false;
    reason =
      `Not withheld: the payments to the payee this month, ${monthTotal}, do not exceed ${threshold}`;
  } else if (threshold !== null) {
    reason =
      `Withheld at ${version.ratePct}% on the whole payment: the payments to the payee this month, ${monthTotal}, exceed ${threshold}`;
  } else if (exempt !== null && amount <= exempt) {
    withheld = false;
    reason = `Not withheld: payments of up to ${exempt} are exempt`;
  }
  const wht = withheld ? roundMoney((amount * version.ratePct) / 100) : 0;
  const notes: string[] = [];
  if (threshold !== null && withheld && paidBefore > 0 && paidBefore <= threshold) {
    notes.push(
      "Whether tax is also due on the month's earlier payments, made before the total passed the threshold, is not stated in the sources held; this answer withholds on this payment only",
    );
  }
  if (type.note) notes.push(type.note);
  return {
    payment: type.id,
    name: type.name,
    date,
    amount,
    ratePct: version.ratePct,
    withheld,
    reason,
    wht,
    net: roundMoney(amount - wht),
    monthlyThreshold: threshold,
    monthTotal,
    exemptUpTo: exempt,
    covers: version.covers ?? null,
    notes,
    source: version.basis,
    sourceUrl: version.sourceUrl,
    confidence: version.confidence === "two-sources" ? "two-sources" : "one-source",
    lastVerified: whtData.lastVerified,
    currency: "LKR",
  };
}
