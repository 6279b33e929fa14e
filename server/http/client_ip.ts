/**
 * The address a request came from, for counting anonymous callers.
 *
 * @module
 */

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
