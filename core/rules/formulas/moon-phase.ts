/**
 * `moon-phase`: the Moon's phase in Sri Lanka for a date: its age (days since the last new moon),
 * the illuminated fraction of its disk, the phase's name, and the times of the last new moon and
 * the next full and new moons, in Sri Lanka time (UTC+05:30).
 *
 * The phases are Jean Meeus, Astronomical Algorithms (2nd ed., 1998), chapter 49: the mean phase
 * of lunation k, corrected by the periodic terms for new moon, full moon and the quarters and the
 * fourteen planetary arguments A1-A14 (accurate to well under a minute for 1900-2100). The
 * illuminated fraction is chapter 48's formula 48.4 (the phase angle from the mean elongation and
 * anomalies). Meeus gives dynamical time (TD): universal time is TD - Delta T, from NASA's
 * polynomial expressions for Delta T (Espenak and Meeus). Poya days are not computed here: they
 * are the gazette's (`/holidays`).
 *
 * @module
 */
import * as z from "zod/mini";
import { ApiError } from "../../errors.ts";
import { type FormulaKind, type KindStep, numberValue } from "../kinds/_kind.ts";

const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
/** Julian day of 1970-01-01T00:00Z. */
const UNIX_EPOCH_JD = 2_440_587.5;
/** Sri Lanka time, UTC+05:30, in days. */
const SLT = 5.5 / 24;

/** The four principal phases: the fraction of a lunation after new moon. */
type Principal = 0 | 0.25 | 0.5 | 0.75;

/** sin of degrees. */
function sin(deg: number): number {
  return Math.sin(deg * RAD);
}

/** cos of degrees. */
function cos(deg: number): number {
  return Math.cos(deg * RAD);
}

/**
 * Delta T = TD - UT in seconds: NASA's polynomial expressions (Espenak and Meeus, 2006) for the
 * years 1900 to 2150.
 */
