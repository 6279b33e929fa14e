/**
 * The developer dashboard at `/developers`: sign up, log in, create a key (shown once), see
 * today's usage, revoke. Server-rendered HTML forms; no JavaScript needed.
 *
 * @module
 */
import type { Hono } from "hono";
import { ApiError, isApiError } from "../../core/errors.ts";
import type { KeyInfo } from "../../core/ops/accounts.ts";
import {
  type Account,
  MAX_ACTIVE_KEYS,
  type OpenLink,
  type Redeemed,
  UNNAMED_KEY,
} from "../accounts/store.ts";
import { type LinkKind, LINKS } from "../accounts/lifecycle.ts";
import {
  type AccountDeps,
  checkOrigin,
  clearSessionCookie,
  countAuthAttempt,
  currentAccount,
  keyInfo,
  openSession,
  sessionToken,
} from "../accounts/web.ts";
import { BODY_LIMITS, readForm } from "../http/body.ts";
import { requestReset, resendVerification, signUpByMail } from "../accounts/recovery.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { translate } from "../../core/i18n.ts";
import { html, layout, markup, type SafeHtml } from "./html.ts";
import { pageContext, t } from "./lang.ts";

interface View {
  account: Account | null;
  keys: KeyInfo[];
  /** A key just created: the only time it is shown. */
  newKey?: { key: string; name: string };
  error?: string;
  notice?: SafeHtml;
  email?: string;
  baseUrl: string;
}

const when = (iso: string | null) =>
  iso ? iso.slice(0, 16).replace("T", " ") + " UTC" : t("page.dev.never");

/** A key's name as the page shows it: the default name in the page's language. */
const keyName = (name: string) => (name === UNNAMED_KEY ? t("page.dev.unnamed") : name);

/**
 * An error of an account action in the page's language, from its English template in the
 * catalogue (`page.dev.error.*`); the JSON API keeps the English message.
 *
 * @param message The error's English message.
 * @returns It in the page's language.
 */
export const pageError = (message: string): string => {
  const lang = pageContext().lang;
  const own = translate(lang, message, "page.dev.error.");
  return own === message ? translate(lang, message, "account.error.") : own;
};

function signedOutBody(view: View): SafeHtml {
  return html`
    <section class="card">
      <h2>${t("page.dev.signup.heading")}</h2>
      <form method="post" action="/developers/signup">
        <label>${t(
          "page.dev.email",
        )} <input type="email" name="email" required maxlength="254" autocomplete="email" value="${view
          .email ?? ""}"></label>
        <label>${t(
          "page.dev.password_rule",
        )} <input type="password" name="password" required minlength="8" maxlength="256" autocomplete="new-password"></label>
        <button type="submit">${t("page.dev.signup.submit")}</button>
      </form>
    </section>
    <section class="card">
      <h2>${t("page.dev.login.heading")}</h2>
      <form method="post" action="/developers/login">
        <label>${t(
          "page.dev.email",
        )} <input type="email" name="email" required maxlength="254" autocomplete="username" value="${view
          .email ?? ""}"></label>
        <label>${t(
          "page.dev.password",
        )} <input type="password" name="password" required maxlength="256" autocomplete="current-password"></label>
        <button type="submit">${t("page.dev.login.submit")}</button>
      </form>
      <p><a href="${localHref("/developers/reset")}">${t("account.forgot")}</a></p>
    </section>
  `;
}

/** A path in the page's language (`/si/...`, `/ta/...`). */
function localHref(path: string): string {
  const lang = pageContext().lang;
  return lang === "en" ? path : `/${lang}${path}`;
}

