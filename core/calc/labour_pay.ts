/**
 * Pay for time: overtime and work on holidays under the Shop and Office Employees Act and its
 * Regulations, and the no-pay deduction for unpaid absence (practice: no statutory divisor).
 *
 * @module
 */
import labour from "../../data/labour.json" with { type: "json" };
import { roundMoney } from "../money.ts";
import type { LabourBasis } from "./labour_common.ts";
import { daysInMonth, ymd } from "../_days.ts";
import { PayrollInputError } from "./payroll_errors.ts";

/** Hours a month the monthly pay is divided by for the hourly rate. */
export type OvertimeDivisor = "240" | "200" | "208";

/** Options of {@linkcode computeOvertime}. */
export interface OvertimeOptions {
  /** Monthly pay, LKR (which pay counts is the caller's choice). */
  monthly: number;
  /** Overtime hours worked (part hours pro rata). */
  hours: number;
  /** `240` (default: monthly / 30 days / 8 hours, as the Regulations are quoted), `200` or `208`. */
  divisor?: OvertimeDivisor;
}

/** Result of `GET /api/v1/labour/overtime`. */
export interface OvertimeResult extends LabourBasis {
  monthly: number;
  hours: number;
  divisor: OvertimeDivisor;
  /** Monthly pay / divisor, to the cent (shown; the overtime rate is computed unrounded). */
  hourlyPay: number;
  /** 1.5 times the hourly rate, to the cent. */
  overtimeHourlyPay: number;
  multiplier: number;
  /** Overtime rate (to the cent) times hours, to the cent. */
  amount: number;
  /** At most 12 hours of overtime in any one week. */
  weeklyCapHours: number;
  currency: "LKR";
}

/**
 * Overtime pay: hours at 1.5 times the hourly rate of the monthly pay.
 *
 * The overtime rate is rounded to the cent before it is multiplied by the hours, as the printed
 * examples do (Humanised: 80,000 / 208 x 1.5 = 576.92 an hour; 10 hours = 5,769.20).
 *
 * @param options Monthly pay, hours and divisor.
 * @returns The overtime amount, rates and the law applied.
 *
 * @example Humanised's worked example (divisor 208)
 * ```ts
 * import { computeOvertime } from "./labour_pay.ts";
 * console.log(computeOvertime({ monthly: 80000, hours: 10, divisor: "208" }).amount); // 5769.2
 * ```
 */
export function computeOvertime(options: OvertimeOptions): OvertimeResult {
  const O = labour.overtime;
  const divisor = options.divisor ?? "240";
  const { monthly, hours } = options;
  const hourly = monthly / Number(divisor);
  const overtimeHourlyPay = roundMoney(hourly * O.multiplier);
  const notes = [
    "Overtime is paid at not less than one and a half times the hourly rate of ordinary pay, part hours in proportion (the Regulations, as quoted by Dawood)",
    "Normal hours are at most 8 a day and 45 a week (section 3(1)); overtime may not exceed 12 hours in any one week",
    divisor === "240"
      ? "Hourly rate: monthly pay / 30 / 8 = monthly pay / 240, the rule of the Regulations as quoted by Dawood (the default)"
      : divisor === "200"
      ? "Hourly rate: monthly pay / 200 (25 days of 8 hours), a practice in use, not the rule as quoted"
      : "Hourly rate: monthly pay / 208 (26 days of 8 hours), a practice in use, not the rule as quoted",
  ];
  return {
    monthly: roundMoney(monthly),
    hours,
    divisor,
    hourlyPay: roundMoney(hourly),
    overtimeHourlyPay,
    multiplier: O.multiplier,
    amount: roundMoney(overtimeHourlyPay * hours),
    weeklyCapHours: O.weeklyCapHours,
    currency: "LKR",
    act: labour.acts.shopOffice,
    section: O.section,
    notes,
    employerChoice: [
      "Paying more than one and a half times: the law sets a minimum",
      "Which pay the hourly rate is taken from (basic only, or with allowances): sources differ; the amount is for the pay given",
    ],
    unknown: [
      "The text of the 1954 Regulations (Gazette No. 10,724 of 15 October 1954) was not read: the rate, the cap and the divisor are as quoted by secondary sources",
      "Wages Boards trades have their own hours and overtime rules, not computed here",
    ],
    source: O.source,
  };
}

/** What a day's pay is taken as for the no-pay deduction. */
export type NoPayDivisor = "30" | "26" | "25" | "working" | "calendar";

