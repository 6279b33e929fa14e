import assert from "node:assert/strict";
import fc from "fast-check";
import {
  decodeNic,
  MAX_NIC_AGE,
  MIN_NIC_AGE,
  nicCheckDigitValid,
  toNewNic,
  toOldNic,
} from "../../core/ops/nic.ts";
import { anyString } from "../_helpers/arbitraries.ts";

const TODAY = "2026-06-15";
/** A day on which every research vector's holder is at least 15 (the youngest: 2016-09-16). */
const VECTORS_TODAY = "2031-09-16";

/**
 * Research vectors (../shared/research/finance-nic-plate.md 5.5), decoded on the 366-day
 * calendar. Columns: input, 12-digit form for old inputs, date of birth, gender, V/X, whether the
 * circulating check digit matches.
 */
const VALID: [string, string | null, string, "Male" | "Female", boolean | null, boolean][] = [
  ["913014146V", "199130104146", "1991-10-27", "Male", true, true], // real holder, NICParser #3
  ["902580972V", "199025800972", "1990-09-14", "Male", true, true],
  ["922602573V", "199226002573", "1992-09-16", "Male", true, true],
  ["911042754V", "199110402754", "1991-04-13", "Male", true, true],
  ["641042757V", "196410402757", "1964-04-13", "Male", true, true],
  ["923404716V", "199234004716", "1992-12-05", "Male", true, true],
  ["961203996V", "199612003996", "1996-04-29", "Male", true, true],
  ["790930622V", "197909300622", "1979-04-02", "Male", true, true],
  ["843020461V", "198430200461", "1984-10-28", "Male", true, true],
  ["200159302029", null, "2001-04-02", "Female", null, true], // idnumbers says 04-03 (naive)
  ["198713001450", null, "1987-05-09", "Male", null, true],
  ["198571700717", null, "1985-08-04", "Female", null, true],
  ["198732403040", null, "1987-11-19", "Male", null, true],
  ["199612003996", null, "1996-04-29", "Male", null, true],
  ["199234004783", null, "1992-12-05", "Male", null, true],
  ["901404567V", "199014004567", "1990-05-19", "Male", true, false],
  ["906404567V", "199064004567", "1990-05-19", "Female", true, true],
  ["901404567X", "199014004567", "1990-05-19", "Male", false, false],
  ["200001501234", null, "2000-01-15", "Male", null, false],
  ["200051501234", null, "2000-01-15", "Female", null, false],
  ["200006000010", null, "2000-02-29", "Male", null, false], // day 60 in a leap year
  ["200006100010", null, "2000-03-01", "Male", null, false],
  ["200136500000", null, "2001-12-30", "Male", null, true], // naive calendars say 12-31
  ["200036600000", null, "2000-12-31", "Male", null, false],
  ["853400123V", "198534000123", "1985-12-05", "Male", true, false],
  ["858400123v", "198584000123", "1985-12-05", "Female", true, false], // lower-case letter
  ["952903022V", "199529003022", "1995-10-16", "Male", true, false],
  ["199336578548", null, "1993-12-30", "Male", null, false],
  ["199136578548", null, "1991-12-30", "Male", null, false],
  ["199236578548", null, "1992-12-30", "Male", null, false],
  ["201626085734", null, "2016-09-16", "Male", null, false],
  ["199226025738", null, "1992-09-16", "Male", null, false],
  ["199336678548", null, "1993-12-31", "Male", null, false], // day 366 exists in every year
  ["197419202757", null, "1974-07-10", "Male", null, false], // check digit fails: still valid
];

/** Research vectors that must be answered `valid: false`, with the reason code expected. */
const INVALID: [string, string, boolean | null][] = [
  ["200106000010", "not_leap_year", true], // 29 Feb 2001; the check digit happens to match
  ["870600012V", "not_leap_year", null], // 29 Feb 1987 (slnic)
  ["859990123V", "day_of_year", null], // day code 999
  ["924998593v", "day_of_year", null], // day code 499
  ["929782220V", "day_of_year", null], // female 978 - 500 = 478
  ["199236778548", "day_of_year", null], // day code 367
];

