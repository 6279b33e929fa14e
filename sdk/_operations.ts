/**
 * Where the client finds an operation's definition. The calculators and decoders are imported
 * up front (small, and a call must not wait); operations that carry a large dataset (Grade 6
 * schools, A/L subjects, district names, the tool catalogue, the holiday calendars, the Sinhala
 * and Tamil number words) or run on the server only (store, news, voice) are imported on first
 * use, so a bundle of the client ships them as separate chunks that an app calling only `paye`
 * and `nic` never loads.
 *
 * @module
 */
import type { AnyOperation } from "../core/operation.ts";
import { fd } from "../core/ops/fd.ts";
import { land } from "../core/ops/land.ts";
import { loan } from "../core/ops/loan.ts";
import { nic } from "../core/ops/nic.ts";
import { paye } from "../core/ops/paye.ts";
import { plate } from "../core/ops/plate.ts";
import { vat } from "../core/ops/vat.ts";

/** Operations bundled with the client, by id. */
export const EAGER: Readonly<Record<string, AnyOperation>> = {
  nic,
  plate,
  paye,
  vat,
  loan,
  fd,
  land,
};

/** Operations loaded on first use, by id. */
const LAZY: Readonly<Record<string, () => Promise<AnyOperation>>> = {
  holidays: () => import("../core/ops/holidays.ts").then((m) => m.holidays),
  "working-days": () => import("../core/ops/working_days.ts").then((m) => m.workingDays),
  "is-holiday": () => import("../core/ops/is_holiday.ts").then((m) => m.isHoliday),
  "long-weekends": () => import("../core/ops/long_weekends.ts").then((m) => m.longWeekendsOp),
  wht: () => import("../core/ops/wht.ts").then((m) => m.wht),
  sscl: () => import("../core/ops/sscl.ts").then((m) => m.sscl),
  "working-days-add": () => import("../core/ops/working_days_add.ts").then((m) => m.workingDaysAdd),
  districts: () => import("../core/ops/districts.ts").then((m) => m.districts),
  tools: () => import("../core/ops/tools.ts").then((m) => m.tools),
  "z-score": () => import("../core/ops/z_score.ts").then((m) => m.zScore),
  "scholarship-cutoff": () => import("../core/ops/scholarship.ts").then((m) => m.scholarship),
  payslip: () => import("../core/ops/payslip.ts").then((m) => m.payslip),
  gratuity: () => import("../core/ops/gratuity.ts").then((m) => m.gratuity),
  "minimum-wage": () => import("../core/ops/minimum_wage.ts").then((m) => m.minimumWage),
  "epf-projection": () => import("../core/ops/epf_projection.ts").then((m) => m.epfProjection),
  "maternity": () => import("../core/ops/labour_maternity.ts").then((m) => m.maternity),
  "leave": () => import("../core/ops/labour_leave.ts").then((m) => m.leave),
  "overtime": () => import("../core/ops/labour_overtime.ts").then((m) => m.overtime),
  "no-pay": () => import("../core/ops/labour_no_pay.ts").then((m) => m.noPay),
  "holiday-pay": () => import("../core/ops/labour_holiday_pay.ts").then((m) => m.holidayPay),
  "termination": () => import("../core/ops/labour_termination.ts").then((m) => m.termination),
  "injury": () => import("../core/ops/labour_injury.ts").then((m) => m.injury),
  apit: () => import("../core/ops/apit.ts").then((m) => m.apit),
  store: () => import("../core/ops/store.ts").then((m) => m.store),
  news: () => import("../core/ops/news.ts").then((m) => m.news),
  voice: () => import("../core/ops/voice.ts").then((m) => m.voice),
  // libphonenumber-js and its metadata (about 40 KB gzipped) load only with the first call.
  phone: () => import("../core/ops/phone.ts").then((m) => m.phone),
  "electricity-bill": () => import("../core/ops/electricity.ts").then((m) => m.electricity),
  // Its Sinhala and Tamil word tables (about 3 KB gzipped) load only with the first call.
  words: () => import("../core/ops/words.ts").then((m) => m.words),
};

const loaded = new Map<string, Promise<AnyOperation | undefined>>();

/**
 * Loads an operation by id: a lazily imported one, a rule (made from its files on first use), or
 * any other from the whole registry (itself imported on first use, for operations newer than the
 * client's methods).
 *
 * @param name The operation id (`meta.endpoint`).
 * @returns The operation, or undefined when the registry has none by that id.
 */
export function loadOperation(name: string): Promise<AnyOperation | undefined> {
  let found = loaded.get(name);
  if (!found) {
    const load = Object.hasOwn(LAZY, name) ? LAZY[name] : undefined;
    // A rule loads alone (its files and the engine, chunks of their own); any other id from the
    // whole registry (core/rules/lazy.ts).
    found = load ? load() : import("../core/rules/lazy.ts").then((m) => m.findLazily(name));
    loaded.set(name, found);
    // A failed import (a chunk the network could not fetch) is retried on the next call.
    found.catch(() => loaded.delete(name));
  }
  return found;
}
