/**
 * National Identity Card numbers without schemas, so that importing {@linkcode decodeNic} alone
 * bundles without zod (the operation in `../ops/nic.ts` adds the schemas).
 *
 * @module
 */
import nicData from "../../data/nic.json" with { type: "json" };
import {
  type Age,
  ageOn,
  type CivilDate,
  epochDay,
  isLeapYear,
  isoText,
  isValidIsoDate,
  parseIsoText,
} from "../_calendar.ts";

/** `old`: 9 digits and V or X; `new`: 12 digits. */
export type NicFormat = "old" | "new";

/** Gender as encoded in the day code (500 is added for women). */
export type NicGender = "Male" | "Female";

/** Why a number is not valid, for programs (`reason` says it for people). */
export type NicReasonCode =
  | "malformed"
  | "day_of_year"
  | "not_leap_year"
  | "future"
  | "too_young"
  | "too_old";

/** Result of {@linkcode decodeNic} (spec 2.3). Decoded fields are null when `valid` is false. */
export interface NicResult {
  nic: string;
  valid: boolean;
  reason: string | null;
  reasonCode: NicReasonCode | null;
  format: NicFormat | null;
  dateOfBirth: string | null;
  gender: NicGender | null;
  age: Age | null;
  serial: number | null;
  checkDigitValid: boolean | null;
  votingEligible: boolean | null;
  newNic: string | null;
  oldNic: string | null;
  source: string;
  lastVerified: string;
}

/** Options of {@linkcode decodeNic}. */
export interface DecodeNicOptions {
  /** The number as typed. */
  number: string;
  /** Today's date `YYYY-MM-DD` (ages and the future check are taken on it). */
  today: string;
}

/** The oldest holder accepted, in whole years. */
export const MAX_NIC_AGE = 130;

/**
 * The age from which a National Identity Card is issued, in whole years: 15 (the Department's
 * page on obtaining a card for the first time; 16 from the 1981 amendment until 2017). Sources in
 * `data/nic.json` and `data/nic_sources.json` (`minimumAge`).
 */
export const MIN_NIC_AGE: number = nicData.minimumAge.years;

/** Month lengths of the Department's day count: February always has 29 days. */
const DRP_MONTH_DAYS: readonly number[] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CHECK_WEIGHTS: readonly number[] = nicData.checkDigit.weights;
const OLD_FORM = /^(\d{2})(\d{3})(\d{3})(\d)([VX])$/;
const NEW_FORM = /^(\d{4})(\d{3})(\d{4})(\d)$/;
const EXPECTED = "12 digits (new form) or 9 digits and V or X (old form)";

function shown(raw: string): string {
  return raw.length > 64 ? `${raw.slice(0, 64)}…` : raw;
}

/**
 * The date a day code names in the Department's fixed 366-day calendar (1 March is always day
 * 61, 31 December always day 366), without checking that it exists in `year`.
 */
function drpDate(year: number, dayOfYear: number): CivilDate {
  let day = dayOfYear;
  let month = 1;
  for (const length of DRP_MONTH_DAYS) {
    if (day <= length) break;
    day -= length;
    month += 1;
  }
  return { year, month, day };
}

let lastToday = "";
let lastNow: CivilDate = { year: 0, month: 0, day: 0 };

/** Reads and checks `today`, remembering the last one (every call of a day passes the same). */
function dateOf(today: string): CivilDate {
  if (today !== lastToday) {
    if (!isValidIsoDate(today)) {
      throw new RangeError(`Cannot decode an NIC on "${today}": expected a date YYYY-MM-DD`);
    }
    lastNow = parseIsoText(today);
    lastToday = today;
  }
  return lastNow;
}

function checkDigitOf12(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += (digits.charCodeAt(i) - 48) * CHECK_WEIGHTS[i]!;
  return (11 - (sum % 11)) % 10 === digits.charCodeAt(11) - 48;
}

