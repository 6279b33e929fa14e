/**
 * Builds the HTTP app. The whole request path reads top to bottom here.
 *
 * @module
 */
import { type Handler, Hono } from "hono";
import { registerAllMessages } from "../core/i18n_all.ts";
import { buildOpenApi } from "../core/openapi.ts";
import { operations as registry } from "../core/registry.ts";
import { buildServiceIndex } from "../core/service_index.ts";
import { type Clock, colomboToday, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { type KeyResolver, requireKey } from "./http/caller.ts";
import { rethrow } from "./http/errors.ts";
import { SERVER_SCHEMAS, serverPaths } from "./http/meta_paths.ts";
import { createPipeline, shareCall } from "./http/pipeline.ts";
import { compileRoutes, type RouteTable } from "./http/routes.ts";
import type { OperationContext } from "../core/operation.ts";
import { consumeQuota, dailyLimitText, peekQuota } from "./http/quota.ts";
import type { AppEnv } from "./http/types.ts";
import { createLogger, type Logger } from "./log.ts";
import { Metrics } from "./observe/metrics.ts";
import { mountHealth, type ReadinessCheck } from "./http/health.ts";
import { PageViews } from "./page_views.ts";
import { mountPages, pagesNotFound } from "./pages/routes.ts";
import { PAGE_SCRIPT } from "./pages/script.ts";
import { STYLESHEET } from "./pages/style.ts";
import { FONT_FILES, FONTS_CSS } from "./pages/fonts.ts";
import { pageLanguage, routingPath } from "./pages/lang.ts";
import { getPath } from "hono/utils/url";
import { createCatalogue, STORE_DATA } from "./store/catalogue.ts";
import { storeHandler } from "./store/handler.ts";
import { mountStorePages } from "./store/pages.ts";
import { voiceHandler } from "./voice/handler.ts";
import { VoiceService, type VoiceSynthesizer } from "./voice/service.ts";
import { KvQuotaStore } from "./quota/kv.ts";
import type { QuotaStore } from "./quota/store.ts";
import { Accounts } from "./accounts/store.ts";
import { accountGuard, accountHandlers } from "./accounts/api.ts";
import { mountDevelopers } from "./pages/developers.ts";
import { mountConsent } from "./pages/consent.ts";
import { OAuthStore } from "./oauth/store.ts";
import { mountOAuth } from "./oauth/endpoints.ts";
import { createMailer, type Mailer } from "./accounts/mail.ts";
import { Outbox } from "./accounts/outbox.ts";
import { NewsStore } from "./news/store.ts";
import { NEWS_SEED } from "./news/seed.ts";
import { draftHandlers, mountFeeds, newsHandler } from "./news/api.ts";
import { mountNewsPages } from "./news/pages.ts";
import { mountEditor } from "./news/editor.ts";
import { mountMcp } from "./mcp/http.ts";
import { addToolRecords } from "../core/ops/tools.ts";
import type { AnyOperation } from "../core/operation.ts";
import { type RuleWithOperation, toolRecord } from "../core/rules/catalogue.ts";
import { loadRulesDir } from "./rules_dir.ts";

/** What the app is built from. Tests pass their own; nothing is global. */
export interface AppDeps {
  kv: Deno.Kv;
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** Daily counters (default: a `KvQuotaStore` on `kv`, which nobody closes: pass your own). */
  quota?: QuotaStore;
  /** Accounts, sessions and keys (default: on `kv`). */
  accounts?: Accounts;
  /** Account mail (default: SMTP from `config.mail`, else the log). */
  mailer?: Mailer;
  /** Where the account flows do their work after answering (default: a fresh one). */
  outbox?: Outbox;
  /** API key lookup (default: `accounts`, and `oauth` for MCP clients' access tokens). */
  keys?: KeyResolver;
  /** The MCP server's OAuth records (default: on `kv`, beside `accounts`). */
  oauth?: OAuthStore;
  /** Metrics registry (default: a fresh one). */
  metrics?: Metrics;
  /** Extra readiness checks beyond KV (for example the voice workers). */
  readiness?: Record<string, ReadinessCheck>;
  /** Page view counters (default: in memory only, flushed to KV when asked). */
  pageViews?: PageViews;
  /** Speech synthesis (default: a lazily started pool of VOICE_WORKERS; the caller closes it). */
  voice?: VoiceSynthesizer;
  /** News posts and editors (default: on `kv`, seeded once when empty, loading from now on). */
  news?: NewsStore;
}

export { MAX_URL_LENGTH } from "./http/pipeline.ts";

/** The registry with a server's own rules after it; a rule may not take an operation's name. */
function withRules(rules: readonly RuleWithOperation[]): readonly AnyOperation[] {
  if (rules.length === 0) return registry;
  for (const { op } of rules) {
    if (registry.some((held) => held.name === op.name || held.path === op.path)) {
      throw new Error(`Cannot serve rule "${op.name}": an operation has its name or path already`);
    }
  }
  return [...registry, ...rules.map((r) => r.op)];
}

const API_ROUTES = new WeakMap<Hono<AppEnv>, RouteTable>();

/**
 * The `/api/v1` operation routes an app serves from its compiled route table (beside the routes
 * in Hono's router, `app.routes`), for tests that walk every route.
 *
 * @param app An app from {@linkcode buildApp}.
 * @returns Method and pattern of each route.
 */
export function apiRoutes(app: Hono<AppEnv>): { method: string; pattern: string }[] {
  return API_ROUTES.get(app)?.list() ?? [];
}

/**
 * Builds the app: the `/api/v1` operations compiled into one route table, and a Hono app for
 * the rest (pages, dashboard, health, feeds, the service index). The app's `fetch` is the request
 * pipeline (`server/http/pipeline.ts`), which every request goes through; it hands Hono what the
 * route table does not serve.
 *
 * @param deps KV, configuration, clock, logger, quota store.
 * @returns The app; serve it with `Deno.serve(app.fetch)` or call `app.request()` in tests.
 */
export function buildApp(deps: AppDeps): Hono<AppEnv> {
  const { config } = deps;
  // Rules of this server's own directory (RULES_DIR), served beside those held (docs/rules.md).
  const ownRules = config.rulesDir ? loadRulesDir(config.rulesDir) : [];
  const operations = withRules(ownRules);
  registerAllMessages(ownRules);
  addToolRecords(ownRules.map((r) => toolRecord(r.source)));
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const quota = deps.quota ??
    new KvQuotaStore(deps.kv, config.quotaExact ? {} : { strictTail: 0 });
  const accounts = deps.accounts ?? new Accounts(deps.kv, { clock });
  const mailer = deps.mailer ?? createMailer(config.mail, logger);
  const outbox = deps.outbox ?? new Outbox(logger);
  const accountDeps = { accounts, quota, clock, config, mailer, outbox };
  const oauth = deps.oauth ??
    new OAuthStore(deps.kv, accounts, { clock, accessTtlS: config.oauthAccessTtlS });
  const baseUrl = config.publicBaseUrl;
  const metrics = deps.metrics ?? new Metrics();
  const pageViews = deps.pageViews ?? new PageViews(deps.kv);
  const news = deps.news ??
    new NewsStore(deps.kv, { clock, categories: config.newsCategories, baseUrl, seed: NEWS_SEED });
  news.ready().catch((error) =>
    logger.log("error", "Loading news failed; retrying on the next request", {
      error: error instanceof Error ? error.message : String(error),
    })
  );
  const newsDeps = { news, accounts, baseUrl };
  // Pages exist at /path, /si/path and /ta/path: the router sees the path without the prefix.
  const app = new Hono<AppEnv>({ getPath: (request) => routingPath(getPath(request)) });

  app.use(shareCall({ compress: config.compression }));
  app.use(pageLanguage(baseUrl, { compress: config.compression }));

  const openApi = buildOpenApi(operations, {
    baseUrl,
    extraPaths: serverPaths(config.newsCategories),
    extraSchemas: SERVER_SCHEMAS,
    enums: Object.fromEntries(
      ["news", "createNewsDraft", "updateNewsDraft"].map((op) => [
        `${op}.category`,
        config.newsCategories,
      ]),
    ),
  });
  const index = buildServiceIndex(operations, baseUrl);
  const indexHandler: Handler<AppEnv> = async (c) => {
    const caller = c.get("caller");
    // The index does not count against the quota; its meta and headers show the caller's state.
    const state = await quota.peek(caller.id, caller.limit, clock.now());
    c.set("quota", state);
    const { limit, remaining } = state;
    return c.json({
      ok: true,
      data: index,
      meta: { tier: caller.tier, endpoint: "index", limit, remaining },
    });
  };
  app.get("/api/v1", indexHandler);
  app.get("/api/v1/", indexHandler);
  app.get("/api/v1/openapi.json", (c) => c.json(openApi));

  const voice = deps.voice ??
    new VoiceService({ workers: config.voiceWorkers, queue: config.voiceQueue });
  const voiceStatus = voice.status?.bind(voice);
  if (voiceStatus) {
    metrics.gauge(
      "lanka_voice_queue_depth",
      "Voice requests waiting for a worker",
      () => voiceStatus().queued,
    );
    metrics.gauge(
      "lanka_voice_running",
      "Voice requests being synthesised",
      () => voiceStatus().running,
    );
  }
  mountHealth(app, {
    metrics,
    metricsToken: config.metricsToken,
    checks: {
      // Ready means the store can be written, not only read: a read-only or full disk fails here.
      kv: async () => (await deps.kv.set(["health", "ready"], clock.now()), true),
      ...(voiceStatus ? { voice: () => Promise.resolve(voiceStatus().up) } : {}),
      ...deps.readiness,
    },
  });

  app.get("/static/style.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(STYLESHEET);
  });
  app.get("/static/page.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(PAGE_SCRIPT);
  });
  app.get("/static/fonts.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(FONTS_CSS);
  });
  app.get("/static/fonts/:file", (c) => {
    const font = FONT_FILES.get(c.req.param("file"));
    if (!font) return c.notFound();
    c.header("Content-Type", "font/woff2");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(font.slice().buffer);
  });

  const today = colomboToday(clock);
  const storeCatalogue = createCatalogue(STORE_DATA, baseUrl, config.store);
  // One context object for every call: today's date and the page views are read only by the
  // operations that use them, when they do.
  const shared: OperationContext = {
    get today() {
      return today();
    },
    baseUrl,
    get popularity() {
      return pageViews.popularity();
    },
  };
  const context = () => shared;
  const limitText = dailyLimitText(config);
  const consume = consumeQuota(quota, clock, limitText);
  const peek = peekQuota(quota, clock);
  const routes = compileRoutes(operations, {
    baseUrl,
    compress: config.compression,
    context,
    steps: (op) => op.account ? [peek] : op.keyOnly ? [requireKey, consume] : [consume],
    guard: (op) => op.account ? accountGuard(op, accountDeps) : undefined,
    handlers: {
      store: storeHandler(storeCatalogue, baseUrl),
      voice: voiceHandler({
        service: voice,
        quota,
        clock,
        dailyLimit: config.voiceDailyLimit,
      }),
      news: newsHandler(newsDeps),
      ...draftHandlers(
        Object.fromEntries(operations.map((op) => [op.name, op])),
        newsDeps,
        logger,
      ),
      ...accountHandlers(
        Object.fromEntries(operations.filter((op) => op.account).map((op) => [op.name, op])),
        accountDeps,
        logger,
      ),
    },
  });
  mountStorePages(app, storeCatalogue);
  mountFeeds(app, newsDeps);
  mountNewsPages(app, news);
  mountEditor(app, newsDeps, config, logger);
  mountDevelopers(app, accountDeps, logger);
  // The MCP server's authorization (OAuth 2.1): metadata, registration, tokens, consent.
  mountOAuth(app, { oauth, quota, clock, baseUrl, logger });
  mountConsent(app, accountDeps, oauth, logger);

  // MCP tool calls go through the pipeline below (app.fetch, read when a call is made).
  mountMcp(app, {
    ops: operations,
    dispatch: (request, info) => app.fetch(request, info),
    quota,
    clock,
    baseUrl,
    limitText,
  });
  mountPages(app, {
    ops: operations,
    openApi,
    context,
    pageViews,
    voice: { service: voice, quota, clock, dailyLimit: config.voicePageDailyLimit },
  });

  app.notFound(pagesNotFound(app));
  // Errors go back to the pipeline, which turns every error into a response in one place.
  app.onError(rethrow());
  API_ROUTES.set(app, routes);
  const honoDispatch = app.fetch;
  app.fetch = createPipeline({
    config,
    // API keys (`lk_`) and MCP clients' access tokens (`lka_`, valid at /mcp only).
    keys: deps.keys ?? {
      resolve: (raw) => raw.startsWith("lka_") ? oauth.resolve(raw) : accounts.resolve(raw),
    },
    quota,
    clock,
    logger,
    metrics,
    routes,
    https: baseUrl.startsWith("https:"),
    fallback: (request, env) => honoDispatch(request, env),
  });
  return app;
}
