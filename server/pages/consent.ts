/**
 * The consent page, the authorization endpoint of the MCP server's OAuth (part of the developer
 * dashboard): `GET /developers/authorize?…` shows a signed-out person a log-in form, and a
 * signed-in one which client asks, what approving gives it, and where the browser goes next;
 * the form's answer (`POST` to the same URL) approves or denies.
 *
 * What keeps it safe:
 *
 * - a problem with the client or its redirect URI is shown here, never redirected (RFC 6749
 *   4.1.2.1); every other problem goes back to the client with `error`, `state` and `iss`;
 * - the form's post must come from this site (the dashboard's Origin check) and carry a
 *   single-use ticket issued to this session for this very request (`OAuthStore.openConsent`),
 *   so no other site can answer for the person;
 * - the page cannot be framed (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), is never
 *   cached, and its policy lets its form lead only here and to the client's redirect URI.
 *
 * @module
 */
import type { Hono } from "hono";
import { isApiError } from "../../core/errors.ts";
import { type Account, MAX_ACTIVE_KEYS } from "../accounts/store.ts";
import { type AccountDeps, checkOrigin, currentAccount, openSession } from "../accounts/web.ts";
import { BODY_LIMITS, readForm } from "../http/body.ts";
import { PAGE_CSP } from "../http/security.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { AUTHORIZE_PATH } from "../oauth/metadata.ts";
import {
  answerUrl,
  type AuthorizationRequest,
  checkAuthorization,
  type CheckedAuthorization,
} from "../oauth/requests.ts";
import type { OAuthStore } from "../oauth/store.ts";
import { pageError } from "./developers.ts";
import { html, layout, markup, type SafeHtml } from "./html.ts";
import { localPath, pageContext, t } from "./lang.ts";

type Status = 200 | 400 | 401 | 403 | 409 | 429;

/**
 * The page's policy: the pages' own, with the client's redirect URI's origin added to
 * `form-action`, since browsers hold a form's redirect to that directive too.
 *
 * @param redirectUri Where the answer goes.
 * @returns The policy.
 */
