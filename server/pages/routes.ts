/**
 * Mounts the human pages: `/`, `/tools/{slug}` for every operation with a page, `/docs` and its
 * "try it" answers, and the HTML 404 for paths outside `/api/`.
 *
 * @module
 */
import type { Hono, NotFoundHandler } from "hono";
import type { JsonObject } from "../../core/openapi.ts";
import type { AnyOperation, OperationContext } from "../../core/operation.ts";
import { allowedMethods } from "../http/allow.ts";
import { notFound as apiNotFound } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";
import type { PageViews } from "../page_views.ts";
import { toolCatalogue } from "./catalogue.ts";
import { docsEndpoints, docsPage, tryPage, tryUrl } from "./docs.ts";
import { guidePage, guideTopics } from "./guides.ts";
import { homePage, notFoundPage } from "./home.ts";
import { BODY_LIMITS, readForm } from "../http/body.ts";
import { textPage } from "./text.ts";
import { htmlPage } from "./lang.ts";
import { toolPage } from "./tool.ts";
import { listenHandler, voicePage, voicePageAllowance, type VoicePageDeps } from "./voice.ts";

/** What the pages are built from. */
export interface PagesOptions {
  /** The registry. */
  ops: readonly AnyOperation[];
  /** The OpenAPI document the reference is generated from. */
  openApi: JsonObject;
  /** The context operations run with (today, base URL, page views). */
  context: () => OperationContext;
  /** Page view counters. */
  pageViews: PageViews;
  /**
   * The voice service, quota and allowance of the text-to-speech page (without them, `/tools/voice`
   * is the generic server-only page and has no listen route).
   */
  voice?: VoicePageDeps;
}

const NO_CACHE = { "Cache-Control": "no-cache" };

function page(body: string, status: 200 | 400 | 404 = 200): Response {
  return htmlPage(body, status, NO_CACHE);
}

/**
 * Mounts the pages on the app.
 *
 * @param app The app (the "try it" answers call it in-process).
 * @param options Registry, OpenAPI document, context and page views.
 */
export function mountPages(app: Hono<AppEnv>, options: PagesOptions): void {
  const { ops, openApi, context, pageViews, voice } = options;
  const bySlug = new Map(
    ops.filter((op) => op.page !== undefined).map((op) => [op.page!, op] as const),
  );
  const endpoints = new Map(docsEndpoints(openApi).map((e) => [e.operationId, e]));

  app.get("/", (c) => {
    const query = c.req.query("q") ?? "";
    const q = query.slice(0, 100);
    return page(homePage(toolCatalogue(context(), q), q));
  });

  // The text-to-speech page's audio (before the tool pages; it is counted, not a page view).
  if (voice) app.get("/tools/voice/listen", listenHandler(voice));

  app.get("/tools/:slug", async (c) => {
    const slug = c.req.param("slug");
    const op = bySlug.get(slug);
    if (!op) return page(notFoundPage(new URL(c.req.url).pathname), 404);
    // Distinct callers, not requests: the caller is the pipeline's (address or account).
    if (c.req.method === "GET") {
      pageViews.record(slug, c.req.header("User-Agent"), c.get("caller")?.id ?? "unknown");
    }
    if (slug === "text") {
      const rendered = textPage({ form: undefined, baseUrl: context().baseUrl });
      return page(rendered.body, rendered.status);
    }
    const search = new URL(c.req.url).searchParams;
    if (slug === "voice" && voice) {
      const allowance = await voicePageAllowance(voice, c.get("caller").id);
      const rendered = voicePage({ op, search, baseUrl: context().baseUrl, allowance });
      return page(rendered.body, rendered.status);
    }
    const rendered = toolPage({ op, search, ctx: context() });
    return page(rendered.body, rendered.status);
  });

  // The text page's form is POSTed (text is too long for a URL), bounded as the API's bodies are.
  app.post("/tools/text", async (c) => {
    const form = await readForm(c.req.raw, BODY_LIMITS.text);
    const rendered = textPage({ form, baseUrl: context().baseUrl });
    return page(rendered.body, rendered.status);
  });

  const topics = guideTopics();
  app.get("/docs", () => page(docsPage(openApi, topics)));

  app.get("/docs/guide", () => {
    const rendered = guidePage("");
    return rendered ? page(rendered) : page(notFoundPage("/docs/guide"), 404);
  });

  app.get("/docs/guide/:topic", (c) => {
    const topic = c.req.param("topic");
    const rendered = topics.includes(topic) ? guidePage(topic) : undefined;
    if (!rendered) return page(notFoundPage(new URL(c.req.url).pathname), 404);
    return page(rendered);
  });

  app.get("/docs/try/:operationId", async (c) => {
    const endpoint = endpoints.get(c.req.param("operationId"));
    if (!endpoint || endpoint.method !== "GET") {
      return page(notFoundPage(new URL(c.req.url).pathname), 404);
    }
    const search = new URL(c.req.url).searchParams;
    const url = tryUrl(endpoint, search);
    const headers = new Headers({ Accept: "application/json" });
    const agent = c.req.header("User-Agent");
    if (agent) headers.set("User-Agent", agent);
    // In-process: the same app, as the same client (the pipeline's resolved client, so the call
    // counts against that address's own quota, the one its API calls spend).
    const answer = await app.fetch(new Request(new URL(url, c.req.url), { headers }), {
      client: c.get("client"),
    });
    return page(
      tryPage(endpoint, search, url, {
        status: answer.status,
        contentType: answer.headers.get("Content-Type") ?? "",
        body: await answer.text(),
      }),
    );
  });
}

/**
 * Not-found handling: a 405 with `Allow` for a path that other methods are served on, else the
 * JSON `not_found` error under `/api/` and a human page elsewhere.
 *
 * @param app The app, whose routes give each path's methods (without it: no 405s).
 * @returns Hono's not-found handler.
 */
export function pagesNotFound(app?: Hono<AppEnv>): NotFoundHandler<AppEnv> {
  const json = apiNotFound();
  const allowed = app ? allowedMethods(app) : undefined;
  return (c) => {
    // A path served with other methods only: 405 with Allow (the pipeline writes the envelope).
    const refused = allowed?.(c.req.method, c.req.path);
    if (refused) throw refused;
    const path = new URL(c.req.url).pathname;
    if (path === "/api" || path.startsWith("/api/")) return json(c);
    return page(notFoundPage(path), 404);
  };
}
