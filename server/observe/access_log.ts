import type { AppContext } from "../http/types.ts";
import type { Logger } from "../log.ts";
import type { Metrics } from "./metrics.ts";

/**
 * Masks an address for logs: IPv4 keeps its /24 (`203.0.113.0`), IPv6 its /48.
 *
 * @param address An IP address.
 * @returns The masked address.
 */
export function maskAddress(address: string): string {
  if (address.includes(".") && !address.includes(":")) return address.replace(/\.\d+$/, ".0");
  const groups = address.split(":").filter(Boolean).slice(0, 3);
  return `${groups.join(":")}::/48`;
}

/**
 * Records one finished request: its metrics, and one structured log line (request id, method,
 * route pattern, status, duration, tier, and the client address masked unless `logIp`). Never
 * logs headers, query strings or bodies, so keys, passwords and cookies cannot reach the log.
 *
 * @param c The context, after the response is set.
 * @param logger Where lines go.
 * @param metrics Request counters and latency.
 * @param logIp Log the full client address (else masked).
 * @param seconds How long the request took.
 */
export function recordAccess(
  c: AppContext,
  logger: Logger,
  metrics: Metrics,
  logIp: boolean,
  seconds: number,
): void {
  const route = c.req.routePath === "/*" ? "(unmatched)" : c.req.routePath;
  const status = c.res.status;
  metrics.request(route, c.req.method, status, seconds);
  const caller = c.get("caller");
  if (status === 429) metrics.quotaRejections.inc({ tier: caller?.tier ?? "anonymous" });
  if (!logger.enabled("info")) return;
  const peer = c.env?.remoteAddr?.hostname;
  logger.log("info", "request", {
    requestId: c.get("requestId"),
    method: c.req.method,
    route,
    status,
    durationMs: Math.round(seconds * 100_000) / 100,
    tier: caller?.tier ?? "anonymous",
    ...(peer ? { ip: logIp ? peer : maskAddress(peer) } : {}),
  });
}
