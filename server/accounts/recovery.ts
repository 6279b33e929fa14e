/**
 * Sign-up by mail, password reset and the verification link again: the flows that must answer
 * the same whether or not an address has an account. Which mail each sends in each state of the
 * address, and what its link may do, is the table of `lifecycle.ts`.
 *
 * Each flow checks what it can check without the address's account (the attempt allowance of the
 * caller, the address's form, the password rule; a sign-up also creates the account when the
 * address has none, so that its password works at once) and answers. Everything that depends on
 * the account (looking it up, the mail allowances, issuing the link, handing the mail over) is
 * done after the answer, in the outbox (`outbox.ts`), so the answer's time does not depend on it.
 *
 * Mail allowances, per hour, each on the client the pipeline resolved from the connection (never
 * a header the caller writes):
 *
 * - one caller to one address: {@linkcode MAIL_LIMITS}`.perCallerAndAddress`;
 * - one caller to all addresses: {@linkcode MAIL_LIMITS}`.perCaller`;
 * - one address from all callers: {@linkcode MAIL_LIMITS}`.perAddress`, except that a caller's
 *   first mail to an address in the hour is always sent (within its own allowances): whoever
 *   else spent the address's allowance, its owner's own request from their own connection still
 *   gets its mail. What a flood from many callers can send one address is then one mail per
 *   caller per hour beyond the address's allowance: no request ever sends more than one mail.
 *
 * @module
 */
import type { Lang } from "../../core/i18n.ts";
import type { AppContext } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { REQUESTS, stateOf } from "./lifecycle.ts";
import { type AccountRequest, LINKS, MAILS } from "./lifecycle.ts";
import { accountMail, sendInBackground } from "./mail.ts";
import { sha256Hex } from "./secrets.ts";
import { type Account, normaliseEmail } from "./store.ts";
import { earlierForm } from "./address.ts";
import { type AccountDeps, countAuthAttempt } from "./web.ts";

/** What the account flows need. */
export type RecoveryDeps = AccountDeps;

/** Account mails allowed per hour (see the module). */
export const MAIL_LIMITS: {
  /** From one caller to one address. */
  readonly perCallerAndAddress: number;
  /** From one caller to any addresses. */
  readonly perCaller: number;
  /** To one address from all callers (a caller's first mail to it in the hour aside). */
  readonly perAddress: number;
} = { perCallerAndAddress: 5, perCaller: 20, perAddress: 10 };

/**
 * Counts a mail against the hourly allowances (see the module); false when one is used up.
 *
 * @param deps The counters and the clock.
 * @param logger For withheld mail (hashes only: never the address).
 * @param sender The caller's counting key (`Client.group`).
 * @param address The recipient.
 * @returns Whether the mail may be sent (and was counted).
 */
