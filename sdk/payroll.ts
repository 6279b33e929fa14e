/**
 * Payroll: a Sri Lankan payslip (EPF, ETF, APIT on salary and lump sums, net pay, employer cost,
 * minimum-wage check), the gross-up of an agreed net pay, gratuity, the national minimum wage and
 * APIT Tables 01-08 as far as a published source is held, and the taxes a payer withholds or pays
 * on other payments and on turnover: withholding tax by payment type (`computeWht`) and the Social
 * Security Contribution Levy (`computeSscl`) (a subpath, so that the main entry does not ship the
 * payroll and tax datasets). Import it as `@lanka/api/payroll` (npm) or
 * `jsr:@lanka/api/payroll`.
 *
 * @example Usage
 * ```ts
 * import { computePayslip } from "./payroll.ts";
 * const slip = computePayslip({ basic: 170000, bonus: 600000, date: "2025-04-25" });
 * console.log(slip.deductions.apitLumpSum?.amount); // 36000
 * ```
 *
 * @module
 */
export { computePayslip, grossUp, MAX_BASIC } from "../core/calc/payroll.ts";
export { computeWht, WHT_FIRST_DATE, WHT_PAYMENT_IDS, WHT_PAYMENTS } from "../core/calc/wht.ts";
export {
  computeSscl,
  SSCL_ACTIVITIES,
  SSCL_ACTIVITY_IDS,
  SSCL_FIRST_DATE,
} from "../core/calc/sscl.ts";
export type {
  ApitLine,
  GrossUpOptions,
  LumpSumLine,
  PayslipOptions,
  PayslipResult,
} from "../core/calc/payroll.ts";
export {
  APIT_FIRST_DATE,
  apitCoverageNotices,
  apitHeldTo,
  apitTableName,
  apitTitle,
  foreignCurrencyTax,
  lumpSumEdges,
  lumpSumPeriod,
  lumpSumTax,
  requireApitTable,
  scheduleTax,
  secondaryEmploymentTax,
  table01Tax,
} from "../core/calc/payroll_apit.ts";
export type {
  Confidence,
  ForeignTaxOptions,
  ForeignTaxResult,
  LumpSumTaxOptions,
  LumpSumTaxResult,
  PayrollNotice,
  PeriodPosition,
  SecondaryTaxOptions,
  SecondaryTaxResult,
  TableVersion,
} from "../core/calc/payroll_apit.ts";
export { computeGratuity } from "../core/calc/payroll_gratuity.ts";
export type { GratuityOptions, GratuityResult } from "../core/calc/payroll_gratuity.ts";
export { checkMinimumWage, computeMinimumWage } from "../core/calc/payroll_minimum_wage.ts";
export type {
  MinimumWage,
  MinimumWageCheck,
  MinimumWageOptions,
} from "../core/calc/payroll_minimum_wage.ts";
export { NotAvailableError, PayrollInputError } from "../core/calc/payroll_errors.ts";
export { payslip } from "../core/ops/payslip.ts";
export type { PayslipParams } from "../core/ops/payslip.ts";
export { gratuity } from "../core/ops/gratuity.ts";
export type { GratuityParams } from "../core/ops/gratuity.ts";
export { minimumWage } from "../core/ops/minimum_wage.ts";
export type { MinimumWageParams } from "../core/ops/minimum_wage.ts";
export { apit } from "../core/ops/apit.ts";
export type { ApitParams, ApitResult } from "../core/ops/apit.ts";
