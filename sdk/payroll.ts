/**
 * Payroll: a Sri Lankan payslip (EPF, ETF, APIT on salary and lump sums, net pay, employer cost,
 * minimum-wage check), the gross-up of an agreed net pay, gratuity, the national minimum wage and
 * APIT Tables 01-08 as far as a published source is held, EPF/ETF balance projections, the
 * labour-law calculators (maternity, leave, overtime, no-pay, holiday pay, termination
 * compensation, workmen's compensation), and the taxes a payer withholds or pays
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
export { computeEpfProjection, EPF_YEARS } from "../core/calc/payroll_epf_projection.ts";
export type {
  Crediting,
  EpfProjectionOptions,
  EpfProjectionResult,
  EpfYear,
  RateStatus,
} from "../core/calc/payroll_epf_projection.ts";
export { epfProjection } from "../core/ops/epf_projection.ts";
export type { EpfProjectionParams } from "../core/ops/epf_projection.ts";
// Labour law: leave, maternity, overtime, no-pay, holiday pay, termination, injury.
export type { LabourBasis } from "../core/calc/labour_common.ts";
export { computeMaternity } from "../core/calc/labour_maternity.ts";
export type {
  DayRange,
  MaternityOptions,
  MaternityResult,
  MaternityScheme,
  NursingIntervals,
} from "../core/calc/labour_maternity.ts";
export { computeLeave } from "../core/calc/labour_leave.ts";
export type { FirstYearCasual, LeaveOptions, LeaveResult } from "../core/calc/labour_leave.ts";
export { computeHolidayPay, computeNoPay, computeOvertime } from "../core/calc/labour_pay.ts";
export type {
  HolidayKind,
  HolidayPayOptions,
  HolidayPayResult,
  NoPayDivisor,
  NoPayOptions,
  NoPayResult,
  OvertimeDivisor,
  OvertimeOptions,
  OvertimeResult,
} from "../core/calc/labour_pay.ts";
export { computeTermination, formulaMonths } from "../core/calc/labour_termination.ts";
export type { TerminationOptions, TerminationResult } from "../core/calc/labour_termination.ts";
export { computeInjury } from "../core/calc/labour_injury.ts";
export type {
  InjuryOptions,
  InjuryOutcome,
  InjuryResult,
  WageBand,
} from "../core/calc/labour_injury.ts";
export { maternity } from "../core/ops/labour_maternity.ts";
export type { MaternityParams } from "../core/ops/labour_maternity.ts";
export { leave } from "../core/ops/labour_leave.ts";
export type { LeaveParams } from "../core/ops/labour_leave.ts";
export { overtime } from "../core/ops/labour_overtime.ts";
export type { OvertimeParams } from "../core/ops/labour_overtime.ts";
export { noPay } from "../core/ops/labour_no_pay.ts";
export type { NoPayParams } from "../core/ops/labour_no_pay.ts";
export { holidayPay } from "../core/ops/labour_holiday_pay.ts";
export type { HolidayPayParams } from "../core/ops/labour_holiday_pay.ts";
export { termination } from "../core/ops/labour_termination.ts";
export type { TerminationParams } from "../core/ops/labour_termination.ts";
export { injury } from "../core/ops/labour_injury.ts";
export type { InjuryParams } from "../core/ops/labour_injury.ts";
