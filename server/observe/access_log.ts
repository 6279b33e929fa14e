import type { Call } from "../http/call.ts";
import { isoAt, type Logger } from "../log.ts";
import { ACCESS, recordSize, type RingReader, type RingWriter } from "./log_ring.ts";
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
 * Sends an entry to the thread that writes the log (`log_thread.ts`): 48 bytes and the request
 * id's code units, with the method, route, tier and address as numbers ({@linkcode
 * RingWriter.name}). Copying a few numbers costs the request a fraction of making its line.
 *
 * @param ring The log ring's writing end.
 * @param entry What the line says.
 * @returns Whether it fitted (else the line is dropped).
 */
export function packAccess(ring: RingWriter, entry: AccessEntry): boolean {
  const { ip, requestId } = entry;
  const method = ring.name(entry.method);
  const route = ring.name(entry.route);
  const tier = ring.name(entry.tier);
  const address = ip === undefined ? -1 : ring.name(ip);
  if (method < 0 || route < 0 || tier < 0 || (address < 0 && ip !== undefined)) return false;
  const at = ring.begin(ACCESS, recordSize(48 + 2 * requestId.length));
  if (at < 0) return false;
  const i = at >> 2, f = at >> 3;
  ring.f64[f + 1] = entry.time;
  ring.f64[f + 2] = entry.durationMs;
  ring.i32[i + 6] = entry.status;
  ring.i32[i + 7] = method;
  ring.i32[i + 8] = route;
  ring.i32[i + 9] = tier;
  ring.i32[i + 10] = address;
  ring.i32[i + 11] = requestId.length;
  ring.putText(at + 48, requestId);
  ring.end();
  return true;
}

/**
 * The entry a {@linkcode packAccess} record holds.
 *
 * @param ring The log ring's reading end.
 * @param at The record's offset in bytes.
 * @returns The entry.
 */
export function unpackAccess(ring: RingReader, at: number): AccessEntry {
  const i = at >> 2, f = at >> 3;
  const address = ring.i32[i + 10]!;
  return new AccessEntry(
    ring.f64[f + 1]!,
    ring.text(at + 48, ring.i32[i + 11]!),
    ring.name(ring.i32[i + 7]!),
    ring.name(ring.i32[i + 8]!),
    ring.i32[i + 6]!,
    ring.f64[f + 2]!,
    ring.name(ring.i32[i + 9]!),
    address < 0 ? undefined : ring.name(address),
  );
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

const encoder = new TextEncoder();
const OPEN = encoder.encode(`{"time":"`);
const AFTER_TIME = encoder.encode(`","level":"info","message":"request","requestId":`);
const METHOD = encoder.encode(`,"method":`);
const ROUTE = encoder.encode(`,"route":`);
const STATUS = encoder.encode(`,"status":`);
const DURATION = encoder.encode(`,"durationMs":`);
const TIER = encoder.encode(`,"tier":`);
const IP = encoder.encode(`,"ip":`);
/** The bytes of a line besides its texts and numbers. */
const FIXED = OPEN.length + AFTER_TIME.length + METHOD.length + ROUTE.length + STATUS.length +
  DURATION.length + TIER.length + IP.length + 1;
const QUOTE = 34, CLOSE = 125;

/**
 * Writes a {@linkcode packAccess} record's line as UTF-8 straight into a buffer: the same bytes
 * {@linkcode accessLine} writes for its entry, without making the entry or the line as texts (the
 * log writer's thread makes every request's line; this cost a third of making it as a text).
 *
 * @param ring The log ring's reading end.
 * @param at The record's offset in bytes.
 * @param out Where to write.
 * @param from The first byte to write.
 * @param end Where the line must end by (exclusive).
 * @returns The line's length in bytes, or -1 if it might not fit (nothing is then written).
 */
export function accessLineInto(
  ring: RingReader,
  at: number,
  out: Uint8Array,
  from: number,
  end: number,
): number {
  const i = at >> 2, f = at >> 3, i32 = ring.i32, u16 = ring.u16;
  const idLength = i32[i + 11]!, idFrom = (at + 48) >> 1;
  let plain = true;
  for (let k = idFrom; k < idFrom + idLength; k++) {
    const c = u16[k]!;
    if (!(c < 128 && PLAIN_BYTES[c] === 1)) {
      plain = false;
      break;
    }
  }
  // A request id JSON must escape (never one `requestIdFor` gives): quoted as a text.
  const id = plain ? undefined : encoder.encode(JSON.stringify(ring.text(at + 48, idLength)));
  const address = i32[i + 10]!;
  const method = ring.quoted(i32[i + 7]!), route = ring.quoted(i32[i + 8]!);
  const tier = ring.quoted(i32[i + 9]!), ip = address < 0 ? undefined : ring.quoted(address);
  const time = isoAt(ring.f64[f + 1]!);
  const status = String(i32[i + 6]!), duration = String(ring.f64[f + 2]!);
  const most = FIXED + time.length + (id === undefined ? idLength + 2 : id.length) +
    method.length + route.length + status.length + duration.length + tier.length +
    (ip?.length ?? 0);
  if (from + most > end) return -1;
  let n = ascii(out, bytes(out, from, OPEN), time);
  n = bytes(out, n, AFTER_TIME);
  if (id === undefined) {
    out[n++] = QUOTE;
    for (let k = idFrom; k < idFrom + idLength; k++) out[n++] = u16[k]!;
    out[n++] = QUOTE;
  } else {
    n = bytes(out, n, id);
  }
  n = bytes(out, bytes(out, n, METHOD), method);
  n = bytes(out, bytes(out, n, ROUTE), route);
  n = ascii(out, bytes(out, n, STATUS), status);
  n = ascii(out, bytes(out, n, DURATION), duration);
  n = bytes(out, bytes(out, n, TIER), tier);
  if (ip !== undefined) n = bytes(out, bytes(out, n, IP), ip);
  out[n++] = CLOSE;
  return n - from;
}

/** 1 for each ASCII character {@linkcode PLAIN} takes. */
const PLAIN_BYTES = Uint8Array.from(
  { length: 128 },
  (_, c) => PLAIN.test(String.fromCharCode(c)) ? 1 : 0,
);

/** Copies bytes; returns where they end. A loop: `set` costs more for a few bytes. */
function bytes(out: Uint8Array, at: number, from: Uint8Array): number {
  for (let k = 0; k < from.length; k++) out[at + k] = from[k]!;
  return at + from.length;
}

/** Copies an ASCII text's characters as bytes; returns where they end. */
function ascii(out: Uint8Array, at: number, text: string): number {
  for (let k = 0; k < text.length; k++) out[at + k] = text.charCodeAt(k);
  return at + text.length;
}

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
