/**
 * Public, bank and mercantile holidays, working days between dates, and iCalendar files: the
 * calendar half of Lanka API, with its holiday dataset (a subpath, so that the main entry does
 * not ship the dataset). Import it as `@lanka/api/holidays` (npm) or `jsr:@lanka/api/holidays`.
 *
 * @module
 */
export {
  HOLIDAY_DATA,
  HOLIDAY_TYPES,
  holidays,
  holidaysToIcs,
  listHolidays,
  SUPPORTED_YEARS,
} from "./core/ops/holidays.ts";
export {
  buildWorkingDayCounter,
  countWorkingDays,
  MAX_SPAN_DAYS,
  WORK_CALENDARS,
  WORKING_DAYS,
  workingDays,
} from "./core/ops/working_days.ts";
export { renderCalendar } from "./core/ical.ts";
