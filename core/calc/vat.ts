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

/** Options of {@linkcode computeVat}. */
export interface VatOptions {
  /** Net amount (`add`) or VAT-inclusive amount (`remove`), LKR; rounded to the cent. */
  amount: number;
  /** VAT percent (default: the standard rate in force on `date`). */
  rate?: number | undefined;
  /** The day whose standard rate applies when `rate` is not given, `YYYY-MM-DD`. */
  date?: string | undefined;
  /** `add` VAT to a net amount (default) or `remove` it from a gross one. */
  mode?: "add" | "remove" | undefined;
}

/**
 * Adds VAT to a net amount or extracts it from a gross one, to the cent.
 *
 * For `remove`, the VAT is `gross x rate / (100 + rate)` rounded to the cent and the base is the
 * gross less that VAT, so base + vat = total always holds exactly.
 *
 * @param options The amount, the rate (or a date to take the standard rate from) and the mode.
 * @returns The breakdown.
 * @throws {TypeError} When neither `rate` nor `date` is given.
 * @throws {RangeError} When no standard rate is held for `date`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { computeVat } from "./vat.ts";
 * assert.equal(computeVat({ amount: 1000, rate: 18 }).total, 1180); // 1000 + 18%
 * // 18% since 1 January 2024 (data/vat.json: Gazette 2363/22): 11800 holds 11800 x 18/118 = 1800.
 * assert.equal(computeVat({ amount: 11800, date: "2026-01-01", mode: "remove" }).vat, 1800);
 * ```
 */
export function computeVat(options: VatOptions): VatResult {
  const { amount, date, mode = "add" } = options;
  const ratePct = options.rate ?? (date === undefined ? undefined : standardVatRate(date));
  if (ratePct === undefined) {
    throw date === undefined
      ? new TypeError("Cannot compute VAT: give rate, or date for the standard rate")
      : new RangeError(`Cannot compute VAT on "${date}": no standard rate is held for that date`);
  }
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