function invalid(
  nic: string,
  format: NicFormat | null,
  reasonCode: NicReasonCode,
  reason: string,
): NicResult {
  return {
    nic,
    valid: false,
    reason,
    reasonCode,
    format,
    dateOfBirth: null,
    gender: null,
    age: null,
    serial: null,
    checkDigitValid: null,
    votingEligible: null,
    newNic: null,
    oldNic: null,
    source: nicData.source,
    lastVerified: nicData.lastVerified,
  };
}

function malformedReason(text: string): string {
  if (text === "") return `Expected ${EXPECTED}: got an empty value`;
  if (/^\d{9}$/.test(text)) return `Old-form number "${text}" is missing its final V or X`;
  if (/^\d{9}[A-Za-z]$/.test(text)) {
    return `Old-form number "${text}" must end in V or X: got "${text[9]}"`;
  }
  if (/^\d+$/.test(text)) return `Expected ${EXPECTED}: got ${text.length} digits`;
  return `Expected ${EXPECTED}: got ${JSON.stringify(shown(text))}`;
}

/**
 * Decodes a National Identity Card number, old (`913014146V`) or new (`199130104146`).
 *
 * Surrounding spaces are ignored and the letter may be lower case. The day code is read on the
 * Department for Registration of Persons' fixed 366-day calendar (February always has 29 days),
 * so day 060 in a common year, day codes 000, 367-500 and 867-999, a birth date after `today`,
 * a holder younger than {@linkcode MIN_NIC_AGE} (cards are issued from 15) and one older than
 * {@linkcode MAX_NIC_AGE} make the number invalid. Anything that is not
 * an NIC at all is also answered, with `valid: false` and a `reason`, never thrown. The
 * circulating mod-11 check digit is reported in `checkDigitValid` but never makes a number
 * invalid: no official algorithm is published.
 *
 * @param options The number as typed and today's date.
 * @returns The decoded number.
 * @throws {RangeError} If `today` is not a date.
 *
 * @example Usage
 * ```ts
 * import { decodeNic } from "./nic.ts";
 * const result = decodeNic({ number: "913014146V", today: "2026-06-15" });
 * console.log(result.dateOfBirth, result.gender, result.newNic); // "1991-10-27" "Male" "199130104146"
 * ```
 */
export function decodeNic(options: DecodeNicOptions): NicResult {
  const { today } = options;
  const now = dateOf(today);
  const trimmed = options.number.trim();
  const text = trimmed.toUpperCase();
  const old = OLD_FORM.exec(text);
  const parts = old ?? NEW_FORM.exec(text);
  if (!parts) return invalid(shown(trimmed), null, "malformed", malformedReason(trimmed));
  const format: NicFormat = old ? "old" : "new";
  const year = old ? 1900 + Number(parts[1]) : Number(parts[1]);
  const dayCode = Number(parts[2]);
  const serial = Number(parts[3]);
  const female = dayCode > 500;
  const dayOfYear = female ? dayCode - 500 : dayCode;
  if (dayOfYear < 1 || dayOfYear > 366) {
    return invalid(
      text,
      format,
      "day_of_year",
      `Day code ${parts[2]} does not exist: expected 001-366 (male) or 501-866 (female)`,
    );
  }
  if (dayOfYear === 60 && !isLeapYear(year)) {
    return invalid(
      text,
      format,
      "not_leap_year",
      `Day code ${parts[2]} is 29 February, but ${year} is not a leap year`,
    );
  }
  const birth = drpDate(year, dayOfYear);
  const dateOfBirth = isoText(birth);
  if (epochDay(birth) > epochDay(now)) {
    return invalid(
      text,
      format,
      "future",
      `Date of birth ${dateOfBirth} is after today (${today})`,
    );
  }
  const age = ageOn(birth, now);
  if (age.years < MIN_NIC_AGE) {
    return invalid(
      text,
      format,
      "too_young",
      `Date of birth ${dateOfBirth} makes the holder ${age.years} years old: cards are issued from age ${MIN_NIC_AGE}`,
    );
  }
  if (age.years > MAX_NIC_AGE) {
    return invalid(
      text,
      format,
      "too_old",
      `Date of birth ${dateOfBirth} would make the holder ${age.years} years old: the limit is ${MAX_NIC_AGE}`,
    );
  }
  const twelve = old ? `${year}${parts[2]}0${parts[3]}${parts[4]}` : text;
  return {
    nic: text,
    valid: true,
    reason: null,
    reasonCode: null,
    format,
    dateOfBirth,
    gender: female ? "Female" : "Male",
    age,
    serial,
    checkDigitValid: checkDigitOf12(twelve),
    votingEligible: old ? parts[5] === "V" : null,
    newNic: old ? twelve : null,
    oldNic: !old && year >= 1900 && year <= 1999 && text[7] === "0"
      ? `${parts[1]!.slice(2)}${parts[2]}${parts[3]!.slice(1)}${parts[4]}V`
      : null,
    source: nicData.source,
    lastVerified: nicData.lastVerified,
  };
}