function keyRow(key: KeyInfo): SafeHtml {
  return html`
    <tr>
      <td data-label="${t("page.dev.keys.key")}">${key.client === undefined
        ? html`<code>${key.prefix}…</code>`
        : t("page.dev.keys.oauth")}</td>
      <td data-label="${t("page.dev.keys.name")}">${keyName(key.name)}</td>
      <td data-label="${t("page.dev.keys.created")}">${when(key.createdAt)}</td>
      <td data-label="${t("page.dev.keys.last_used")}">${when(key.lastUsedAt)}</td>
      <td data-label="${t("page.dev.keys.calls_today")}">${key.callsToday} / ${key.dailyLimit}</td>
      <td class="action">${key.active
        ? html`
          <form method="post"
            action="/developers/keys/${key.id}/revoke"><button type="submit">${t(
              "page.dev.keys.revoke",
            )}</button></form>
        `
        : t("page.dev.keys.revoked", { when: when(key.revokedAt) })}</td>
    </tr>
  `;
}

function signedInBody(view: View, account: Account): SafeHtml {
  const active = view.keys.filter((key) => key.active).length;
  return html`
    <p>${markup("page.dev.signed_in", { email: html`<strong>${account.email}</strong>` })}</p>
    ${account.verifiedAt ? "" : html`
      <section class="card" id="unverified">
        <p>${t("account.unverified")}</p>
        <form method="post"
          action="/developers/verify/resend"><button type="submit">${t(
            "account.resend",
          )}</button></form>
      </section>
    `}
    <form method="post" action="/developers/logout"><button type="submit">${t(
      "page.dev.logout",
    )}</button></form>
    ${view.newKey
      ? html`
        <section class="card" id="new-key">
          <h2>${markup("page.dev.new_key.heading", {
            name: keyName(view.newKey.name),
          })}</h2>
          <p>${t("page.dev.new_key.copy")}</p>
          <p><input type="text" readonly size="40" aria-label="${t(
            "page.dev.new_key.label",
          )}" value="${view.newKey.key}"></p>
          <pre><code>curl -H 'x-api-key: ${view.newKey.key}' '${view
            .baseUrl}/api/v1/vat?amount=1000'</code></pre>
        </section>
      `
      : ""}
    <section class="card">
      <h2>${t("page.dev.keys.heading")}</h2>
      <p>${t("page.dev.keys.count", { active, max: MAX_ACTIVE_KEYS })}</p>
      ${view.keys.length
        ? html`
          <table class="keys">
            <thead>
              <tr>
                <th>${t("page.dev.keys.key")}</th>
                <th>${t("page.dev.keys.name")}</th>
                <th>${t("page.dev.keys.created")}</th>
                <th>${t("page.dev.keys.last_used")}</th>
                <th>${t("page.dev.keys.calls_today")}</th>
                <th></th>
              </tr>
            </thead>
            <tbody>${view.keys.map(keyRow)}</tbody>
          </table>
        `
        : html`<p>${t("page.dev.keys.none")}</p>`}
      ${active < MAX_ACTIVE_KEYS
        ? html`
          <form method="post" action="/developers/keys">
            <label>${t(
              "page.dev.keys.name",
            )} <input type="text" name="name" maxlength="60" placeholder="${t(
              "page.dev.keys.placeholder",
            )}"></label>
            <button type="submit">${t("page.dev.keys.create")}</button>
          </form>
        `
        : ""}
    </section>
  `;
}

type PageStatus = 200 | 400 | 401 | 403 | 404 | 409 | 429 | 503;

