/**
 * The developer dashboard at `/developers`: sign up, log in, create a key (shown once), see
 * today's usage, revoke. Server-rendered HTML forms; no JavaScript needed.
 *
 * @module
 */
import type { Hono } from "hono";
import { ApiError, isApiError } from "../../core/errors.ts";
import type { KeyInfo } from "../../core/ops/accounts.ts";
import { type Account, MAX_ACTIVE_KEYS } from "../accounts/store.ts";
import {
  type AccountDeps,
  checkOrigin,
  clearSessionCookie,
  currentAccount,
  keyInfo,
  openSession,
  sessionToken,
} from "../accounts/web.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { html, layout, type SafeHtml } from "./html.ts";

interface View {
  account: Account | null;
  keys: KeyInfo[];
  /** A key just created: the only time it is shown. */
  newKey?: { key: string; name: string };
  error?: string;
  notice?: string;
  email?: string;
  baseUrl: string;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") + " UTC" : "never");

function signedOutBody(view: View): SafeHtml {
  return html`
    <section class="card">
      <h2>Create a free account</h2>
      <form method="post" action="/developers/signup">
        <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email" value="${view
          .email ?? ""}"></label>
        <label>Password (8 characters or more) <input type="password" name="password" required minlength="8" maxlength="256" autocomplete="new-password"></label>
        <button type="submit">Sign up</button>
      </form>
    </section>
    <section class="card">
      <h2>Log in</h2>
      <form method="post" action="/developers/login">
        <label>Email <input type="email" name="email" required maxlength="254" autocomplete="username" value="${view
          .email ?? ""}"></label>
        <label>Password <input type="password" name="password" required maxlength="256" autocomplete="current-password"></label>
        <button type="submit">Log in</button>
      </form>
    </section>
  `;
}

function keyRow(key: KeyInfo): SafeHtml {
  return html`
    <tr>
      <td><code>${key.prefix}…</code></td>
      <td>${key.name}</td>
      <td>${when(key.createdAt)}</td>
      <td>${when(key.lastUsedAt)}</td>
      <td>${key.callsToday} / ${key.dailyLimit}</td>
      <td>${key.active
        ? html`
          <form method="post"
            action="/developers/keys/${key.id}/revoke"><button type="submit">Revoke</button></form>
        `
        : html`revoked ${when(key.revokedAt)}`}</td>
    </tr>
  `;
}

function signedInBody(view: View, account: Account): SafeHtml {
  const active = view.keys.filter((key) => key.active).length;
  return html`
    <p>Signed in as <strong>${account.email}</strong>.</p>
    <form method="post" action="/developers/logout"><button type="submit">Log out</button></form>
    ${view.newKey
      ? html`
        <section class="card" id="new-key">
          <h2>Your new key "${view.newKey.name}"</h2>
          <p>Copy it now: it is shown only once, and only its hash is stored.</p>
          <p><input type="text" readonly size="40" aria-label="New API key" value="${view.newKey
            .key}"></p>
          <pre><code>curl -H 'x-api-key: ${view.newKey.key}' '${view
            .baseUrl}/api/v1/vat?amount=1000'</code></pre>
        </section>
      `
      : ""}
    <section class="card">
      <h2>API keys</h2>
      <p>${active} of ${MAX_ACTIVE_KEYS} active keys. Usage is counted per UTC day and resets at 00:00 UTC.</p>
      ${view.keys.length
        ? html`
          <table>
            <thead>
              <tr>
                <th>Key</th>
                <th>Name</th>
                <th>Created</th>
                <th>Last used</th>
                <th>Calls today</th>
                <th></th>
              </tr>
            </thead>
            <tbody>${view.keys.map(keyRow)}</tbody>
          </table>
        `
        : html`<p>No keys yet.</p>`}
      ${active < MAX_ACTIVE_KEYS
        ? html`
          <form method="post" action="/developers/keys">
            <label>Name <input type="text" name="name" maxlength="60" placeholder="My app"></label>
            <button type="submit">Create a key</button>
          </form>
        `
        : ""}
    </section>
  `;
}

