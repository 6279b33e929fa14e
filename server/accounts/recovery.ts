/**
 * Sign-up by mail and password reset: the flows that must answer the same whether or not an
 * address has an account.
 *
 * - Sign-up with a new address creates an unverified account (keys work at once, after log-in)
 *   and mails a verification link.
 * - Sign-up with the address of a verified account changes nothing and mails the owner.
 * - Sign-up with the address of an account never verified mails a take-over link: following it
 *   proves the address, sets the password just chosen, ends every session and revokes the keys
 *   made before (whoever squatted the address loses it).
 * - A reset request mails a single-use link (1 hour) when the address has an account, else
 *   nothing; the answer is the same.
 *
 * @module
 */
import type { Lang } from "../../core/i18n.ts";
import type { AppContext } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { alreadyMail, claimMail, resetMail, sendInBackground, verifyMail } from "./mail.ts";
import { sha256Hex } from "./secrets.ts";
import { normaliseEmail } from "./store.ts";
import { type AccountDeps, countAuthAttempt } from "./web.ts";

/** What the account flows need. */
export type RecoveryDeps = AccountDeps;

/**
 * Account mails one address receives per hour at most, whoever asks and from wherever: beyond it
 * the answer is the same and nothing is sent (a mailbox cannot be flooded from many addresses).
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 5;

/** Counts a mail to an address against its hourly allowance; false when it is used up. */
async function mayMail(deps: RecoveryDeps, logger: Logger, address: string): Promise<boolean> {
  const now = deps.clock.now();
  const hour = Math.floor(now / 3_600_000);
  const decision = await deps.quota.consume(
    `mail:${sha256Hex(address)}:${hour}`,
    MAILS_PER_ADDRESS_PER_HOUR,
    now,
  );
  if (!decision.allowed) {
    logger.log("warn", "Account mail withheld: hourly allowance of the address used up", {});
  }
  return decision.allowed;
}

/** The answer to a sign-up, the same for every address. */
export const SIGN_UP_SENT =
  "If this address can be used, a message is on its way to it: follow its link to confirm the address. You can log in with your password now";
/** The answer to a reset request, the same for every address. */
export const RESET_SENT =
  "If an account has this address, a message with a link to set a new password is on its way to it. The link works once, within 1 hour";

/**
 * The link a mail carries.
 *
 * @param deps For the public base URL.
 * @param page `verify` or `reset`.
 * @param token The token.
 * @param lang The language of the page the link opens.
 * @returns The absolute URL.
 */
export function linkTo(
  deps: AccountDeps,
  page: "verify" | "reset",
  token: string,
  lang: Lang = "en",
): string {
  const prefix = lang === "en" ? "" : `/${lang}`;
  return `${deps.config.publicBaseUrl}${prefix}/developers/${page}?token=${token}`;
}

/**
 * Signs up by mail (see the module). Counts against the address's hourly allowance first.
 *
 * @param c The context (for the client address).
 * @param deps Accounts, mailer, config.
 * @param logger For account events (ids only).
 * @param email As typed.
 * @param password As typed.
 * @param lang The language of the mail (the page's; English for the JSON API).
 * @returns The normalised address.
 * @throws {ApiError} 400 for a malformed address or a password the rule refuses, 429.
 */
export async function signUpByMail(
  c: AppContext,
  deps: RecoveryDeps,
  logger: Logger,
  email: string,
  password: string,
  lang: Lang = "en",
): Promise<string> {
  await countAuthAttempt(c, deps);
  const address = normaliseEmail(email);
  const hash = await deps.accounts.hashNewPassword(password);
  let existing = await deps.accounts.byEmail(address);
  if (!existing) {
    try {
      const account = await deps.accounts.create(address, hash);
      logger.log("info", "Account created", { accountId: account.id });
      if (!await mayMail(deps, logger, address)) return address;
      const { token } = await deps.accounts.issueToken("verify", account);
      sendInBackground(
        deps.mailer,
        logger,
        verifyMail(address, linkTo(deps, "verify", token, lang), lang),
      );
      return address;
    } catch (error) {
      // Another sign-up took the address a moment ago: answer as for an existing account.
      existing = await deps.accounts.byEmail(address);
      if (!existing) throw error;
    }
  }
  if (!await mayMail(deps, logger, address)) return address;
  if (existing.verifiedAt) {
    logger.log("info", "Sign-up with a taken address: owner told", { accountId: existing.id });
    sendInBackground(deps.mailer, logger, alreadyMail(address, deps.config.publicBaseUrl, lang));
  } else {
    const { token } = await deps.accounts.issueToken("claim", existing, hash);
    logger.log("info", "Sign-up with an unverified address: take-over link sent", {
      accountId: existing.id,
    });
    sendInBackground(
      deps.mailer,
      logger,
      claimMail(address, linkTo(deps, "verify", token, lang), lang),
    );
  }
  return address;
}

/**
 * Asks for a password reset link (see the module). Counts against the address's hourly
 * allowance first.
 *
 * @param c The context.
 * @param deps Accounts, mailer, config.
 * @param logger For account events.
 * @param email As typed.
 * @param lang The language of the mail.
 * @returns The normalised address.
 * @throws {ApiError} 400 for a malformed address, 429.
 */
export async function requestReset(
  c: AppContext,
  deps: RecoveryDeps,
  logger: Logger,
  email: string,
  lang: Lang = "en",
): Promise<string> {
  await countAuthAttempt(c, deps);
  const address = normaliseEmail(email);
  const account = await deps.accounts.byEmail(address);
  // The allowance is counted for unknown addresses too: the same work whether or not one exists.
  if (await mayMail(deps, logger, address) && account) {
    const { token } = await deps.accounts.issueToken("reset", account);
    logger.log("info", "Password reset link sent", { accountId: account.id });
    sendInBackground(
      deps.mailer,
      logger,
      resetMail(address, linkTo(deps, "reset", token, lang), lang),
    );
  }
  return address;
}

/**
 * Sends a new verification link to the signed-in account's address (from the dashboard).
 *
 * @param deps Accounts, mailer, config.
 * @param logger For the event.
 * @param account The account.
 * @param lang The language of the mail.
 */
export async function resendVerification(
  deps: RecoveryDeps,
  logger: Logger,
  account: { id: string; email: string; verifiedAt?: number | null },
  lang: Lang = "en",
): Promise<void> {
  if (account.verifiedAt) return;
  const stored = await deps.accounts.byEmail(account.email);
  if (!stored || stored.id !== account.id) return;
  if (!await mayMail(deps, logger, account.email)) return;
  const { token } = await deps.accounts.issueToken("verify", stored);
  logger.log("info", "Verification link sent again", { accountId: account.id });
  sendInBackground(
    deps.mailer,
    logger,
    verifyMail(account.email, linkTo(deps, "verify", token, lang), lang),
  );
}