function page(c: AppContext, view: View, status: PageStatus = 200) {
  const body = html`
    <h1>${t("page.dev.title")}</h1>
    <p>${t("page.dev.intro")}
    ${markup("page.dev.send_key", {
      bearer: html`<code>Authorization: Bearer &lt;key&gt;</code>`,
      header: html`<code>x-api-key: &lt;key&gt;</code>`,
    })}</p>
    ${view.error ? html`<p class="error" role="alert">${view.error}</p>` : ""}
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ""}
    ${view.account ? signedInBody(view, view.account) : signedOutBody(view)}
  `;
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "same-origin");
  return c.html(
    layout({ title: t("page.dev.title"), description: t("page.dev.description"), body }),
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

  const requireAccount = async (c: AppContext) => {
    const account = await currentAccount(c, accounts);
    if (!account) throw new ApiError(401, "unauthorized", "Your session has ended: log in again");
    return account;
  };

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
      // Bounded before it is read (BODY_LIMITS.form): a form past it is a 413.
      const form = await readForm(c.req.raw, BODY_LIMITS.form);
      email = form.email;
      return await run(c, form);
    } catch (error) {
      // A body over its limit or past its deadline is answered by the pipeline: a 413 or 408
      // in the error envelope.
      if (!isApiError(error) || error.status === 413 || error.status === 408) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      const status = ([400, 401, 403, 404, 409, 429, 503] as const).find((s) =>
        s === error.status
      ) ?? 400;
      return page(
        c,
        await view(c, { error: pageError(error.message), ...(email ? { email } : {}) }),
        status,
      );
    }
  };

  app.get("/developers", async (c) => {
    const sent = c.req.query("signup") === "sent";
    return page(c, await view(c, sent ? { notice: html`${t("account.signup.sent")}` } : {}));
  });

  app.post(
    "/developers/signup",
    action(async (c, form) => {
      const lang = pageContext().lang;
      await signUpByMail(c, deps, logger, form.email ?? "", form.password ?? "", lang);
      // Post/redirect/get: reloading the page does not sign up (and mail) again.
      return c.redirect("/developers?signup=sent", 303);
    }),
  );

  app.post(
    "/developers/login",
    action(async (c, form) => {
      await openSession(c, deps, logger, form.email ?? "", form.password ?? "");
      return c.redirect("/developers", 303);
    }),
  );

  app.post(
    "/developers/verify/resend",
    action(async (c) => {
      const account = await requireAccount(c);
      resendVerification(c, deps, logger, account, pageContext().lang);
      const notice = html`${t("account.resent", { email: account.email })}`;
      return page(c, await view(c, { notice }));
    }),
  );

  mountLinkPages(app, deps, logger, action);

  app.post(
    "/developers/logout",
    action(async (c) => {
      const token = sessionToken(c);
      if (token) await accounts.endSession(token);
      clearSessionCookie(c, config);
      return c.redirect("/developers", 303);
    }),
  );

  app.post(
    "/developers/keys",
    action(async (c, form) => {
      const account = await requireAccount(c);
      const created = await accounts.createKey(account.id, form.name ?? "", {
        epoch: account.sessionEpoch ?? 0,
      });
      logger.log("info", "Key created", { accountId: account.id, keyId: created.record.id });
      const newKey = { key: created.key, name: created.record.name };
      return page(c, await view(c, { newKey }));
    }),
  );

  app.post(
    "/developers/keys/:id/revoke",
    action(async (c) => {
      const account = await requireAccount(c);
      const id = c.req.param("id") ?? "";
      // Key ids are `key_` and 16 characters; the API's own parameter allows 64 (a KV key cannot
      // pass 2 KiB): a longer one is no key of this account.
      if (id.length > 64) throw ApiError.notFound("No key with this id in this account");
      const revoked = await accounts.revokeKey(id, account.id);
      logger.log("info", "Key revoked", { accountId: account.id, keyId: revoked.id });
      const notice = markup("page.dev.revoked", { prefix: html`<code>${revoked.prefix}…</code>` });
      return page(c, await view(c, { notice }));
    }),
  );
}

/** A form action as {@linkcode mountDevelopers} runs it (Origin check, body, errors as a page). */
type Action = (
  run: (c: AppContext, form: Record<string, string>) => Promise<Response>,
) => (c: AppContext) => Promise<Response>;

/**
 * A page for people reached from a mailed link: never cached, never framed, and its URL (which
 * carries the token) never sent as a Referer to another site. (`no-referrer` would make browsers
 * send `Origin: null` on the page's own form, which the Origin check refuses.)
 */
