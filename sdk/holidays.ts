/**
 * Public, bank and mercantile holidays, working days between dates, and iCalendar files: the
 * calendar half of Lanka API, with its holiday dataset (a subpath, so that the main entry does
 * not ship the dataset). Import it as `@lanka/api/holidays` (npm) or `jsr:@lanka/api/holidays`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { countWorkingDays, listHolidays } from "./holidays.ts";
 * assert.equal(listHolidays({ year: 2026, type: "mercantile" }).count, 8);
 * assert.equal(countWorkingDays({ from: "2026-01-01", to: "2026-01-31" }).workingDays, 21);
 * ```
 *
 * @module
 */
export {
  HOLIDAY_DATA,
  HOLIDAY_TYPES,
  holidayOn,
  holidaysToIcs,
  listHolidays,
  SUPPORTED_YEARS,
  unknownYearError,
  unknownYearList,
  unknownYearMessage,
  yearSource,
} from "../core/calc/holidays.ts";
export type {
  HolidayOnDate,
  HolidayYearSource,
  ListHolidaysOptions,
} from "../core/calc/holidays.ts";
export {
  addWorkingDays,
  buildWorkingDayCounter,
  countWorkingDays,
  MAX_SPAN_DAYS,
  WORK_CALENDARS,
  WORKING_DAYS,
} from "../core/calc/working_days.ts";
export type {
  AddWorkingDaysOptions,
  AddWorkingDaysResult,
  CountWorkingDaysOptions,
} from "../core/calc/working_days.ts";
export { longWeekends } from "../core/calc/long_weekends.ts";
export type {
  LongWeekend,
  LongWeekendsOptions,
  LongWeekendsResult,
} from "../core/calc/long_weekends.ts";
export { holidays } from "../core/ops/holidays.ts";
export { isHoliday } from "../core/ops/is_holiday.ts";
export { longWeekendsOp } from "../core/ops/long_weekends.ts";
export { workingDays } from "../core/ops/working_days.ts";
export { workingDaysAdd } from "../core/ops/working_days_add.ts";
export { renderCalendar } from "../core/ical.ts";
