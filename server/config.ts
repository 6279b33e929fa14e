/**
 * Configuration from environment variables, validated once at start-up.
 *
 * @module
 */
import { z } from "zod";
import { loadStoreConfig, type StoreConfig } from "./store/config.ts";
import { loadNewsCategories } from "./news/config.ts";

/** The server's configuration. */
export interface Config {
  port: number;
  hostname: string;
  /** A file path, `:memory:`, or a KV Connect URL. */
  kvPath: string;
  /** Public base URL, no trailing slash: used in links the API returns. */
  publicBaseUrl: string;
  /** How many reverse proxies in front of the server to trust in `X-Forwarded-For` (0: none). */
  trustProxy: number;
  anonDailyLimit: number;
  keyDailyLimit: number;
  voiceDailyLimit: number;
  /**
   * Listens per caller (address group, or account) per UTC day on the text-to-speech page
   * (`/tools/voice/listen`), apart from the API's per-key voice quota.
   */
  voicePageDailyLimit: number;
  /** Speech synthesis workers (each holds its own engine, about 100 MB). */
  voiceWorkers: number;
  /** Voice requests that may wait for a worker before new ones get 503. */
  voiceQueue: number;
  /**
   * How long an access token an MCP client obtained by OAuth works, in seconds
   * (`OAUTH_ACCESS_TTL`, default 3,600); its refresh token works 30 days (see `docs/mcp.md`).
   */
  oauthAccessTtlS: number;
  logLevel: "debug" | "info" | "warn" | "error";
  /** Log full client addresses (else masked to /24 or /48). */
  logIp: boolean;
  /** Write a `request` line per request at info (`ACCESS_LOG`, default on). */
  accessLog: boolean;
  /**
   * Whether large text answers are gzipped for clients that accept it (`server/http/compress.ts`);
   * off when a proxy in front compresses instead.
   */
  compression: boolean;
  /** Bearer token protecting `/metrics` (unset: open). */
  metricsToken: string | undefined;
  /** Longest a graceful shutdown waits for in-flight requests. */
  shutdownTimeoutMs: number;
  /** The voucher store's details (`STORE_*` variables). */
  store: StoreConfig;
  /** News categories (`NEWS_CATEGORIES`, comma-separated). */
  newsCategories: string[];
  /**
   * Where account mail (verification and reset links) goes: `SMTP_URL` (`smtp://user:pass@host:587`
   * or `smtps://...`) and `MAIL_FROM`; unset, the mail is written to the server log instead. With
   * them, `PUBLIC_BASE_URL` must be set too (the links are built on it).
   */
  mail: { smtpUrl: string; from: string } | undefined;
  /**
   * Quotas exact across instances (`QUOTA_EXACT`): every admission near a limit is written to KV
   * before it is answered. Default: on for a KV Connect URL or Deno Deploy's `default` (several
   * instances share them), off for
   * a local file or `:memory:` (one process counts exactly in memory; see docs/quotas.md).
   */
  quotaExact: boolean;
  /**
   * A directory of rules of this server's own (`RULES_DIR`), served beside the rules held in
   * `data/rules/`: `<name>.json` files with their texts in `messages/<name>.json` (docs/rules.md).
   */
  rulesDir: string | undefined;
}

const whole = (name: string, min: number, max: number, fallback: number) =>
  z.string().optional().transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === "") return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
      ctx.issues.push({
        code: "custom",
        input: raw,
        message: `${name} must be a whole number from ${min} to ${max}: got ${JSON.stringify(raw)}`,
      });
      return z.NEVER;
    }
    return value;
  });

const schema = z.object({
  PORT: whole("PORT", 0, 65535, 8000),
  HOSTNAME: z.string().optional(),
  KV_PATH: z.string().optional(),
  PUBLIC_BASE_URL: z.string().optional(),
  TRUST_PROXY: z.string().optional().transform((raw, ctx) => {
    const value = (raw ?? "").trim().toLowerCase();
    if (value === "" || value === "0" || value === "false") return 0;
    if (value === "true") return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    ctx.issues.push({
      code: "custom",
      input: raw,
      message: `TRUST_PROXY must be 0, false, true, or the number of trusted proxies (1-10): got ${
        JSON.stringify(raw)
      }`,
    });
    return z.NEVER;
  }),
  ANON_DAILY_LIMIT: whole("ANON_DAILY_LIMIT", 0, 1e9, 50),
  KEY_DAILY_LIMIT: whole("KEY_DAILY_LIMIT", 0, 1e9, 1000),
  VOICE_DAILY_LIMIT: whole("VOICE_DAILY_LIMIT", 0, 1e9, 100),
  VOICE_PAGE_DAILY_LIMIT: whole("VOICE_PAGE_DAILY_LIMIT", 0, 1e9, 20),
  LOG_IP: z.enum(["0", "1", "false", "true"], { error: "LOG_IP must be 0 or 1" }).optional(),
  ACCESS_LOG: z.enum(["0", "1", "false", "true"], { error: "ACCESS_LOG must be 0 or 1" })
    .optional(),
  COMPRESSION: z.enum(["gzip", "off"], { error: "COMPRESSION must be gzip or off" }).optional(),
  QUOTA_EXACT: z.enum(["0", "1", "false", "true"], { error: "QUOTA_EXACT must be 0 or 1" })
    .optional(),
  METRICS_TOKEN: z.string().optional(),
  RULES_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: whole("SHUTDOWN_TIMEOUT_MS", 0, 600_000, 10_000),
  VOICE_WORKERS: whole("VOICE_WORKERS", 1, 64, 2),
  OAUTH_ACCESS_TTL: whole("OAUTH_ACCESS_TTL", 1, 86_400, 3_600),
  VOICE_QUEUE: whole("VOICE_QUEUE", 0, 10000, 16),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], {
    error: "LOG_LEVEL must be one of debug, info, warn, error",
  }).optional(),
});

