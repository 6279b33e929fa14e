import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import { addressGroup, clientAddress } from "./client_ip.ts";
import type { AppEnv } from "./types.ts";

/**
 * Identifies the caller. Without a key the caller is its address (see `clientAddress`);
 * key handling arrives with the accounts and keys issue.
 *
 * @param config Limits and proxy trust.
 * @returns The middleware.
 */
export function caller(config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const peer = c.env?.remoteAddr?.hostname ?? "unknown";
    const address = clientAddress(peer, c.req.header("x-forwarded-for"), config.trustProxy);
    c.set("caller", {
      id: `ip:${addressGroup(address)}`,
      tier: "anonymous",
      limit: config.anonDailyLimit,
    });
    await next();
  };
}
