import * as z from "zod/mini";
import {
  type MetadataJson,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from "libphonenumber-js/core";
import data from "../../data/phones.json" with { type: "json" };
import lk from "../../data/phone_metadata.json" with { type: "json" };
import districts from "../../data/districts.json" with { type: "json" };
import { ApiError } from "../errors.ts";
import { type Lang, maybeMessage, translate } from "../i18n.ts";
import { langParam } from "../lang_param.ts";
import { defineOperation, type Operation } from "../operation.ts";
import { anyString } from "../params.ts";

/** Why a number is not valid, for programs. */
export type PhoneReasonCode = "too_short" | "too_long" | "not_allocated" | "not_sri_lankan";

/** The operator a mobile prefix was allocated to. */
export interface PhoneOperator {
  /** Stable id: `dialog`, `mobitel`, `hutch` or `airtel`. */
  id: string;
  /** The brand. */
  name: string;
  /** The company that owns the brand today. */
  owner: string;
  /** Since when that company owns it, when the change is sourced (Airtel: 2024-06-28). */
  ownerSince: string | null;
  /** The brand the prefix had before (072: Etisalat until 2018-11-30), or null. */
  formerly: string | null;
}

/** The area of a geographic (fixed-line) code. */
export interface PhoneArea {
  /** The area code with its 0, for example `011`. */
  code: string;
  /** The area. */
  name: string;
  /** The district it is in. */
  district: string;
  /** The district's slug in `/districts`. */
  districtSlug: string;
}

/** What `GET /phone/{number}` answers. */
export interface PhoneResult {
  /** The input, trimmed (cut at 64 characters). */
  input: string;
  /** Whether it is a valid Sri Lankan number in an allocated range. */
  valid: boolean;
  /** Why not, for people; null when valid. */
  reason: string | null;
  /** Why not, for programs; null when valid. */
  reasonCode: PhoneReasonCode | null;
  /** E.164 form (`+94771234567`); null when not valid. */
  e164: string | null;
  /** National format (`077 123 4567`); null when not valid. */
  national: string | null;
  /** International format (`+94 77 123 4567`); null when not valid. */
  international: string | null;
  /** mobile, fixed (geographic) or uan (universal access number); null when not valid. */
  type: "mobile" | "fixed" | "uan" | null;
  /** The mobile prefix or area code with its 0 (`077`, `011`); null when not valid. */
  prefix: string | null;
  /** Mobile numbers: the operator the prefix was allocated to. */
  operator: PhoneOperator | null;
  /** Fixed-line numbers: the area of the code, when known. */
  area: PhoneArea | null;
  /** Where the validation rules and tables come from. */
  source: string;
  /** When the tables were last checked. */
  lastVerified: string;
}

/** Parameters of {@linkcode phone}. */
export interface PhoneParams {
  /** The number as typed. */
  number: string;
  /** Language of the text for people (default `en`); codes never change. */
  lang?: Lang | undefined;
}

/** What a person may type in a phone number besides digits. */
const TYPED = /^[\d\s+\-().\/]+$/;
const SOURCE =
  "Validation: libphonenumber-js (Google libphonenumber metadata for LK); operators and areas: Lanka API tables (data/phones.json)";

interface OperatorRow {
  name: string;
  owner: string;
  ownerSince: string | null;
}
const OPERATORS = data.operators as Record<string, OperatorRow>;
/**
 * Sri Lanka's metadata alone (351 bytes, against about 53 KB gzipped for every territory), made
 * with libphonenumber-js's own generator from Google libphonenumber's XML by
 * `scripts/phone_metadata.ts`, for `libphonenumber-js/core`.
 */
const METADATA = lk.metadata as unknown as MetadataJson;
/** Every territory's calling code, to name the code of a foreign number (see `foreignCode`). */
const CALLING_CODES = new Set(lk.callingCodes);
const DISTRICTS = new Map(districts.districts.map((d) => [d.slug, d]));

/**
 * A number written in international form with a code other than 94 (`+44 20 7946 0958`,
 * `0044 20 ...`), read as libphonenumber reads it with every territory's metadata: after `+`, or
 * after Sri Lanka's international prefix `00`, the shortest one to three digits that are a
 * territory's code, and how many digits follow; undefined for anything else. Sri Lanka's
 * metadata alone knows no other code, so the library answers such a number "invalid country";
 * this names the code (`tests/core/phone_metadata_test.ts` checks every answer against the whole
 * metadata's).
 */
function foreignNumber(input: string): { code: string; digits: number } | undefined {
  const digits = input.replace(/[^\d+]/g, "");
  const rest = digits.startsWith("+")
    ? digits.slice(1)
    : digits.startsWith("00")
    ? digits.slice(2)
    : undefined;
  if (rest === undefined || rest.includes("+")) return undefined;
  for (let size = 1; size <= 3; size++) {
    const code = rest.slice(0, size);
    if (CALLING_CODES.has(code)) {
      return code === "94" ? undefined : { code, digits: rest.length - size };
    }
  }
  return undefined;
}

function refuse(input: string): never {
  throw ApiError.invalidParam(
    "number",
    `Cannot read "${input}" as a phone number: expected digits, with spaces, +, -, brackets or dots`,
  );
}

function invalid(input: string, code: PhoneReasonCode, reason: string): PhoneResult {
  return {
    input,
    valid: false,
    reason,
    reasonCode: code,
    e164: null,
    national: null,
    international: null,
    type: null,
    prefix: null,
    operator: null,
    area: null,
    source: SOURCE,
    lastVerified: data.lastVerified,
  };
}

function operatorOf(prefix: string, lang: Lang): PhoneOperator | null {
  const row = data.mobile.find((m) => m.prefix === prefix);
  if (!row) return null;
  const op = OPERATORS[row.operator]!;
  const formerly = "formerly" in row ? row.formerly : null;
  const named = (key: string, english: string) =>
    lang === "en" ? english : maybeMessage(lang, key) ?? english;
  return {
    id: row.operator,
    name: named(`phone.operator.${row.operator}`, op.name),
    owner: named(`phone.owner.${row.operator}`, op.owner),
    ownerSince: op.ownerSince,
    formerly: formerly === null ? null : named(`phone.formerly.${row.operator}`, formerly),
  };
}

function areaOf(code: string, lang: Lang): PhoneArea | null {
  const row = data.areas.find((a) => a.code === code);
  if (!row) return null;
  const district = DISTRICTS.get(row.district)!;
  const localName = (slug: string, english: string): string => {
    if (lang === "en") return english;
    const d = DISTRICTS.get(slug);
    if (d) return lang === "si" ? d.nameSinhala : d.nameTamil;
    return maybeMessage(lang, `phone.area.${slug}`) ?? english;
  };
  return {
    code,
    name: localName(row.area, row.name),
    district: localName(row.district, district.name),
    districtSlug: row.district,
  };
}

/**
 * Reads a Sri Lankan phone number as people type it (`077 123 4567`, `+94771234567`,
 * `0094 77 123 4567`): whether it is valid, its E.164 and national forms, its type, and the
 * operator of a mobile prefix or the area of a geographic code.
 *
 * @param number The number as typed.
 * @param lang Language of the text for people (default `en`).
 * @returns The answer; a number that is not valid has `valid: false` and a reason.
 * @throws {ApiError} 400 when the input is not a phone number at all (letters, no digits).
 *
 * @example Usage
 * ```ts
 * import { lookupPhone } from "./phone.ts";
 * console.log(lookupPhone("077 123 4567").e164); // "+94771234567"
 * ```
 */
export function lookupPhone(number: string, lang: Lang = "en"): PhoneResult {
  const input = number.trim().slice(0, 64);
  if (!TYPED.test(input) || !/\d/.test(input) || number.trim().length > 64) refuse(input);
  const localize = (r: PhoneResult): PhoneResult =>
    lang === "en" || r.reason === null
      ? r
      : { ...r, reason: translate(lang, r.reason, "phone.reason.") };
  let length = validatePhoneNumberLength(input, "LK", METADATA);
  if (length === "NOT_A_NUMBER") refuse(input);
  // A national number has 2 to 17 digits: a foreign one outside them is too short or too long.
  const foreign = length === "INVALID_COUNTRY" ? foreignNumber(input) : undefined;
  if (foreign !== undefined && foreign.digits >= 2 && foreign.digits <= 17) {
    return localize(invalid(
      input,
      "not_sri_lankan",
      `Not a Sri Lankan number: its country code is +${foreign.code}, not +94`,
    ));
  }
  const parsed = parsePhoneNumberFromString(input, "LK", METADATA);
  if (foreign !== undefined && foreign.digits > 17) length = "TOO_LONG";
  if (length === "TOO_SHORT" || (!parsed && length !== "TOO_LONG")) {
    return localize(invalid(
      input,
      "too_short",
      "Too short: a Sri Lankan number has 9 digits after the leading 0",
    ));
  }
  if (length === "TOO_LONG" || length === "INVALID_LENGTH" || !parsed) {
    return localize(invalid(
      input,
      "too_long",
      "Too long: a Sri Lankan number has 9 digits after the leading 0",
    ));
  }
  const nationalNumber = String(parsed.nationalNumber);
  if (!parsed.isValid()) {
    const range = `0${nationalNumber.slice(0, nationalNumber.startsWith("74") ? 3 : 2)}`;
    return localize(invalid(
      input,
      "not_allocated",
      `Not in an allocated range: no operator or area is allocated ${range}`,
    ));
  }
  const kind = parsed.getType();
  const type = kind === "MOBILE" ? "mobile" : kind === "UAN" ? "uan" : "fixed";
  const prefix = `0${nationalNumber.slice(0, 2)}`;
  return {
    input,
    valid: true,
    reason: null,
    reasonCode: null,
    e164: parsed.number,
    national: type === "fixed" ? `0${grouped(nationalNumber)}` : parsed.formatNational(),
    international: type === "fixed"
      ? `+94 ${grouped(nationalNumber)}`
      : parsed.formatInternational(),
    type,
    prefix: type === "uan" ? `0${nationalNumber.slice(0, 4)}` : prefix,
    operator: type === "mobile" ? operatorOf(prefix, lang) : null,
    area: type === "fixed" ? areaOf(prefix, lang) : null,
    source: SOURCE,
    lastVerified: data.lastVerified,
  };
}

/**
 * A fixed line's nine digits after the trunk 0 as Sri Lankans write them: the area code, then the
 * seven-digit local number in three and four (`11 234 5678`, shown `011 234 5678`). The TRCSL
 * National Numbering Plan (revised 22.10.2009, §1.5): "The length of all the area codes will be 3
 * digits" and "The length of all the local numbers (Subscriber numbers) of fixed phones will be 7
 * digits". libphonenumber's own LK pattern, (\d{3})(\d{3})(\d{3}), cuts the area code's first
 * digit of the local number into it (`0112 345 678`), which nobody writes (docs/phones.md).
 */
function grouped(nationalNumber: string): string {
  return `${nationalNumber.slice(0, 2)} ${nationalNumber.slice(2, 5)} ${nationalNumber.slice(5)}`;
}

const params = z.object({
  number: anyString("a phone number").register(z.globalRegistry, {
    description:
      "The number as typed: 0771234567, 077 123 4567, +94 77 123 4567 or 0094771234567. A number that is not valid is answered with valid false and a reason; only text that is no phone number at all (letters) is refused with 400",
    examples: ["0771234567", "+94112345678"],
  }),
  lang: langParam(),
});

const result: z.ZodMiniType<PhoneResult> = z.object({
  input: z.string(),
  valid: z.boolean().check(z.describe(
    "Whether it is a Sri Lankan number in a range that libphonenumber's metadata allocates",
  )),
  reason: z.nullable(z.string()).check(z.describe("Why not valid, for people; null when valid")),
  reasonCode: z.nullable(z.enum(["too_short", "too_long", "not_allocated", "not_sri_lankan"])),
  e164: z.nullable(z.string()).check(z.describe("E.164, for example +94771234567")),
  national: z.nullable(z.string()).check(z.describe("National format, for example 077 123 4567")),
  international: z.nullable(z.string()),
  type: z.nullable(z.enum(["mobile", "fixed", "uan"])),
  prefix: z.nullable(z.string()).check(z.describe("Mobile prefix or area code, with its 0")),
  operator: z.nullable(z.object({
    id: z.string(),
    name: z.string(),
    owner: z.string(),
    ownerSince: z.nullable(z.iso.date()),
    formerly: z.nullable(z.string()),
  })).check(z.describe(
    "The operator the mobile prefix was allocated to (a ported number may be on another network)",
  )),
  area: z.nullable(z.object({
    code: z.string(),
    name: z.string(),
    district: z.string(),
    districtSlug: z.string(),
  })).check(z.describe("The area of a geographic code; null when not known (082)")),
  source: z.string(),
  lastVerified: z.iso.date(),
});

/** `GET /api/v1/phone/{number}`: validate and describe a Sri Lankan phone number. */
export const phone: Operation<PhoneParams, PhoneResult> = defineOperation({
  name: "phone",
  method: "GET",
  path: "/phone/{number}",
  title: "Phone number check",
  description:
    "Whether a Sri Lankan phone number is valid, its E.164 and national forms, mobile or fixed, and the operator of a mobile prefix or the area of a fixed-line code.",
  tag: "Identity",
  params,
  result,
  example: "/api/v1/phone/0771234567",
  page: "phone",
  provenance: { sourceUrl: data.sourceUrl, lastVerified: data.lastVerified },
  run: (p) => lookupPhone(p.number, p.lang ?? "en"),
});
