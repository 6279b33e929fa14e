/**
 * Entry point: `deno task start`. Reads the configuration, opens KV, serves.
 *
 * @module
 */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openKv } from "./kv.ts";
import { createLogger } from "./log.ts";
import { VoiceService } from "./voice/service.ts";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(Deno.env.toObject());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      Deno.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const kv = await openKv(config.kvPath);
  const voice = new VoiceService({ workers: config.voiceWorkers, queue: config.voiceQueue });
  const app = buildApp({ kv, config, logger, voice });
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
  const stop = async () => {
    logger.log("info", "Shutting down");
    await server.shutdown();
    voice.close();
    kv.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await server.finished;
}

if (import.meta.main) await main();
