/**
 * The address a request came from: the one place where a connection (its peer address, the
 * `TRUST_PROXY` setting and the forwarded headers) becomes the client every route reads (the
 * caller and its quota, the log-in allowance, `/metrics` on loopback, the try-it pages, the
 * access log, the page-view counter).
 *
 * @module
 */

import { requestHeader } from "./request_header.ts";

/** Headers a proxy adds when it forwards a request for someone else. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/**
 * The client of one request, resolved once from its connection by {@linkcode resolveClient}.
 * Routes read it from the pipeline's call (`c.get("client")` in Hono routes), never from the
 * connection or the headers themselves.
 */
export class Client {
  /** The client's address: the peer, or behind trusted proxies the forwarded one. */
  readonly address: string;
  /** The connection's peer address (`unknown` when the runtime gave none). */
  readonly peer: string;
  readonly #request: Request;
  #local: boolean | undefined;
  #group: string | undefined;

  /**
   * @param peer The connection's peer address.
   * @param address The client's address.
   * @param request The request (its headers are read only for {@linkcode Client.local}).
   */
  constructor(peer: string, address: string, request: Request) {
    this.peer = peer;
    this.address = address;
    this.#request = request;
  }

  /** The counting key of the address: IPv4 as is, IPv6 by /64 (see {@linkcode addressGroup}). */
  get group(): string {
    return this.#group ??= addressGroup(this.address);
  }

  /**
   * Whether the request comes straight from this machine: the peer is a loopback address and no
   * proxy header says it was forwarded (a reverse proxy on the same machine connects from
   * loopback on behalf of anyone).
   */
  get local(): boolean {
    if (this.#local === undefined) {
      const request = this.#request;
      this.#local = isLoopback(this.peer) &&
        !FORWARDING_HEADERS.some((name) => requestHeader(request, name) !== null);
    }
    return this.#local;
  }
}

/**
 * Whether an address is on the loopback interface (`127.0.0.0/8`, `::1`, IPv4-mapped `127.x`).
 *
 * @param address An IP address.
 * @returns True for loopback.
 */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  return bare.startsWith("127.") || bare === "::1" || bare.startsWith("::ffff:127.");
}

/**
 * Turns a connection into its client: the peer address from `Deno.serve`'s info, and, when
 * `trustedProxies` is above 0, the address the trusted proxies forwarded (see
 * {@linkcode clientAddress}). `X-Forwarded-For` is the client's own word otherwise, and ignored.
 *
 * @param remoteAddr The connection's remote address (`info.remoteAddr`), if any.
 * @param request The request (its forwarding headers).
 * @param trustedProxies How many reverse proxies in front of the server to trust.
 * @returns The client.
 */
export function resolveClient(
  remoteAddr: { hostname: string } | undefined,
  request: Request,
  trustedProxies: number,
): Client {
  const peer = remoteAddr?.hostname ?? "unknown";
  const address = trustedProxies > 0
    ? clientAddress(peer, requestHeader(request, "x-forwarded-for") ?? undefined, trustedProxies)
    : peer;
  return new Client(peer, address, request);
}

/**
 * Groups an address for counting: IPv4 as is, IPv6 by its /64 prefix (one subscriber usually
 * holds a whole /64), IPv4-mapped IPv6 as the IPv4 address.
 *
 * @param address An IP address.
 * @returns The counting key.
 */
export function addressGroup(address: string): string {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "").toLowerCase();
  if (!bare.includes(":")) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = bare.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = bare.includes("::") ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array(Math.max(missing, 0)).fill("0"), ...tailParts];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * Picks the client address: the connection's peer, or, behind `trustedProxies` reverse proxies,
 * the rightmost `X-Forwarded-For` entry that none of them added. Entries further left are
 * written by the client and can be forged, so they are never used.
 *
 * @param peer The connection's remote address.
 * @param forwardedFor The `X-Forwarded-For` header, if any.
 * @param trustedProxies How many proxies in front of the server to trust (0: ignore the header).
 * @returns The client's address.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies <= 0 || !forwardedFor) return peer;
  const hops = forwardedFor.split(",").map((part) => part.trim()).filter(Boolean);
  // The peer is the last proxy; each further trusted proxy appended one entry on the right.
  const index = hops.length - trustedProxies;
  return hops[Math.max(index, 0)] ?? peer;
}
