/**
 * The editors' pages under `/editor`: list, new draft, edit, preview, submit, approve, reject.
 * Server-rendered HTML forms that work without JavaScript, for a signed-in editor's session only
 * (never an API key), with the same Origin check on form posts as `/developers`.
 *
 * @module
 */
import type { Hono } from "hono";
import { ApiError, isApiError } from "../../core/errors.ts";
import {
  type DraftBody,
  independentSources,
  NEWS_LIMITS,
  readingMinutes,
} from "../../core/ops/news.ts";
import { checkOrigin, currentAccount } from "../accounts/web.ts";
import type { Config } from "../config.ts";
import { BODY_LIMITS, readForm } from "../http/body.ts";
import type { AppContext, AppEnv } from "../http/types.ts";
import type { Logger } from "../log.ts";
import { html, layout, raw, type SafeHtml } from "../pages/html.ts";
import type { NewsDeps } from "./api.ts";
import { renderMarkdown } from "./markdown.ts";
import { postBody } from "./pages.ts";
import type { Actor, AuditEntry, NewsStore, StoredPost } from "./store.ts";

/** Largest form body the editor pages read. */

type Status = 200 | 400 | 401 | 403 | 404 | 409 | 413;

const when = (ms: number | null) =>
  ms === null ? "-" : new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
const STATUS_LABEL: Record<StoredPost["status"], string> = {
  draft: "Draft",
  in_review: "In review",
  published: "Published",
  rejected: "Rejected",
};

function send(c: AppContext, title: string, body: SafeHtml, status: Status = 200): Response {
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "same-origin");
  c.header("X-Robots-Tag", "noindex");
  return c.html(layout({ title, body }), status);
}

function message(error?: string, notice?: string): SafeHtml {
  return html`
    ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
    ${notice ? html`<p class="notice" role="status">${notice}</p>` : ""}
  `;
}

