/**
 * What the request pipeline knows about one request while it runs.
 *
 * @module
 */
import type { Client } from "./client_ip.ts";
import type { Caller, QuotaState, ServeInfo } from "./types.ts";

/**
 * One request on its way through the pipeline: the request, who is calling, their quota once
 * known, and the route that answered (for metrics and logs).
 */
export class Call {
  /** Who is at the other end of the connection (peer, forwarded address), resolved once. */
  readonly client: Client;
  /** The caller (from the address, then the API key); unset only for a URL refused as too long. */
  caller: Caller | undefined = undefined;
  /** The caller's quota after this request, once counted or read. */
  quota: QuotaState | undefined = undefined;
  /** The route pattern that answered, `(unmatched)` until one did. */
  route = "(unmatched)";
  /** Whether an operation of the route table answered (its answers are never HTML). */
  operation = false;
  /** The request URL, read once. */
  readonly url: string;
  /** The request's method, read once. */
  readonly method: string;

  /**
   * @param request The request.
   * @param info Connection info from `Deno.serve` (the peer address).
   * @param id The request id.
   * @param client The client the connection resolved to (see `resolveClient`).
   */
  constructor(
    readonly request: Request,
    readonly info: ServeInfo | undefined,
    readonly id: string,
    client: Client,
  ) {
    this.url = request.url;
    this.method = request.method;
    this.client = client;
  }
}
