/**
 * Account mail: verification, take-over and password reset links. With `SMTP_URL` and
 * `MAIL_FROM` set, mail goes out through nodemailer; without them (the local default) each mail
 * is written to the server log, link included, so `deno task start` works with no mail server.
 *
 * The texts are the catalogue's (`account.mail.*`), in the language of the page or request that
 * caused the mail. Mail is sent in the background: an answer never waits for (or shows) a delivery, so answers
 * look the same whether or not an address has an account. A failed delivery is logged.
 *
 * @module
 */
import nodemailer from "nodemailer";
import { type Lang, message } from "../../core/i18n.ts";
import type { Logger } from "../log.ts";

/** One plain-text mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends account mail. */
export interface Mailer {
  /**
   * Sends a mail.
   *
   * @param message The mail.
   * @returns Resolves once handed to the mail server (or written to the log).
   */
  send(message: MailMessage): Promise<void>;
}

/**
 * The mailer of a configuration: SMTP when configured, else the log.
 *
 * @param mail `SMTP_URL` and `MAIL_FROM`, or undefined.
 * @param logger For the log mailer and for delivery failures.
 * @returns The mailer.
 */
export function createMailer(
  mail: { smtpUrl: string; from: string } | undefined,
  logger: Logger,
): Mailer {
  if (!mail) {
    return {
      send(message) {
        logger.log("info", "Mail not sent (SMTP_URL and MAIL_FROM are not set): here it is", {
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        // The person signing up is waiting for this line: out now, not with the next batch.
        logger.flush();
        return Promise.resolve();
      },
    };
  }
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: mail.from, ...message });
    },
  };
}

/**
 * Sends a mail without waiting for it; a failure is logged with the address's domain only.
 *
 * @param mailer The mailer.
 * @param logger For failures.
 * @param message The mail.
 */
export function sendInBackground(mailer: Mailer, logger: Logger, message: MailMessage): void {
  mailer.send(message).catch((error) =>
    logger.log("error", "Mail delivery failed", {
      subject: message.subject,
      domain: message.to.split("@")[1] ?? "",
      error: error instanceof Error ? error.message : String(error),
    })
  );
}

const SIGNATURE = "\n\n-- \nLanka API\n";

/** A mail from its catalogue entries (`account.mail.<kind>.subject` and `.body`). */
function mail(
  kind: "verify" | "already" | "claim" | "reset",
  lang: Lang,
  to: string,
  vars: Record<string, string>,
): MailMessage {
  return {
    to,
    subject: message(lang, `account.mail.${kind}.subject`),
    text: message(lang, `account.mail.${kind}.body`, vars) + SIGNATURE,
  };
}

/**
 * The mail of a new sign-up: the link that proves the address (24 hours).
 *
 * @param to The address.
 * @param link The verification link.
 * @param lang The language of the page or request it answers.
 * @returns The mail.
 */
export function verifyMail(to: string, link: string, lang: Lang = "en"): MailMessage {
  return mail("verify", lang, to, { link });
}

/**
 * The mail to the owner of a verified account when someone signs up with its address again.
 *
 * @param to The address.
 * @param baseUrl The public base URL.
 * @param lang The language of the page or request it answers.
 * @returns The mail.
 */
export function alreadyMail(to: string, baseUrl: string, lang: Lang = "en"): MailMessage {
  return mail("already", lang, to, { base: baseUrl });
}

/**
 * The mail sent when someone signs up with the address of an account whose address was never
 * confirmed: following the link (1 hour) makes the account the address owner's, with the new
 * password.
 *
 * @param to The address.
 * @param link The take-over link.
 * @param lang The language of the page or request it answers.
 * @returns The mail.
 */
export function claimMail(to: string, link: string, lang: Lang = "en"): MailMessage {
  return mail("claim", lang, to, { link });
}

/**
 * The password reset mail (a single-use link, 1 hour).
 *
 * @param to The address.
 * @param link The reset link.
 * @param lang The language of the page or request it answers.
 * @returns The mail.
 */
export function resetMail(to: string, link: string, lang: Lang = "en"): MailMessage {
  return mail("reset", lang, to, { link });
}
