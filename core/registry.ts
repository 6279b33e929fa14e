/**
 * The registry: every operation of Lanka API, in the order the service index lists them.
 * A new endpoint is one file in `core/ops/` and one line here; a new rule is a file in `data/rules/`
 * (docs/rules.md) and no line here.
 *
 * @module
 */
import type { AnyOperation } from "./operation.ts";
import { districts } from "./ops/districts.ts";
import { accountOperations } from "./ops/accounts.ts";
import { fd } from "./ops/fd.ts";
import { holidays } from "./ops/holidays.ts";
import { isHoliday } from "./ops/is_holiday.ts";
import { longWeekendsOp } from "./ops/long_weekends.ts";
import { land } from "./ops/land.ts";
import { loan } from "./ops/loan.ts";
import { nic } from "./ops/nic.ts";
import { paye } from "./ops/paye.ts";
import { apit } from "./ops/apit.ts";
import { payslip } from "./ops/payslip.ts";
import { gratuity } from "./ops/gratuity.ts";
import { minimumWage } from "./ops/minimum_wage.ts";
import { epfProjection } from "./ops/epf_projection.ts";
import { maternity } from "./ops/labour_maternity.ts";
import { leave } from "./ops/labour_leave.ts";
import { overtime } from "./ops/labour_overtime.ts";
import { noPay } from "./ops/labour_no_pay.ts";
import { holidayPay } from "./ops/labour_holiday_pay.ts";
import { termination } from "./ops/labour_termination.ts";
import { injury } from "./ops/labour_injury.ts";
import { scholarship } from "./ops/scholarship.ts";
import { tools } from "./ops/tools.ts";
import { store } from "./ops/store.ts";
import { plate } from "./ops/plate.ts";
import { vat } from "./ops/vat.ts";
import { wht } from "./ops/wht.ts";
import { sscl } from "./ops/sscl.ts";
import { words } from "./ops/words.ts";
import { workingDays } from "./ops/working_days.ts";
import { workingDaysAdd } from "./ops/working_days_add.ts";
import { zScore } from "./ops/z_score.ts";
import { alCombination } from "./ops/al_combination.ts";
import { voice } from "./ops/voice.ts";
import { newsOperations } from "./ops/news.ts";
import { electricity } from "./ops/electricity.ts";
import { phone } from "./ops/phone.ts";
import { ruleOperations } from "./rules/registry.ts";
import { textOperations } from "./ops/text.ts";
import { division, divisions, places, postcode } from "./ops/places.ts";

/** All operations. */
export const operations: readonly AnyOperation[] = [
  nic,
  phone,
  plate,
  paye,
  apit,
  payslip,
  gratuity,
  minimumWage,
  epfProjection,
  maternity,
  leave,
  overtime,
  noPay,
  holidayPay,
  termination,
  injury,
  vat,
  electricity,
  wht,
  sscl,
  words,
  loan,
  fd,
  land,
  holidays,
  isHoliday,
  longWeekendsOp,
  workingDays,
  workingDaysAdd,
  districts,
  postcode,
  places,
  divisions,
  division,
  tools,
  zScore,
  alCombination,
  scholarship,
  // The rules of data/rules/ (docs/rules.md), in name order.
  ...ruleOperations,
  store,
  voice,
  ...textOperations,
  ...accountOperations,
  ...newsOperations,
];

/**
 * Finds an operation by name.
 *
 * @param name The operation name (`meta.endpoint`).
 * @returns The operation, or undefined.
 */
export function findOperation(name: string): AnyOperation | undefined {
  return operations.find((op) => op.name === name);
}
