/**
 * Entry point: `deno task start`. Reads the configuration, opens KV, serves, and shuts down
 * gracefully on SIGINT/SIGTERM.
 *
 * @module
 */
import { buildApp } from "./app.ts";
import { boundConfig, configFromEnvOrExit } from "./config.ts";
import { openKv } from "./kv.ts";
import { createLogger } from "./log.ts";
import { serverLines } from "./observe/log_thread.ts";
import { Metrics } from "./observe/metrics.ts";
import { PageViews } from "./page_views.ts";
import { VoiceService } from "./voice/service.ts";
import { KvQuotaStore } from "./quota/kv.ts";
import { Outbox } from "./accounts/outbox.ts";
import { placeIndex } from "../core/places/search.ts";

async function main(): Promise<void> {
  const config = configFromEnvOrExit();
  // One request line per request, made and written in batches on a thread of their own: a write
  // per line halves throughput, and making them here costs a tenth of it.
  const lines = serverLines();
  const logger = createLogger(config.logLevel, lines);
  // An uncaught error still ends the process, but not before the held lines are out.
  globalThis.addEventListener("error", () => lines.flushNow());
  globalThis.addEventListener("unhandledrejection", () => lines.flushNow());
  globalThis.addEventListener("unload", () => lines.flushNow());
  let kv: Deno.Kv;
  try {
    kv = await openKv(config.kvPath);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    Deno.exit(3);
  }
  const metrics = new Metrics();
  const quota = new KvQuotaStore(kv, {
    // One process counts exactly in memory; several sharing a KV write near a limit first.
    ...(config.quotaExact ? {} : { strictTail: 0 }),
    onFlush: (ms, ok, startedAt) => {
      metrics.kvFlushes.observe(ms / 1000);
      if (!ok) metrics.kvFlushFailures.inc();
      // Everything counted before startedAt is in KV once such a flush succeeded.
      if (logger.enabled("debug")) {
        logger.log("debug", "quota flush", { ok, startedAt });
      }
    },
    // Counts that cannot be stored are said, with how many wait, never dropped in silence.
    onError: (error) =>
      logger.log("error", "Quota counts could not be stored; kept in memory, retrying", {
        error: error instanceof Error ? error.message : String(error),
        pending: quota.pending(),
      }),
  });
  /** Run in order at shutdown, after in-flight requests finished (flush counters, stop workers). */
  const onShutdown: (() => Promise<void> | void)[] = [];
  // The account flows' work after their answers (mail to send, links to issue) runs first, while
  // the counters and KV it uses are still open; a job stuck on a locked store is given up at 5 s.
  const outbox = new Outbox(logger);
  onShutdown.push(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = await Promise.race([
      outbox.idle().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 5_000))),
    ]);
    clearTimeout(timer);
    if (!idle) {
      logger.log("warn", "Account work still waiting at shutdown", { waiting: outbox.waiting });
    }
  });
  // Every counted request is persisted before exit.
  onShutdown.push(() => quota.close());
  const pageViews = new PageViews(kv, {
    flushIntervalMs: 5_000,
    onError: (error) => logger.log("warn", "Page view flush failed", { error: String(error) }),
  });
  await pageViews.load();
  onShutdown.push(() => pageViews.close());
  const voice = new VoiceService({ workers: config.voiceWorkers, queue: config.voiceQueue });
  onShutdown.push(() => voice.close());
  // Listen first, so that PORT=0 (any free port) can name the address actually bound in the
  // links the API returns; the app is built before the event loop can deliver a request.
  const built: { app?: ReturnType<typeof buildApp> } = {};
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve(
      { port: config.port, hostname: config.hostname, onListen: () => {} },
      (request, info) => built.app!.fetch(request, info),
    );
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.error(`Cannot listen on ${config.hostname}:${config.port}: ${why}`);
    Deno.exit(4);
  }
  const bound = server.addr;
  const served = config.port === 0 && !Deno.env.get("PUBLIC_BASE_URL")?.trim()
    ? boundConfig(config, bound)
    : config;
  built.app = buildApp({ kv, config: served, logger, metrics, pageViews, voice, quota, outbox });
  // Start-up lines are written at every LOG_LEVEL: operators (and the test helpers, which start
  // the server on PORT=0) read the address actually bound from them.
  const startup = createLogger("info", lines);
  startup.log("info", "Listening", {
    url: `http://${bound.hostname}:${bound.port}`,
    port: bound.port,
    publicBaseUrl: served.publicBaseUrl,
    kv: /^https?:/.test(config.kvPath) ? "remote" : config.kvPath,
  });
  startup.log("info", "Metrics", {
    path: "/metrics",
    access: config.metricsToken
      ? "with Authorization: Bearer <METRICS_TOKEN>"
      : "loopback callers only (no METRICS_TOKEN set)",
  });
  startup.flush();
  // The places search index (about 60 ms of work on a quiet machine, docs/places.md) is built
  // now, once, rather than on the first search's request.
  setTimeout(() => placeIndex(), 0);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log("info", "Shutting down", { signal, timeoutMs: config.shutdownTimeoutMs });
    // Stop accepting, let in-flight requests finish, but never wait longer than the bound.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const drained = await Promise.race([
      server.shutdown().then(() => true),
      new Promise<false>((
        resolve,
      ) => (timer = setTimeout(() => resolve(false), config.shutdownTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (!drained) logger.log("warn", "In-flight requests did not finish in time", {});
    for (const hook of onShutdown) {
      try {
        await hook();
      } catch (error) {
        logger.log("error", "Shutdown step failed", { error: String(error) });
      }
    }
    kv.close();
    logger.log("info", "Stopped", {});
    // Every line out before the exit, unless whoever reads stdout has stopped reading.
    let wait: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([lines.close(), new Promise((r) => (wait = setTimeout(r, 2_000)))]);
    clearTimeout(wait);
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => void stop("SIGINT"));
  Deno.addSignalListener("SIGTERM", () => void stop("SIGTERM"));
  await server.finished;
}

if (import.meta.main) await main();
