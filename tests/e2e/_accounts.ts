/**
 * The account flows as a person meets them, for socket tests: the real server (`server/main.ts`)
 * on a real port with a real SMTP server on loopback, and a person who follows a mailed link by
 * opening it and submitting the form the page shows (whatever form that is).
 */
import { cookieOf, type ServerProcess, startServer } from "./_server.ts";
import { type ReceivedMail, startSmtp, type TestSmtp } from "./_smtp.ts";
import { curlFrom } from "../_helpers/socket.ts";

/** The `PUBLIC_BASE_URL` the servers here run with: the links in mail start with it. */
export const LINK_BASE = "http://links.lanka.test";

/** A running server with its SMTP server, and the calls a person makes. */
export interface MailServer {
  url: string;
  smtp: TestSmtp;
  server: ServerProcess;
  kvPath: string;
  /** A JSON POST to `/api/v1<path>` (from 127.0.0.1 unless `from` is given, through curl). */
  api(
    path: string,
    body: unknown,
    options?: { from?: string; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: string;
  }>;
  /** Signs up through the JSON API and waits for the mail it causes. */
  signUp(email: string, password: string, from?: string): Promise<ReceivedMail>;
  /** Asks for a reset link through the JSON API and waits for the mail it causes. */
  askReset(email: string, from?: string): Promise<ReceivedMail>;
  /** Logs in through the JSON API: the status and, on 201, the session cookie. */
  logIn(email: string, password: string): Promise<{ status: number; cookie: string }>;
  /** Whether a session cookie is still signed in (`GET /api/v1/keys` answers 200). */
  signedIn(cookie: string): Promise<boolean>;
  /** Makes a key with a session cookie. */
  createKey(cookie: string): Promise<string>;
  /** The status of a data call with a key. */
  callWith(key: string): Promise<number>;
  /** Stops both servers and removes the KV. */
  close(): Promise<void>;
}

/**
 * Starts the server with mail going to a real SMTP server on loopback.
 *
 * @param env Extra environment.
 * @returns The servers and helpers.
 */
export async function mailServer(env: Record<string, string> = {}): Promise<MailServer> {
  const smtp = await startSmtp();
  const dir = await Deno.makeTempDir({ prefix: "lanka-mail-" });
  const kvPath = `${dir}/kv.sqlite3`;
  let server: ServerProcess;
  try {
    server = await startServer(kvPath, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Lanka API <noreply@lanka.test>",
      PUBLIC_BASE_URL: LINK_BASE,
      ...env,
    });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const url = server.url;
  const api: MailServer["api"] = async (path, body, options = {}) => {
    const res = await curlFrom(options.from ?? "127.0.0.1", `${url}/api/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...options.headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: res.body };
  };
  /** Runs a request and waits for the mail to `to` that came after it. */
  const mailed = async (to: string, request: () => Promise<{ status: number; body: string }>) => {
    const since = smtp.mail.length;
    const res = await request();
    if (res.status !== 202) throw new Error(`${res.status}: ${res.body.slice(0, 300)}`);
    return await smtp.waitFor(to, since);
  };
  return {
    url,
    smtp,
    server,
    kvPath,
    api,
    signUp: (email, password, from) =>
      mailed(email, () => api("/accounts", { email, password }, from ? { from } : {})),
    askReset: (email, from) =>
      mailed(email, () => api("/password-reset", { email }, from ? { from } : {})),
    async logIn(email, password) {
      const res = await fetch(`${url}/api/v1/sessions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      await res.body?.cancel();
      return { status: res.status, cookie: res.status === 201 ? cookieOf(res) : "" };
    },
    async signedIn(cookie) {
      const res = await fetch(`${url}/api/v1/keys`, { headers: { Cookie: cookie } });
      await res.body?.cancel();
      return res.status === 200;
    },
    async createKey(cookie) {
      const res = await fetch(`${url}/api/v1/keys`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ name: "squat" }),
      });
      const body = await res.json();
      if (res.status !== 201) throw new Error(`create key: ${JSON.stringify(body)}`);
      return body.data.key;
    },
    async callWith(key) {
      const res = await fetch(`${url}/api/v1/vat?amount=1`, { headers: { "x-api-key": key } });
      await res.body?.cancel();
      return res.status;
    },
    async close() {
      await server.stop("SIGKILL").catch(() => {});
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** What following a link gave: the page it opened, and the page its form answered. */
export interface Followed {
  /** The status of the page the link opened. */
  opened: number;
  /** The status of the form's answer (0 when the page had no form). */
  status: number;
  /** The text of the last page. */
  text: string;
}

/**
 * Runs `run` with a mail server (see {@linkcode mailServer}), closed afterwards whatever happens.
 *
 * @param run The test.
 * @param env Extra environment.
 */
export async function withMailServer(
  run: (s: MailServer) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const s = await mailServer(env);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

/**
 * Follows the link in a mail as a person does: opens it, then submits the form the page shows,
 * typing `password` into every password field it has (and no other value), from the browser
 * whose session cookie is `cookie`, if any.
 *
 * @param url The server's URL (the link's base, `LINK_BASE`, is replaced by it).
 * @param mail The mail.
 * @param fill What the person types and which session the browser holds.
 * @returns The statuses and the last page.
 */
export async function followLink(
  url: string,
  mail: ReceivedMail,
  fill: { password?: string; cookie?: string } = {},
): Promise<Followed> {
  const link = /https?:\/\/\S+?\?token=[0-9A-Za-z]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the mail "${mail.subject}"`);
  const local = url + new URL(link).pathname + new URL(link).search;
  const cookie = fill.cookie ? { Cookie: fill.cookie } : {};
  const page = await fetch(local, { headers: cookie });
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (page.status !== 200 || !form) return { opened: page.status, status: 0, text: html };
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/g)) {
    const tag = input[0];
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    if (!name) continue;
    if (/type="password"/.test(tag)) fields.set(name, fill.password ?? "");
    else if (/type="hidden"/.test(tag)) fields.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? "");
  }
  const answer = await fetch(url + form[1]!, {
    method: "POST",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded", ...cookie },
    body: fields,
    redirect: "manual",
  });
  return { opened: page.status, status: answer.status, text: await answer.text() };
}

/**
 * Waits a moment and returns the mails to an address after the first `since` (for counting mails
 * that must not come: mail is sent in the background).
 *
 * @param smtp The SMTP server.
 * @param to The address.
 * @param since How many mails came before.
 * @param ms How long to wait for stragglers.
 * @returns The mails.
 */
export async function mailsAfter(
  smtp: TestSmtp,
  to: string,
  since: number,
  ms = 1_500,
): Promise<ReceivedMail[]> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return smtp.mail.slice(since).filter((m) => m.to === to);
}
