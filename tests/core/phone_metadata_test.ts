/**
 * Sri Lanka's phone metadata (`data/phone_metadata.json`), made by `scripts/phone_metadata.ts`
 * with libphonenumber-js's own generator: reproducible from its committed source (the territory
 * LK of Google libphonenumber v9.0.35's PhoneNumberMetadata.xml, `data/phone_metadata_lk.xml`),
 * up to date with the pinned libphonenumber-js (the Sri Lanka part of its own whole metadata, made
 * by the same generator from the same release), and answering every number as the whole metadata
 * did before (the phone operation used `libphonenumber-js/max` until issue 44).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import max from "libphonenumber-js/max/metadata";
import {
  type MetadataJson,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from "libphonenumber-js/core";
import held from "../../data/phone_metadata.json" with { type: "json" };
import { ApiError } from "../../core/errors.ts";
import { lookupPhone } from "../../core/ops/phone.ts";
import { lkMetadata, RELEASE } from "../../scripts/phone_metadata.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("the generator gives the held metadata again from the held excerpt of Google's XML", async () => {
  const excerpt = await Deno.readTextFile(new URL("data/phone_metadata_lk.xml", ROOT));
  assert.match(excerpt, new RegExp(`Google libphonenumber ${RELEASE}`));
  assert.deepEqual(await lkMetadata(excerpt), held.metadata);
});

Deno.test("the held metadata is the Sri Lanka part of the pinned libphonenumber-js's own", () => {
  // libphonenumber-js ships metadata.max.json, made by the same generator with phone number
  // types from the whole XML: a new libphonenumber-js (new metadata) fails here until
  // `deno task data:phone-metadata` is run on its release's XML.
  const whole = max as unknown as {
    version: number;
    country_calling_codes: Record<string, string[]>;
    countries: Record<string, unknown>;
    nonGeographic: Record<string, unknown>;
  };
  assert.deepEqual(held.metadata, {
    version: whole.version,
    country_calling_codes: { "94": ["LK"] },
    countries: { LK: whole.countries.LK },
    nonGeographic: {},
  });
  // Every territory's code, the non-geographic ones (800, 808, ...) included.
  const codes = new Set([
    ...Object.keys(whole.country_calling_codes),
    ...Object.keys(whole.nonGeographic),
  ]);
  assert.deepEqual(held.callingCodes, [...codes].sort((a, b) => Number(a) - Number(b)));
});

/** What the phone operation answered with the whole metadata, before issue 44. */
function withWholeMetadata(input: string): string {
  const metadata = max as unknown as MetadataJson;
  const text = input.trim().slice(0, 64);
  const length = validatePhoneNumberLength(text, "LK", metadata);
  if (length === "NOT_A_NUMBER") return "refused";
  const parsed = parsePhoneNumberFromString(text, "LK", metadata);
  if (parsed && parsed.countryCallingCode !== "94") {
    return `not_sri_lankan +${parsed.countryCallingCode}`;
  }
  if (length === "TOO_SHORT" || (!parsed && length !== "TOO_LONG")) return "too_short";
  if (length === "TOO_LONG" || length === "INVALID_LENGTH" || !parsed) return "too_long";
  if (!parsed.isValid()) return "not_allocated";
  const type = parsed.getType();
  if (type === "FIXED_LINE") {
    // Fixed lines are written as the TRCSL numbering plan groups them (issue 43): the 3-digit area
    // code, then the 7-digit local number in three and four; the library writes 0112 345 678.
    const n = parsed.nationalNumber;
    const local = `${n.slice(2, 5)} ${n.slice(5)}`;
    return `${type} ${parsed.number} 0${n.slice(0, 2)} ${local} +94 ${n.slice(0, 2)} ${local}`;
  }
  return `${type} ${parsed.number} ${parsed.formatNational()} ${parsed.formatInternational()}`;
}

/** What the phone operation answers now, in the same terms. */
function withSriLankasMetadata(input: string): string {
  const typed = input.trim();
  if (!/^[\d\s+\-().\/]+$/.test(typed) || !/\d/.test(typed) || typed.length > 64) return "skip";
  let answer;
  try {
    answer = lookupPhone(input);
  } catch (error) {
    if (error instanceof ApiError) return "refused";
    throw error;
  }
  if (answer.reasonCode === "not_sri_lankan") {
    return `not_sri_lankan ${/\+\d+/.exec(answer.reason!)![0]}`;
  }
  if (!answer.valid) return answer.reasonCode!;
  const type = { mobile: "MOBILE", fixed: "FIXED_LINE", uan: "UAN" }[answer.type!];
  return `${type} ${answer.e164} ${answer.national} ${answer.international}`;
}

Deno.test("every number is answered as with the whole metadata: valid, foreign or why not", () => {
  const digits = (min: number, max: number) =>
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
  const code = fc.constantFrom(...held.callingCodes, "999", "0", "88", "42");
  const typed = fc.oneof(
    // Numbers as people type them: Sri Lankan, international with any code, noise.
    fc.tuple(fc.constantFrom("", "0", "94", "+94", "0094", "+94 0"), digits(0, 12))
      .map(([a, b]) => a + b),
    fc.tuple(fc.constantFrom("+", "00", "+ ", "00 ", "(+", "0"), code, digits(0, 19))
      .map(([a, b, c]) => `${a}${b} ${c}`),
    fc.string({ unit: fc.constantFrom(..."0123456789 +-()./"), minLength: 1, maxLength: 24 }),
  );
  fc.assert(
    fc.property(typed, (input) => {
      const now = withSriLankasMetadata(input);
      if (now !== "skip") assert.equal(now, withWholeMetadata(input), input);
    }),
    { numRuns: 4000 },
  );
  for (
    const input of [
      "+44 20 7946 0958",
      "0044 20 7946 0958",
      "+1 212 555 1234",
      "+44 1",
      "+44 123456789012345678",
      "+999 1234567",
      "077 123 4567",
      "+94 11 234 5678",
      "0822345678",
      "1973 12345",
      "00",
      "+800 1234 5678",
    ]
  ) {
    assert.equal(withSriLankasMetadata(input), withWholeMetadata(input), input);
  }
});
