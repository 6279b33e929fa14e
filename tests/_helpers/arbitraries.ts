/** fast-check arbitraries shared by property tests. */
import fc from "fast-check";

/**
 * Any Unicode scalar value (no lone surrogates), drawn quickly: fast-check's own `binary` unit
 * is about 100 times slower.
 */
const anyCodePoint: fc.Arbitrary<string> = fc
  .oneof(fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff }))
  .map((cp) => String.fromCodePoint(cp));

/**
 * Strings of up to `maxLength` characters mixing printable ASCII, Latin-1 control characters
 * and any Unicode code point.
 *
 * @param maxLength The most characters (code points).
 * @returns The arbitrary.
 */
export function anyString(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: "grapheme-ascii", maxLength }),
    fc.string({ unit: "binary-ascii", maxLength }),
    fc.string({ unit: anyCodePoint, maxLength }),
  );
}
