/**
 * Daily request counters kept in memory (one process). The KV-backed store of the keys issue
 * implements the same interface.
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
   * @param callerId The caller.
   * @param limit The caller's daily limit.
   * @param nowMs The current time.
   * @returns The decision and the state after it.
   */
  consume(callerId: string, limit: number, nowMs: number): QuotaDecision;
  /**
   * The state without counting.
   *
   * @param callerId The caller.
   * @param limit The caller's daily limit.
   * @param nowMs The current time.
   * @returns The state.
   */
  peek(callerId: string, limit: number, nowMs: number): QuotaState;
}

const DAY_MS = 86_400_000;

/** An in-memory {@linkcode QuotaStore}; the counts are dropped when the UTC day turns. */
export class MemoryQuotaStore implements QuotaStore {
  /** End of the current UTC day, epoch ms (exclusive). */
  #dayEnd = 0;
  #counts = new Map<string, number>();

  #roll(nowMs: number): void {
    if (nowMs >= this.#dayEnd || nowMs < this.#dayEnd - DAY_MS) {
      this.#dayEnd = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
      this.#counts.clear();
    }
  }

  consume(callerId: string, limit: number, nowMs: number): QuotaDecision {
    this.#roll(nowMs);
    const used = this.#counts.get(callerId) ?? 0;
    const allowed = used < limit;
    if (allowed) this.#counts.set(callerId, used + 1);
    const count = allowed ? used + 1 : used;
    return { allowed, limit, remaining: Math.max(limit - count, 0), reset: this.#dayEnd / 1000 };
  }

  peek(callerId: string, limit: number, nowMs: number): QuotaState {
    this.#roll(nowMs);
    const used = this.#counts.get(callerId) ?? 0;
    return { limit, remaining: Math.max(limit - used, 0), reset: this.#dayEnd / 1000 };
  }
}