Deno.test("decodeNic() reads the research vectors on the 366-day calendar", async (t) => {
  for (const [input, twelve, dob, gender, voter, check] of VALID) {
    await t.step(`${input} is ${dob} ${gender}`, () => {
      const r = decodeNic({ number: input, today: VECTORS_TODAY });
      assert.equal(r.valid, true, r.reason ?? "");
      assert.equal(r.reason, null);
      assert.equal(r.nic, input.toUpperCase());
      assert.equal(r.format, twelve ? "old" : "new");
      assert.equal(r.dateOfBirth, dob);
      assert.equal(r.gender, gender);
      assert.equal(r.votingEligible, voter);
      assert.equal(r.newNic, twelve);
      assert.equal(r.checkDigitValid, check);
      assert.equal(nicCheckDigitValid(input), check);
      assert.equal(r.source, "Department for Registration of Persons");
      assert.match(r.lastVerified, /^\d{4}-\d{2}-\d{2}$/);
    });
  }
});

Deno.test("decodeNic() answers impossible research vectors with valid false and a reason", async (t) => {
  for (const [input, code, check] of INVALID) {
    await t.step(`${input} is invalid (${code})`, () => {
      const r = decodeNic({ number: input, today: TODAY });
      assert.equal(r.valid, false);
      assert.equal(r.reasonCode, code);
      assert.ok(r.reason && r.reason.length > 10);
      assert.equal(r.format, input.length === 12 ? "new" : "old");
      assert.equal(r.dateOfBirth, null);
      assert.equal(r.gender, null);
      assert.equal(r.age, null);
      if (check !== null) assert.equal(nicCheckDigitValid(input), check);
    });
  }
  assert.match(
    decodeNic({ number: "870600012V", today: TODAY }).reason!,
    /1987 is not a leap year/,
  );
  assert.match(
    decodeNic({ number: "199236778548", today: TODAY }).reason!,
    /Day code 367 does not exist/,
  );
});

Deno.test("decodeNic() reads the serial from its place in each form", () => {
  // Old: YY DDD SSS C; new: YYYY DDD SSSS C.
  assert.equal(decodeNic({ number: "911042754V", today: TODAY }).serial, 275);
  assert.equal(decodeNic({ number: "199336578548", today: TODAY }).serial, 7854);
  assert.equal(decodeNic({ number: "198713001450", today: TODAY }).serial, 145);
});

Deno.test("decodeNic() gives the old number for new numbers born in 19xx with serial 0xxx", () => {
  // DRP rule read backwards: 19YY DDD 0SSS C -> YY DDD SSS C, with V by default.
  assert.equal(decodeNic({ number: "199612003996", today: TODAY }).oldNic, "961203996V");
  assert.equal(decodeNic({ number: "198713001450", today: TODAY }).oldNic, "871301450V");
  assert.equal(decodeNic({ number: "199336578548", today: TODAY }).oldNic, null); // serial 7854
  assert.equal(decodeNic({ number: "200159302029", today: TODAY }).oldNic, null); // born 2001
  assert.equal(decodeNic({ number: "913014146V", today: TODAY }).oldNic, null); // already old
});

Deno.test("decodeNic() trims spaces and ignores the case of the letter", () => {
  const r = decodeNic({ number: "  913014146v \t", today: TODAY });
  assert.equal(r.valid, true);
  assert.equal(r.nic, "913014146V");
});

Deno.test("decodeNic() answers anything that is not an NIC with valid false, never throwing", async (t) => {
  const cases: [string, RegExp][] = [
    ["", /got an empty value/],
    ["   ", /got an empty value/],
    ["23417", /got 5 digits/],
    ["9130141460", /got 10 digits/],
    ["913014146", /missing its final V or X/],
    ["790930622A", /must end in V or X: got "A"/],
    ["942R81632b", /Expected 12 digits/],
    ["91301 4146V", /Expected 12 digits/],
    ["199130104146X", /Expected 12 digits/],
    ["٩١٣٠١٤١٤٦V", /Expected 12 digits/], // Arabic-Indic digits are not NIC digits
    ["１９９１３０１０４１４６", /Expected 12 digits/], // full-width digits
  ];
  for (const [input, reason] of cases) {
    await t.step(JSON.stringify(input), () => {
      const r = decodeNic({ number: input, today: TODAY });
      assert.equal(r.valid, false);
      assert.equal(r.reasonCode, "malformed");
      assert.equal(r.format, null);
      assert.match(r.reason!, reason);
    });
  }
  assert.equal(decodeNic({ number: "x".repeat(1000), today: TODAY }).nic.length, 65); // echo cut at 64 + "…"
});

