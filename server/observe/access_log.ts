import type { Call } from "../http/call.ts";
import { isoAt, type Logger } from "../log.ts";
import type { Metrics } from "./metrics.ts";

/**
 * Masks an address for logs: IPv4 keeps its /24 (`203.0.113.0`), IPv6 its /48.
 *
 * @param address An IP address.
 * @returns The masked address.
 */
export function maskAddress(address: string): string {
  let masked = masks.get(address);
  if (masked === undefined) {
    if (masks.size >= 10_000) masks.clear();
    masked = maskOf(address);
    masks.set(address, masked);
  }
  return masked;
}

/** The same few addresses call again and again: each one's mask, worked out once (bounded). */
const masks = new Map<string, string>();

function maskOf(address: string): string {
  if (address.includes(".") && !address.includes(":")) return address.replace(/\.\d+$/, ".0");
  const groups = address.split(":").filter(Boolean).slice(0, 3);
  return `${groups.join(":")}::/48`;
}

/**
 * Records one finished request: its metrics, and one structured log line (request id, method,
 * route pattern, status, duration, tier, and the client address masked unless `logIp`). Never
 * logs headers, query strings or bodies, so keys, passwords and cookies cannot reach the log.
 *
 * @param call The call, once answered.
 * @param status The response status.
 * @param logger Where lines go (none: metrics only, `ACCESS_LOG=0`).
 * @param metrics Request counters and latency.
 * @param logIp Log the full client address (else masked).
 * @param seconds How long the request took.
 */
export function recordAccess(
  call: Call,
  status: number,
  logger: Logger | undefined,
  metrics: Metrics,
  logIp: boolean,
  seconds: number,
): void {
  const { route } = call;
  const method = call.method;
  metrics.request(route, method, status, seconds);
  const tier = call.caller?.tier ?? "anonymous";
  if (status === 429) metrics.quotaRejections.inc({ tier });
  if (logger === undefined || !logger.enabled("info")) return;
  // The client's address as the pipeline resolved it (behind trusted proxies, the forwarded one).
  const address = call.client.address;
  logger.writeLater(
    "info",
    new AccessEntry(
      Date.now(),
      call.id,
      method,
      route,
      status,
      Math.round(seconds * 100_000) / 100,
      tier,
      address !== "unknown" ? (logIp ? address : maskAddress(address)) : undefined,
    ),
    accessLine,
  );
}

/** What a `request` line says (kept until the line is made; see `Logger.writeLater`). */
export class AccessEntry {
  /**
   * @param time When the request finished (`Date.now()`).
   * @param requestId The request id.
   * @param method The method.
   * @param route The route pattern.
   * @param status The status.
   * @param durationMs How long it took.
   * @param tier The caller's tier.
   * @param ip The client address, masked unless `LOG_IP=1`; undefined when unknown.
   */
  constructor(
    readonly time: number,
    readonly requestId: string,
    readonly method: string,
    readonly route: string,
    readonly status: number,
    readonly durationMs: number,
    readonly tier: string,
    readonly ip: string | undefined,
  ) {}
}

/**
 * A `request` line, as `JSON.stringify` writes `{ time, level, message, requestId, method, route,
 * status, durationMs, tier, ip }` (no `ip` when undefined), built directly: one is written for
 * every request. Texts that repeat from line to line (method, route, tier, address) are quoted
 * once and remembered ({@linkcode quoted}); a request id is quoted as it is when it holds only
 * characters JSON leaves alone, as every id `requestIdFor` gives does. The numbers are written as
 * `JSON.stringify` writes finite numbers.
 *
 * @param entry What the line says.
 * @returns The line, without its newline.
 */
export function accessLine(entry: AccessEntry): string {
  const { ip, requestId } = entry;
  const id = PLAIN.test(requestId) ? `"${requestId}"` : JSON.stringify(requestId);
  return `{"time":"${
    isoAt(entry.time)
  }","level":"info","message":"request","requestId":${id},"method":${
    quoted(entry.method)
  },"route":${
    quoted(entry.route)
  },"status":${entry.status},"durationMs":${entry.durationMs},"tier":${quoted(entry.tier)}${
    ip === undefined ? "" : `,"ip":${quoted(ip)}`
  }}`;
}

/** Characters JSON writes as they are, in a string. */
const PLAIN = /^[\w.:-]*$/;

/** Quoted texts by text; emptied when full, so it stays small whatever callers send. */
const quotes = new Map<string, string>();

/**
 * A text as a JSON string, remembered: quoting a short text anew costs more than looking it up
 * (the line's cost fell from 0.32 to 0.11 µs in process, `docs/performance.md`).
 */
function quoted(text: string): string {
  let quotedText = quotes.get(text);
  if (quotedText === undefined) {
    if (quotes.size >= 1_000) quotes.clear();
    quotedText = JSON.stringify(text);
    quotes.set(text, quotedText);
  }
  return quotedText;
}
