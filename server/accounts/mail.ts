/**
 * Account mail: verification, take-over and password reset links. With `SMTP_URL` and
 * `MAIL_FROM` set, mail goes out through nodemailer; without them (the local default) each mail
 * is written to the server log, link included, so `deno task start` works with no mail server.
 *
 * Mail is sent in the background: an answer never waits for (or shows) a delivery, so answers
 * look the same whether or not an address has an account. A failed delivery is logged.
 *
 * @module
 */
import nodemailer from "nodemailer";
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

/**
 * The mail of a new sign-up: the link that proves the address.
 *
 * @param to The address.
 * @param link The verification link.
 * @returns The mail.
 */
export function verifyMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your email address for Lanka API",
    text: `Someone, probably you, signed up for Lanka API with this address.\n\n` +
      `To confirm that the address is yours, open this link within 24 hours:\n\n${link}\n\n` +
      `If you did not sign up, do not open the link: without it nobody can confirm this address, ` +
      `and you can take the address over at any time by signing up yourself.` + SIGNATURE,
  };
}

/**
 * The mail to the owner of a verified account when someone signs up with its address again.
 *
 * @param to The address.
 * @param baseUrl The public base URL.
 * @returns The mail.
 */
export function alreadyMail(to: string, baseUrl: string): MailMessage {
  return {
    to,
    subject: "Someone tried to sign up with your address on Lanka API",
    text: `Someone, perhaps you, tried to sign up for Lanka API with this address, which already ` +
      `has an account. Nothing was changed.\n\nLog in at ${baseUrl}/developers, or if you forgot ` +
      `your password, set a new one at ${baseUrl}/developers/reset.` + SIGNATURE,
  };
}

/**
 * The mail sent when someone signs up with the address of an account whose address was never
 * confirmed: following the link makes the account the address owner's, with the new password.
 *
 * @param to The address.
 * @param link The take-over link.
 * @returns The mail.
 */
export function claimMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your email address for Lanka API",
    text: `Someone, probably you, signed up for Lanka API with this address. An account with ` +
      `this address already exists, but nobody has confirmed the address yet.\n\n` +
      `To confirm that the address is yours and take the account over with the password you just ` +
      `chose, open this link within 1 hour:\n\n${link}\n\n` +
      `Every session of the account ends, and any API key made on it before the address was ` +
      `confirmed is revoked. If you did not sign up, ignore this mail.` + SIGNATURE,
  };
}

/**
 * The password reset mail.
 *
 * @param to The address.
 * @param link The reset link.
 * @returns The mail.
 */
export function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your Lanka API password",
    text: `Someone, probably you, asked to reset the password of the Lanka API account with ` +
      `this address.\n\nTo choose a new password, open this link within 1 hour (it works once):` +
      `\n\n${link}\n\nSetting a new password ends every session of the account. If you did not ` +
      `ask, ignore this mail: your password stays as it is.` + SIGNATURE,
  };
}