/** Options of {@linkcode computeNoPay}. */
export interface NoPayOptions {
  /** Monthly pay, LKR. */
  monthly: number;
  /** Whole or part days of unpaid absence (default 0). */
  days?: number;
  /** Hours of unpaid absence beyond the days (default 0), at a day's pay / 8. */
  hours?: number;
  /** `30` (default), `26`, `25`, `working` (needs `workingDays`) or `calendar` (needs `date`). */
  divisor?: NoPayDivisor;
  /** Working days in the month, for `divisor: "working"`. */
  workingDays?: number | undefined;
  /** A day of the month of the absence, for `divisor: "calendar"`. */
  date?: string | undefined;
}

/** Result of `GET /api/v1/labour/no-pay`. */
export interface NoPayResult extends LabourBasis {
  monthly: number;
  days: number;
  hours: number;
  divisor: NoPayDivisor;
  /** The number of days the monthly pay was divided by. */
  daysInDivisor: number;
  /** A day's pay, to the cent (shown; the amount is computed unrounded). */
  dayPay: number;
  /** An hour's pay: a day's pay / 8, to the cent. */
  hourPay: number;
  /** The deduction, to the cent, at most the monthly pay. */
  amount: number;
  /** Whether the deduction was limited to the monthly pay. */
  limited: boolean;
  currency: "LKR";
}

/**
 * The no-pay deduction: days and hours of unpaid absence at a day's pay.
 *
 * @param options Monthly pay, days, hours and the divisor.
 * @returns The deduction and the rates, with the practice applied.
 * @throws {PayrollInputError} When the divisor needs `workingDays` or `date` and it is missing.
 *
 * @example Humanised's worked example: 60,000 a month, 2 days and 4 hours
 * ```ts
 * import { computeNoPay } from "./labour_pay.ts";
 * console.log(computeNoPay({ monthly: 60000, days: 2, hours: 4 }).amount); // 5000
 * ```
 */
export function computeNoPay(options: NoPayOptions): NoPayResult {
  const N = labour.noPay;
  const divisor = options.divisor ?? "30";
  const days = options.days ?? 0;
  const hours = options.hours ?? 0;
  const { monthly } = options;
  let count: number;
  if (divisor === "working") {
    if (options.workingDays === undefined) {
      throw new PayrollInputError(
        "workingDays",
        "Cannot compute no-pay with divisor=working: give workingDays, the working days in the month",
      );
    }
    count = options.workingDays;
  } else if (divisor === "calendar") {
    if (options.date === undefined) {
      throw new PayrollInputError(
        "date",
        "Cannot compute no-pay with divisor=calendar: give date, a day of the month of the absence",
      );
    }
    const [y, m] = ymd(options.date);
    count = daysInMonth(y, m);
  } else {
    count = Number(divisor);
  }
  const day = monthly / count;
  const raw = day * days + (day / N.hoursPerDay) * hours;
  const limited = raw > monthly;
  return {
    monthly: roundMoney(monthly),
    days,
    hours,
    divisor,
    daysInDivisor: count,
    dayPay: roundMoney(day),
    hourPay: roundMoney(day / N.hoursPerDay),
    amount: roundMoney(limited ? monthly : raw),
    limited,
    currency: "LKR",
    act: labour.acts.shopOffice,
    section: "No section: a practice",
    notes: [
      "No law found sets how a day's pay is counted for unpaid absence: the divisor is the practice chosen",
      "A day's pay is the monthly pay divided by the divisor; an hour's pay is a day's pay / 8; the deduction is at most the month's pay",
      "The deduction lowers the earnings EPF and ETF are paid on",
    ],
    employerChoice: [
      "The divisor (30 days, 26, 25, the month's working days or its calendar days) is the employer's practice; 30 is the default because it is the most common (induwara.lk, Humanised)",
      "Which pay the deduction is taken from (basic only, or with allowances)",
    ],
    unknown: [
      "No Wages Board decision or tribunal ruling fixing a divisor was found",
    ],
    source: N.source,
  };
}

/** The kind of holiday worked. */
export type HolidayKind = "mercantile" | "poya" | "public" | "bank";