function linkPage(
  c: AppContext,
  title: string,
  body: SafeHtml,
  status: PageStatus = 200,
): Response {
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "same-origin");
  return c.html(
    layout({ title, description: t("page.dev.description"), body: html`<h1>${title}</h1>${body}` }),
    status,
  );
}

function resetRequestForm(error?: string): SafeHtml {
  return html`
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    <p>${t("account.reset.intro")}</p>
    <form method="post" action="/developers/reset">
      <label>${t(
        "page.dev.email",
      )} <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
      <button type="submit">${t("account.reset.submit")}</button>
    </form>
  `;
}

/** The form of a link that sets a new password (`reset`, `takeover`), with what it does. */
function newPasswordForm(link: OpenLink, tokenValue: string, error?: string): SafeHtml {
  const page = LINKS[link.token.purpose].page;
  const submit = page === "takeover" ? "account.takeover.submit" : "account.reset.new_submit";
  return html`
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    <p>${t(link.transition.explains, { email: link.account.email })}</p>
    <form method="post" action="/developers/${page}">
      <input type="hidden" name="token" value="${tokenValue}">
      <label>${t(
        "page.dev.password_rule",
      )} <input type="password" name="password" required minlength="8" maxlength="256" autocomplete="new-password"></label>
      <button type="submit">${t(submit)}</button>
    </form>
  `;
}

/**
 * The form of a verification link: the address is confirmed by whoever knows the account's
 * password, so the page asks for it, unless the browser is signed in to the account already.
 */
function verifyForm(
  link: OpenLink,
  tokenValue: string,
  signedIn: boolean,
  error?: string,
): SafeHtml {
  return html`
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    <p>${t(signedIn ? "account.verify.intro_session" : link.transition.explains, {
      email: link.account.email,
    })}</p>
    <form method="post" action="/developers/verify">
      <input type="hidden" name="token" value="${tokenValue}">
      ${signedIn ? "" : html`<label>${
        t(
          "account.verify.password",
        )
      } <input type="password" name="password" required maxlength="256" autocomplete="current-password"></label>`}
      <button type="submit">${t("account.verify.submit")}</button>
    </form>
    <p><a href="${localHref("/developers/reset")}">${t("account.verify.not_you")}</a></p>
  `;
}

/** Whether the browser's session is of the link's account, under its present password. */
function sessionOf(link: OpenLink, session: Account | null): boolean {
  return session !== null && session.id === link.account.id &&
    (session.sessionEpoch ?? 0) === (link.account.sessionEpoch ?? 0);
}

/**
 * The pages mailed links open, each doing what the table of `accounts/lifecycle.ts` allows the
 * link in the address's present state: `/developers/verify?token=` (confirm the address, with
 * the account's password or its session), `/developers/takeover?token=` and
 * `/developers/reset?token=` (choose a new password); `/developers/reset` without a token asks
 * for a reset link. A GET never uses a link up (mail scanners follow links): the form's POST
 * does. A link that does not work in the present state is a 404 with the form to ask for a new
 * one.
 */
