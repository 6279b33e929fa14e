/**
 * Account mail: verification, take-over and password reset links (which mail carries which link
 * is the table's, `lifecycle.ts`). With `SMTP_URL` and
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
import { type MailKind, MAILS } from "./lifecycle.ts";

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
      // The address as an object: the one form it was checked in is the recipient, never
      // re-read as a header value (which could hold a name, a comment or a list).
      await transport.sendMail({
        from: mail.from,
        to: { name: "", address: message.to },
        subject: message.subject,
        text: message.text,
      });
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
 * An account mail of the table in `lifecycle.ts`: its subject and text are the catalogue's
 * `account.mail.<kind>.subject` and `.body`, in the language of the page or request that caused
 * it. Each kind has its own subject and says plainly what its link does.
 *
 * @param kind Which mail.
 * @param to The address, in its one form.
 * @param lang The language.
 * @param vars `link` for a mail that carries a link (`MAILS[kind].link`), `base` for the notice.
 * @returns The mail.
 * @throws {TypeError} When a mail that carries a link is given none.
 */
export function accountMail(
  kind: MailKind,
  to: string,
  lang: Lang,
  vars: { link?: string; base: string },
): MailMessage {
  if (MAILS[kind].link !== null && !vars.link) {
    throw new TypeError(`The ${kind} mail needs its link`);
  }
  const values: Record<string, string> = {
    base: vars.base,
    ...(vars.link ? { link: vars.link } : {}),
  };
  return {
    to,
    subject: message(lang, `account.mail.${kind}.subject`),
    text: message(lang, `account.mail.${kind}.body`, values) + SIGNATURE,
  };
}
