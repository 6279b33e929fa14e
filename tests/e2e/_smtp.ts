/** A real SMTP server on loopback for tests (the `smtp-server` package), keeping what it receives. */
import { SMTPServer } from "smtp-server";

/** A received mail, decoded enough to read its links. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** A running SMTP server. */
export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  mail: ReceivedMail[];
  /** Waits until a mail to `to` arrives after `since` mails (default: any), or fails. */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Undoes quoted-printable (soft line breaks and `=XX` bytes, read as UTF-8). */
function unquote(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(joined[i]!));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function parse(raw: string, envelopeTo: string): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const qp = /quoted-printable/i.test(header("Content-Transfer-Encoding"));
  return { to: envelopeTo, subject: header("Subject"), text: qp ? unquote(body) : body };
}

/**
 * Starts an SMTP server on 127.0.0.1 at a free port (no TLS, no authentication needed).
 *
 * @returns The server.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const mail: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // deno-lint-ignore no-explicit-any
    onData(stream: any, session: any, callback: (error?: Error) => void) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = new TextDecoder().decode(
          chunks.reduce((all, c) => {
            const out = new Uint8Array(all.length + c.length);
            out.set(all);
            out.set(c, all.length);
            return out;
          }, new Uint8Array()),
        );
        // deno-lint-ignore no-explicit-any
        for (const rcpt of session.envelope.rcptTo as any[]) mail.push(parse(raw, rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mail,
    async waitFor(to, since = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mail.slice(since).find((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
