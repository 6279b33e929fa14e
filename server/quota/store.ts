/**
 * The quota store interface: daily request counters per caller. The server uses
 * `KvQuotaStore` from `./kv.ts`.
 *
 * @module
 */
import type { QuotaState } from "../http/types.ts";

/** The answer of {@linkcode QuotaStore.consume}. */
export interface QuotaDecision extends QuotaState {
  /** Whether this request is within the limit (it was counted only if so). */
  allowed: boolean;
}

/** Counts requests per caller per UTC day. */
export interface QuotaStore {
  /**
   * Counts one request if the caller is under its limit.
   *
   * @param callerId The caller (`ip:…`, `acct:…`, `voice:…`).
   * @param limit The caller's daily limit.
   * @param nowMs The current time.
   * @param usedBy What to record as last used when counted (`key:<key id>`), if anything.
   * @returns The decision and the state after it.
   */
  consume(
    callerId: string,
    limit: number,
    nowMs: number,
    usedBy?: string,
  ): QuotaDecision | Promise<QuotaDecision>;
  /**
   * The state without counting.
   *
   * @param callerId The caller.
   * @param limit The caller's daily limit.
   * @param nowMs The current time.
   * @returns The state.
   */
  peek(callerId: string, limit: number, nowMs: number): QuotaState | Promise<QuotaState>;
  /** Flushes everything counted and stops background work (call on shutdown and in tests). */
  close(): Promise<void>;
}