export function deltaT(year: number): number {
  const y = year;
  if (y < 1920) {
    const t = y - 1900;
    return -2.79 + 1.494119 * t - 0.0598939 * t ** 2 + 0.0061966 * t ** 3 - 0.000197 * t ** 4;
  }
  if (y < 1941) {
    const t = y - 1920;
    return 21.2 + 0.84493 * t - 0.0761 * t ** 2 + 0.0020936 * t ** 3;
  }
  if (y < 1961) {
    const t = y - 1950;
    return 29.07 + 0.407 * t - t ** 2 / 233 + t ** 3 / 2547;
  }
  if (y < 1986) {
    const t = y - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (y < 2005) {
    const t = y - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * t ** 2 + 0.0017275 * t ** 3 +
      0.000651814 * t ** 4 + 0.00002373599 * t ** 5;
  }
  if (y < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  return -20 + 32 * ((y - 1820) / 100) ** 2 - 0.5628 * (2150 - y);
}

/** The mean phase's constants: Meeus (49.1)'s epoch and mean synodic month. */
interface MeanPhase {
  epoch: number;
  synodicMonth: number;
}

/** Meeus (49.1)'s mean phase, for callers with no rule at hand (tests, the Poya check). */
const MEEUS: MeanPhase = { epoch: 2451550.09766, synodicMonth: 29.530588861 };

/**
 * The instant (JDE, dynamical time) of the phase k (an integer for new moon, + 0.25, 0.5, 0.75):
 * Meeus, Astronomical Algorithms, chapter 49.
 *
 * @param k The lunation number and phase (k = 0: the new moon of 2000 January 6).
 * @param mean The mean phase's constants.
 * @returns Its JDE.
 */
export function phaseJde(k: number, mean: MeanPhase = MEEUS): number {
  const T = k / 1236.85;
  let jde = mean.epoch + mean.synodicMonth * k + 0.00015437 * T ** 2 - 0.00000015 * T ** 3 +
    0.00000000073 * T ** 4;
  const E = 1 - 0.002516 * T - 0.0000074 * T ** 2;
  const M = 2.5534 + 29.1053567 * k - 0.0000014 * T ** 2 - 0.00000011 * T ** 3;
  const Mp = 201.5643 + 385.81693528 * k + 0.0107582 * T ** 2 + 0.00001238 * T ** 3 -
    0.000000058 * T ** 4;
  const F = 160.7108 + 390.67050284 * k - 0.0016118 * T ** 2 - 0.00000227 * T ** 3 +
    0.000000011 * T ** 4;
  const O = 124.7746 - 1.56375588 * k + 0.0020672 * T ** 2 + 0.00000215 * T ** 3;
  const phase = (((k % 1) + 1) % 1) as Principal;
  if (phase === 0 || phase === 0.5) {
    const [a, b, c, d, e, f] = phase === 0
      ? [-0.4072, 0.17241, 0.01608, 0.01039, 0.00739, -0.00514]
      : [-0.40614, 0.17302, 0.01614, 0.01043, 0.00734, -0.00515];
    jde += a * sin(Mp) + b * E * sin(M) + c * sin(2 * Mp) + d * sin(2 * F) +
      e * E * sin(Mp - M) + f * E * sin(Mp + M) +
      (phase === 0 ? 0.00208 : 0.00209) * E * E * sin(2 * M) -
      0.00111 * sin(Mp - 2 * F) - 0.00057 * sin(Mp + 2 * F) + 0.00056 * E * sin(2 * Mp + M) -
      0.00042 * sin(3 * Mp) + 0.00042 * E * sin(M + 2 * F) + 0.00038 * E * sin(M - 2 * F) -
      0.00024 * E * sin(2 * Mp - M) - 0.00017 * sin(O) - 0.00007 * sin(Mp + 2 * M) +
      0.00004 * sin(2 * Mp - 2 * F) + 0.00004 * sin(3 * M) + 0.00003 * sin(Mp + M - 2 * F) +
      0.00003 * sin(2 * Mp + 2 * F) - 0.00003 * sin(Mp + M + 2 * F) +
      0.00003 * sin(Mp - M + 2 * F) - 0.00002 * sin(Mp - M - 2 * F) -
      0.00002 * sin(3 * Mp + M) + 0.00002 * sin(4 * Mp);
  } else {
    jde += -0.62801 * sin(Mp) + 0.17172 * E * sin(M) - 0.01183 * E * sin(Mp + M) +
      0.00862 * sin(2 * Mp) + 0.00804 * sin(2 * F) + 0.00454 * E * sin(Mp - M) +
      0.00204 * E * E * sin(2 * M) - 0.0018 * sin(Mp - 2 * F) - 0.0007 * sin(Mp + 2 * F) -
      0.0004 * sin(3 * Mp) - 0.00034 * E * sin(2 * Mp - M) + 0.00032 * E * sin(M + 2 * F) +
      0.00032 * E * sin(M - 2 * F) - 0.00028 * E * E * sin(Mp + 2 * M) +
      0.00027 * E * sin(2 * Mp + M) - 0.00017 * sin(O) - 0.00005 * sin(Mp - M - 2 * F) +
      0.00004 * sin(2 * Mp + 2 * F) - 0.00004 * sin(Mp + M + 2 * F) +
      0.00004 * sin(Mp - 2 * M) + 0.00003 * sin(Mp + M - 2 * F) + 0.00003 * sin(3 * M) +
      0.00002 * sin(2 * Mp - 2 * F) + 0.00002 * sin(Mp - M + 2 * F) -
      0.00002 * sin(3 * Mp + M);
    const W = 0.00306 - 0.00038 * E * cos(M) + 0.00026 * cos(Mp) - 0.00002 * cos(Mp - M) +
      0.00002 * cos(Mp + M) + 0.00002 * cos(2 * F);
    jde += phase === 0.25 ? W : -W;
  }
  const A = [
    [299.77 + 0.107408 * k - 0.009173 * T ** 2, 0.000325],
    [251.88 + 0.016321 * k, 0.000165],
    [251.83 + 26.651886 * k, 0.000164],
    [349.42 + 36.412478 * k, 0.000126],
    [84.66 + 18.206239 * k, 0.00011],
    [141.74 + 53.303771 * k, 0.000062],
    [207.14 + 2.453732 * k, 0.00006],
    [154.84 + 7.30686 * k, 0.000056],
    [34.52 + 27.261239 * k, 0.000047],
    [207.19 + 0.121824 * k, 0.000042],
    [291.34 + 1.844379 * k, 0.00004],
    [161.72 + 24.198154 * k, 0.000037],
    [239.56 + 25.513099 * k, 0.000035],
    [331.55 + 3.592518 * k, 0.000023],
  ];
  for (const [arg, coefficient] of A) jde += coefficient! * sin(arg!);
  return jde;
}

/** The year (with its fraction) of a JDE, for Delta T. */
function yearOf(jde: number): number {
  return 2000 + (jde - 2451545) / 365.25;
}

/**
 * A JDE (dynamical time) as a UTC instant in milliseconds since 1970.
 *
 * @param jde The JDE.
 * @returns Milliseconds since 1970-01-01T00:00Z.
 */
export function jdeToUnixMs(jde: number): number {
  const jd = jde - deltaT(yearOf(jde)) / 86400;
  return (jd - UNIX_EPOCH_JD) * DAY_MS;
}

/** A UTC instant as the JDE. */
function unixMsToJde(ms: number): number {
  const jd = ms / DAY_MS + UNIX_EPOCH_JD;
  return jd + deltaT(yearOf(jd)) / 86400;
}

/**
 * The illuminated fraction of the Moon's disk at a JDE: Meeus, chapter 48, formula 48.4 (the phase
 * angle from the mean elongation D and the anomalies M and M', chapter 47's series to T^4).
 *
 * @param jde The instant.
 * @returns The fraction, 0 to 1.
 */
export function illuminatedFraction(jde: number): number {
  const T = (jde - 2451545) / 36525;
  const D = 297.8501921 + 445267.1114034 * T - 0.0018819 * T ** 2 + T ** 3 / 545868 -
    T ** 4 / 113065000;
  const M = 357.5291092 + 35999.0502909 * T - 0.0001536 * T ** 2 + T ** 3 / 24490000;
  const Mp = 134.9633964 + 477198.8675055 * T + 0.0087414 * T ** 2 + T ** 3 / 69699 -
    T ** 4 / 14712000;
  const i = 180 - D - 6.289 * sin(Mp) + 2.1 * sin(M) - 1.274 * sin(2 * D - Mp) -
    0.658 * sin(2 * D) - 0.214 * sin(2 * Mp) - 0.11 * sin(D);
  return (1 + cos(i)) / 2;
}

/** An instant written in Sri Lanka time to the minute: `2026-11-24T20:23+05:30`. */
export function sriLankaTime(ms: number): string {
  const local = new Date(Math.round((ms + SLT * DAY_MS) / 60_000) * 60_000);
  return `${local.toISOString().slice(0, 16)}+05:30`;
}

/** The lunation k (its new moon's number) whose new moon is the last at or before an instant. */
function lunationAt(ms: number, mean: MeanPhase): number {
  const jde = unixMsToJde(ms);
  let k = Math.floor((jde - mean.epoch) / mean.synodicMonth);
  while (phaseJde(k + 1, mean) <= jde) k++;
  while (phaseJde(k, mean) > jde) k--;
  return k;
}

/** The phase names, in their order through a lunation. */
const PHASES = [
  "new",
  "waxing-crescent",
  "first-quarter",
  "waxing-gibbous",
  "full",
  "waning-gibbous",
  "last-quarter",
  "waning-crescent",
] as const;

/**
 * The new and full moons (UTC milliseconds) from one instant on, up to a limit: for the checks
 * against published phase tables and the gazetted Poya days.
 *
 * @param fromMs The first instant.
 * @param toMs The last instant.
 * @returns The phases in order, each `{ phase: "new" | "full", ms }`.
 */
export function principalPhases(
  fromMs: number,
  toMs: number,
): { phase: "new" | "first-quarter" | "full" | "last-quarter"; ms: number }[] {
  const out: { phase: "new" | "first-quarter" | "full" | "last-quarter"; ms: number }[] = [];
  const names = ["new", "first-quarter", "full", "last-quarter"] as const;
  for (let k = lunationAt(fromMs, MEEUS);; k++) {
    for (let q = 0; q < 4; q++) {
      const ms = jdeToUnixMs(phaseJde(k + q / 4));
      if (ms > toMs) return out;
      if (ms >= fromMs) out.push({ phase: names[q]!, ms });
    }
  }
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    at: z.string().check(z.describe("The instant the phase is given for: noon, Sri Lanka time")),
    phase: z.enum(PHASES).check(z.describe(
      "A principal phase when it falls on the date (Sri Lanka time); else crescent or gibbous, waxing or waning",
    )),
    illumination: z.number().check(z.describe("The illuminated part of the Moon's disk, percent")),
    age: z.number().check(z.describe("Days since the last new moon, to 2 decimals")),
    lastNewMoon: z.string().check(z.describe("The last new moon, Sri Lanka time")),
    nextFullMoon: z.string().check(z.describe("The next full moon after noon, Sri Lanka time")),
    nextNewMoon: z.string().check(z.describe("The next new moon, Sri Lanka time")),
  }),
  compute({ resolver }) {
    const found = resolver.value("mean-phase");
    const value = found.value as Record<string, unknown>;
    const mean = {
      epoch: numberValue(value.epoch, "meanPhase epoch"),
      synodicMonth: numberValue(value.synodicMonth, "meanPhase synodicMonth"),
    };
    const date = resolver.date;
    const noon = Date.parse(`${date}T12:00:00+05:30`);
    if (!Number.isFinite(noon)) throw ApiError.invalidParam("date", `Not a date: "${date}"`);
    const k = lunationAt(noon, mean);
    const at = (q: number) => jdeToUnixMs(phaseJde(k + q, mean));
    const lastNew = at(0);
    const nextNew = at(1);
    const full = at(0.5);
    const nextFull = full > noon ? full : at(1.5);
    const day = (ms: number) => sriLankaTime(ms).slice(0, 10);
    // The principal phase that falls on the date in Sri Lanka time, else the stretch between.
    const events: [number, number][] = [[0, lastNew], [2, at(0.25)], [4, full], [6, at(0.75)], [
      0,
      nextNew,
    ]];
    const today = events.find(([, ms]) => day(ms) === date);
    const stretch = events.filter(([, ms]) => ms <= noon).length; // 1 to 4
    const phase = PHASES[today ? today[0] : 2 * stretch - 1]!;
    const illumination = Math.round(illuminatedFraction(unixMsToJde(noon)) * 1000) / 10;
    const age = Math.round(((noon - lastNew) / DAY_MS) * 100) / 100;
    const vars = {
      at: `${date} 12:00`,
      phase: { key: `phase.${phase}` },
      illumination: illumination.toFixed(1),
      age: age.toFixed(2),
      lastNewMoon: sriLankaTime(lastNew).replace("T", " ").slice(0, 16),
      nextFullMoon: sriLankaTime(nextFull).replace("T", " ").slice(0, 16),
      nextNewMoon: sriLankaTime(nextNew).replace("T", " ").slice(0, 16),
    };
    const steps: KindStep[] = [
      { key: "step.last_new", vars, amount: null, source: found.source },
      { key: "step.age", vars, amount: age, source: null },
      { key: "step.illumination", vars, amount: illumination, source: null },
      { key: "step.phase", vars, amount: null, source: null },
      { key: "step.next_full", vars, amount: null, source: found.source },
      { key: "step.next_new", vars, amount: null, source: found.source },
    ];
    return {
      fields: {
        at: `${date}T12:00+05:30`,
        phase,
        illumination,
        age,
        lastNewMoon: sriLankaTime(lastNew),
        nextFullMoon: sriLankaTime(nextFull),
        nextNewMoon: sriLankaTime(nextNew),
      },
      steps,
      answer: { key: "answer", vars },
    };
  },
};
