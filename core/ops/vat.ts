import * as z from "zod/mini";
import vatData from "../../data/vat.json" with { type: "json" };
import { computeVat, standardVatRate, type VatResult } from "../calc/vat.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { decimal, oneOf } from "../params.ts";

export { computeVat, standardVatRate };
export type { VatResult };

/** Parameters of {@linkcode vat}. */
export interface VatParams {
  /** The amount: net for `add`, gross (VAT-inclusive) for `remove`. */
  amount: number;
  /** VAT percent; defaults to the standard rate in force today. */
  rate?: number | undefined;
  /** `add` VAT to a net amount, or `remove` it from a gross one. */
  mode: "add" | "remove";
}

const params = z.object({
  amount: decimal({
    min: 0,
    max: 1e13,
    maxDecimals: 2,
    description: "Amount in LKR: net for mode=add, VAT-inclusive for mode=remove",
    example: "10000",
  }),
  rate: z.optional(decimal({
    min: 0,
    max: 100,
    maxDecimals: 4,
    description: "VAT percent; default the standard rate in force today (18% since 1 January 2024)",
    example: "18",
  })),
  mode: z._default(
    oneOf(["add", "remove"] as const, { description: "add (default) or remove" }),
    "add",
  ),
});

const result: z.ZodMiniType<VatResult> = z.object({
  mode: z.enum(["add", "remove"]),
  rate: z.number().check(z.describe("Percent applied")),
  base: z.number().check(z.describe("Net amount")),
  vat: z.number().check(z.describe("VAT amount")),
  total: z.number().check(z.describe("Gross amount")),
  currency: z.literal("LKR"),
});

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
  run: (p, ctx) =>
    computeVat({
      amount: p.amount,
      rate: p.rate ?? standardVatRate(ctx.today) ?? 18,
      mode: p.mode,
    }),
});
