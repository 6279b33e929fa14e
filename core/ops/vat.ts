import { z } from "zod";
import vatData from "../../data/vat.json" with { type: "json" };
import { inForce } from "../_dated.ts";
import { roundMoney } from "../money.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf } from "../params.ts";

/** Parameters of {@linkcode vat}. */
export interface VatParams {
  /** The amount: net for `add`, gross (VAT-inclusive) for `remove`. */
  amount: number;
  /** VAT percent; defaults to the standard rate in force today. */
  rate?: number | undefined;
  /** `add` VAT to a net amount, or `remove` it from a gross one. */
  mode: "add" | "remove";
}

/** Result of {@linkcode vat} (spec 2.7). */
export interface VatResult {
  mode: "add" | "remove";
  rate: number;
  base: number;
  vat: number;
  total: number;
  currency: "LKR";
}

const params = z.object({
  amount: decimal({
    min: 0,
    max: 1e13,
    maxDecimals: 2,
    description: "Amount in LKR: net for mode=add, VAT-inclusive for mode=remove",
    example: "10000",
  }),
  rate: decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description: "VAT percent; default the standard rate in force today (18% since 1 January 2024)",
  }).optional(),
  mode: oneOf(["add", "remove"] as const, { description: "add (default) or remove" }).default(
    "add",
  ),
});

const result: z.ZodType<VatResult> = z.object({
  mode: z.enum(["add", "remove"]),
  rate: z.number().describe("Percent applied"),
  base: z.number().describe("Net amount"),
  vat: z.number().describe("VAT amount"),
  total: z.number().describe("Gross amount"),
  currency: z.literal("LKR"),
});

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

/** `GET /api/v1/vat`: add or remove VAT. */
export const vat: Operation<VatParams, VatResult> = defineOperation({
  name: "vat",
  method: "GET",
  path: "/vat",
  title: "VAT calculator",
  description: "Adds VAT to a net amount or extracts it from a VAT-inclusive amount, to the cent.",
  tag: "Finance",
  params,
  result,
  example: "/api/v1/vat?amount=10000&mode=add",
  page: "vat",
  provenance: { sourceUrl: vatData.sourceUrl, lastVerified: vatData.lastVerified },
  run: (p, ctx) => computeVat(p.amount, p.rate ?? standardVatRate(ctx.today) ?? 18, p.mode),
});
