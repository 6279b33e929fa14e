/**
 * The life of an account's address, in one table: the states an address goes through, the mail
 * each request sends in each state, and what each mailed link may do in each state (what a
 * person must give beside it, what it changes, what it revokes). The store (`store.ts`) follows a
 * link by this table, the flows (`recovery.ts`) choose a mail by it, and the mailer (`mail.ts`)
 * writes the mail it names; `tests/server/lifecycle_test.ts` tries every state against every
 * link.
 *
 * | state          | meaning                                                                         |
 * | -------------- | ------------------------------------------------------------------------------- |
 * | `unconfirmed`  | someone signed up with the address and chose the password; nobody proved it yet |
 * | `passwordless` | an operator made the account (`deno task admin`): no password, no log-in        |
 * | `confirmed`    | the address's owner proved it, knowing the account's password at that moment    |
 *
 * | link \ state | `unconfirmed`                                           | `passwordless`      | `confirmed`                        |
 * | ------------ | ------------------------------------------------------- | ------------------- | ---------------------------------- |
 * | `verify`     | with the account's password: confirmed                  | (none)              | (none)                             |
 * | `takeover`   | with a new password: confirmed, sessions end, keys made before the proof revoked | the same | (none)                  |
 * | `reset`      | the same as `takeover`                                  | the same            | new password, sessions end         |
 *
 * Whatever a link does, it changes the account's version, and a link works only while the
 * account's version is the one it was issued under: once an address is confirmed or a password
 * changes, every other link of the account is dead. A sign-up never hands its password to a link:
 * a password comes from the page the link opens.
 *
 * "Keys made before the proof" are the keys made under a password the address's owner never
 * proved (the sign-up's, when the address was not confirmed with it): a squatter's keys. Keys an
 * operator made, and keys made under a proven password, stay. An MCP client authorized with OAuth
 * holds such a key too (made under the password version of the session that approved it,
 * `server/oauth/store.ts`), so its tokens end with it.
 *
 * @module
 */

/** The state of an account's address. */
export type AddressState = "unconfirmed" | "passwordless" | "confirmed";

/** Every state, in the table's order. */
export const ADDRESS_STATES: readonly AddressState[] = ["unconfirmed", "passwordless", "confirmed"];

/** What a mailed link is for. */
export type LinkKind = "verify" | "takeover" | "reset";

/** Every kind of link, in the table's order. */
export const LINK_KINDS: readonly LinkKind[] = ["verify", "takeover", "reset"];

/** How a kind of link is mailed and opened. */
export interface LinkRule {
  /** The page it opens: `/developers/<page>?token=…`. */
  readonly page: LinkKind;
  /** How long it works after it is mailed, in milliseconds. */
  readonly ttlMs: number;
}

/** How long each link works, and the page it opens. */
export const LINKS: Readonly<Record<LinkKind, LinkRule>> = {
  verify: { page: "verify", ttlMs: 24 * 3_600_000 },
  takeover: { page: "takeover", ttlMs: 3_600_000 },
  reset: { page: "reset", ttlMs: 3_600_000 },
};

/** What following a link does to the account. */
export interface Transition {
  /**
   * What the person gives beside the link: the account's current password (or a session of
   * the account, opened with that password), or a new password chosen on the page.
   */
  readonly proof: "currentPassword" | "newPassword";
  /** The state after. */
  readonly to: AddressState;
  /** Whether the password becomes the one chosen on the page. */
  readonly setsPassword: boolean;
  /** Whether every session of the account ends. */
  readonly endsSessions: boolean;
  /** Which keys are revoked: none, or those made before the owner's proof. */
  readonly revokesKeys: "none" | "unproven";
  /** The catalogue key of the sentence the page says, before, about what following it does. */
  readonly explains: string;
}

const VERIFY: Transition = {
  proof: "currentPassword",
  to: "confirmed",
  setsPassword: false,
  endsSessions: false,
  revokesKeys: "none",
  explains: "account.verify.intro",
};

const TAKE_OVER: Transition = {
  proof: "newPassword",
  to: "confirmed",
  setsPassword: true,
  endsSessions: true,
  revokesKeys: "unproven",
  explains: "account.takeover.intro",
};

/**
 * What each link may do in each state. A link absent from a state's row does nothing there (its
 * page says the link does not work).
 */
export const TRANSITIONS: Readonly<
  Record<AddressState, Readonly<Partial<Record<LinkKind, Transition>>>>
> = {
  unconfirmed: {
    verify: VERIFY,
    takeover: TAKE_OVER,
    reset: { ...TAKE_OVER, explains: "account.reset.explain_unconfirmed" },
  },
  passwordless: {
    takeover: TAKE_OVER,
    reset: { ...TAKE_OVER, explains: "account.reset.explain_unconfirmed" },
  },
  confirmed: {
    reset: { ...TAKE_OVER, explains: "account.reset.explain" },
  },
};

/** A mail the account flows send. */
export type MailKind = "verify" | "takeover" | "reset" | "already";

/**
 * Each mail and the link it carries (`already`, the notice to the owner of a confirmed address
 * that someone signed up with it, carries none: only the addresses of the log-in and reset pages).
 * Its subject and text are the catalogue's `account.mail.<kind>.subject` and `.body`.
 */
export const MAILS: Readonly<Record<MailKind, { readonly link: LinkKind | null }>> = {
  verify: { link: "verify" },
  takeover: { link: "takeover" },
  reset: { link: "reset" },
  already: { link: null },
};

/** What someone asks for: a sign-up, a reset link, or the verification link again. */
export type AccountRequest = "signUp" | "reset" | "resend";

/**
 * The mail each request sends in each state (`none`: no account has the address; a sign-up
 * makes one first, unconfirmed), or null for none. The answer to the request is the same in
 * every case, and is given before any of this is done.
 */
export const REQUESTS: Readonly<
  Record<AccountRequest, Readonly<Record<AddressState | "none", MailKind | null>>>
> = {
  signUp: {
    none: "verify",
    unconfirmed: "takeover",
    passwordless: "takeover",
    confirmed: "already",
  },
  reset: { none: null, unconfirmed: "reset", passwordless: "reset", confirmed: "reset" },
  resend: { none: null, unconfirmed: "verify", passwordless: null, confirmed: null },
};

/** What the table needs to know of an account. */
export interface AccountStateFields {
  passwordHash: string | null;
  verifiedAt?: number | null | undefined;
}

/**
 * The state of an account's address.
 *
 * @param account The account.
 * @returns Its state.
 */
export function stateOf(account: AccountStateFields): AddressState {
  if (account.passwordHash === null) return "passwordless";
  return account.verifiedAt ? "confirmed" : "unconfirmed";
}

/**
 * What a link does in a state.
 *
 * @param state The address's state.
 * @param kind The link.
 * @returns The transition, or undefined when the link does nothing in that state.
 */
export function transitionOf(state: AddressState, kind: LinkKind): Transition | undefined {
  return TRANSITIONS[state][kind];
}
