/**
 * Reading one request header without exposing the request's whole header list.
 *
 * In Deno 2.9, the first touch of `request.headers` in a `Deno.serve` handler builds a `Headers`
 * object from every header of the request, and from then on Deno copies that list again when the
 * handler returns and completes the answer through an extra promise (`requestHeadersExposed` in
 * its `ext/http/00_serve.ts`). Deno's own request object can read one header natively (its
 * `header(name)`, which Deno's body code uses for `Content-Length`): same lookup, same answer
 * (case-insensitive, repeated headers joined with `, `), none of that cost. Measured side by
 * side, the request path reading its headers this way used 1.3 µs less CPU per request, about 7 %
 * (`docs/performance.md`, "Reading headers one at a time").
 *
 * That object is internal to Deno: it is reached through the request's own symbol-keyed slot,
 * and used only when it has that method. A request not made by `Deno.serve` (a test's
 * `new Request`, Hono's `app.request`), or a Deno without it, reads `request.headers` as before,
 * with the same answers. `tests/server/request_header_test.ts` checks both ways, and fails if the
 * pinned Deno stops offering the native read, so an upgrade cannot lose it unnoticed.
 *
 * @module
 */

/** Deno's request object, as far as it is used here. */
interface NativeRequest {
  header(name: string): string | null;
}

/** The slot holding Deno's request object: looked up once (`null`: this Deno has none). */
let slot: symbol | null | undefined;

/** Deno's request object behind a request, when it can read one header natively. */
function nativeOf(request: Request): NativeRequest | undefined {
  if (slot === undefined) {
    slot = Object.getOwnPropertySymbols(request).find((key) => key.description === "request") ??
      null;
  }
  if (slot === null) return undefined;
  const native = (request as unknown as Record<symbol, Partial<NativeRequest> | undefined>)[slot];
  return typeof native?.header === "function" ? native as NativeRequest : undefined;
}

/**
 * A request header, as `request.headers.get(name)` gives it, read natively when the request
 * came from `Deno.serve` (see the module's documentation).
 *
 * @param request The request.
 * @param name The header's name (any case).
 * @returns Its value (repeated headers joined with `, `), or null when absent.
 */
export function requestHeader(request: Request, name: string): string | null {
  const native = nativeOf(request);
  return native !== undefined ? native.header(name) : request.headers.get(name);
}

/**
 * Whether {@linkcode requestHeader} reads this request's headers natively (for tests).
 *
 * @param request The request.
 * @returns True when the native read is used.
 */
export function readsNatively(request: Request): boolean {
  return nativeOf(request) !== undefined;
}
