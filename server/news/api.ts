/**
 * Handlers of the news operations (`core/ops/news.ts`): the public list and post, and the
 * editors' draft API. Also the feeds, which are not JSON operations.
 *
 * @module
 */
import type { Handler, Hono } from "hono";
import type { z } from "zod";
import { ApiError } from "../../core/errors.ts";
import { parseParams } from "../../core/execute.ts";
import type { AnyOperation } from "../../core/operation.ts";
import { type DraftBody, news, type NewsParams } from "../../core/ops/news.ts";
import { readJsonBody } from "../accounts/api.ts";
import { currentAccount } from "../accounts/web.ts";
import type { Accounts } from "../accounts/store.ts";
import { buildMeta, okResponse } from "../http/envelope.ts";
import { entityTag, ifNoneMatchMatches } from "../http/etag.ts";
import { BODY_LIMITS } from "../http/body.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { renderFeed } from "./feeds.ts";
import { type Actor, draftResult, type NewsStore } from "./store.ts";

/** Largest draft body the API reads (Markdown bodies run to 100,000 characters). */
export const MAX_DRAFT_BYTES: number = BODY_LIMITS.draft;

/** What the news routes need. */
export interface NewsDeps {
  news: NewsStore;
  accounts: Accounts;
  baseUrl: string;
}

/**
 * Reads and checks the list's query parameters: the generic strict parsing, then `slug` alone
 * (it returns one post, so list parameters make no sense with it).
 *
 * @param entries Raw `[name, value]` pairs.
 * @returns The parameters.
 * @throws {ApiError} 400 for anything malformed.
 */
export function readNewsParams(entries: Iterable<readonly [string, string]>): NewsParams {
  const pairs = [...entries];
  const params = parseParams(news, pairs) as NewsParams;
  if (params.slug !== undefined) {
    const others = pairs.map(([name]) => name).filter((name) => name !== "slug");
    if (others.length) {
      throw ApiError.invalidParam(
        others[0]!,
        `Parameter "${others[0]}" cannot be combined with "slug": slug returns one post`,
      );
    }
  }
  return params;
}

/**
 * The public handler: one post for `slug`, else a page of posts.
 *
 * @param deps The store and base URL.
 * @returns The Hono handler.
 */
export function newsHandler(deps: NewsDeps): Handler<AppEnv> {
  return async (c) => {
    const params = readNewsParams(new URL(c.req.url).searchParams);
    await deps.news.refresh();
    const data = params.slug !== undefined
      ? deps.news.published(params.slug)
      : deps.news.list(params);
    return okResponse(c, news, data, deps.baseUrl);
  };
}

/**
 * The editor behind a request: an API key's account or the signed-in session's, which must have
 * the editor role.
 *
 * @param c The context.
 * @param deps Store and accounts.
 * @returns The actor.
 * @throws {ApiError} 401 with neither, 403 for an account that is not an editor.
 */
export async function editorActor(c: AppContext, deps: NewsDeps): Promise<Actor> {
  const caller = c.get("caller");
  let accountId: string | undefined;
  let via: Actor["via"];
  if (caller.tier === "key") {
    accountId = caller.accountId;
    via = "key";
  } else {
    accountId = (await currentAccount(c, deps.accounts))?.id;
    via = "session";
  }
  if (!accountId) {
    throw new ApiError(
      401,
      "unauthorized",
      "Not signed in: send an editor's API key, or log in at /developers first",
    );
  }
  const editor = await deps.news.editor(accountId);
  if (!editor) {
    throw new ApiError(
      403,
      "forbidden",
      "This account is not a news editor: an operator grants the role with `deno task admin editors add`",
    );
  }
  return { accountId, name: editor.name, via };
}

/**
 * Handlers of the draft API, by operation name.
 *
 * @param ops The news operations (from the registry), by name.
 * @param deps Store, accounts, base URL.
 * @param logger For workflow events (ids only).
 * @returns Handlers for `mountOperations`.
 */
export function draftHandlers(
  ops: Record<string, AnyOperation>,
  deps: NewsDeps,
  logger: Logger,
): Record<string, Handler<AppEnv>> {
  const op = (name: string): AnyOperation => {
    const found = ops[name];
    if (!found) throw new TypeError(`No news operation "${name}" in the registry`);
    return found;
  };
  const reply = (c: AppContext, name: string, data: unknown) =>
    c.json(
      { ok: true, data, meta: buildMeta(c, op(name), deps.baseUrl) },
      op(name).status ?? 200,
    );
  const body = (c: AppContext, name: string) =>
    readJsonBody(c, op(name).body as z.ZodType<DraftBody>, MAX_DRAFT_BYTES);
  const log = (event: string, actor: Actor, slug: string) =>
    logger.log("info", event, { accountId: actor.accountId, via: actor.via, slug });
  return {
    createNewsDraft: async (c) => {
      const actor = await editorActor(c, deps);
      const post = await deps.news.createDraft(actor, await body(c, "createNewsDraft"));
      log("News draft created", actor, post.slug);
      return reply(c, "createNewsDraft", draftResult(post));
    },
    updateNewsDraft: async (c) => {
      const actor = await editorActor(c, deps);
      const slug = c.req.param("slug") ?? "";
      const post = await deps.news.updateDraft(actor, slug, await body(c, "updateNewsDraft"));
      log("News draft edited", actor, slug);
      return reply(c, "updateNewsDraft", draftResult(post));
    },
    submitNewsDraft: async (c) => {
      const actor = await editorActor(c, deps);
      const slug = c.req.param("slug") ?? "";
      const post = await deps.news.submit(actor, slug);
      log("News draft submitted", actor, slug);
      return reply(c, "submitNewsDraft", draftResult(post));
    },
  };
}

/** Feed formats by path suffix. */
const FEEDS = {
  "feed.xml": "application/rss+xml; charset=utf-8",
  "feed.atom": "application/atom+xml; charset=utf-8",
  "feed.json": "application/feed+json; charset=utf-8",
} as const;

/**
 * Mounts the feeds: `/api/v1/news/feed.xml` (RSS 2.0), `feed.atom` (Atom 1.0) and `feed.json`
 * (JSON Feed), each with an optional `category`. They carry a strong `ETag`, answer 304 to a
 * matching `If-None-Match`, and do not count against the daily quota (feed readers poll).
 *
 * @param app The app.
 * @param deps Store and base URL.
 */
export function mountFeeds(app: Hono<AppEnv>, deps: NewsDeps): void {
  for (const [file, contentType] of Object.entries(FEEDS)) {
    app.get(`/api/v1/news/${file}`, async (c) => {
      const search = [...new URL(c.req.url).searchParams];
      const unknown = search.find(([name]) => name !== "category");
      if (unknown) {
        throw ApiError.invalidParam(
          unknown[0],
          `Unknown parameter "${unknown[0].slice(0, 40)}": the feed takes only "category"`,
        );
      }
      if (search.length > 1) {
        throw ApiError.invalidParam("category", 'Parameter "category" is given more than once');
      }
      await deps.news.refresh();
      const category = search.length ? deps.news.category(search[0]![1]) : null;
      const tag = await entityTag(`${file}|${category}|${deps.news.version}`, false);
      c.header("ETag", tag);
      c.header("Cache-Control", "public, max-age=300");
      if (ifNoneMatchMatches(c.req.header("If-None-Match") ?? null, tag)) {
        return c.body(null, 304);
      }
      c.header("Content-Type", contentType);
      return c.body(
        renderFeed(file as keyof typeof FEEDS, deps.news.latest(50, category), {
          baseUrl: deps.baseUrl,
          category,
        }),
      );
    });
  }
}
