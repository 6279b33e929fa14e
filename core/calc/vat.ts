/**
 * VAT arithmetic without schemas, so that importing {@linkcode computeVat} alone bundles to a few
 * hundred bytes (the operation in `../ops/vat.ts` adds the zod schemas).
 *
 * @module
 */
import vatData from "../../data/vat.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney } from "../money.ts";

/** Result of `GET /api/v1/vat` (spec 2.7). */
export interface VatResult {
  mode: "add" | "remove";
  rate: number;
  base: number;
  vat: number;
  total: number;
  currency: "LKR";
}

/**
 * Adds VAT to a net amount or extracts it from a gross one, to the cent.
 *
 * For `remove`, the VAT is `gross x rate / (100 + rate)` rounded to the cent and the base is the
 * gross less that VAT, so base + vat = total always holds exactly.
 *
 * @param amount Net (add) or gross (remove) amount.
 * @param ratePct VAT percent.
 * @param mode add or remove.
 * @returns The breakdown.
 *
 * @example Usage
 * ```ts
 * import { computeVat } from "./vat.ts";
 * console.log(computeVat(1000, 18, "add").total); // 1180
 * ```
 */
export function computeVat(amount: number, ratePct: number, mode: "add" | "remove"): VatResult {
  if (mode === "add") {
    const base = roundMoney(amount);
    const vatAmount = roundMoney((base * ratePct) / 100);
    return {
      mode,
      rate: ratePct,
      base,
      vat: vatAmount,
      total: roundMoney(base + vatAmount),
      currency: "LKR",
    };
  }
  const total = roundMoney(amount);
  const vatAmount = roundMoney((total * ratePct) / (100 + ratePct));
  return {
    mode,
    rate: ratePct,
    base: roundMoney(total - vatAmount),
    vat: vatAmount,
    total,
    currency: "LKR",
  };
}

/**
 * The standard VAT rate in force on a date.
 *
 * @param date `YYYY-MM-DD`.
 * @returns The percent, or undefined before the first dated rate held.
 */
export function standardVatRate(date: string): number | undefined {
  return inForce(vatData.rates, date)?.ratePct;
}
