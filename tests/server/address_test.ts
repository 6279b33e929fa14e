/**
 * `normaliseEmail`: only a plain `local@domain`, in one form. The forms refused are the ones the
 * mail library would deliver somewhere else than the string says (RFC 5322 comments, display
 * names, quoted local parts, lists, domain literals) and invisible characters; the domain is put
 * in its IDNA ASCII form (UTS #46, as the WHATWG URL standard applies it).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { normaliseEmail } from "../../server/accounts/address.ts";
import { NOT_PLAIN } from "../_helpers/addresses.ts";

const refused = (email: string) => {
  try {
    normaliseEmail(email);
    return false;
  } catch (error) {
    return /Email must be an address like name@example\.com/.test((error as Error).message);
  }
};

Deno.test("normaliseEmail puts each spelling of one address in one form", () => {
  const same: [string, string][] = [
    ["someone@example.lk", "someone@example.lk"],
    ["  Someone@Example.LK\t", "someone@example.lk"],
    ["box+tag@example.lk", "box+tag@example.lk"], // a sub-address is another address
    ["b.o.x@gmail.com", "b.o.x@gmail.com"], // one provider's dots are not folded
    // "bücher" in IDNA (RFC 3492's example alphabet; the A-label as registries publish it).
    ["user@bücher.lk", "user@xn--bcher-kva.lk"],
    ["user@BÜCHER.LK", "user@xn--bcher-kva.lk"],
    ["user@XN--BCHER-KVA.lk", "user@xn--bcher-kva.lk"],
    ["user@ｂüｃｈｅｒ.lk", "user@xn--bcher-kva.lk"], // fullwidth letters map to ASCII (UTS #46)
    // .ලංකා, Sri Lanka's Sinhala top-level domain, is xn--fzc2c9e2c in the IANA root zone.
    ["user@example.ලංකා", "user@example.xn--fzc2c9e2c"],
    ["o'neil@example.lk", "o'neil@example.lk"],
  ];
  for (const [typed, stored] of same) assert.equal(normaliseEmail(typed), stored, typed);
});

Deno.test("normaliseEmail refuses what is not a plain local@domain, naming the email", () => {
  for (const email of NOT_PLAIN) {
    assert.ok(refused(email), JSON.stringify(email));
  }
});

Deno.test("whatever normaliseEmail accepts is plain ASCII, in its one form, and stays so", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.emailAddress(),
        fc.string({ unit: "binary", maxLength: 40 }),
        fc.tuple(fc.string({ unit: "grapheme", maxLength: 12 }), fc.domain()).map(
          ([local, domain]) => `${local}@${domain}`,
        ),
      ),
      (email) => {
        let stored: string;
        try {
          stored = normaliseEmail(email);
        } catch {
          return;
        }
        assert.match(stored, /^[\x21-\x7e]+$/, "printable ASCII only");
        assert.equal(stored, stored.toLowerCase());
        assert.equal(stored.split("@").length, 2);
        assert.ok(stored.length <= 254);
        assert.equal(normaliseEmail(stored), stored, "its one form is its own");
      },
    ),
    { numRuns: 2_000 },
  );
});
