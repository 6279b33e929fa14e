/**
 * The password rule, after NIST SP 800-63B section 5.1.1.2: at least 8 characters once the
 * password is normalised to Unicode NFKC, at most 256, not one of the 10,000 most common
 * passwords (`data/common_passwords.json`, compared ignoring case), not one character repeated,
 * and no composition rules.
 *
 * @module
 */
import COMMON from "../../data/common_passwords.json" with { type: "json" };
import { ApiError } from "../../core/errors.ts";

/** Fewest characters (code points after NFKC). */
export const MIN_PASSWORD_LENGTH = 8;
/** Most characters (code points after NFKC). */
export const MAX_PASSWORD_LENGTH = 256;

const common = new Set(COMMON.passwords.map((word) => word.normalize("NFKC").toLowerCase()));

/** How many passwords the shipped list holds (fewer once case is ignored: "Password"). */
export const COMMON_PASSWORD_COUNT: number = COMMON.passwords.length;

/**
 * The form of a password that is hashed and compared: Unicode NFKC (so the same password typed
 * on another keyboard or system matches).
 *
 * @param password As typed.
 * @returns The normalised password.
 */
export function normalisePassword(password: string): string {
  return password.normalize("NFKC");
}

/**
 * Checks a new password (never echoing it).
 *
 * @param password As typed.
 * @returns The normalised password, to hash.
 * @throws {ApiError} 400 naming `password` with the reason: too short, too long, one character
 *   repeated, or among the most common passwords.
 */
export function checkNewPassword(password: string): string {
  const normalised = normalisePassword(password);
  const characters = [...normalised];
  if (characters.length < MIN_PASSWORD_LENGTH) {
    throw ApiError.invalidParam(
      "password",
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
    );
  }
  if (characters.length > MAX_PASSWORD_LENGTH) {
    throw ApiError.invalidParam(
      "password",
      `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
    );
  }
  if (characters.every((c) => c === characters[0])) {
    throw ApiError.invalidParam(
      "password",
      "Password cannot be one character repeated: choose another",
    );
  }
  if (common.has(normalised.toLowerCase())) {
    throw ApiError.invalidParam(
      "password",
      "Password is one of the 10,000 most common passwords: choose another",
    );
  }
  return normalised;
}