Deno.test("decodeNic() refuses births after today and holders older than 130", () => {
  // Day 200 of 2026 is 18 July (31+29+31+30+31+30 = 182, + 18), after 15 June.
  const later = decodeNic({ number: "202620000000", today: TODAY });
  assert.deepEqual([later.valid, later.reasonCode], [false, "future"]);
  assert.equal(decodeNic({ number: "203012300000", today: TODAY }).reasonCode, "future");
  // Day 166 is 15 June (152 + 15 = 167 is the 15th, so 166 is the 14th): 1896-06-14 is 130
  // years and a day before 2026-06-15; 1895-06-14 is 131 years.
  assert.equal(MAX_NIC_AGE, 130);
  assert.deepEqual(decodeNic({ number: "189616600001", today: TODAY }).age, {
    years: 130,
    months: 0,
    days: 1,
  });
  assert.equal(decodeNic({ number: "189516600001", today: TODAY }).reasonCode, "too_old");
  assert.match(
    decodeNic({ number: "189516600001", today: TODAY }).reason!,
    /131 years old: the limit is 130/,
  );
  assert.equal(decodeNic({ number: "000012300000", today: TODAY }).reasonCode, "too_old");
});

Deno.test("decodeNic() refuses holders younger than 15, the age a card is issued from", () => {
  // DRP, "Obtaining National Identity Card for the first time" (drp.gov.lk/en/normal.php):
  // every citizen who has attained or attains the age of 15 years shall apply. On 2026-06-15:
  // day 167 is 15 June, so 2011-06-15 is exactly 15 and 2011-06-16 (day 168) is 14.
  assert.equal(MIN_NIC_AGE, 15);
  const fifteen = decodeNic({ number: "201116700001", today: TODAY });
  assert.deepEqual([fifteen.valid, fifteen.dateOfBirth, fifteen.age], [true, "2011-06-15", {
    years: 15,
    months: 0,
    days: 0,
  }]);
  for (const number of ["201116800001", "201166800001", "202616700001", "201800100001"]) {
    const r = decodeNic({ number, today: TODAY });
    assert.deepEqual([r.valid, r.reasonCode, r.dateOfBirth, r.age], [
      false,
      "too_young",
      null,
      null,
    ]);
  }
  assert.match(
    decodeNic({ number: "201116800001", today: TODAY }).reason!,
    /Date of birth 2011-06-16 makes the holder 14 years old: cards are issued from age 15/,
  );
  // After future, before too_old: a birth after today stays "future".
  assert.equal(decodeNic({ number: "202620000000", today: TODAY }).reasonCode, "future");
});

Deno.test("decodeNic() gives the age in whole years, months and days", () => {
  // 1991-10-27 -> 2025-10-27 is 34 years, -> 2026-05-27 7 months, -> 2026-06-15 19 days.
  assert.deepEqual(decodeNic({ number: "913014146V", today: TODAY }).age, {
    years: 34,
    months: 7,
    days: 19,
  });
  // Born 1980-02-29: on 2001-02-27 the last monthly anniversary is 2001-01-29 (29 days ago);
  // on 2001-02-28 the anniversary clamps to the end of February: 21 years exactly.
  assert.deepEqual(decodeNic({ number: "198006000010", today: "2001-02-27" }).age, {
    years: 20,
    months: 11,
    days: 29,
  });
  assert.deepEqual(decodeNic({ number: "198006000010", today: "2001-02-28" }).age, {
    years: 21,
    months: 0,
    days: 0,
  });
  // Born 1980-01-31: 20 years and 1 month on 29 February 2000, then a day more on 1 March.
  assert.deepEqual(decodeNic({ number: "198003100010", today: "2000-03-01" }).age, {
    years: 20,
    months: 1,
    days: 1,
  });
});

Deno.test("decodeNic() throws a RangeError for a today that is not a date", () => {
  assert.throws(() => decodeNic({ number: "913014146V", today: "2026-02-30" }), RangeError);
});

Deno.test("toNewNic() and toOldNic() follow the DRP conversion rule", () => {
  assert.equal(toNewNic("911042754V"), "199110402754");
  assert.equal(toNewNic("641042757V"), "196410402757");
  assert.equal(toNewNic(" 858400123v "), "198584000123");
  assert.equal(toOldNic("199014004567"), "901404567V");
  assert.equal(toOldNic("199014004567", "X"), "901404567X");
  assert.throws(() => toOldNic("199014012340"), /serial 1234 needs four digits/);
  assert.throws(() => toOldNic("200001501234"), /only people born in 19xx/);
  assert.throws(() => toOldNic("91104275"), RangeError);
  assert.throws(() => toNewNic("199110402754"), /expected 9 digits and V or X/);
});

