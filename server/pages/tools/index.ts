/**
 * The tool pages that have a page file, by page slug. An operation with a `page` and no entry
 * here gets the generic page (`genericPage` in `../tool.ts`). Adding a page: one file in this
 * folder, one line here, its `page.<tool>.*` entries in the catalogues (docs/pages.md).
 *
 * @module
 */
import { apitPage } from "./apit.ts";
import { electricityPage } from "./electricity.ts";
import { isHolidayPage } from "./is_holiday.ts";
import { longWeekendsPage } from "./long_weekends.ts";
import { phonePage } from "./phone.ts";
import { ssclPage } from "./sscl.ts";
import { whtPage } from "./wht.ts";
import { workingDaysAddPage } from "./working_days_add.ts";
import { fdPage } from "./fd.ts";
import { scholarshipPage } from "./scholarship.ts";
import { platePage } from "./plate.ts";
import { landPage } from "./land.ts";
import { gratuityPage } from "./gratuity.ts";
import { minimumWagePage } from "./minimum_wage.ts";
import { wordsPage } from "./words.ts";
import { holidaysPage } from "./holidays.ts";
import { loanPage } from "./loan.ts";
import { nicPage } from "./nic.ts";
import { payePage } from "./paye.ts";
import { payslipPage } from "./payslip.ts";
import type { ToolPage } from "./spec.ts";
import { vatPage } from "./vat.ts";
import { workingDaysPage } from "./working_days.ts";
import { maternityPage } from "./maternity.ts";
import { leavePage } from "./leave.ts";
import { overtimePage } from "./overtime.ts";
import { noPayPage } from "./no_pay.ts";
import { holidayPayPage } from "./holiday_pay.ts";
import { terminationPage } from "./termination.ts";
import { injuryPage } from "./injury.ts";
import { epfProjectionPage } from "./epf_projection.ts";
import { districtsPage } from "./districts.ts";
import { postcodesPage } from "./postcodes.ts";
import { toolsPage } from "./tools.ts";
import { zScorePage } from "./z_score.ts";
import { alCombinationPage } from "./al_combination.ts";

/** Page files by the operation's `page` slug. */
export const TOOL_PAGES: Readonly<Record<string, ToolPage>> = {
  paye: payePage,
  payslip: payslipPage,
  holidays: holidaysPage,
  "working-days": workingDaysPage,
  nic: nicPage,
  loan: loanPage,
  fd: fdPage,
  vat: vatPage,
  words: wordsPage,
  land: landPage,
  plate: platePage,
  apit: apitPage,
  "scholarship-cutoff": scholarshipPage,
  gratuity: gratuityPage,
  "minimum-wage": minimumWagePage,
  "electricity-bill": electricityPage,
  phone: phonePage,
  wht: whtPage,
  sscl: ssclPage,
  "is-holiday": isHolidayPage,
  "long-weekends": longWeekendsPage,
  "working-days-add": workingDaysAddPage,
  // Issue 31's labour operations.
  "maternity-leave": maternityPage,
  "annual-leave": leavePage,
  overtime: overtimePage,
  "no-pay": noPayPage,
  "holiday-pay": holidayPayPage,
  "termination-compensation": terminationPage,
  "workmens-compensation": injuryPage,
  "epf-projection": epfProjectionPage,
  // Issue 27: the reference lists.
  districts: districtsPage,
  tools: toolsPage,
  // Issue 45: the postcode finder (a search as you type).
  postcodes: postcodesPage,
  // Issue 27: the A/L Z-score (its fields make the `subjects` parameter).
  "z-score": zScorePage,
  "al-combination": alCombinationPage,
};