function postForm(
  action: string,
  post: Partial<StoredPost>,
  categories: readonly string[],
  isNew: boolean,
): SafeHtml {
  return html`
    <form method="post" action="${action}" class="fields">
      ${isNew
        ? html`<label>Slug (optional: made from the title) <input type="text" name="slug" maxlength="80" pattern="[a-z0-9]+(-[a-z0-9]+)*" value="${
          post
            .slug ?? ""
        }"></label>`
        : ""}
      <label>Title <input type="text" name="title" required maxlength="${NEWS_LIMITS
        .title}" value="${post
        .title ?? ""}"></label>
      <label>Excerpt <textarea name="excerpt" required maxlength="${NEWS_LIMITS
        .excerpt}" rows="3">${post
        .excerpt ?? ""}</textarea></label>
      <label>Category <select name="category" required>
        ${categories.map((c) =>
          html`
            <option value="${c}" ${c === post.category ? raw(" selected") : ""}>${c}</option>
          `
        )}
      </select></label>
      <label>Body (Markdown) <textarea name="body" required maxlength="${NEWS_LIMITS
        .body}" rows="18">${post
        .body ?? ""}</textarea></label>
      <label>Tags (comma-separated) <input type="text" name="tags" value="${(post.tags ?? []).join(
        ", ",
      )}"></label>
      <label>Keywords (comma-separated; add Sinhala and Tamil terms for search) <input type="text" name="keywords" value="${(post
        .keywords ?? []).join(", ")}"></label>
      <label>Sources (one URL per line; at least two distinct sites to submit) <textarea name="sources" rows="4">${(post
        .sources ?? []).join("\n")}</textarea></label>
      <button type="submit">${isNew ? "Create draft" : "Save draft"}</button>
    </form>
  `;
}

function auditList(entries: AuditEntry[]): SafeHtml {
  return html`
    <h2>History</h2>
    <ol>${entries.map((e) =>
      html`<li>${when(e.at)}: ${e.action} by ${e.actor} (${e.via})${
        e.from ? ` ${STATUS_LABEL[e.from]} →` : ""
      } ${STATUS_LABEL[e.to]}${e.note ? html`: “${e.note}”` : ""}</li>`
    )}</ol>
  `;
}

function formToDraft(form: Record<string, string>, isNew: boolean): DraftBody {
  const list = (value: string | undefined, split: RegExp) =>
    (value ?? "").split(split).map((item) => item.trim()).filter(Boolean);
  const body: DraftBody = {
    title: form.title ?? "",
    excerpt: form.excerpt ?? "",
    body: form.body ?? "",
    category: form.category ?? "",
    tags: list(form.tags, /,/),
    keywords: list(form.keywords, /,/),
    sources: list(form.sources, /\s+/),
  };
  if (isNew && form.slug?.trim()) body.slug = form.slug.trim();
  for (const field of ["title", "excerpt", "body"] as const) {
    if ((body[field] ?? "").length > NEWS_LIMITS[field]) {
      throw ApiError.invalidParam(field, `Field "${field}" is too long`);
    }
  }
  for (const field of ["tags", "keywords", "sources"] as const) {
    if ((body[field] ?? []).length > NEWS_LIMITS.items) {
      throw ApiError.invalidParam(field, `Field "${field}" must have at most 20 items`);
    }
  }
  if (body.slug !== undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(body.slug)) {
    throw ApiError.invalidParam(
      "slug",
      'Field "slug" must be lower-case letters, digits and single hyphens',
    );
  }
  return body;
}

/**
 * Mounts the editor pages.
 *
 * @param app The app.
 * @param deps Store, accounts, base URL.
 * @param config For the Origin check.
 * @param logger For workflow events (ids only).
 */
export function mountEditor(
  app: Hono<AppEnv>,
  deps: NewsDeps,
  config: Config,
  logger: Logger,
): void {
  const store: NewsStore = deps.news;

  /** The signed-in editor; throws 401/403 ApiErrors the pages turn into messages. */
  const editor = async (c: AppContext): Promise<Actor> => {
    if (c.get("caller").tier === "key") {
      throw new ApiError(
        403,
        "forbidden",
        "The editor pages need a signed-in editor session: API keys cannot be used here",
      );
    }
    const account = await currentAccount(c, deps.accounts);
    if (!account) throw new ApiError(401, "unauthorized", "Log in at /developers first");
    const role = await store.editor(account.id);
    if (!role) {
      throw new ApiError(
        403,
        "forbidden",
        "This account is not a news editor: an operator grants the role with `deno task admin editors add`",
      );
    }
    return { accountId: account.id, name: role.name, via: "session" };
  };

  const errorPage = (c: AppContext, error: ApiError, extra: SafeHtml = html``) => {
    const status = ([400, 401, 403, 404, 409, 413] as const).find((s) => s === error.status) ??
      400;
    const login = error.status === 401
      ? html`<p><a href="/developers">Log in</a>, then come back to <a href="/editor">/editor</a>.</p>`
      : "";
    return send(
      c,
      "Editor",
      html`<h1>Editor</h1>${
        message(error.message)
      }${login}${extra}<p><a href="/editor">All posts</a></p>`,
      status,
    );
  };

  /** Runs a page; ApiErrors become the error page. */
  const guarded =
    (run: (c: AppContext, actor: Actor) => Promise<Response>) => async (c: AppContext) => {
      try {
        return await run(c, await editor(c));
      } catch (error) {
        if (!isApiError(error)) throw error;
        return errorPage(c, error);
      }
    };

  /** Runs a form action after the Origin check and reading the form. */
  const action = (
    run: (c: AppContext, actor: Actor, form: Record<string, string>) => Promise<Response>,
  ) =>
  async (c: AppContext) => {
    try {
      checkOrigin(c, config, true);
      const actor = await editor(c);
      // Bounded before it is read (BODY_LIMITS.editorForm): a form past it is a 413.
      const form = await readForm(c.req.raw, BODY_LIMITS.editorForm);
      return await run(c, actor, form);
    } catch (error) {
      // A body over its limit or past its deadline is answered by the pipeline: a 413 or 408
      // in the error envelope.
      if (!isApiError(error) || error.status === 413 || error.status === 408) throw error;
      return errorPage(c, error);
    }
  };

  app.get(
    "/editor",
    guarded(async (c, actor) => {
      await store.refresh(true);
      const posts = store.all();
      const section = (title: string, items: StoredPost[], empty: string) =>
        html`
          <h2>${title}</h2>
          ${items.length
            ? html`<ul>${
              items.map((p) =>
                html`<li><a href="/editor/posts/${p.slug}">${p.title}</a> <span class="muted">${p.category} · by ${p.author} · ${
                  when(p.updatedAt)
                }</span></li>`
              )
            }</ul>`
            : html`<p class="muted">${empty}</p>`}
        `;
      const mine = posts.filter((p) =>
        p.authorId === actor.accountId && (p.status === "draft" || p.status === "rejected")
      );
      const review = posts.filter((p) => p.status === "in_review");
      const published = posts.filter((p) => p.status === "published").slice(0, 50);
      const rejected = posts.filter((p) => p.status === "rejected");
      return send(
        c,
        "Editor",
        html`
          <h1>Editor</h1>
          <p>Signed in as editor <strong>${actor
            .name}</strong>. <a href="/editor/new">Write a new draft</a>.</p>
          ${section("Your drafts", mine, "No drafts.")}
          ${section("Waiting for review", review, "Nothing to review.")}
          ${section("Rejected", rejected, "None.")}
          ${section("Recently published", published, "Nothing published yet.")}
        `,
      );
    }),
  );

  app.get(
    "/editor/new",
    guarded((c) =>
      Promise.resolve(
        send(
          c,
          "New draft",
          html`<h1>New draft</h1>${postForm("/editor/posts", {}, store.categories, true)}`,
        ),
      )
    ),
  );

  app.post(
    "/editor/posts",
    action(async (c, actor, form) => {
      const post = await store.createDraft(actor, formToDraft(form, true));
      logger.log("info", "News draft created", { accountId: actor.accountId, slug: post.slug });
      return c.redirect(`/editor/posts/${post.slug}`, 303);
    }),
  );

  const postPage = async (c: AppContext, actor: Actor, slug: string, notice?: string) => {
    const post = await store.post(slug);
    if (!post) throw ApiError.notFound(`No post with slug "${slug.slice(0, 80)}"`);
    const mine = post.authorId === actor.accountId;
    const editable = mine && (post.status === "draft" || post.status === "rejected");
    const reviewable = !mine && post.status === "in_review";
    const hosts = independentSources(post.sources);
    return send(
      c,
      `Edit: ${post.title}`,
      html`
        <h1>${post.title}</h1>
        ${message(undefined, notice)}
        <p>Status: <strong>${STATUS_LABEL[post.status]}</strong> · by ${post
          .author} · ${hosts} independent ${hosts ===
            1
          ? "source"
          : "sources"} · <a href="/editor/posts/${post.slug}/preview">Preview</a>${post.status ===
            "published"
          ? html`
            · <a href="/news/${post.slug}">Public page</a>
          `
          : ""}</p>
        ${post.rejectionNote ? html`<p class="error">Rejected: “${post.rejectionNote}”</p>` : ""}
        ${editable ? postForm(`/editor/posts/${post.slug}`, post, store.categories, false) : ""}
        ${mine && post.status === "draft"
          ? html`
            <form method="post"
              action="/editor/posts/${post
                .slug}/submit"><button type="submit">Submit for review</button></form>
          `
          : ""}
        ${reviewable
          ? html`
            <section class="card">
              <h2>Review</h2>
              <form method="post"
                action="/editor/posts/${post
                  .slug}/approve"><button type="submit">Approve and publish</button></form>
              <form method="post" action="/editor/posts/${post.slug}/reject">
                <label>Why (shown to the author) <textarea name="note" maxlength="500" rows="3"></textarea></label>
                <button type="submit">Reject</button>
              </form>
            </section>
          `
          : mine && post.status === "in_review"
          ? html`<p class="muted">Waiting for another editor to review it.</p>`
          : ""}
        <section class="card">
          <h2>Preview</h2>
          ${postBody(
            { ...post, readingMinutes: readingMinutes(post.body) },
            renderMarkdown(post.body),
            html``,
          )}
        </section>
        ${auditList(await store.auditTrail(post.slug))}
        <p><a href="/editor">All posts</a></p>
      `,
    );
  };

  app.get("/editor/posts/:slug", guarded((c, actor) => postPage(c, actor, c.req.param("slug")!)));

  app.get(
    "/editor/posts/:slug/preview",
    guarded(async (c) => {
      const post = await store.post(c.req.param("slug")!);
      if (!post) {
        throw ApiError.notFound(`No post with slug "${c.req.param("slug")!.slice(0, 80)}"`);
      }
      return send(
        c,
        `Preview: ${post.title}`,
        postBody(
          { ...post, readingMinutes: readingMinutes(post.body) },
          renderMarkdown(post.body),
          html`
            <p
              class="muted">Preview of a ${STATUS_LABEL[post.status]
                .toLowerCase()} post. <a href="/editor/posts/${post
                .slug}">Back to the editor</a>.</p>
          `,
        ),
      );
    }),
  );

  app.post(
    "/editor/posts/:slug",
    action(async (c, actor, form) => {
      const slug = c.req.param("slug")!;
      await store.updateDraft(actor, slug, formToDraft(form, false));
      return postPage(c, actor, slug, "Draft saved.");
    }),
  );

  for (const verb of ["submit", "approve", "reject"] as const) {
    app.post(
      `/editor/posts/:slug/${verb}`,
      action(async (c, actor, form) => {
        const slug = c.req.param("slug")!;
        if (verb === "submit") await store.submit(actor, slug);
        else if (verb === "approve") await store.approve(actor, slug);
        else await store.reject(actor, slug, form.note ?? "");
        logger.log("info", `News post ${verb}`, { accountId: actor.accountId, slug });
        const done = {
          submit: "Submitted for review.",
          approve: "Approved and published.",
          reject: "Rejected.",
        };
        return postPage(c, actor, slug, done[verb]);
      }),
    );
  }
}