Deno.test("old -> new -> old is the identity for every old-form number", () => {
  fc.assert(
    fc.property(fc.stringMatching(/^\d{9}[VvXx]$/), (old) => {
      const letter = old.at(-1)!.toUpperCase() as "V" | "X";
      assert.equal(toOldNic(toNewNic(old), letter), old.toUpperCase());
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.stringMatching(/^19\d{5}0\d{4}$/), (fresh) => {
      assert.equal(toNewNic(toOldNic(fresh)), fresh);
    }),
    { numRuns: 500 },
  );
});

Deno.test("an old number and its new form decode to the same person", () => {
  fc.assert(
    fc.property(fc.stringMatching(/^\d{9}[VX]$/), (old) => {
      const a = decodeNic({ number: old, today: TODAY });
      const b = decodeNic({ number: toNewNic(old), today: TODAY });
      assert.deepEqual(
        [a.valid, a.dateOfBirth, a.gender, a.serial, a.checkDigitValid, a.reasonCode],
        [b.valid, b.dateOfBirth, b.gender, b.serial, b.checkDigitValid, b.reasonCode],
      );
      if (a.valid) assert.equal(b.oldNic, toOldNic(toNewNic(old)));
    }),
    { numRuns: 500 },
  );
});

/**
 * An independent encoder: the DRP day code of a date is its day of the year in a leap year
 * (2000 here), counted by the JavaScript Date, plus 500 for women.
 */
function dayCode(month: number, day: number, female: boolean): string {
  const ordinal = (Date.UTC(2000, month - 1, day) - Date.UTC(2000, 0, 1)) / 86_400_000 + 1;
  return String(ordinal + (female ? 500 : 0)).padStart(3, "0");
}

Deno.test("every date from 1901-01-01 to today, both genders, encodes and decodes back (too young after 2011-06-15)", () => {
  let checked = 0;
  const end = Date.UTC(2026, 5, 15);
  for (let t = Date.UTC(1901, 0, 1); t <= end; t += 86_400_000) {
    const date = new Date(t);
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const iso = date.toISOString().slice(0, 10);
    const serial = String(checked % 10000).padStart(4, "0");
    for (const female of [false, true]) {
      const code = dayCode(m, d, female);
      const forms = [`${y}${code}${serial}${checked % 10}`];
      if (y < 2000) forms.push(`${String(y).slice(2)}${code}${serial.slice(1)}${checked % 10}V`);
      for (const number of forms) {
        const r = decodeNic({ number, today: TODAY });
        if (iso > "2011-06-15") {
          // Younger than 15 on 2026-06-15: no card is issued yet (DRP).
          if (r.reasonCode !== "too_young") assert.fail(`${number} should be too_young`);
          continue;
        }
        if (!r.valid || r.dateOfBirth !== iso || r.gender !== (female ? "Female" : "Male")) {
          assert.fail(`${number} should decode to ${iso} ${female ? "F" : "M"}: ${r.reason}`);
        }
      }
    }
    checked++;
  }
  assert.equal(checked, 45_822); // 1901-01-01..2026-06-15 inclusive (125 years + 165 days)
});

Deno.test("day code 060 is valid exactly in leap years", () => {
  for (let year = 1901; year <= 2026; year++) {
    const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
    for (const code of ["060", "560"]) {
      const r = decodeNic({ number: `${year}${code}00011`, today: TODAY });
      assert.equal(r.valid, leap && year <= 2011, `${year} ${code}`);
      if (!leap) assert.equal(r.reasonCode, "not_leap_year");
      else if (year > 2011) assert.equal(r.reasonCode, "too_young");
    }
  }
});

Deno.test("the check digit equals the old-form rule with weights 3,2,7,6,5,4,3,2", () => {
  // Research 5.4: "19" adds 8*1 + 4*9 = 44 = 0 (mod 11), so over YYDDDSSS the weights are
  // 3,2,7,6,5,4,3,2 and check = (11 - S mod 11) mod 10.
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  fc.assert(
    fc.property(fc.stringMatching(/^\d{9}V$/), (old) => {
      const sum = weights.reduce((s, w, i) => s + w * Number(old[i]), 0);
      assert.equal(nicCheckDigitValid(old), (11 - (sum % 11)) % 10 === Number(old[8]));
    }),
    { numRuns: 1000 },
  );
});

Deno.test("decodeNic() never throws and gives a reason exactly when invalid", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyString(40),
        fc.stringMatching(/^ ?\d{9,12}[VvXx]? ?$/),
      ),
      (input) => {
        const r = decodeNic({ number: input, today: TODAY });
        assert.equal(r.valid, r.reason === null);
        assert.equal(r.valid, r.reasonCode === null);
        assert.equal(r.valid, r.dateOfBirth !== null);
      },
    ),
    { numRuns: 500 },
  );
});
