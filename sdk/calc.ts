/**
 * The calculators and decoders that need no large dataset: APIT/PAYE, VAT, loans, fixed
 * deposits, land units, NIC and vehicle plate decoding, money rounding, and their operation
 * definitions. Import it as `@lanka/api/calc` (npm) or `jsr:@lanka/api/calc`.
 *
 * A subpath rather than the main entry: bundlers with code splitting (esbuild) put every module
 * the main entry reaches into the client's initial load, used or not, so the client's entry
 * (`@lanka/api`) reaches no calculator, and each of its operations (with the same calculator)
 * loads on first use. Each function here still bundles alone without zod.
 *
 * @example Usage
 * ```ts
 * import { computePaye, computeVat } from "./calc.ts";
 * console.log(computePaye({ monthly: 250000, date: "2026-01-01" }).monthlyTax); // 8000
 * console.log(computeVat({ amount: 1000, rate: 18 }).total); // 1180
 * ```
 *
 * @module
 */
export { roundMoney, roundTo } from "../core/money.ts";
export { annualApit, APIT_TABLES, apitTableOn, computePaye } from "../core/calc/paye.ts";
export { computeVat, standardVatRate } from "../core/calc/vat.ts";
export { amortize, computeLoan, emi } from "../core/calc/loan.ts";
export { annualEquivalentRate, computeFd, interestWhtRate, PAYOUTS } from "../core/calc/fd.ts";
export { convertLand, LAND_UNITS, parseDeed, SQUARE_METRES, toDeed } from "../core/calc/land.ts";
export {
  decodeNic,
  MAX_NIC_AGE,
  MIN_NIC_AGE,
  nicCheckDigitValid,
  toNewNic,
  toOldNic,
} from "../core/calc/nic.ts";
export { decodePlate, PLATE_PROVINCES } from "../core/calc/plate.ts";
export { paye } from "../core/ops/paye.ts";
export { vat } from "../core/ops/vat.ts";
export { loan } from "../core/ops/loan.ts";
export { fd } from "../core/ops/fd.ts";
export { land } from "../core/ops/land.ts";
export { nic } from "../core/ops/nic.ts";
export { plate } from "../core/ops/plate.ts";
