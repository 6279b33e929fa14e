/**
 * Email addresses as accounts know them: one account per mailbox, not per string.
 *
 * Only a plain `local@domain` is accepted, and it is put in one form before it is stored, looked
 * up, counted or mailed to, so the address an account is filed under is exactly the one its mail
 * is delivered to:
 *
 * - surrounding white space is dropped; anything else that is not plain is refused: comments
 *   `(…)`, display names `Name <…>`, quoted local parts `"…"`, lists `a,b`, domain literals
 *   `[1.2.3.4]`, and control or format characters anywhere (NUL, CR, zero-width space and
 *   joiners, soft hyphen, word joiner);
 * - the local part is RFC 5322 dot-atom text in ASCII (internationalised local parts are not
 *   accepted), at most 64 characters, lower-cased;
 * - the domain is a DNS name, written in its IDNA ASCII form (UTS #46, as browsers and URLs write
 *   it): `Bücher.lk`, `BÜCHER.lk`, fullwidth letters and `xn--bcher-kva.lk` are all
 *   `xn--bcher-kva.lk`. IP addresses and single labels are refused.
 *
 * "The same address" is then the same string. Case in the local part is ignored (RFC 5321 lets a
 * mail server tell `Box` from `box`; none of the common ones does). Sub-addresses (`box+tag`) and
 * one provider's dots (Gmail's `b.o.x`) are other addresses: they are delivered to different
 * recipients as far as SMTP knows, folding them would merge real mailboxes at providers that do
 * not treat them so, and anyone with a domain of their own has unlimited addresses anyway. The
 * per-caller limits on attempts and mail bound what one caller can do with many addresses.
 *
 * @module
 */
import { ApiError } from "../../core/errors.ts";

/** Longest address accepted, in its stored form (RFC 5321's path limit less the brackets). */
export const MAX_EMAIL_LENGTH = 254;

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** A domain as typed, before IDNA: letters, marks and digits of any script, dots and hyphens. */
const DOMAIN_AS_TYPED = /^[\p{L}\p{M}\p{N}.-]+$/u;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const EDGES = /^\p{White_Space}+|\p{White_Space}+$/gu;

function refuse(): never {
  throw ApiError.invalidParam("email", "Email must be an address like name@example.com");
}

/**
 * The stored form of an email address (see the module for the rules).
 *
 * @param email As typed.
 * @returns The address in its one form: lower-case ASCII local part, IDNA ASCII domain.
 * @throws {ApiError} 400 naming `email` when it is not a plain `local@domain` address.
 *
 * @example Usage
 * ```ts
 * import { normaliseEmail } from "./address.ts";
 * console.log(normaliseEmail(" Someone@Bücher.LK ")); // "someone@xn--bcher-kva.lk"
 * ```
 */
export function normaliseEmail(email: string): string {
  const value = email.replace(EDGES, "");
  if (value.length > 2 * MAX_EMAIL_LENGTH) refuse();
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@")) refuse();
  const local = value.slice(0, at).toLowerCase();
  const typed = value.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local) || !DOMAIN_AS_TYPED.test(typed)) refuse();
  let domain: string;
  try {
    domain = new URL(`http://${typed}/`).hostname;
  } catch {
    return refuse();
  }
  const labels = domain.split(".");
  if (
    labels.length < 2 || !labels.every((label) => LABEL.test(label)) ||
    /^\d+$/.test(labels[labels.length - 1]!)
  ) {
    refuse();
  }
  const address = `${local}@${domain}`;
  if (address.length > MAX_EMAIL_LENGTH) refuse();
  return address;
}

/**
 * The form addresses were stored in before they were put in one form (trimmed and lower-cased),
 * when it differs from the stored form: accounts made then under a Unicode domain are still
 * found by it.
 *
 * @param email As typed.
 * @param address Its stored form (from {@linkcode normaliseEmail}).
 * @returns The older form, or undefined when it is the same.
 */
export function earlierForm(email: string, address: string): string | undefined {
  const earlier = email.trim().toLowerCase();
  return earlier === address ? undefined : earlier;
}
