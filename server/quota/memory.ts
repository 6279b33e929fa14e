/**
 * Kept so older imports of the quota types resolve: the in-memory store was replaced by the
 * KV-backed `KvQuotaStore` (`./kv.ts`); the interface lives in `./store.ts`.
 *
 * @module
 */
export type { QuotaDecision, QuotaStore } from "./store.ts";