/**
 * Converts an old-form number to the new form by the Department's rule: drop the letter, put a
 * 0 before the last four digits and prefix the full year (always 19YY). The conversion is
 * textual; {@linkcode decodeNic} tells whether the number is valid.
 *
 * @param old Nine digits and V or X (any case, surrounding spaces ignored).
 * @returns The 12-digit number.
 * @throws {RangeError} If `old` does not have the old form.
 *
 * @example Usage
 * ```ts
 * import { toNewNic } from "./nic.ts";
 * console.log(toNewNic("911042754V")); // "199110402754"
 * ```
 */
export function toNewNic(old: string): string {
  const text = old.trim().toUpperCase();
  const parts = OLD_FORM.exec(text);
  if (!parts) {
    throw new RangeError(
      `Cannot convert NIC ${
        JSON.stringify(shown(old))
      } to the new form: expected 9 digits and V or X`,
    );
  }
  return `19${parts[1]}${parts[2]}0${parts[3]}${parts[4]}`;
}

/**
 * Converts a new-form number to the old form. Only people born in 19xx whose serial starts with 0
 * have one. The letter (voter or not) is not recorded in new numbers; V, the usual one, is the
 * default.
 *
 * @param number Twelve digits (surrounding spaces ignored).
 * @param letter The final letter to write, `V` (default) or `X`.
 * @returns The old-form number, for example `911042754V`.
 * @throws {RangeError} If `number` does not have the new form, the year is not 19xx, or the
 *   serial needs four digits.
 *
 * @example Usage
 * ```ts
 * import { toOldNic } from "./nic.ts";
 * console.log(toOldNic("199110402754")); // "911042754V"
 * ```
 */
export function toOldNic(number: string, letter: "V" | "X" = "V"): string {
  const text = number.trim();
  const parts = NEW_FORM.exec(text);
  const refuse = (why: string) =>
    new RangeError(`Cannot convert NIC ${JSON.stringify(shown(number))} to the old form: ${why}`);
  if (!parts) throw refuse("expected 12 digits");
  if (!parts[1]!.startsWith("19")) {
    throw refuse(`only people born in 19xx have one, not ${parts[1]}`);
  }
  if (!parts[3]!.startsWith("0")) throw refuse(`serial ${parts[3]} needs four digits`);
  return `${parts[1]!.slice(2)}${parts[2]}${parts[3]!.slice(1)}${parts[4]}${letter}`;
}

/**
 * Checks the circulating mod-11 check digit (weights 8,4,3,2,7,6,5,7,4,3,2 over the 12-digit
 * form; an old number is converted first). Not an official algorithm: information only.
 *
 * @param number An old- or new-form number.
 * @returns Whether the last digit matches.
 * @throws {RangeError} If `number` has neither form.
 *
 * @example Usage
 * ```ts
 * import { nicCheckDigitValid } from "./nic.ts";
 * console.log(nicCheckDigitValid("913014146V")); // true
 * ```
 */
export function nicCheckDigitValid(number: string): boolean {
  const text = number.trim().toUpperCase();
  if (OLD_FORM.test(text)) return checkDigitOf12(toNewNic(text));
  if (NEW_FORM.test(text)) return checkDigitOf12(text);
  throw new RangeError(`Cannot check NIC ${JSON.stringify(shown(number))}: expected ${EXPECTED}`);
}