/** Thrown when the environment does not describe a usable configuration. */
export class ConfigError extends Error {
  /**
   * @param problems One sentence per bad variable.
   */
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
  }
}

/**
 * Reads and validates the configuration.
 *
 * @param env Environment variables (for example `Deno.env.toObject()`).
 * @returns The configuration.
 * @throws {ConfigError} Listing every bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  const e = parsed.data;
  const problems: string[] = [];
  let publicBaseUrl = `http://localhost:${e.PORT}`;
  if (e.PUBLIC_BASE_URL) {
    try {
      const url = new URL(e.PUBLIC_BASE_URL);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("not http(s)");
      publicBaseUrl = url.href.replace(/\/+$/, "");
    } catch {
      problems.push(
        `PUBLIC_BASE_URL must be an http(s) URL: got ${JSON.stringify(e.PUBLIC_BASE_URL)}`,
      );
    }
  }
  const kvPath = e.KV_PATH?.trim() || ".data/lanka.sqlite3";
  const store = loadStoreConfig(env, publicBaseUrl, problems);
  const newsCategories = loadNewsCategories(env, problems);
  const mail = loadMail(e.SMTP_URL?.trim() ?? "", e.MAIL_FROM?.trim() ?? "", problems);
  if (mail && !e.PUBLIC_BASE_URL?.trim()) {
    // Every mailed link is built on it: without it they would all point at this machine.
    problems.push(
      `SMTP_URL is set but PUBLIC_BASE_URL is not: the links in account mail would point at ${publicBaseUrl}. Set PUBLIC_BASE_URL to the address people open (http://localhost:${e.PORT} to try it on this machine)`,
    );
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    port: e.PORT,
    hostname: e.HOSTNAME?.trim() || "0.0.0.0",
    kvPath,
    publicBaseUrl,
    trustProxy: e.TRUST_PROXY,
    anonDailyLimit: e.ANON_DAILY_LIMIT,
    keyDailyLimit: e.KEY_DAILY_LIMIT,
    voiceDailyLimit: e.VOICE_DAILY_LIMIT,
    voicePageDailyLimit: e.VOICE_PAGE_DAILY_LIMIT,
    voiceWorkers: e.VOICE_WORKERS,
    voiceQueue: e.VOICE_QUEUE,
    logLevel: e.LOG_LEVEL ?? "info",
    logIp: e.LOG_IP === "1" || e.LOG_IP === "true",
    accessLog: e.ACCESS_LOG !== "0" && e.ACCESS_LOG !== "false",
    compression: e.COMPRESSION !== "off",
    quotaExact: e.QUOTA_EXACT === undefined
      ? /^(https?:\/\/|default$)/i.test(kvPath)
      : e.QUOTA_EXACT === "1" || e.QUOTA_EXACT === "true",
    metricsToken: e.METRICS_TOKEN?.trim() || undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    oauthAccessTtlS: e.OAUTH_ACCESS_TTL,
    store,
    newsCategories,
    mail,
    rulesDir: e.RULES_DIR?.trim() || undefined,
  };
}

function loadMail(
  smtpUrl: string,
  from: string,
  problems: string[],
): { smtpUrl: string; from: string } | undefined {
  if (!smtpUrl && !from) return undefined;
  if (!smtpUrl) problems.push("MAIL_FROM is set but SMTP_URL is not: set both, or neither");
  if (!from) problems.push("SMTP_URL is set but MAIL_FROM is not: set both, or neither");
  if (smtpUrl) {
    let ok = false;
    try {
      const url = new URL(smtpUrl);
      ok = (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
    } catch { /* reported below */ }
    if (!ok) {
      problems.push(
        "SMTP_URL must be a URL like smtp://user:password@mail.example.lk:587 (or smtps://...)",
      );
    }
  }
  if (from && !/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(from)) {
    problems.push(
      `MAIL_FROM must be an address like "Lanka API <noreply@example.lk>": got ${
        JSON.stringify(from)
      }`,
    );
  }
  return smtpUrl && from ? { smtpUrl, from } : undefined;
}

/**
 * The configuration once the server listens on PORT=0 (any free port) without a PUBLIC_BASE_URL:
 * links use the port actually bound, on the bound address when it is a specific one (127.0.0.1),
 * else on `localhost`.
 *
 * @param config The configuration read at start-up.
 * @param bound The address the server listens on.
 * @returns The configuration with the public base URL (and the store links built on it) updated.
 */
export function boundConfig(config: Config, bound: { hostname: string; port: number }): Config {
  const wildcard = bound.hostname === "0.0.0.0" || bound.hostname === "::";
  const host = wildcard
    ? "localhost"
    : bound.hostname.includes(":")
    ? `[${bound.hostname}]`
    : bound.hostname;
  const publicBaseUrl = `http://${host}:${bound.port}`;
  const old = config.publicBaseUrl;
  const rebase = (url: string) => url.startsWith(old) ? publicBaseUrl + url.slice(old.length) : url;
  const store = { ...config.store, url: rebase(config.store.url) };
  return {
    ...config,
    port: bound.port,
    publicBaseUrl,
    store: { ...store, refunds: rebase(store.refunds) },
  };
}

/**
 * The configuration of this process's environment; on a bad one, prints every problem and exits
 * with status 2 (for entry points: the server and the admin CLI).
 *
 * @returns The configuration.
 */
export function configFromEnvOrExit(): Config {
  try {
    return loadConfig(Deno.env.toObject());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(2);
    }
    throw error;
  }
}