/** Options of {@linkcode computeHolidayPay}. */
export interface HolidayPayOptions {
  /** Monthly pay, LKR. */
  monthly: number;
  /** `mercantile` (the Act's public holidays), `poya`, `public` or `bank`. */
  holiday: HolidayKind;
  /** Holidays worked (default 1). */
  days?: number;
  /** Days the monthly pay is divided by for a day's pay: `30` (default), `26` or `25`. */
  divisor?: "30" | "26" | "25";
}

/** Result of `GET /api/v1/labour/holiday-pay`. */
export interface HolidayPayResult extends LabourBasis {
  monthly: number;
  holiday: HolidayKind;
  days: number;
  divisor: "30" | "26" | "25";
  /** A day's pay, to the cent. */
  dayPay: number;
  /** Extra days' pay per holiday worked (1 mercantile, 0.5 Poya); null where no rule was found. */
  extraDays: number | null;
  /** Pay on top of the monthly pay, to the cent; null where no rule was found. */
  amount: number | null;
  /** Days off with pay that may be given instead of the pay, by 31 December; null where none. */
  substituteDays: number | null;
  currency: "LKR";
}

/**
 * What work on a holiday earns a monthly-paid shop or office employee, on top of the monthly pay.
 *
 * Mercantile (the Act's public holidays, section 7): an extra day's pay, or a day off with pay by
 * 31 December instead. Poya (section 7B): an extra half day's pay (one and a half times the day's
 * pay, the day's pay already being in the monthly pay). A public or bank holiday that is not one
 * of the Act's: no rule found, so the amount is null.
 *
 * @param options Monthly pay, the kind of holiday, days and divisor.
 * @returns The pay, the substitute days and the rule, with what is sourced and what is not.
 *
 * @example A Poya day worked on 60,000 a month (day rate 60,000 / 30 = 2,000)
 * ```ts
 * import { computeHolidayPay } from "./labour_pay.ts";
 * console.log(computeHolidayPay({ monthly: 60000, holiday: "poya" }).amount); // 1000
 * ```
 */
export function computeHolidayPay(options: HolidayPayOptions): HolidayPayResult {
  const H = labour.holidayPay;
  const divisor = options.divisor ?? "30";
  const days = options.days ?? 1;
  const { monthly, holiday } = options;
  const day = monthly / Number(divisor);
  const extraDays = holiday === "mercantile"
    ? H.mercantileExtraDays
    : holiday === "poya"
    ? H.poyaExtraDays
    : null;
  const notes: string[] = [];
  const employerChoice: string[] = [];
  const unknown: string[] = [
    "The day-rate divisor for holiday pay is not settled (30, 26 or 25): it is a parameter",
  ];
  if (holiday === "mercantile") {
    notes.push(
      "Section 7: an employee who works on one of the Act's public holidays is given a day off with pay by 31 December, or else an extra day's pay (Dawood, Daily News, WageIndicator)",
      "Work on these holidays needs the Commissioner of Labour's consent (Dawood)",
    );
    employerChoice.push(
      "A day off with pay by 31 December, or an extra day's pay instead: sources give both",
    );
    unknown.push(
      "The text of section 7 was not read; one source words the pay as double pay for the day, which for a monthly-paid employee is the same extra day's pay",
    );
  } else if (holiday === "poya") {
    notes.push(
      "Section 7B: work on a Full Moon Poya Day is paid at not less than one and a half times the day's pay; the monthly pay already holds the day, so the extra is half a day's pay (Dawood, Chambers Colombo)",
      "No day off in lieu is due when a Poya day falls on a public holiday or a weekly holiday (Dawood)",
    );
    unknown.push("The text of sections 7A and 7B was not read");
  } else {
    notes.push(
      "A public or bank holiday that is not one of the Act's public holidays or a Poya day: no rule for private-sector pay was found, so no amount is given",
      "The Holidays Act No. 29 of 1971 declares the holidays but does not set private-sector pay for them",
    );
    unknown.push("The pay for work on this kind of holiday");
  }
  unknown.push(
    "Wages Boards trades follow their own decisions (at least the overtime rate, or one and a quarter times where none is set: section 24(d), as summarised by a secondary source)",
  );
  return {
    monthly: roundMoney(monthly),
    holiday,
    days,
    divisor,
    dayPay: roundMoney(day),
    extraDays,
    amount: extraDays === null ? null : roundMoney(day * extraDays * days),
    substituteDays: holiday === "mercantile" ? days : null,
    currency: "LKR",
    act: labour.acts.shopOffice,
    section: H.section,
    notes,
    employerChoice,
    unknown,
    source: H.source,
  };
}