function page(c: AppContext, view: View, status: 200 | 400 | 401 | 403 | 404 | 409 | 429 = 200) {
  const body = html`
    <h1>Developers</h1>
    <p>Free API keys raise the daily limit from 50 to 1,000 requests and unlock the voice endpoint.
    Send a key as <code>Authorization: Bearer &lt;key&gt;</code> or <code>x-api-key: &lt;key&gt;</code>.</p>
    ${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ""}
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ""}
    ${view.account ? signedInBody(view, view.account) : signedOutBody(view)}
  `;
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "same-origin");
  return c.html(
    layout({ title: "Developers", description: "Free API keys for Lanka API", body }),
    status,
  );
}

/**
 * Mounts the dashboard routes.
 *
 * @param app The app.
 * @param deps Accounts, quota, clock, config.
 * @param logger For account events (ids only).
 */
export function mountDevelopers(app: Hono<AppEnv>, deps: AccountDeps, logger: Logger): void {
  const { accounts, config } = deps;

  const view = async (c: AppContext, extra: Partial<View> = {}): Promise<View> => {
    const account = await currentAccount(c, accounts);
    const keys = account
      ? await Promise.all((await accounts.listKeys(account.id)).map((key) => keyInfo(key, deps)))
      : [];
    return { account, keys, baseUrl: config.publicBaseUrl, ...extra };
  };

  /** Runs a form action; ApiErrors become the page with the message and the error's status. */
  const action = (
    run: (c: AppContext, form: Record<string, string>) => Promise<Response>,
  ) =>
  async (c: AppContext) => {
    let email: string | undefined;
    try {
      checkOrigin(c, config, true);
      const raw = await c.req.parseBody();
      const form: Record<string, string> = {};
      for (const [name, value] of Object.entries(raw)) {
        if (typeof value === "string") form[name] = value;
      }
      email = form.email;
      return await run(c, form);
    } catch (error) {
      if (!isApiError(error)) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      const status = ([400, 401, 403, 404, 409, 429] as const).find((s) => s === error.status) ??
        400;
      return page(c, await view(c, { error: error.message, ...(email ? { email } : {}) }), status);
    }
  };

  app.get("/developers", async (c) => page(c, await view(c)));

  for (const [path, mode] of [["signup", "sign-up"], ["login", "log-in"]] as const) {
    app.post(
      `/developers/${path}`,
      action(async (c, form) => {
        await openSession(c, deps, logger, mode, form.email ?? "", form.password ?? "");
        return c.redirect("/developers", 303);
      }),
    );
  }

  app.post(
    "/developers/logout",
    action(async (c) => {
      const token = sessionToken(c);
      if (token) await accounts.endSession(token);
      clearSessionCookie(c, config);
      return c.redirect("/developers", 303);
    }),
  );

  const requireAccount = async (c: AppContext) => {
    const account = await currentAccount(c, accounts);
    if (!account) throw new ApiError(401, "unauthorized", "Your session has ended: log in again");
    return account;
  };

  app.post(
    "/developers/keys",
    action(async (c, form) => {
      const account = await requireAccount(c);
      const created = await accounts.createKey(account.id, form.name ?? "");
      logger.log("info", "Key created", { accountId: account.id, keyId: created.record.id });
      const newKey = { key: created.key, name: created.record.name };
      return page(c, await view(c, { newKey }));
    }),
  );

  app.post(
    "/developers/keys/:id/revoke",
    action(async (c) => {
      const account = await requireAccount(c);
      const revoked = await accounts.revokeKey(c.req.param("id") ?? "", account.id);
      logger.log("info", "Key revoked", { accountId: account.id, keyId: revoked.id });
      return page(c, await view(c, { notice: `Key ${revoked.prefix}… is revoked.` }));
    }),
  );
}
