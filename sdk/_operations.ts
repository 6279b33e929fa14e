/**
 * Where the client finds an operation's definition: every operation is imported on first use,
 * with the module that computes locally (`_local.ts`), so a bundle of the client ships each as a
 * chunk of its own that an app calling only `paye` never loads, and `createClient()` alone loads
 * no operation, no dataset and no zod (`tests/sdk/npm_test.ts` guards it).
 *
 * A new operation is one line in {@linkcode LOADERS}: its id and a static `import()` of its
 * module (bundlers split only static imports). `tests/sdk/lazy_operations_test.ts` fails for an
 * operation of the registry that has no line, or a line that loads another operation. A rule of
 * `data/rules/` needs no line: it is made from its files on first use (`core/rules/lazy.ts`, whose
 * table `deno task rules:build` writes).
 *
 * @module
 */
import type { AnyOperation } from "../core/operation.ts";
import type * as Local from "./_local.ts";

/** The module that runs operations in-process (parameters, messages, errors). */
export type LocalRuntime = typeof Local;

/** Every public operation, by id (`meta.endpoint`): how to import it. */
export const LOADERS: Readonly<Record<string, () => Promise<AnyOperation>>> = {
  nic: () => import("../core/ops/nic.ts").then((m) => m.nic),
  // libphonenumber-js's core and Sri Lanka's metadata (about 30 KB gzipped) load with the first call.
  phone: () => import("../core/ops/phone.ts").then((m) => m.phone),
  plate: () => import("../core/ops/plate.ts").then((m) => m.plate),
  paye: () => import("../core/ops/paye.ts").then((m) => m.paye),
  apit: () => import("../core/ops/apit.ts").then((m) => m.apit),
  payslip: () => import("../core/ops/payslip.ts").then((m) => m.payslip),
  gratuity: () => import("../core/ops/gratuity.ts").then((m) => m.gratuity),
  "minimum-wage": () => import("../core/ops/minimum_wage.ts").then((m) => m.minimumWage),
  "epf-projection": () => import("../core/ops/epf_projection.ts").then((m) => m.epfProjection),
  maternity: () => import("../core/ops/labour_maternity.ts").then((m) => m.maternity),
  leave: () => import("../core/ops/labour_leave.ts").then((m) => m.leave),
  overtime: () => import("../core/ops/labour_overtime.ts").then((m) => m.overtime),
  "no-pay": () => import("../core/ops/labour_no_pay.ts").then((m) => m.noPay),
  "holiday-pay": () => import("../core/ops/labour_holiday_pay.ts").then((m) => m.holidayPay),
  termination: () => import("../core/ops/labour_termination.ts").then((m) => m.termination),
  injury: () => import("../core/ops/labour_injury.ts").then((m) => m.injury),
  vat: () => import("../core/ops/vat.ts").then((m) => m.vat),
  "electricity-bill": () => import("../core/ops/electricity.ts").then((m) => m.electricity),
  wht: () => import("../core/ops/wht.ts").then((m) => m.wht),
  sscl: () => import("../core/ops/sscl.ts").then((m) => m.sscl),
  words: () => import("../core/ops/words.ts").then((m) => m.words),
  loan: () => import("../core/ops/loan.ts").then((m) => m.loan),
  fd: () => import("../core/ops/fd.ts").then((m) => m.fd),
  land: () => import("../core/ops/land.ts").then((m) => m.land),
  holidays: () => import("../core/ops/holidays.ts").then((m) => m.holidays),
  "is-holiday": () => import("../core/ops/is_holiday.ts").then((m) => m.isHoliday),
  "long-weekends": () => import("../core/ops/long_weekends.ts").then((m) => m.longWeekendsOp),
  "working-days": () => import("../core/ops/working_days.ts").then((m) => m.workingDays),
  "working-days-add": () => import("../core/ops/working_days_add.ts").then((m) => m.workingDaysAdd),
  districts: () => import("../core/ops/districts.ts").then((m) => m.districts),
  tools: () => import("../core/ops/tools.ts").then((m) => m.tools),
  "z-score": () => import("../core/ops/z_score.ts").then((m) => m.zScore),
  "al-combination": () => import("../core/ops/al_combination.ts").then((m) => m.alCombination),
  "scholarship-cutoff": () => import("../core/ops/scholarship.ts").then((m) => m.scholarship),
  store: () => import("../core/ops/store.ts").then((m) => m.store),
  voice: () => import("../core/ops/voice.ts").then((m) => m.voice),
  news: () => import("../core/ops/news.ts").then((m) => m.news),
  // The legacy font tables and the Singlish schemes (about 8 KB gzipped) load with the first call.
  "text-unicode": () => import("../core/ops/text.ts").then((m) => m.textUnicode),
  "text-legacy": () => import("../core/ops/text.ts").then((m) => m.textLegacy),
  "text-singlish": () => import("../core/ops/text.ts").then((m) => m.textSinglish),
  // The four places operations share one module and its data, a chunk of its own (docs/sdk.md).
  postcode: () => import("../core/ops/places.ts").then((m) => m.postcode),
  places: () => import("../core/ops/places.ts").then((m) => m.places),
  divisions: () => import("../core/ops/places.ts").then((m) => m.divisions),
  division: () => import("../core/ops/places.ts").then((m) => m.division),
};

/** Operations loaded so far (with the local runtime), by id: what a call finds at once. */
const READY = new Map<string, AnyOperation>();
const loading = new Map<string, Promise<AnyOperation | undefined>>();
let runtime: LocalRuntime | undefined;
let runtimeLoading: Promise<LocalRuntime> | undefined;

/**
 * An operation already loaded, for a call that need not wait.
 *
 * @param name The operation id.
 * @returns The operation, or undefined until {@linkcode loadOperation} has loaded it.
 */
export function readyOperation(name: string): AnyOperation | undefined {
  return READY.get(name);
}

/**
 * The local runtime, once loaded.
 *
 * @returns The module, or undefined until {@linkcode loadRuntime} has loaded it.
 */
export function readyRuntime(): LocalRuntime | undefined {
  return runtime;
}

/**
 * Loads the local runtime (`_local.ts`: the parameter readers, the messages, the error mapping).
 *
 * @returns The module.
 */
export function loadRuntime(): Promise<LocalRuntime> {
  if (!runtimeLoading) {
    runtimeLoading = import("./_local.ts").then((module) => (runtime = module));
    // A failed import (a chunk the network could not fetch) is tried again on the next call.
    runtimeLoading.catch(() => (runtimeLoading = undefined));
  }
  return runtimeLoading;
}

/**
 * Loads an operation by id, with the local runtime: one of {@linkcode LOADERS}, a rule (made from
 * its files on first use), or any other of the whole registry (itself imported on first use, for
 * operations newer than the client).
 *
 * @param name The operation id (`meta.endpoint`).
 * @returns The operation, or undefined when the registry has none by that id.
 */
export function loadOperation(name: string): Promise<AnyOperation | undefined> {
  let found = loading.get(name);
  if (!found) {
    const load = Object.hasOwn(LOADERS, name)
      ? LOADERS[name]!
      // A rule loads alone (its files and the engine, chunks of their own); any other id from the
      // whole registry (core/rules/lazy.ts).
      : () => import("../core/rules/lazy.ts").then((m) => m.findLazily(name));
    found = Promise.all([load(), loadRuntime()]).then(([op]) => {
      if (op) READY.set(name, op);
      return op;
    });
    loading.set(name, found);
    // A failed import (a chunk the network could not fetch) is tried again on the next call.
    found.catch(() => loading.delete(name));
  }
  return found;
}
