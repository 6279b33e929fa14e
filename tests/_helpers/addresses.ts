/**
 * Email addresses that are not a plain `local@domain`, for the tests of `normaliseEmail` and of
 * sign-up on a real port: the forms a mail library would deliver somewhere other than the string
 * says (RFC 5322 comments, display names, quoted local parts, lists, domain literals), invisible
 * characters, and other malformed ones. Each must be refused.
 */
export const NOT_PLAIN: readonly string[] = [
  "(1)box@example.lk",
  "box(comment)@example.lk",
  "n,box@example.lk",
  "x<box@example.lk>",
  "Name <box@example.lk>",
  '"box"@example.lk',
  '"b x"@example.lk',
  "box\u0000@example.lk", // NUL
  "box\u200b@example.lk", // zero-width space
  "bo\u00adx@example.lk", // soft hyphen
  "box@exa\u00admple.lk",
  "box@example\u200b.lk",
  "box\u2060@example.lk", // word joiner
  "box\u200d@example.lk", // zero-width joiner
  "box\ufeff@example.lk", // byte order mark
  "box@example.lk\u0000",
  "box\r\n@example.lk",
  "box @example.lk",
  "box@[127.0.0.1]",
  "box@127.0.0.1",
  "box@localhost",
  "box@example.lk.",
  "box@-example.lk",
  "box@exa%6Dple.lk",
  "box@example.lk;other@example.lk",
  "box@@example.lk",
  "@example.lk",
  "box@",
  ".box@example.lk",
  "bo..x@example.lk",
  "b\u00f6x@example.lk", // internationalised local parts are not accepted
  `${"a".repeat(65)}@example.lk`,
  `box@${"a".repeat(250)}.lk`,
];
