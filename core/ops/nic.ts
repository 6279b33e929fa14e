import * as z from "zod/mini";
import nicData from "../../data/nic.json" with { type: "json" };
import {
  decodeNic,
  MAX_NIC_AGE,
  MIN_NIC_AGE,
  nicCheckDigitValid,
  type NicResult,
  toNewNic,
  toOldNic,
} from "../calc/nic.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { anyString } from "../params.ts";
import { type Lang, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";

export { decodeNic, MAX_NIC_AGE, MIN_NIC_AGE, nicCheckDigitValid, toNewNic, toOldNic };
export type { DecodeNicOptions, NicFormat, NicGender, NicReasonCode } from "../calc/nic.ts";
export type { NicResult };

/** Parameters of {@linkcode nic}. */
export interface NicParams {
  number: string;
  /** Language of `reason` and `source` (default `en`); `reasonCode` never changes. */
  lang?: Lang | undefined;
}

/**
 * An NIC answer with its text for people in a language: `reason` and `source`.
 *
 * @param result The answer in English.
 * @param lang The language.
 * @returns The answer in that language.
 */
export function localizeNic(result: NicResult, lang: Lang): NicResult {
  if (lang === "en") return result;
  return {
    ...result,
    reason: result.reason === null ? null : translate(lang, result.reason, "nic.reason."),
    source: translate(lang, result.source, "nic.source"),
  };
}

const params = z.object({
  number: anyString().register(z.globalRegistry, {
    description:
      "The NIC number: 9 digits and V or X (old form, any case) or 12 digits (new form). Anything else is answered with valid false and a reason",
    examples: ["913014146V", "199130104146"],
  }),
  lang: langParam(),
});

const ageSchema = z.object({
  years: z.int().check(z.describe("Whole years")),
  months: z.int().check(z.describe("Whole months after the years")),
  days: z.int().check(z.describe("Days after the months")),
});

const result: z.ZodMiniType<NicResult> = z.object({
  nic: z.string().check(z.describe(
    "The number as decoded: trimmed, letter in upper case (the trimmed input, cut at 64 characters, when it is not an NIC)",
  )),
  valid: z.boolean().check(z.describe(
    "Whether the number has a valid form and names a possible date of birth; the check digit is not considered",
  )),
  reason: z.nullable(z.string()).check(z.describe("Why the number is not valid; null when valid")),
  reasonCode: z.nullable(
    z.enum(["malformed", "day_of_year", "not_leap_year", "future", "too_young", "too_old"]),
  )
    .check(z.describe("Why the number is not valid, for programs; null when valid")),
  format: z.nullable(z.enum(["old", "new"])).check(z.describe(
    "old: 9 digits and V or X; new: 12 digits; null when the input has neither form",
  )),
  dateOfBirth: z.nullable(z.iso.date()).check(z.describe(
    "Date of birth, on the Department's fixed 366-day day count (1 March is always day 61)",
  )),
  gender: z.nullable(z.enum(["Male", "Female"])).check(z.describe(
    "Female when 500 is added to the day code",
  )),
  age: z.nullable(ageSchema).check(z.describe("Age today in Asia/Colombo")),
  serial: z.nullable(z.int()).check(
    z.describe("Serial number among registrations of that birth day"),
  ),
  checkDigitValid: z.nullable(z.boolean()).check(z.describe(
    "Whether the last digit matches the circulating mod-11 algorithm (unofficial; information only)",
  )),
  votingEligible: z.nullable(z.boolean()).check(z.describe(
    "Old form: true for V (voter), false for X; null for new numbers, which do not record it",
  )),
  newNic: z.nullable(z.string()).check(z.describe("Old numbers: the equivalent 12-digit number")),
  oldNic: z.nullable(z.string()).check(z.describe(
    "New numbers of people born in 19xx whose serial starts with 0: the equivalent old number, with V",
  )),
  source: z.string().check(z.describe("The issuing authority")),
  lastVerified: z.iso.date().check(z.describe("When the encoding rules were last checked")),
});

/** `GET /api/v1/nic/{number}`: decodes a National Identity Card number. */
export const nic: Operation<NicParams, NicResult> = defineOperation({
  name: "nic",
  method: "GET",
  path: "/nic/{number}",
  title: "NIC decoder",
  description:
    "Decodes a Sri Lankan National Identity Card number (old or new form) into date of birth, gender, age and serial, converts between the forms, and validates it: anything that is not a valid NIC is answered with valid false and a reason.",
  tag: "Identity",
  params,
  result,
  example: "/api/v1/nic/913014146V",
  page: "nic",
  provenance: { sourceUrl: nicData.sourceUrl, lastVerified: nicData.lastVerified },
  run: (p, ctx) => localizeNic(decodeNic({ number: p.number, today: ctx.today }), p.lang ?? "en"),
});
