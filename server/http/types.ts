/** Types shared by the server's middleware and routes. */
import type { Context } from "hono";
import type { Call } from "./call.ts";
import type { Client } from "./client_ip.ts";

/**
 * Who is calling: an IP (anonymous) or an API key. Never changed once made: the pipeline hands
 * the same object to every request of the same address or key.
 */
export interface Caller {
  /** Stable id used for counting: `ip:<address or /64>` or `acct:<account id>` (keyed calls). */
  readonly id: string;
  readonly tier: "anonymous" | "key";
  /** Daily request limit of this caller. */
  readonly limit: number;
  /** The key id, for keyed callers. */
  readonly keyId?: string;
  /** The account owning the key, for keyed callers. */
  readonly accountId?: string;
  /** What the key's last use is recorded under (`key:<key id>`), for keyed callers. */
  readonly usedBy?: string;
}

/** The caller's quota after this request. */
export interface QuotaState {
  limit: number;
  remaining: number;
  /** Epoch seconds of the next reset (00:00 UTC). */
  reset: number;
}

/** Connection info that `Deno.serve` passes to the handler, and Hono's `env`. */
export interface ServeInfo {
  remoteAddr?: { hostname: string; port?: number; transport?: string };
  /** The pipeline's call, for the routes Hono serves (see `shareCall`). */
  call?: Call;
  /**
   * A client already resolved, for a request the server sends itself on a client's behalf (the
   * try-it pages): it counts as that client. `Deno.serve` never sets it.
   */
  client?: Client;
  /**
   * A caller already identified, for a request the server sends itself on a caller's behalf (an
   * MCP tool call: the API request it stands for): it counts as that caller, whatever its
   * headers say. `Deno.serve` never sets it.
   */
  caller?: Caller;
}

/** The Hono environment of this app. */
export interface AppEnv {
  Bindings: ServeInfo;
  Variables: {
    requestId: string;
    caller: Caller;
    /** Who is at the other end of the connection: read it here, never from `c.env`. */
    client: Client;
    quota: QuotaState | undefined;
  };
}

/** A Hono context of this app. */
export type AppContext = Context<AppEnv>;