export async function mayMail(
  deps: RecoveryDeps,
  logger: Logger,
  sender: string,
  address: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const hour = Math.floor(now / 3_600_000);
  const to = sha256Hex(address);
  const from = sha256Hex(sender);
  const ids = {
    pair: `mail:pair:${from}:${to}:${hour}`,
    caller: `mail:from:${from}:${hour}`,
    address: `mail:to:${to}:${hour}`,
  };
  const [pair, caller, recipient] = await Promise.all([
    deps.quota.peek(ids.pair, MAIL_LIMITS.perCallerAndAddress, now),
    deps.quota.peek(ids.caller, MAIL_LIMITS.perCaller, now),
    deps.quota.peek(ids.address, MAIL_LIMITS.perAddress, now),
  ]);
  const first = pair.remaining === MAIL_LIMITS.perCallerAndAddress;
  const allowed = pair.remaining > 0 && caller.remaining > 0 && (first || recipient.remaining > 0);
  if (!allowed) {
    logger.log("warn", "Account mail withheld: an hourly mail allowance is used up", {
      recipient: to.slice(0, 12),
      caller: pair.remaining === 0 ? "address" : caller.remaining === 0 ? "all" : "ok",
    });
    return false;
  }
  // Jobs run one at a time (the outbox), so nothing is counted between the looks and these.
  await deps.quota.consume(ids.pair, MAIL_LIMITS.perCallerAndAddress, now);
  await deps.quota.consume(ids.caller, MAIL_LIMITS.perCaller, now);
  await deps.quota.consume(ids.address, MAIL_LIMITS.perAddress, now);
  return true;
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
 * @param page The page the link opens (`LINKS[kind].page`).
 * @param token The token.
 * @param lang The language of the page the link opens.
 * @returns The absolute URL.
 */
export function linkTo(
  deps: AccountDeps,
  page: "verify" | "takeover" | "reset",
  token: string,
  lang: Lang = "en",
): string {
  const prefix = lang === "en" ? "" : `/${lang}`;
  return `${deps.config.publicBaseUrl}${prefix}/developers/${page}?token=${token}`;
}

/** One request's work after its answer: which mail the table names for the account, sent. */
async function mailFor(
  deps: RecoveryDeps,
  logger: Logger,
  request: AccountRequest,
  address: string,
  found: Account | null,
  created: boolean,
  sender: string,
  lang: Lang,
): Promise<void> {
  const state = created || !found ? "none" : stateOf(found);
  const kind = REQUESTS[request][state];
  if (!kind || !found) return;
  if (!await mayMail(deps, logger, sender, address)) return;
  const linkKind = MAILS[kind].link;
  const link = linkKind === null ? undefined : linkTo(
    deps,
    LINKS[linkKind].page,
    (await deps.accounts.issueToken(linkKind, found)).token,
    lang,
  );
  logger.log("info", "Account mail sent", { accountId: found.id, request, mail: kind });
  sendInBackground(
    deps.mailer,
    logger,
    accountMail(kind, address, lang, {
      base: deps.config.publicBaseUrl,
      ...(link ? { link } : {}),
    }),
  );
}

/** The caller's counting key, from the client the pipeline resolved from the connection. */
function senderOf(c: AppContext): string {
  return c.get("client")?.group ?? "unknown";
}

/**
 * Signs up by mail (see the module): after the attempt allowance, the address's form and the
 * password rule, creates the account when the address has none, answers, and mails afterwards
 * what the table names (a verification link for a new account, a take-over link for an account
 * never confirmed, a notice to the owner of a confirmed one).
 *
 * @param c The context (for the client).
 * @param deps Accounts, mailer, config, outbox.
 * @param logger For account events (ids only).
 * @param email As typed.
 * @param password As typed.
 * @param lang The language of the mail (the page's; English for the JSON API).
 * @returns The address in its one form.
 * @throws {ApiError} 400 for an address that is not plain or a password the rule refuses, 429.
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
  // One atomic write whether or not the address is taken (it checks, and writes only if free).
  const created = await deps.accounts.create(address, hash, earlierForm(email, address));
  if (created) logger.log("info", "Account created", { accountId: created.id });
  const sender = senderOf(c);
  deps.outbox.add(async () => {
    const found = created ?? await deps.accounts.byEmail(email);
    await mailFor(deps, logger, "signUp", address, found, created !== null, sender, lang);
  });
  return address;
}

/**
 * Asks for a password reset link (see the module): after the attempt allowance and the address's
 * form, answers; a link is mailed afterwards when the address has an account.
 *
 * @param c The context.
 * @param deps Accounts, mailer, config, outbox.
 * @param logger For account events.
 * @param email As typed.
 * @param lang The language of the mail.
 * @returns The address in its one form.
 * @throws {ApiError} 400 for an address that is not plain, 429.
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
  const sender = senderOf(c);
  deps.outbox.add(async () => {
    const found = await deps.accounts.byEmail(email);
    await mailFor(deps, logger, "reset", address, found, false, sender, lang);
  });
  return address;
}

/**
 * Sends a new verification link to the signed-in account's address (from the dashboard), when
 * the table says its state has one.
 *
 * @param c The context.
 * @param deps Accounts, mailer, config, outbox.
 * @param logger For the event.
 * @param account The signed-in account.
 * @param lang The language of the mail.
 */
export function resendVerification(
  c: AppContext,
  deps: RecoveryDeps,
  logger: Logger,
  account: Account,
  lang: Lang = "en",
): void {
  const sender = senderOf(c);
  deps.outbox.add(async () => {
    const stored = await deps.accounts.byEmail(account.email);
    if (!stored || stored.id !== account.id) return;
    await mailFor(deps, logger, "resend", stored.email, stored, false, sender, lang);
  });
}
