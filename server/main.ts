/**
 * Entry point: `deno task start`. Reads the configuration, opens KV, serves.
 *
 * @module
 */
import { buildApp } from "./app.ts";
import { configFromEnvOrExit } from "./config.ts";
import { openKv } from "./kv.ts";
import { createLogger } from "./log.ts";
import { KvQuotaStore } from "./quota/kv.ts";

async function main(): Promise<void> {
  const config = configFromEnvOrExit();
  const logger = createLogger(config.logLevel);
  const kv = await openKv(config.kvPath);
  const quota = new KvQuotaStore(kv, {
    onError: (error) =>
      logger.log("error", "Quota flush failed; retrying at the next tick", {
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  const app = buildApp({ kv, config, logger, quota });
  const server = Deno.serve({
    port: config.port,
    hostname: config.hostname,
    onListen: ({ hostname, port }) =>
      logger.log("info", "Listening", {
        url: `http://${hostname}:${port}`,
        publicBaseUrl: config.publicBaseUrl,
        kv: config.kvPath.startsWith("http") ? "remote" : config.kvPath,
      }),
  }, (request, info) => app.fetch(request, info));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.log("info", "Shutting down");
    await server.shutdown();
    await quota.close(); // every counted request is persisted before exit
    kv.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await server.finished;
}

if (import.meta.main) await main();