export function consentPolicy(redirectUri: string): string {
  const origin = new URL(redirectUri).origin;
  return PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${origin}`);
}

/** The client's name as the page says it. */
const clientName = (request: AuthorizationRequest) =>
  request.client.name === null ? t("oauth.unnamed") : `“${request.client.name}”`;

/** This request's URL again, for the form's action (the page's language is added to it). */
function selfUrl(c: AppContext): string {
  return `${AUTHORIZE_PATH}${new URL(c.req.url).search}`;
}

function render(
  c: AppContext,
  body: SafeHtml,
  status: Status,
  redirectUri?: string,
): Response {
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  // The URL holds the request: it goes to no other site (and the form's own post keeps its Origin).
  c.header("Referrer-Policy", "same-origin");
  if (redirectUri) c.header("Content-Security-Policy", consentPolicy(redirectUri));
  const title = t("oauth.title");
  return c.html(
    layout({
      title,
      description: t("page.dev.description"),
      body: html`<h1>${title}</h1>${body}`,
    }),
    status,
  );
}

function problem(c: AppContext, key: string, status: Status, vars = {}): Response {
  return render(
    c,
    html`
      <p class="error" role="alert">${t(key, vars)}</p>
      <p><a href="${localPath(pageContext().lang, "/developers")}">${t("page.dev.title")}</a></p>
    `,
    status,
  );
}

function logInView(c: AppContext, request: AuthorizationRequest, error?: string): SafeHtml {
  return html`
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    <p>${markup("oauth.login.intro", { client: html`<strong>${clientName(request)}</strong>` })}</p>
    <form method="post" action="${selfUrl(c)}">
      <input type="hidden" name="intent" value="login">
      <label>${t(
        "page.dev.email",
      )} <input type="email" name="email" required maxlength="254" autocomplete="username"></label>
      <label>${t(
        "page.dev.password",
      )} <input type="password" name="password" required maxlength="256" autocomplete="current-password"></label>
      <button type="submit">${t("page.dev.login.submit")}</button>
    </form>
    <p>${markup("oauth.login.no_account", {
      link: html`<a href="/developers" target="_blank" rel="noopener">${
        t(
          "page.dev.signup.heading",
        )
      }</a>`,
    })}</p>
  `;
}

function consentView(
  c: AppContext,
  request: AuthorizationRequest,
  email: string,
  ticket: string,
  limit: number,
): SafeHtml {
  const host = new URL(request.redirectUri).host;
  return html`
    <p>${markup("page.dev.signed_in", { email: html`<strong>${email}</strong>` })}</p>
    <section class="card" id="consent">
      <h2>${markup("oauth.consent.heading", { client: clientName(request) })}</h2>
      <ul>
        <li>${t("oauth.consent.tools")}</li>
        <li>${t("oauth.consent.quota", { limit: limit.toLocaleString("en") })}</li>
        <li>${t("oauth.consent.key")}</li>
        <li>${markup("oauth.consent.redirect", { host: html`<strong>${host}</strong>` })}</li>
      </ul>
      <p>${t("oauth.consent.only_yours")}</p>
      <form method="post" action="${selfUrl(c)}">
        <input type="hidden" name="ticket" value="${ticket}">
        <div class="inline">
          <button type="submit" name="intent" value="approve">${t("oauth.consent.approve")}</button>
          <button type="submit" name="intent" value="deny" class="secondary">${t(
            "oauth.consent.deny",
          )}</button>
        </div>
      </form>
    </section>
  `;
}

/**
 * Mounts the consent page.
 *
 * @param app The app.
 * @param deps The account routes' dependencies.
 * @param oauth The authorization server's records.
 * @param logger For the account events (ids only).
 */
export function mountConsent(
  app: Hono<AppEnv>,
  deps: AccountDeps,
  oauth: OAuthStore,
  logger: Logger,
): void {
  const { accounts, config } = deps;
  const issuer = config.publicBaseUrl;

  /** The answer to a request that cannot be shown: its problem here, or back to the client. */
  const refusal = (
    c: AppContext,
    checked: Exclude<CheckedAuthorization, { ok: true }>,
    status: 302 | 303,
  ) =>
    "redirect" in checked
      ? c.redirect(checked.redirect, status)
      : problem(c, `oauth.error.${checked.show}`, 400);

  /** Whether the account may take one more key (an earlier key of the same client is replaced). */
  const roomForKey = async (accountId: string, clientId: string) => {
    const active = (await accounts.listKeys(accountId)).filter((key) => key.revokedAt === null);
    return active.length < MAX_ACTIVE_KEYS || active.some((key) => key.client?.id === clientId);
  };

  /** The consent form for a signed-in account, or why it cannot be given. */
  const consent = async (c: AppContext, request: AuthorizationRequest, account: Account) => {
    if (!(await roomForKey(account.id, request.client.id))) {
      return problem(c, "oauth.error.keys", 409, { max: MAX_ACTIVE_KEYS });
    }
    const ticket = await oauth.openConsent(account.id, request.digest);
    const view = consentView(c, request, account.email, ticket, config.keyDailyLimit);
    return render(c, view, 200, request.redirectUri);
  };

  app.get(AUTHORIZE_PATH, async (c) => {
    const query = new URL(c.req.url).searchParams;
    const checked = await checkAuthorization(query, oauth, issuer);
    if (!checked.ok) return refusal(c, checked, 302);
    const account = await currentAccount(c, accounts);
    if (!account) return render(c, logInView(c, checked.request), 200);
    return await consent(c, checked.request, account);
  });

  app.post(AUTHORIZE_PATH, async (c) => {
    const query = new URL(c.req.url).searchParams;
    let checked: CheckedAuthorization;
    let form: Record<string, string>;
    try {
      checkOrigin(c, config, true);
      form = await readForm(c.req.raw, BODY_LIMITS.form);
      checked = await checkAuthorization(query, oauth, issuer);
    } catch (error) {
      if (!isApiError(error) || error.status !== 403) throw error;
      return problem(c, "page.dev.error.origin", 403);
    }
    if (!checked.ok) return refusal(c, checked, 303);
    const request = checked.request;
    if (form.intent === "login") {
      try {
        await openSession(c, deps, logger, form.email ?? "", form.password ?? "");
      } catch (error) {
        if (!isApiError(error) || (error.status !== 401 && error.status !== 429)) throw error;
        for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
        return render(c, logInView(c, request, pageError(error.message)), error.status);
      }
      // Post/redirect/get: the consent page, now signed in (in the page's language: the
      // language middleware prefixes the path).
      return c.redirect(selfUrl(c), 303);
    }
    const account = await currentAccount(c, accounts);
    if (!account) {
      return render(c, logInView(c, request, t("page.dev.error.session")), 401);
    }
    const answered = form.intent === "approve" || form.intent === "deny";
    if (!answered || !(await oauth.takeConsent(form.ticket ?? "", account.id, request.digest))) {
      return problem(c, "oauth.error.consent", 400);
    }
    if (form.intent === "deny") {
      logger.log("info", "MCP client denied", {
        accountId: account.id,
        clientId: request.client.id,
      });
      const denied = { error: "access_denied", error_description: "The person denied the request" };
      return c.redirect(answerUrl(request.redirectUri, denied, request.state, issuer), 303);
    }
    const code = await oauth.issueCode(
      request.client,
      request.redirectUri,
      request.challenge,
      account,
    );
    logger.log("info", "MCP client approved", {
      accountId: account.id,
      clientId: request.client.id,
    });
    return c.redirect(answerUrl(request.redirectUri, { code }, request.state, issuer), 303);
  });
}