function mountLinkPages(
  app: Hono<AppEnv>,
  deps: AccountDeps,
  logger: Logger,
  action: Action,
): void {
  const { accounts } = deps;
  const invalid = () =>
    html`<p class="error" role="alert">${t("account.link.invalid")}</p>${resetRequestForm()}`;
  const titles: Record<LinkKind, string> = {
    verify: "account.verify.title",
    takeover: "account.takeover.title",
    reset: "account.reset.new_heading",
  };
  const done = (redeemed: Redeemed): SafeHtml => {
    const key = redeemed.purpose === "verify"
      ? "account.verify.done"
      : redeemed.purpose === "takeover"
      ? "account.takeover.done"
      : "account.reset.done";
    // After a new password every session has ended: the way on is to log in.
    const next = redeemed.transition.endsSessions ? "page.dev.login.heading" : "page.dev.title";
    return html`
      <p class="notice" role="status">${t(key, { email: redeemed.account.email })}</p>
      <p><a href="${localHref("/developers")}">${t(next)}</a></p>
    `;
  };

  app.get("/developers/reset", async (c) => {
    const token = c.req.query("token");
    if (token === undefined) return linkPage(c, t("account.reset.title"), resetRequestForm());
    const link = await accounts.peekToken(token, ["reset"]);
    if (!link) return linkPage(c, t("account.reset.title"), invalid(), 404);
    return linkPage(c, t(titles.reset), newPasswordForm(link, token));
  });

  app.get("/developers/takeover", async (c) => {
    const token = c.req.query("token") ?? "";
    const link = await accounts.peekToken(token, ["takeover"]);
    if (!link) return linkPage(c, t(titles.takeover), invalid(), 404);
    return linkPage(c, t(titles.takeover), newPasswordForm(link, token));
  });

  /** The POST of a form that sets a new password, for one kind of link. */
  const setPassword = async (
    c: AppContext,
    form: Record<string, string>,
    kind: "reset" | "takeover",
  ): Promise<Response> => {
    const token = form.token ?? "";
    let redeemed;
    try {
      redeemed = await accounts.redeemToken(token, [kind], { password: form.password ?? "" });
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) throw error;
      const link = await accounts.peekToken(token, [kind]);
      if (!link) return linkPage(c, t(titles[kind]), invalid(), 404);
      return linkPage(
        c,
        t(titles[kind]),
        newPasswordForm(link, token, pageError(error.message)),
        400,
      );
    }
    if (!redeemed) return linkPage(c, t(titles[kind]), invalid(), 404);
    logger.log("info", "Password set from a link", {
      accountId: redeemed.account.id,
      link: kind,
      keysRevoked: redeemed.keysRevoked,
    });
    clearSessionCookie(c, deps.config);
    return linkPage(c, t(titles[kind]), done(redeemed));
  };

  app.post(
    "/developers/reset",
    action(async (c, form) => {
      if (form.token !== undefined) return await setPassword(c, form, "reset");
      await requestReset(c, deps, logger, form.email ?? "", pageContext().lang);
      return linkPage(
        c,
        t("account.reset.title"),
        html`<p class="notice" role="status">${t("account.reset.sent")}</p>`,
      );
    }),
  );
  app.post("/developers/takeover", action((c, form) => setPassword(c, form, "takeover")));

  app.get("/developers/verify", async (c) => {
    const token = c.req.query("token") ?? "";
    const title = t(titles.verify);
    const link = await accounts.peekToken(token, ["verify"]);
    if (!link) return linkPage(c, title, invalid(), 404);
    const session = await currentAccount(c, accounts);
    return linkPage(c, title, verifyForm(link, token, sessionOf(link, session)));
  });

  app.post(
    "/developers/verify",
    action(async (c, form) => {
      const title = t(titles.verify);
      const token = form.token ?? "";
      const session = await currentAccount(c, accounts);
      // A password typed here is a log-in attempt: it counts against the same allowance.
      if (form.password !== undefined) await countAuthAttempt(c, deps);
      let redeemed;
      try {
        redeemed = await accounts.redeemToken(token, ["verify"], {
          ...(form.password !== undefined ? { password: form.password } : {}),
          session,
        });
      } catch (error) {
        if (!isApiError(error) || error.status !== 401) throw error;
        const link = await accounts.peekToken(token, ["verify"]);
        if (!link) return linkPage(c, title, invalid(), 404);
        const again = verifyForm(link, token, sessionOf(link, session), pageError(error.message));
        return linkPage(c, title, again, 401);
      }
      if (!redeemed) return linkPage(c, title, invalid(), 404);
      logger.log("info", "Email verified", { accountId: redeemed.account.id });
      return linkPage(c, title, done(redeemed));
    }),
  );
}
