/** Builds an app for in-process tests: `:memory:` KV, a fixed clock, generous limits. */
import { Accounts } from "../../server/accounts/store.ts";
import { buildApp } from "../../server/app.ts";
import { KvQuotaStore } from "../../server/quota/kv.ts";
import type { KeyResolver } from "../../server/http/caller.ts";
import type { VoiceSynthesizer } from "../../server/voice/service.ts";
import type { Clock } from "../../server/clock.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import type { Mailer, MailMessage } from "../../server/accounts/mail.ts";
import { createLogger, type Logger } from "../../server/log.ts";
import { Outbox } from "../../server/accounts/outbox.ts";

/** 2026-06-15 10:00 UTC (15:30 in Colombo). */
export const FIXED_NOW = Date.UTC(2026, 5, 15, 10, 0, 0);

/** A clock tests can move. */
export function fixedClock(ms = FIXED_NOW): Clock & { set(ms: number): void } {
  let now = ms;
  return { now: () => now, set: (value: number) => void (now = value) };
}

/** Options of {@linkcode testApp}. */
export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  logger?: Logger;
  keys?: KeyResolver;
  /** A voice service to share across a test file (close it yourself). */
  voice?: VoiceSynthesizer;
  /** An existing KV to share (for example between two app instances); not closed on dispose. */
  kv?: Deno.Kv;
}

/** PBKDF2 iterations in in-process tests (the server's default of 600,000 is tested apart). */
export const TEST_PASSWORD_ITERATIONS = 1_000;

/** A built app with its KV; close the KV when done (`await using`). */
export async function testApp(options: TestAppOptions = {}) {
  const kv = options.kv ?? await Deno.openKv(":memory:");
  const config: Config = loadConfig({
    ANON_DAILY_LIMIT: "100000",
    KEY_DAILY_LIMIT: "100000",
    PUBLIC_BASE_URL: "http://lanka.test",
    ...options.env,
  });
  const logs: string[] = [];
  const logger = options.logger ?? createLogger("debug", (line) => logs.push(line));
  const clock = options.clock ?? fixedClock();
  const quota = new KvQuotaStore(kv);
  const accounts = new Accounts(kv, { clock, iterations: TEST_PASSWORD_ITERATIONS });
  const mail: MailMessage[] = [];
  const mailer: Mailer = { send: (message) => (mail.push(message), Promise.resolve()) };
  // The account flows mail after answering: each call below waits for that work, so a test
  // reads the mail its request caused as soon as the answer is back.
  const outbox = new Outbox(logger);
  const app = buildApp({
    outbox,
    kv,
    config,
    clock,
    logger,
    quota,
    accounts,
    mailer,
    ...(options.keys ? { keys: options.keys } : {}),
    ...(options.voice ? { voice: options.voice } : {}),
  });
  const peer = { remoteAddr: { hostname: "203.0.113.7", port: 40000, transport: "tcp" } };
  return {
    app,
    kv,
    quota,
    accounts,
    config,
    logs,
    /** Every account mail sent, in order. */
    mail,
    outbox,
    /** Calls the app as a client at 203.0.113.7 would (and waits for the work done after it). */
    request: async (path: string, init?: RequestInit) => {
      const response = await app.request(path, init, peer);
      await outbox.idle();
      return response;
    },
    /** The app as a `fetch` for the SDK's remote mode, called from 203.0.113.7. */
    fetch: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
      Promise.resolve(app.fetch(new Request(input, init), peer)),
    async [Symbol.asyncDispose]() {
      await quota.close();
      try {
        if (!options.kv) kv.close();
      } catch { /* a test closed it already */ }
    },
  };
}

/** Reads a JSON body. */
// deno-lint-ignore no-explicit-any
export async function json(response: Response): Promise<any> {
  return await response.json();
}
