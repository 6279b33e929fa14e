/** Account helpers for tests: sign up, keep the session cookie by hand, create keys. */

/** Anything that answers requests like `testApp().request` or a fetch against a live server. */
export type Requester = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** The site's own origin, as a browser sends it on form posts. */
export const ORIGIN = { Origin: "http://lanka.test" };

/** A form POST as a browser sends it from the site. */
export function form(
  fields: Record<string, string>,
  cookie?: string,
  origin = ORIGIN,
): RequestInit {
  return {
    method: "POST",
    headers: {
      ...origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  };
}

/**
 * Reads the session cookie from a response's `Set-Cookie`.
 *
 * @param res The response.
 * @returns `lanka_session=<token>`, or undefined.
 */
export function sessionCookie(res: Response): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const match = /^(lanka_session=[^;]*)/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/** JSON POST (or other method) init with a cookie. */
export function jsonInit(method: string, body?: unknown, cookie?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (cookie) headers.Cookie = cookie;
  return { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
}

/**
 * Signs up through the JSON API (202: a verification link is mailed), then logs in (keys work
 * before the address is confirmed).
 *
 * @returns The session cookie.
 */
export async function signUp(request: Requester, email: string, password: string): Promise<string> {
  const res = await request("/api/v1/accounts", jsonInit("POST", { email, password }));
  if (res.status !== 202) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return await logIn(request, email, password);
}

/**
 * Logs in through the JSON API.
 *
 * @returns The session cookie.
 */
export async function logIn(request: Requester, email: string, password: string): Promise<string> {
  const res = await request("/api/v1/sessions", jsonInit("POST", { email, password }));
  if (res.status !== 201) throw new Error(`log-in: ${res.status} ${await res.text()}`);
  await res.body?.cancel();
  return sessionCookie(res)!;
}

/**
 * Creates a key through the JSON API.
 *
 * @returns The full key and its id.
 */
export async function createKey(
  request: Requester,
  cookie: string,
  name = "test",
): Promise<{ key: string; id: string }> {
  const res = await request("/api/v1/keys", jsonInit("POST", { name }, cookie));
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${JSON.stringify(body)}`);
  return { key: body.data.key, id: body.data.id };
}

/**
 * The token of the newest link mailed to an address.
 *
 * @param mail Mail sent so far (`testApp().mail`, or parsed from a real SMTP server).
 * @param to The address.
 * @param page `verify`, `takeover` or `reset`.
 * @returns The token.
 */
export function mailedToken(
  mail: readonly { to: string; text: string }[],
  to: string,
  page: "verify" | "takeover" | "reset",
): string {
  for (let i = mail.length - 1; i >= 0; i--) {
    const message = mail[i]!;
    if (message.to !== to) continue;
    const token = new RegExp(`/developers/${page}\\?token=([0-9A-Za-z]{43})`).exec(message.text)
      ?.[1];
    if (token) return token;
  }
  throw new Error(`No ${page} link mailed to ${to}`);
}

/**
 * Confirms an address by following the newest verification link mailed to it (the page's form,
 * which asks for the account's password unless the browser is signed in to the account).
 *
 * @param request The app or server.
 * @param mail Mail sent so far.
 * @param email The address.
 * @param proof The account's session cookie, or `{ password }`.
 * @param origin The `Origin` the form is posted with (a live server's own URL).
 */
export async function verifyEmail(
  request: Requester,
  mail: readonly { to: string; text: string }[],
  email: string,
  proof: string | { password: string },
  origin?: string,
): Promise<void> {
  const token = mailedToken(mail, email, "verify");
  const fields = typeof proof === "string" ? { token } : { token, password: proof.password };
  const cookie = typeof proof === "string" ? proof : undefined;
  const init = origin ? form(fields, cookie, { Origin: origin }) : form(fields, cookie);
  const res = await request("/developers/verify", init);
  const page = await res.text();
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${page}`);
}

/**
 * The mail a server without `SMTP_URL` wrote to its log instead of sending (it needs
 * `LOG_LEVEL=info`), as `{ to, text }` for {@linkcode mailedToken} and {@linkcode verifyEmail}.
 *
 * @param output The server's output so far.
 * @returns The logged mail, oldest first.
 */
export function mailInLog(output: string): { to: string; text: string }[] {
  const mail: { to: string; text: string }[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"Mail not sent')) continue;
    try {
      const entry = JSON.parse(line);
      if (typeof entry.to === "string" && typeof entry.text === "string") {
        mail.push({ to: entry.to, text: entry.text });
      }
    } catch { /* not a whole JSON line */ }
  }
  return mail;
}
