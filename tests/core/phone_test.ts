/**
 * Phone numbers: the facts of ../shared/research/phones.md (libphonenumber v9.0.35 metadata for
 * LK, the operators and their owners with the news that dates each change, the area codes), the
 * forms people type, what is refused, and the three languages.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { isApiError } from "../../core/errors.ts";
import { execute } from "../../core/execute.ts";
import { registerAllMessages } from "../../core/i18n_all.ts";
import type { OperationContext } from "../../core/operation.ts";
import { lookupPhone, phone, type PhoneResult } from "../../core/ops/phone.ts";
import data from "../../data/phones.json" with { type: "json" };

registerAllMessages();
const ctx: OperationContext = { today: "2026-11-27", baseUrl: "https://lanka.test" };

function ask(number: string, lang = "en"): PhoneResult {
  const params = new URLSearchParams({ number, lang });
  return execute(phone, params, ctx) as PhoneResult;
}

Deno.test("what people type reads as one number: spaces, +94, 0094, brackets, a stray 0", () => {
  for (
    const typed of [
      "0771234567",
      "077 123 4567",
      "+94771234567",
      "0094 77 123 4567",
      "+94 (0)77 123-4567",
      " 077.123.4567 ",
    ]
  ) {
    const found = ask(typed);
    assert.equal(found.valid, true, typed);
    assert.equal(found.e164, "+94771234567", typed);
    // libphonenumber LK mobile format: (\d{2})(\d{3})(\d{4}) with national prefix "0$1".
    assert.equal(found.national, "077 123 4567", typed);
    assert.equal(found.international, "+94 77 123 4567", typed);
    assert.equal(found.type, "mobile", typed);
  }
});

Deno.test("mobile prefixes name the operator they were allocated to", async (t) => {
  // libphonenumber carrier/en/94.txt v9.0.35, with 072 = Hutch (Etisalat Lanka sold to Hutchison
  // on 2018-11-30: totaltele.com 2018-12-05; Daily News 2018-12-13) and 075 = Airtel, owned by
  // Dialog Axiata since 2024-06-28 (ft.lk 2024-06-28).
  const expected: [string, string, string][] = [
    ["0701234567", "mobitel", "Mobitel"],
    ["0711234567", "mobitel", "Mobitel"],
    ["0721234567", "hutch", "Hutch"],
    ["0741234567", "dialog", "Dialog"],
    ["0751234567", "airtel", "Airtel"],
    ["0761234567", "dialog", "Dialog"],
    ["0771234567", "dialog", "Dialog"],
    ["0781234567", "hutch", "Hutch"],
  ];
  for (const [number, id, name] of expected) {
    await t.step(number, () => {
      const found = ask(number);
      assert.equal(found.valid, true);
      assert.equal(found.prefix, number.slice(0, 3));
      assert.equal(found.operator?.id, id);
      assert.equal(found.operator?.name, name);
      assert.equal(found.area, null);
    });
  }
  const airtel = ask("0751234567").operator!;
  assert.equal(airtel.owner, "Dialog Axiata");
  assert.equal(airtel.ownerSince, "2024-06-28");
  assert.equal(ask("0721234567").operator?.formerly, "Etisalat");
  assert.equal(ask("0781234567").operator?.formerly, null);
});

Deno.test("ranges outside the allocation are valid false with a reason, not an error", () => {
  // libphonenumber v9.0.35 mobile pattern 7(?:[0-25-8]\d|4[0-4])\d{6}: no 073, no 079, and of
  // 074 only 0740-0744. Fixed-line pattern 2[13-7]: no 022 (Kilinochchi's code, not in use).
  for (
    const [number, range] of [
      ["0731234567", "073"],
      ["0791234567", "079"],
      ["0745123456", "0745"],
      ["0221234567", "022"],
    ]
  ) {
    const found = ask(number!);
    assert.equal(found.valid, false, number);
    assert.equal(found.reasonCode, "not_allocated", number);
    assert.equal(
      found.reason,
      `Not in an allocated range: no operator or area is allocated ${range}`,
    );
    assert.equal(found.e164, null);
    assert.equal(found.operator, null);
  }
  assert.equal(ask("0744123456").valid, true);
  assert.equal(ask("077 123").reasonCode, "too_short");
  assert.equal(ask("077 123 45678").reasonCode, "too_long");
  const foreign = ask("+44 20 7946 0958");
  assert.equal(foreign.valid, false);
  assert.equal(foreign.reasonCode, "not_sri_lankan");
});

Deno.test("geographic codes name the area and its district", () => {
  // libphonenumber geocoding/en/94.txt v9.0.35 and Sinhala Wikipedia (research, area table).
  const colombo = ask("011 234 5678");
  assert.equal(colombo.type, "fixed");
  assert.equal(colombo.e164, "+94112345678");
  // Issue 43: written as Sri Lankans write it, the 3-digit area code and the 7-digit local number
  // (TRCSL National Numbering Plan, revised 22.10.2009, s.1.5: "The length of all the area codes
  // will be 3 digits", local numbers of fixed phones "7 digits"), not libphonenumber's
  // (\d{3})(\d{3})(\d{3}) with "0$1" (0112 345 678).
  assert.equal(colombo.national, "011 234 5678");
  assert.equal(colombo.international, "+94 11 234 5678");
  assert.equal(ask("0812345678").national, "081 234 5678");
  assert.equal(ask("+94 47 221 2345").national, "047 221 2345");
  // Mobiles as the plan and libphonenumber group them: the 3-digit operator code, then 3 and 4.
  assert.equal(ask("0771234567").national, "077 123 4567");
  assert.equal(ask("0771234567").international, "+94 77 123 4567");
  assert.deepEqual(colombo.area, {
    code: "011",
    name: "Colombo",
    district: "Colombo",
    districtSlug: "colombo",
  });
  assert.equal(ask("0812345678").area?.name, "Kandy");
  assert.equal(ask("0912345678").area?.name, "Galle");
  assert.equal(ask("0632345678").area?.name, "Ampara");
  const negombo = ask("0312345678").area!;
  assert.equal(negombo.name, "Negombo");
  assert.equal(negombo.district, "Gampaha");
  // 082: valid in libphonenumber, but no source other than its geocoder names an area.
  const kandy082 = ask("0822345678");
  assert.equal(kandy082.valid, true);
  assert.equal(kandy082.area, null);
});

Deno.test("Sinhala and Tamil answers name the operator and the area in their script", () => {
  const si = ask("0112345678", "si");
  assert.equal(si.area?.name, "කොළඹ"); // data/districts.json
  assert.equal(ask("0112345678", "ta").area?.name, "கொழும்பு");
  assert.equal(ask("0312345678", "si").area?.name, "මීගමුව"); // Sinhala Wikipedia
  assert.match(ask("0771234567", "si").operator!.name, /[\u0D80-\u0DFF]/);
  assert.match(ask("0771234567", "ta").operator!.name, /[\u0B80-\u0BFF]/);
  assert.match(ask("0731234567", "ta").reason!, /[\u0B80-\u0BFF].*073/);
  assert.equal(ask("0771234567", "si").e164, "+94771234567");
});

Deno.test("text that is no phone number at all is a 400 naming number", () => {
  for (const junk of ["abc", "077-abc-4567", "+", "--", "x".repeat(80)]) {
    try {
      ask(junk);
      assert.fail(`expected "${junk}" to be refused`);
    } catch (error) {
      assert.ok(isApiError(error), junk);
      assert.equal(error.status, 400, junk);
      assert.equal(error.details?.[0]?.param, "number", junk);
    }
  }
});

Deno.test("any 07X number typed in three ways gives one E.164 form", () => {
  fc.assert(
    fc.property(
      fc.constantFrom("70", "71", "72", "74", "75", "76", "77", "78"),
      fc.integer({ min: 0, max: 9_999_999 }),
      (prefix, rest) => {
        const digits = `${prefix}${String(rest).padStart(7, "0")}`;
        if (prefix === "74" && Number(digits[2]) > 4) return; // 0745-0749 not allocated
        const forms = [`0${digits}`, `+94 ${digits}`, `0094${digits}`].map((n) => lookupPhone(n));
        for (const found of forms) {
          assert.equal(found.valid, true, digits);
          assert.equal(found.e164, `+94${digits}`);
          assert.equal(found.type, "mobile");
          assert.ok(found.operator);
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("the operator and area tables carry their sources", () => {
  assert.ok(data.source && data.lastVerified);
  for (const row of [...data.mobile, ...data.areas, ...data.unallocated]) {
    assert.ok(row.source.length > 10, JSON.stringify(row));
  }
  for (const area of data.areas) assert.match(area.code, /^0\d{2}$/);
});
