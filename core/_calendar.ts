/**
 * Proleptic Gregorian date arithmetic on plain `{ year, month, day }` values, with no `Date`
 * object and no time zone: day numbers and ages in whole years, months and days.
 *
 * @module
 */

/** A calendar date. */
export interface CivilDate {
  year: number;
  /** 1-12. */
  month: number;
  /** 1-31. */
  day: number;
}

/** An age as whole years, then whole months, then days. */
export interface Age {
  years: number;
  months: number;
  days: number;
}

/**
 * Days since 1970-01-01 (negative before it), for any proleptic Gregorian date (H. Hinnant's
 * `days_from_civil`).
 *
 * @param date The date.
 * @returns The day number.
 */
export function epochDay(date: CivilDate): number {
  const y = date.month <= 2 ? date.year - 1 : date.year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (date.month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + date.day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Writes a date as `YYYY-MM-DD` (years 0-9999).
 *
 * @param date The date.
 * @returns The ISO text.
 */
export function isoText(date: CivilDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/**
 * Reads `YYYY-MM-DD` without checking that the date exists.
 *
 * @param iso The text.
 * @returns The date.
 */
export function parseIsoText(iso: string): CivilDate {
  return {
    year: Number(iso.slice(0, 4)),
    month: Number(iso.slice(5, 7)),
    day: Number(iso.slice(8, 10)),
  };
}

/**
 * The date `months` months after `date`, with the day clamped to the end of a shorter month.
 *
 * @param date The date.
 * @param months Whole months to add (negative to go back).
 * @returns The date.
 */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/**
 * The age on `today` of someone born on `birth`: the most whole months (written as years and
 * months) such that the monthly anniversary, clamped to the end of a shorter month, is not after
 * today, then the days since that anniversary. So someone born on 31 January is one month old on
 * the last day of February, and someone born on 29 February turns one on 28 February.
 *
 * @param birth The date of birth (not after `today`).
 * @param today The date the age is taken on.
 * @returns Years, months and days.
 */
export function ageOn(birth: CivilDate, today: CivilDate): Age {
  let months = (today.year - birth.year) * 12 + (today.month - birth.month);
  let anniversary = addMonths(birth, months);
  if (epochDay(anniversary) > epochDay(today)) {
    months -= 1;
    anniversary = addMonths(birth, months);
  }
  return {
    years: Math.floor(months / 12),
    months: months % 12,
    days: epochDay(today) - epochDay(anniversary),
  };
}

/** English month names, January first. */
export const MONTH_NAMES: readonly string[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Tells whether a string is an existing calendar date written `YYYY-MM-DD` (years 1000-9999).
 *
 * @param raw The text to check.
 * @returns Whether it is a real date.
 */
export function isValidIsoDate(raw: string): boolean {
  // Read digit by digit (this runs on every dated request): YYYY-MM-DD, ASCII digits only.
  if (raw.length !== 10 || raw.charCodeAt(4) !== 45 || raw.charCodeAt(7) !== 45) return false;
  let year = 0, month = 0, day = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = raw.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    if (i < 4) year = year * 10 + digit;
    else if (i < 7) month = month * 10 + digit;
    else day = day * 10 + digit;
  }
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/**
 * Days in a month of the Gregorian calendar.
 *
 * @param year The full year.
 * @param month The month, 1-12.
 * @returns 28 to 31.
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Tells whether a Gregorian year has 366 days.
 *
 * @param year The full year.
 * @returns Whether it is a leap year.
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
