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
  holidaysToIcs,
  listHolidays,
  SUPPORTED_YEARS,
} from "../core/calc/holidays.ts";
export type { ListHolidaysOptions } from "../core/calc/holidays.ts";
export {
  buildWorkingDayCounter,
  countWorkingDays,
  MAX_SPAN_DAYS,
  WORK_CALENDARS,
  WORKING_DAYS,
} from "../core/calc/working_days.ts";
export type { CountWorkingDaysOptions } from "../core/calc/working_days.ts";
export { holidays } from "../core/ops/holidays.ts";
export { workingDays } from "../core/ops/working_days.ts";
export { renderCalendar } from "../core/ical.ts";
